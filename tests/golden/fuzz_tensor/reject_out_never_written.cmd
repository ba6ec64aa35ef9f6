run --seed 0 --scalar n=4
