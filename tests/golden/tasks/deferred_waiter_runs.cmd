check --seed 0
check --seed 3
