opt -p lower-auto-vector-split --print-after-all
opt -p outline-incore-scopes,lower-auto-vector-split --print-after lower-auto-vector-split
