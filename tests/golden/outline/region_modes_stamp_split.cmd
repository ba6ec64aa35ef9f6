opt -p outline-incore-scopes --verify-roundtrip
