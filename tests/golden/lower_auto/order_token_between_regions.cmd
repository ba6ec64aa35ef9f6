check --seeds 2 --schedules 8
check --seed 4 --verify-roundtrip
