import pypto.language as pl

@pl.program
class two_products_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 2})
    def two_products_aic(a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32], c: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
        am: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [32, 32], [32, 32], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [32, 32], [32, 32], target_memory=pl.Mem.Mat)
        cm: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(c, [0, 0], [32, 32], [32, 32], target_memory=pl.Mem.Mat)
        al: pl.Tile[[32, 32], pl.FP32, pl.Mem.Left] = pl.tile.move(am, target_memory=pl.Mem.Left)
        br: pl.Tile[[32, 32], pl.FP32, pl.Mem.Right] = pl.tile.move(bm, target_memory=pl.Mem.Right)
        cr: pl.Tile[[32, 32], pl.FP32, pl.Mem.Right] = pl.tile.move(cm, target_memory=pl.Mem.Right)
        p: pl.Tile[[32, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(al, br)
        q: pl.Tile[[32, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(al, cr)
        pl.tile.tpush_to_aiv(p, split=1)
        pl.tile.tpush_to_aiv(q, split=1)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "slot_num": 2, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def two_products_aiv(a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32], c: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        pv: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        qv: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        y: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(pv, qv)
        pl.system.tfree_to_aic(pv, split=1)
        pl.system.tfree_to_aic(qv, split=1)
        z: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        pl.tile.store(z, [0 + subblock_idx * 16, 0], out)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 4096, "slot_num": 2, "v2c_slot_size": 0})
    def two_products(a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32], c: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
        self.two_products_aic(a, b, c, out)
        self.two_products_aiv(a, b, c, out)
