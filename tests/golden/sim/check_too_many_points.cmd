check --seeds 10000 --scalar n=1..10000
