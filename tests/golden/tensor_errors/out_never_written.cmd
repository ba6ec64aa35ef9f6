run --pipeline default-pipeline
