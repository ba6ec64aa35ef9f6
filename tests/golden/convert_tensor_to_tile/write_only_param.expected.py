import pypto.language as pl

@pl.program
class WriteOnly:
    @pl.function(type=pl.FunctionType.InCore)
    def put(self, dst: pl.Out[pl.Tensor[[4], pl.FP32]], val: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
        pl.tensor.write(dst, [0], val)
        return val

    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], acc: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x_tile: pl.Tile[[16, 64], pl.FP32] = pl.tile.load(x, [0, 0], [16, 64], [16, 64])
        acc_tile: pl.Tile[[16, 64], pl.FP32] = pl.tile.load(acc, [0, 0], [16, 64], [16, 64])
        y_tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(x_tile, acc_tile)
        r: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(y_tile, [0, 0], out)
        s_store: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(y_tile, [0, 0], acc)
        s_tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(acc_tile, y_tile, [0, 0])
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, dst: pl.Out[pl.Tensor[[4], pl.FP32]], val: pl.Scalar[pl.FP32], x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], acc: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        v: pl.Scalar[pl.FP32] = self.put(dst, val)
        r: pl.Tensor[[16, 64], pl.FP32] = self.fill(x, out, acc)
        return r
