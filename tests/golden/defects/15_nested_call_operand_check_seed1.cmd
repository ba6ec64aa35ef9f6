check --seed 1
