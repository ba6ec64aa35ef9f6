opt -p outline-incore-scopes
