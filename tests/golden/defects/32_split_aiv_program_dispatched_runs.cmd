run --seed 1 --pipeline default-pipeline
