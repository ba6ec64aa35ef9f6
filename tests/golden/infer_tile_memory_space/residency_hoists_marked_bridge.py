# A GM -> Mat bridge load the tensor-to-tile conversion generated (it carries the private marker
# attr) of storage the only caller allocated, re-read on every iteration and feeding the matmul's
# Left slot through one move: the load and the move go before the loop, and the marker is
# stripped. The unmarked rhs load (written by hand, of a caller parameter) streams in the loop.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        lhs: pl.Tensor[[16, 128], pl.BF16],
        rhs: pl.Tensor[[128, 128], pl.BF16],
        out: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        for n in pl.range(0, 2, 1):
            lhs_mat = pl.tile.load(
                lhs, [0, 0], [16, 128], target_memory=pl.Mem.Mat,
                attrs={"__compiler_tensor_to_tile_mat_bridge": True},
            )
            rhs_mat = pl.tile.load(rhs, [0, 0], [128, 128], target_memory=pl.Mem.Mat)
            lhs_left = pl.tile.move(lhs_mat, target_memory=pl.Mem.Left)
            rhs_right = pl.tile.move(rhs_mat, target_memory=pl.Mem.Right)
            c = pl.tile.matmul(lhs_left, rhs_right)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        rhs: pl.Tensor[[128, 128], pl.BF16],
        out: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        lhs = pl.create_tensor([16, 128], dtype=pl.BF16)
        result = self.kernel(lhs, rhs, out)
        return result
