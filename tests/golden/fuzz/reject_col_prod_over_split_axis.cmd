check --seed 0 --split-extensions=off
