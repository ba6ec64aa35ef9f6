run --inputs npy_inputs/partial
