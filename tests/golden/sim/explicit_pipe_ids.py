import pypto.language as pl

# PyPTO's hand-written pipe scaffolding, as its tile-level cross-core programs write it: two V->C
# pipes told apart by id (pushed in reverse id order, so ids that collapsed onto one FIFO would
# swap the operands), local_slot_num beside slot_num, a reserve_buffer at pl.AUTO, and frees
# without split= (PyPTO stamps it later; the simulator's free does not read it). The whole
# program runs from its Orchestration main, the Group on the core group.
@pl.program
class ExplicitPipeIds:
    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True})
    def vec(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
            out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        p0 = pl.import_peer_buffer(name="buf0", peer_func="cube")
        p1 = pl.import_peer_buffer(name="buf1", peer_func="cube")
        pl.aiv_initialize_pipe(pl.const(0, pl.INT32), p0, dir_mask=2, slot_size=1024, slot_num=4,
                               local_slot_num=4, id=0)
        pl.aiv_initialize_pipe(pl.const(0, pl.INT32), p1, dir_mask=2, slot_size=1024, slot_num=4,
                               local_slot_num=4, id=1)
        ta: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [16, 16])
        tb: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.load(b, [0, 0], [16, 16])
        s: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.add(ta, tb)
        d: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.sub(ta, tb)
        pl.tpush_to_aic(d, split=0, id=1)
        pl.tpush_to_aic(s, split=0, id=0)

    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        b0 = pl.reserve_buffer(name="buf0", size=4096, base=pl.AUTO)
        b1 = pl.reserve_buffer(name="buf1", size=4096, base=pl.AUTO)
        pl.aic_initialize_pipe(pl.const(0, pl.INT32), b0, dir_mask=2, slot_size=1024, slot_num=4,
                               local_slot_num=4, id=0)
        pl.aic_initialize_pipe(pl.const(0, pl.INT32), b1, dir_mask=2, slot_size=1024, slot_num=4,
                               local_slot_num=4, id=1)
        s: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tpop_from_aiv(split=0, id=0)
        d: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tpop_from_aiv(split=0, id=1)
        sl = pl.move(s, target_memory=pl.Mem.Left)
        dr = pl.move(d, target_memory=pl.Mem.Right)
        r: pl.Tile[[16, 16], pl.FP32] = pl.matmul(sl, dr)
        pl.tfree_to_aiv(s, id=0)
        pl.tfree_to_aiv(d, id=1)
        return pl.store(r, [0, 0], out)

    @pl.function(type=pl.FunctionType.Group)
    def group(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        r = self.cube(a, b, out)
        self.vec(a, b, out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        r = self.group(a, b, out)
        return r
