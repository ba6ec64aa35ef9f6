check --seed 1 --scalar r=0..3
