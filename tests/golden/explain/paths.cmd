explain --split-extensions=off
