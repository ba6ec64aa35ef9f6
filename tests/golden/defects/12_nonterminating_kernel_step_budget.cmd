check --seed 1 --scalar n=1
