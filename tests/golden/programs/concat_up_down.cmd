check
check --seed 3
