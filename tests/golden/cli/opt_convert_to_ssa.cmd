opt -p convert-to-ssa --verify-roundtrip
