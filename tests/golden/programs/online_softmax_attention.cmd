check
check --seed 2
