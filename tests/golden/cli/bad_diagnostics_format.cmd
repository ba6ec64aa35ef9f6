print --diagnostics-format=xml
