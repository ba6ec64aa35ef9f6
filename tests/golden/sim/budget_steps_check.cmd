check --max-steps 50
