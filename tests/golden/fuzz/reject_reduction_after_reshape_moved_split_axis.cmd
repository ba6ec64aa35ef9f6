opt -p lower-auto-vector-split --split-extensions=off
