opt -p expand-mixed-kernel
