check --seeds 2
opt -p default-pipeline --verify-roundtrip
