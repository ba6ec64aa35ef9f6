opt -p lower-auto-vector-splt
