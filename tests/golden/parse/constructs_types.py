# Type spellings: tiles with memory spaces and views in any order, MemorySpace alias, tensor
# layouts and views, tuples, scalars of several dtypes, dynamic dimensions (declared and implied).
import pypto.language as pl

M = pl.dynamic("M")

@pl.program
class Types:
    """Program docstring."""

    @pl.function(type=pl.FunctionType.InCore)
    def tiles(self,
              a: pl.Tile[[16, 128], pl.FP32, pl.TileView(valid_shape=[13, 128]), pl.Mem.Vec],
              b: pl.Tile[[16, 128], pl.BF16, pl.MemorySpace.Acc, pl.TileView()],
              c: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec],
              d: pl.Tile[[32, 32], pl.FP16, pl.Mem.Mat,
                         pl.TileView(blayout=pl.TileLayout.row_major, fractal=1024,
                                     pad=pl.PadValue.zero, compact=pl.CompactMode.normal)],
              e: pl.Tile[[M, K], pl.INT8]) -> pl.Tile[[M, K], pl.INT8]:
        return e

    @pl.function
    def tensors(self,
                t0: pl.Tensor[[M, 64], pl.FP16, pl.NZ],
                t1: pl.Tensor[[8, 8], pl.FP16, pl.TensorLayout.ND],
                t2: pl.Tensor[[8, 8], pl.FP16,
                              pl.TensorView(valid_shape=[4, 8], stride=[8, 1],
                                            layout=pl.TensorLayout.DN, pad=pl.PadValue.max)],
                t3: pl.InOut[pl.Tensor[[M + 1, 2 * 32], pl.UINT8]],
                s: pl.Scalar[pl.BOOL]) -> tuple[pl.Tensor[[M, 64], pl.FP16], pl.Scalar[pl.BOOL]]:
        pair = [t0, s]
        first = pair[0]
        return first, s

    @pl.function
    def tuples(self, p: pl.Tuple[pl.Scalar[pl.INT64], pl.Tile[[8, 8], pl.FP32]]) -> pl.Tuple[pl.Scalar[pl.INT64], pl.Tile[[8, 8], pl.FP32]]:
        return p
