opt -p inline-functions,convert-to-ssa,simplify,flatten-call-expr,outline-incore-scopes,convert-tensor-to-tile-ops,infer-tile-memory-space
