# Every valid extent in the box is checked, the full one included (n=0 stores nothing: exit 1)
check --scalar n=1..16
