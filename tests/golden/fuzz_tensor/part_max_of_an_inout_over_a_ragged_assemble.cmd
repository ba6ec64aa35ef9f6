check --seed 0
