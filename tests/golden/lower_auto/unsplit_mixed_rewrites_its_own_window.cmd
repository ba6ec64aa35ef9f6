opt -p lower-auto-vector-split,expand-mixed-kernel,split-vector-kernel --verify-roundtrip
