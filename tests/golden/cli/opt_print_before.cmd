opt -p lower-auto-vector-split --print-before=lower-auto-vector-split
opt -p lower-auto-vector-split --print-before-all
