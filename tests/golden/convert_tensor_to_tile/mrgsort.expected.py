import pypto.language as pl

@pl.program
class Merge:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, s0: pl.Tensor[[1, 256], pl.FP32], s1: pl.Tensor[[1, 128], pl.FP32], s2: pl.Tensor[[1, 128], pl.FP32], ret0_out: pl.Out[pl.Tensor[[1, 512], pl.FP32]]) -> pl.Tensor[[1, 512], pl.FP32]:
        s0_tile: pl.Tile[[1, 256], pl.FP32] = pl.tile.load(s0, [0, 0], [1, 256], [1, 256])
        s1_tile: pl.Tile[[1, 128], pl.FP32] = pl.tile.load(s1, [0, 0], [1, 128], [1, 128])
        s2_tile: pl.Tile[[1, 128], pl.FP32] = pl.tile.load(s2, [0, 0], [1, 128], [1, 128])
        one_tile: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(s0_tile, block_len=64)
        mrgsort2_tmp: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 512], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        out_tile: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format2(one_tile, s1_tile, s2_tile, mrgsort2_tmp)
        ret0_store: pl.Tensor[[1, 512], pl.FP32] = pl.tile.store(out_tile, [0, 0], ret0_out)
        return ret0_store

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, s0: pl.Tensor[[1, 256], pl.FP32], s1: pl.Tensor[[1, 128], pl.FP32], s2: pl.Tensor[[1, 128], pl.FP32]) -> pl.Tensor[[1, 512], pl.FP32]:
        ret0_out: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.create([1, 512], dtype=pl.FP32)
        y: pl.Tensor[[1, 512], pl.FP32] = self.kernel(s0, s1, s2, ret0_out)
        return y
