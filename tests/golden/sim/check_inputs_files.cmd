check --inputs npy_inputs/ok --remarks --verify-roundtrip
check --inputs npy_inputs/ok --remarks=missed --verify-roundtrip --time-passes
