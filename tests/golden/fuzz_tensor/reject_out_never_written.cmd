run --seed 0 --scalar n=4
check --seed 0 --scalar n=4
