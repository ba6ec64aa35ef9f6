opt -p lower-auto-vector-split --remarks=passed --split-extensions=off
