explain --scalar n
