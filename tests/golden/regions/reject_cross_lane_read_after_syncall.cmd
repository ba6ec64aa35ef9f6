opt -p outline-incore-scopes,lower-auto-vector-split --split-extensions=off
