opt -p split-vector-kernel
