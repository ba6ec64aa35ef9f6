import pypto.language as pl


# Found by fuzz_frontend (libFuzzer): `return` glued to a dictionary token made an assignment of a
# tuple holding a list. The front end accepted it and printed the variable with a nested
# pl.Tuple annotation, which it cannot read back; binding a nested tuple is now rejected.
@pl.function
def f(a: pl.Tensor[[16, 16], pl.FP32]):
    t = (a, [0, 0])
    return a
