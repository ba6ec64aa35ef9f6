check --seed 1
check --seed 2
check --seed 3
