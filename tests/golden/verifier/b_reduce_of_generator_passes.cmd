opt -p lower-auto-vector-split --verify-roundtrip
check --seed 0
