run --scalar n=-3
check --scalar n=100
