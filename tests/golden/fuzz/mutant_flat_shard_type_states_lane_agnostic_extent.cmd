opt -p lower-auto-vector-split
check
