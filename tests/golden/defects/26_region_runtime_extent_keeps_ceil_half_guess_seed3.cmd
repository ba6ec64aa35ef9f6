check --seed 3 --scalar n=13
