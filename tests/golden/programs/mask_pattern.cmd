check --seed 1
check --seed 2
