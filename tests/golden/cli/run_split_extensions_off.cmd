run --pipeline check-pipeline --split-extensions=off
