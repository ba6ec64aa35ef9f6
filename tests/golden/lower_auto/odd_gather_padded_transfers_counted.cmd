run --pipeline default-pipeline --stats
