run --scalar n=20
check --scalar n=17
