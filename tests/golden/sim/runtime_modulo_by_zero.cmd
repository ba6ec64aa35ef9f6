run --scalar n=7
