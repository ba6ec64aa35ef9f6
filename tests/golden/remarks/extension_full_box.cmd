opt -p lower-auto-vector-split --remarks=passed
