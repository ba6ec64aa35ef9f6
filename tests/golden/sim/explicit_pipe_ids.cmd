run
run --pipeline default-pipeline
