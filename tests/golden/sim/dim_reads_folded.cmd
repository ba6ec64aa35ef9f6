check --seed 1 --scalar M=64
check --seed 2 --scalar M=32
