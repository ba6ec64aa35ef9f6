opt -p lower-auto-vector-split --diagnostics-format=sarif
