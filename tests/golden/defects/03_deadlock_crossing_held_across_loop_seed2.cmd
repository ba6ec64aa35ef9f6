check --seed 2
