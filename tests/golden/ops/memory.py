# Data movement and scalar access (ops.md 2.1), long and short spellings.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def memory(x: pl.Tensor[[64, 128], pl.FP32],
           acc: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc],
           out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    shared = pl.load(x, [0, 0], [64, 128])                       # no target: unresolved space
    v = pl.tile.load(x, [0, 0], [32, 128], [20, 128], target_memory=pl.Mem.Vec)
    edge = pl.tile.load(x, [48, 0], [32, 128], target_memory=pl.Mem.Vec, clamp=True)
    m = pl.load(x, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
    left = pl.tile.move(m, target_memory=pl.Mem.Left)
    right = pl.tile.move(m, target_memory=pl.Mem.Right)
    down = pl.tile.move(acc, target_memory=pl.Mem.Vec)
    laid = pl.tile.move(v, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major)
    e = pl.tile.read(v, [3, 4])
    f = pl.read(down, [0, 1])
    g = pl.tensor.read(x, [1, 2])
    h = pl.read(x, [5, 6])
    o1 = pl.store(down, [0, 0], out)
    o2 = pl.tile.store(acc, [0, 0], o1, atomic=pl.AtomicType.Add)
    return pl.tile.store(v, [32, 0], o2)


# tile.assemble: an Acc result written into a Mat panel, a Vec tile into a window of a Vec one.
@pl.function(type=pl.FunctionType.InCore)
def assemble(acc: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], v: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec]):
    panel = pl.tile.create([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Mat)
    p1 = pl.tile.assemble(panel, acc, [16, 0])
    buf = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    b1 = pl.tile.assemble(buf, v, [8, 32])
    return p1, b1


# The cube's store from Acc converts an FP32 accumulator to an FP16 / BF16 tensor (the fixpipe).
@pl.function(type=pl.FunctionType.AIC)
def store_converts(acc: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc],
                   out_h: pl.Out[pl.Tensor[[16, 64], pl.FP16]],
                   out_b: pl.Out[pl.Tensor[[16, 64], pl.BF16]]):
    h = pl.tile.store(acc, [0, 0], out_h)
    b = pl.tile.store(acc, [0, 0], out_b)
    return h, b
