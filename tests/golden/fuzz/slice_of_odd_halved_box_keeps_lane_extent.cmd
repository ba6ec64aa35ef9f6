check --seed 0
check --seed 1
check --seed 2
