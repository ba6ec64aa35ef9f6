check --verify-roundtrip --seed 1
check --verify-roundtrip --seed 2
