check --scalar n=0
