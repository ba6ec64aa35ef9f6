run --max-memory 2500
