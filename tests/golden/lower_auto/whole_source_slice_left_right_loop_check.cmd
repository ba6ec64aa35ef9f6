check --seeds 3 --schedules 8
check --seed 7 --schedules 8 --verify-roundtrip
