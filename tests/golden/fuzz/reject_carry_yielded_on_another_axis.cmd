opt -p lower-auto-vector-split --verify-roundtrip
