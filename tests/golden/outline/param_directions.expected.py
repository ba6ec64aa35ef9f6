import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def write_only_incore_0(self, x: pl.Tensor[[16, 128], pl.FP32], buf: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        t: pl.Tile[[16, 128], pl.FP32] = pl.tile.load(x, [0, 0], [16, 128], [16, 128])
        buf2: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(t, [0, 0], buf)
        return buf

    @pl.function(type=pl.FunctionType.Orchestration)
    def write_only(self, x: pl.Tensor[[16, 128], pl.FP32]) -> pl.Tensor[[16, 128], pl.FP32]:
        buf: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.create([16, 128], dtype=pl.FP32)
        buf2: pl.Tensor[[16, 128], pl.FP32] = self.write_only_incore_0(x, buf)
        return buf2

    @pl.function(type=pl.FunctionType.InCore)
    def atomic_incore_0(self, a: pl.Tensor[[16, 128], pl.FP32], out: pl.InOut[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        t: pl.Tile[[16, 128], pl.FP32] = pl.tile.load(a, [0, 0], [16, 128], [16, 128])
        out2: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(t, [0, 0], out, atomic=1)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def atomic(self, a: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        out2: pl.Tensor[[16, 128], pl.FP32] = self.atomic_incore_0(a, out)
        return out2

    @pl.function(type=pl.FunctionType.InCore)
    def read_back_incore_0(self, a: pl.Tensor[[64, 128], pl.FP32], out: pl.InOut[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        t: pl.Tile[[16, 128], pl.FP32] = pl.tile.load(a, [0, 0], [16, 128], [16, 128])
        out2: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(t, [0, 0], out)
        back: pl.Tile[[16, 128], pl.FP32] = pl.tile.load(out2, [32, 0], [16, 128], [16, 128])
        out3: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(back, [48, 0], out2)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def read_back(self, a: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        out3: pl.Tensor[[64, 128], pl.FP32] = self.read_back_incore_0(a, out)
        return out3
