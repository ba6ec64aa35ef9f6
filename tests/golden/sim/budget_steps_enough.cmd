run --max-steps 400
