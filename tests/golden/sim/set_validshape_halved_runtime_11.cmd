check --scalar n=11
