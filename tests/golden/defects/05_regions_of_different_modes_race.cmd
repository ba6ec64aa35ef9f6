check --seed 1 --split-extensions=off
