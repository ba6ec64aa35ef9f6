check --seeds 2 --schedules 8
