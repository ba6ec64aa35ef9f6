run --max-steps 50
