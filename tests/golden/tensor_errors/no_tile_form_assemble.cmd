opt --pipeline default-pipeline
