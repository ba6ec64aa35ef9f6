check --max-memory 32K
