explain --json
