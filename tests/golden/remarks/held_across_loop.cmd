opt -p lower-auto-vector-split,expand-mixed-kernel --remarks=passed,analysis
