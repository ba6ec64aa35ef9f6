explain --scalar n=11
