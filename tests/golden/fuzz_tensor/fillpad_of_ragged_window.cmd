check --seeds 2 --scalar n=5
