import pypto.language as pl

@pl.program
class StoreTargets:
    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, buf: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        zero: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 128], 0.0, dtype=pl.FP32)
        buf_store: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(zero, [0, 0], buf)
        return buf

    @pl.function(type=pl.FunctionType.InCore)
    def add_x(self, buf: pl.InOut[pl.Tensor[[16, 128], pl.FP32]], x: pl.Tensor[[16, 128], pl.FP32]) -> pl.Tensor[[16, 128], pl.FP32]:
        b: pl.Tile[[16, 128], pl.FP32] = pl.tile.load(buf, [0, 0], [16, 128], [16, 128])
        t: pl.Tile[[16, 128], pl.FP32] = pl.tile.load(x, [0, 0], [16, 128], [16, 128])
        buf_store_1: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(pl.tile.add(b, t), [0, 0], buf)
        return buf

    @pl.function(type=pl.FunctionType.InCore)
    def copy(self, buf: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
        c: pl.Tile[[16, 128], pl.FP32] = pl.tile.load(buf, [0, 0], [16, 128], [16, 128])
        pl.tile.store(c, [0, 0], out)
        return

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        buf: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.create([16, 128], dtype=pl.FP32)
        buf_1: pl.Tensor[[16, 128], pl.FP32] = self.fill(buf)
        buf_2: pl.Tensor[[16, 128], pl.FP32] = self.add_x(buf_1, x)
        for i in pl.range(2):
            self.copy(buf_2, out)
        result: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.add(buf_2, out)
        return result
