opt -p lower-auto-vector-split --verify-roundtrip
check --seed 1
check --seed 2
