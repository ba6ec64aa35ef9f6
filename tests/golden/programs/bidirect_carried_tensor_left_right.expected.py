import pypto.language as pl

@pl.program
class BiDirectCarriedLeftRight:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 2})
    def main_incore_0_aic(self, c: pl.InOut[pl.Tensor[[16, 64], pl.FP32]], a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32]):
        for cb, (c_1,) in pl.range(2, init_values=(c,)):
            for ci, (c_2,) in pl.range(4, init_values=(c_1,)):
                nb: pl.Scalar[pl.INDEX] = cb * 4 + ci
                n0: pl.Scalar[pl.INDEX] = nb * 8
                b_chunk_tile: pl.Tile[[32, 8], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, n0], [32, 8], [32, 8], target_memory=pl.Mem.Mat)
                a_add_mat_mat: pl.Tile[[16, 32], pl.FP32, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=2)
                a_add_mat: pl.Tile[[16, 32], pl.FP32, pl.Mem.Mat] = pl.tile.move(a_add_mat_mat, target_memory=pl.Mem.Mat)
                pl.system.tfree_to_aiv(a_add_mat_mat, split=2)
                a_add_mat_L: pl.Tile[[16, 32], pl.FP32, pl.Mem.Left] = pl.tile.move(a_add_mat, target_memory=pl.Mem.Left)
                b_chunk_tile_R: pl.Tile[[32, 8], pl.FP32, pl.Mem.Right] = pl.tile.move(b_chunk_tile, target_memory=pl.Mem.Right)
                t__tmp_v0_tile: pl.Tile[[16, 8], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_add_mat_L, b_chunk_tile_R)
                pl.tile.tpush_to_aiv(t__tmp_v0_tile, split=2)
                c_3: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(c)
            c_4: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(c_3)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "slot_num": 2, "split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
    def main_incore_0_aiv(self, c: pl.InOut[pl.Tensor[[16, 64], pl.FP32]], a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32]):
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        a_tile: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0 + subblock_idx * 16], [16, 16], [16, 16])
        for cb, (c_1,) in pl.range(2, init_values=(c,)):
            for ci, (c_2,) in pl.range(4, init_values=(c_1,)):
                nb: pl.Scalar[pl.INDEX] = cb * 4 + ci
                n0: pl.Scalar[pl.INDEX] = nb * 8
                c_prev_tile: pl.Tile[[16, 4], pl.FP32, pl.Mem.Vec] = pl.tile.load(c_2, [0, n0 + subblock_idx * 4], [16, 4], [16, 4])
                a_add_tile: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(a_tile, 1.0)
                pl.tile.tpush_to_aic(a_add_tile, split=2)
                t__tmp_v0_tile_V: pl.Tile[[16, 4], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=2)
                c_next_tile: pl.Tile[[16, 4], pl.FP32, pl.Mem.Vec] = pl.tile.add(c_prev_tile, t__tmp_v0_tile_V)
                pl.system.tfree_to_aic(t__tmp_v0_tile_V, split=2)
                c_3: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(c_next_tile, [0, n0 + subblock_idx * 4], c_2)
                c_4: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(c_3)
            c_5: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(c_4)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 512, "slot_num": 2, "v2c_slot_size": 2048})
    def main_incore_0(self, c: pl.InOut[pl.Tensor[[16, 64], pl.FP32]], a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        self.main_incore_0_aic(c, a, b)
        self.main_incore_0_aiv(c, a, b)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32], c: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        c_1: pl.Tensor[[16, 64], pl.FP32] = self.main_incore_0(c, a, b)
        return c_1
