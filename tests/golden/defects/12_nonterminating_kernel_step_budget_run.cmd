run --scalar n=1
