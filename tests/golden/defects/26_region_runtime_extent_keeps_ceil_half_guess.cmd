check --seed 1 --scalar n=13
check --seed 3 --scalar n=13
