check --print-after expand-mixed-kernel --time-passes
check --pipeline check-pipeline --print-after-all
