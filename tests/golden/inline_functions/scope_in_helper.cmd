opt -p inline-functions,outline-incore-scopes --verify-roundtrip
