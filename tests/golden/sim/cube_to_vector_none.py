import pypto.language as pl

# c + a @ b, task-parallel: a NONE region gives both lanes the whole product (split=0) and each
# lane handles the rows its lane index selects.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def cube_to_vector(a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[32, 48], pl.FP32],
                   c: pl.Tensor[[64, 48], pl.FP32], out: pl.Out[pl.Tensor[[64, 48], pl.FP32]]):
    am = pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [32, 48], target_memory=pl.Mem.Mat)
    al = pl.tile.move(am, target_memory=pl.Mem.Left)
    br = pl.tile.move(bm, target_memory=pl.Mem.Right)
    p = pl.matmul(al, br)
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        pv = pl.aiv_shard(p)
        base = aiv_id * 32
        ph = pl.tile.slice(pv, [32, 48], [base, 0])
        cv = pl.load(c, [base, 0], [32, 48], target_memory=pl.Mem.Vec)
        y = pl.add(cv, ph)
        out = pl.store(y, [base, 0], out)
    return out
