run --pipeline check-pipeline --split-extensions=on
