run
run --pipeline default-pipeline
check
