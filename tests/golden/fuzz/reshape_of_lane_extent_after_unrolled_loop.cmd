check --seeds 3
opt --pipeline default-pipeline --verify-roundtrip
