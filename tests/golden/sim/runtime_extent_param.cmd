# A tile parameter whose valid extent is outside its box at run time
check --scalar n=20
check --scalar n=-3
run --scalar n=17
