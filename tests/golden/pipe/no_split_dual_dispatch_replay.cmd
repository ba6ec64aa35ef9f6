opt -p split-vector-kernel --verify-roundtrip
opt -p split-vector-kernel,split-vector-kernel
