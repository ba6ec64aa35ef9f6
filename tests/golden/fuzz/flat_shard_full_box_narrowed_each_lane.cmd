check --scalar n=1..16
