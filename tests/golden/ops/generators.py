# Generators (ops.md 2.2): results depend on attributes only.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def generators(seed: pl.Scalar[pl.INT32], start: pl.Scalar[pl.INT32]):
    zeros = pl.full([64, 512], dtype=pl.BF16, value=0.0)
    ones = pl.tile.full([16, 16], 1, dtype=pl.INT32)
    scratch = pl.tile.create([64, 128], dtype=pl.FP32)
    acc = pl.tile.create([64, 128], dtype=pl.FP32, target_memory=pl.Mem.Acc)
    mt = pl.tile.create([64, 32], dtype=pl.FP16, target_memory=pl.Mem.Mat, transpose=True)
    flat = pl.tile.create([64, 32], dtype=pl.FP16, target_memory=pl.Mem.Mat, flat_layout=True)
    idx = pl.tile.ci(0, [1, 128], dtype=pl.INT32)
    down = pl.tile.ci(start, [1, 1, 64], dtype=pl.UINT16, descending=True)
    rnd = pl.tile.random(seed, 7, 0, 0, 0, 0, [16, 128], dtype=pl.UINT32)
    part = pl.tile.random(seed, 7, 1, 0, 0, 0, [16, 128], [9, 100], dtype=pl.INT32, rounds=7)
    return zeros, ones, scratch, acc, mt, flat, idx, down, rnd, part
