opt -p default-pipeline --verify-roundtrip
check --scalar n=2
check --scalar n=0
