check --seed 2 --scalar n=0
