opt -p outline-incore-scopes,lower-auto-vector-split --verify-roundtrip
check --seeds 3 --schedules 8
