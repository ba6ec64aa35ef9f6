opt -p lower-auto-vector-split --remarks --verify-roundtrip
