import pypto.language as pl

@pl.program
class k_program:
    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True})
    def k_aiv(self, a: pl.Tensor[[16, 64], pl.FP32], tmp: pl.InOut[pl.Tensor[[16, 64], pl.FP32]],
              out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        if subblock_idx == 0:
            t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
            e: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t)
            pl.tile.store(e, [0, 0], tmp)
        pl.system.syncall(core_type="aiv_only")
        x: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(tmp, [subblock_idx * 8, 0], [8, 64], [8, 64], target_memory=pl.Mem.Vec)
        y: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(x, 1.0)
        pl.tile.store(y, [subblock_idx * 8, 0], out)
        return

    @pl.function(type=pl.FunctionType.Group)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], tmp: pl.InOut[pl.Tensor[[16, 64], pl.FP32]],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        self.k_aiv(a, tmp, out)
