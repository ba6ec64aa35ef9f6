check --seeds 3 --scalar n=9..12
