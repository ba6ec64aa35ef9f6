import pypto.language as pl

@pl.function
def main(a: pl.Tensor[[512, 128], pl.FP32], out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):
        for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out_1: pl.Tensor[[512, 128], pl.FP32] = pl.tile.store(pl.tile.exp(pl.tile.load(a, [0, 0], [128, 128], [128, 128])), [0, 0], out)
    return out_1
