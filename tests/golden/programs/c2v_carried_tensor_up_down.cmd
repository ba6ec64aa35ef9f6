check
check --seed 1
