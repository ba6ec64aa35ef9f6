print --diagnostics-format=sarif
print --diagnostics-format sarif --color=always
