run --inputs npy_inputs/none
