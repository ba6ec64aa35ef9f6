run --inputs npy_inputs/misnamed
check --inputs npy_inputs/misnamed
