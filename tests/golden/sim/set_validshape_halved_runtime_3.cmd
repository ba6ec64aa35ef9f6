check --scalar n=3
