import pypto.language as pl

@pl.program
class attn_program:
    @pl.function(type=pl.FunctionType.InCore, attrs={"slot_num": 4, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def attn_incore(self, acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc)
            o: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(pl.tile.exp(h), [aiv_id * 64, 0], out_0)
        return out_0

    @pl.function(type=pl.FunctionType.Orchestration)
    def attn(self, acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        o: pl.Tensor[[128, 128], pl.FP32] = self.attn_incore(acc, out_0)
        return o
