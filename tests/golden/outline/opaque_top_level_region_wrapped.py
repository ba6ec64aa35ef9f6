import pypto.language as pl

# A pl.split_aiv region at the top of a plain (Opaque) function stands in an implicit CORE_GROUP
# scope (printed out, so the text reads back as the same program); the outliner lifts it into
# an InCore function stamped split_aiv.
@pl.function
def main(a: pl.Tensor[[512, 128], pl.FP32], out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]):
    for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        out = pl.store(pl.exp(pl.load(a, [0, 0], [128, 128])), [0, 0], out)
    return out
