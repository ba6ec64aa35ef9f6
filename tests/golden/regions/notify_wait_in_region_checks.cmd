check --scalar peer=0
check --scalar peer=1 --seed 1
