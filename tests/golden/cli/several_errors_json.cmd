print --diagnostics-format=json
