# A runtime valid extent outside [0, box] stops run and check at the statement, naming the scalar
check --scalar n=20
check --scalar n=-3
run --scalar n=20
