check --scalar n=5
