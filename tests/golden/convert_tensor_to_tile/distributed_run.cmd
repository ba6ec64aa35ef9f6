run
check --seed 1
