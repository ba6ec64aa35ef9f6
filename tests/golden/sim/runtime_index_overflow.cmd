run --scalar n=8589934592
