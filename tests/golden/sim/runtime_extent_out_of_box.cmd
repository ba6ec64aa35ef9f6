# An author's valid extent outside [0, box] at run time stops run and check at the statement,
# naming the scalar and its value (it was clamped silently: n=20 checked "equal")
check --scalar n=20
check --scalar n=-3
run --scalar n=20
