check --seeds 2 --schedules 8
check --seed 3 --schedules 8 --verify-roundtrip
