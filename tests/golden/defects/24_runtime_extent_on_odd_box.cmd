check --seed 1 --scalar n=17
check --seed 2 --scalar n=17
check --seed 1 --scalar n=9
