check --seed 1
opt -p outline-incore-scopes,lower-auto-vector-split --verify-roundtrip
