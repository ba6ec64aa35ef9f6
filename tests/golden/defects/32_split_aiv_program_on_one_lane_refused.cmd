run --seed 1
