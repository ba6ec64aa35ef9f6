check --seed 1 --schedules 8
