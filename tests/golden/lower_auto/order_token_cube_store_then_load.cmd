opt -p lower-auto-vector-split --verify-roundtrip
check --seeds 2 --schedules 8
