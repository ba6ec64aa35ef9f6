# both paths: the branch taken (n=1) and not taken (n=0)
check --seed 1 --scalar n=1
check --seed 2 --scalar n=0
