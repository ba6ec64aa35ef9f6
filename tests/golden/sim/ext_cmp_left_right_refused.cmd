check --split-extensions=off
