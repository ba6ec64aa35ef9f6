check
check --seed 2
opt -p default-pipeline --verify-roundtrip
