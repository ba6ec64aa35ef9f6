run --scalar n=0
