check --seed 0
check --seed 1
opt -p lower-auto-vector-split,expand-mixed-kernel --verify-roundtrip
