run --pipeline default-pipeline --platform a2a3
