check --seed 2 --scalar n=17
