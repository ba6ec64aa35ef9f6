check --against check_diff_summary.split.py --show-diffs 2
