check --seeds 2
