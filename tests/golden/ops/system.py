# Inter-device signalling (ops.md 2.11): statements only.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def signal(flags: pl.Tensor[[4, 8], pl.INT32], peer: pl.Scalar[pl.INT32], n: pl.Scalar[pl.INT32]):
    pld.system.notify(flags, peer, [0, 1], 1, op=1)
    pld.system.notify(flags, peer, [2, 3], n, op=0)
    pld.system.wait(flags, [0, 1], 1, cmp=0)
    pld.system.wait(flags, [2, 3], n, cmp=1)
    return flags


# A signal tensor shared across devices is typed pld.DistributedTensor (PyPTO's
# DistributedTensorType); it prints as that kind and reads back as it.
@pl.function(type=pl.FunctionType.InCore)
def signal_distributed(sig: pld.DistributedTensor[[4, 4], pl.INT32], peer: pl.Scalar[pl.INT32]):
    pld.system.notify(sig, peer, [0, 0], 1, op=0)
    pld.system.wait(sig, [0, 0], 1, cmp=1)
    return sig


# The pipe scaffolding of PyPTO's expansion: accepted, checked and run as no-ops (the simulator
# models the pipes directly).
@pl.function(type=pl.FunctionType.AIC)
def scaffold_aic(acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc]):
    v2c = pl.system.reserve_buffer(name="k_v2c_slot_buffer", size=131072, base=-1)
    c2v = pl.system.import_peer_buffer(name="k_c2v_slot_buffer", peer_func="k_aiv")
    pl.system.aic_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=65536, slot_num=2)
    pl.tile.tpush_to_aiv(acc, split=1)
    return acc


@pl.function(type=pl.FunctionType.AIV)
def scaffold_aiv(ub: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec]):
    c2v = pl.system.reserve_buffer(name="k_c2v_slot_buffer", size=131072)
    pl.system.aiv_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=65536)
    got: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
    pl.system.tfree_to_aic(got, split=1)
    return got


# Barriers: core_type says who meets (and so where the call runs); the soft form counts in a GM
# workspace of the author's.
@pl.function(type=pl.FunctionType.AIV)
def barriers(ws: pl.Tensor[[16], pl.INT32]):
    pl.system.syncall(core_type="aiv_only")
    pl.system.syncall(core_type="aiv_only", mode="hard", used_cores=2)
    pl.system.syncall(ws, core_type="mix", mode="soft", used_cores=0)
    return ws


# A GM fence: an ordering point, bound to a name as PyPTO's programs write it or as a statement.
@pl.function(type=pl.FunctionType.AIV)
def fences(x: pl.Tensor[[16], pl.INT32]):
    token = pl.system.fence()
    pl.system.fence()
    return x
