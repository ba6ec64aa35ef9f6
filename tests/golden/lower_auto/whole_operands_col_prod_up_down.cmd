check --seeds 2 --schedules 8
check --seed 5 --schedules 8 --verify-roundtrip
