check --seed 0
run --pipeline default-pipeline
