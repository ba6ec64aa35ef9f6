opt -p outline-incore-scopes -p lower-auto-vector-split --verify-roundtrip
