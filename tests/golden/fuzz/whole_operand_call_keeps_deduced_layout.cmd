opt -p outline-incore-scopes,lower-auto-vector-split --verify-roundtrip
check --seed 0
