opt -p outline-incore-scopes -p lower-auto-vector-split --verify-roundtrip
check --seed 0
check --seed 1 --schedules 6
