check --seeds 2 --verify-roundtrip
