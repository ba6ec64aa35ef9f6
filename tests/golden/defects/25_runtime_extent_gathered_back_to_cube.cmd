check --seed 1 --scalar n=11
check --seed 2 --scalar n=11
check --seed 1 --scalar n=8
