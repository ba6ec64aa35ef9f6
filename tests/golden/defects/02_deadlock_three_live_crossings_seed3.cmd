check --seed 3
