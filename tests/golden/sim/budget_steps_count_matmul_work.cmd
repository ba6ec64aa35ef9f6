run --seed 1 --scalar n=10 --max-steps 5000
