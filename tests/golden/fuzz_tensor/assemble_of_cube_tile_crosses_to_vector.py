import pypto.language as pl

# Found by `tilesplit fuzz --level tensor --seed 202` (case 457): x8 feeds a matmul (so it lives
# in Mat) and is assembled into the Vec tile carrying out. The conversion's tile.assemble read the
# Mat tile on the vector side; lowered once that went unnoticed, and the printed output, lowered
# again, was refused by expand-mixed-kernel (exit 3). tile.assemble now reads its source on the
# target's side (input_memory_side_of), so infer-tile-memory-space moves x8 to Vec first.
@pl.function(type=pl.FunctionType.Opaque)
def main(a7: pl.Tensor[[2, 1], pl.FP32], a10: pl.Tensor[[1, 1], pl.FP32], out: pl.InOut[pl.Tensor[[2, 1], pl.FP32]]) -> pl.Tensor[[2, 1], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], no_dep_args=[out]):
        v2 = pl.tensor.rsqrt(out)
        for i6 in pl.range(0, 2):
            x8 = pl.slice(a7, [1, 1], [i6 * 1, 0])
            m11 = pl.matmul(a10, x8)
            out = pl.assemble(out, x8, [i6 * 1, 0])
    return out
