run --inputs npy_inputs/misshaped
