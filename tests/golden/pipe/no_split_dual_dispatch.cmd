check --against no_split_dual_dispatch.split.py --scalar n=3
