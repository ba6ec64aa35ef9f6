check --seeds 3
