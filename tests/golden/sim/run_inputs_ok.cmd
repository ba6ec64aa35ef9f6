run --inputs npy_inputs/ok
