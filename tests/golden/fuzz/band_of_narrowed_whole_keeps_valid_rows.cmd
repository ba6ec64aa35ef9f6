check --seed 0 --scalar n=3
check --seed 1 --scalar n=1
check --seed 2 --scalar n=4
opt -p lower-auto-vector-split --verify-roundtrip
