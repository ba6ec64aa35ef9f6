import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def tiles(s: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec], t: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec], n: pl.Scalar[pl.INDEX]) -> tuple[pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec], pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec], pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec], pl.Tile[[1, 768], pl.FP32, pl.Mem.Vec], pl.Tile[[1, 64], pl.UINT32, pl.Mem.Vec], pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec], pl.Scalar[pl.INDEX]]:
    one: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(s, block_len=64)
    two: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(s, block_len=64)
    tmp: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 512], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m2: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format2(one, two, tmp)
    m3: pl.Tile[[1, 768], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format2(one, two, t, pl.tile.create([1, 768], dtype=pl.FP32, target_memory=pl.Mem.Vec))
    i0: pl.Tile[[1, 64], pl.UINT32, pl.Mem.Vec] = pl.tile.ci(0, [1, 64], dtype=pl.UINT32)
    i1: pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec] = pl.tile.ci(8, [1, 64], dtype=pl.INT32, descending=True)
    hi: pl.Scalar[pl.INDEX] = pl.max(n, 4)
    lo: pl.Scalar[pl.INDEX] = pl.min(hi, 60)
    return one, two, m2, m3, i0, i1, lo

@pl.function(type=pl.FunctionType.Orchestration)
def tensors(a: pl.Tensor[[1, 256], pl.FP32], b: pl.Tensor[[1, 128], pl.FP32]) -> tuple[pl.Tensor[[1, 256], pl.FP32], pl.Tensor[[1, 256], pl.FP32], pl.Tensor[[1, 512], pl.FP32], pl.Tensor[[1, 768], pl.FP32], pl.Tensor[[1, 32], pl.INT32], pl.Tensor[[1, 32], pl.UINT32]]:
    one: pl.Tensor[[1, 256], pl.FP32] = pl.tensor.mrgsort_format1(a, block_len=64)
    two: pl.Tensor[[1, 256], pl.FP32] = pl.tensor.mrgsort_format1(a, block_len=64)
    m2: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.mrgsort_format2(one, two)
    m4: pl.Tensor[[1, 768], pl.FP32] = pl.tensor.mrgsort_format2(a, b, b, one)
    i0: pl.Tensor[[1, 32], pl.INT32] = pl.tensor.ci(0, [1, 32], dtype=pl.INT32)
    i1: pl.Tensor[[1, 32], pl.UINT32] = pl.tensor.ci(3, [1, 32], dtype=pl.UINT32, descending=True)
    return one, two, m2, m4, i0, i1
