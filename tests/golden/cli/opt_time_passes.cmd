opt --pipeline check-pipeline --time-passes
