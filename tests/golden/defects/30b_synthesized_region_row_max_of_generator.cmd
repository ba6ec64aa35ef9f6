opt -p outline-incore-scopes,lower-auto-vector-split --verify-roundtrip
opt -p lower-auto-vector-split --verify-roundtrip
check --seed 1
check --seed 2 --schedules 8
