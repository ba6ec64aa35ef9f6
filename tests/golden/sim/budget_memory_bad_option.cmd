run --max-memory lots
