import pypto.language as pl


# Found by the mutant campaign (fuzz --mutate tests/golden): a token spliced into a name_hint.
# outline-incore-scopes named the function after it and printed `def k_branchpl.sub(`, which
# did not read back (an internal error of opt --verify-roundtrip); the front end now rejects it.
@pl.function
def k(a: pl.Tensor[[1, 1], pl.FP32], out_1: pl.Out[pl.Tensor[[1, 1], pl.FP32]]):
    t = pl.load(a, [0, 0], [1, 1], target_memory=pl.Mem.Vec)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k_branchpl.sub"):
        y = t
    o = pl.store(y, [0, 0], out_1)
    return out_1
