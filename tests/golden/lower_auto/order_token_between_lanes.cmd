opt -p lower-auto-vector-split
