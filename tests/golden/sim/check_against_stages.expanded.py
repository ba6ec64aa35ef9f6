import pypto.language as pl

@pl.program
class cube_to_vector_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 2})
    def cube_to_vector_aic(self, a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[32, 48], pl.FP32], c: pl.Tensor[[64, 48], pl.FP32], out: pl.Out[pl.Tensor[[64, 48], pl.FP32]]):
        am: pl.Tile[[64, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [64, 32], [64, 32], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[32, 48], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [32, 48], [32, 48], target_memory=pl.Mem.Mat)
        al: pl.Tile[[64, 32], pl.FP32, pl.Mem.Left] = pl.tile.move(am, target_memory=pl.Mem.Left)
        br: pl.Tile[[32, 48], pl.FP32, pl.Mem.Right] = pl.tile.move(bm, target_memory=pl.Mem.Right)
        p: pl.Tile[[64, 48], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(al, br)
        pl.tile.tpush_to_aiv(p, split=1)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "slot_num": 2, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def cube_to_vector_aiv(self, a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[32, 48], pl.FP32], c: pl.Tensor[[64, 48], pl.FP32], out: pl.Out[pl.Tensor[[64, 48], pl.FP32]]):
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        pv: pl.Tile[[32, 48], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        cv: pl.Tile[[32, 48], pl.FP32, pl.Mem.Vec] = pl.tile.load(c, [subblock_idx * 32, 0], [32, 48], [32, 48], target_memory=pl.Mem.Vec)
        y: pl.Tile[[32, 48], pl.FP32, pl.Mem.Vec] = pl.tile.add(cv, pv)
        pl.system.tfree_to_aic(pv, split=1)
        pl.tile.store(y, [subblock_idx * 32, 0], out)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 12288, "slot_num": 2, "v2c_slot_size": 0})
    def cube_to_vector(self, a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[32, 48], pl.FP32], c: pl.Tensor[[64, 48], pl.FP32], out: pl.Out[pl.Tensor[[64, 48], pl.FP32]]) -> pl.Tensor[[64, 48], pl.FP32]:
        self.cube_to_vector_aic(a, b, c, out)
        self.cube_to_vector_aiv(a, b, c, out)
        return out
