import pypto.language as pl

# Found by `tilesplit fuzz --seed 106`: 'v10' is held while 'v18' and the whole copy of 'v10'
# cross (a window that is not lane-aligned). The expansion copied held tiles out across any loop
# of pops, this one-trip loop too, so `opt` accepted it, while `check` (whose simplify writes
# the loop out) refused the ring of 2. A loop of at most one trip is now sized as its body.
@pl.function
def kernel(t8: pl.Tensor[[3, 1], pl.FP32], t12: pl.Tensor[[3, 1], pl.FP32], t14: pl.Tensor[[1, 1], pl.FP32], out41: pl.Out[pl.Tensor[[3, 1], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN), pl.cross_core_slot(slot_num=2)]):
        m9 = pl.load(t8, [0, 0], [3, 1], target_memory=pl.Mem.Mat)
        v10 = pl.tile.move(m9, target_memory=pl.Mem.Vec)
        a11 = pl.load(t12, [0, 0], [3, 1], target_memory=pl.Mem.Mat)
        b13 = pl.load(t14, [0, 0], [1, 1], target_memory=pl.Mem.Mat)
        l15 = pl.tile.move(a11, target_memory=pl.Mem.Left)
        r16 = pl.tile.move(b13, target_memory=pl.Mem.Right)
        p17 = pl.matmul(l15, r16)
        v18 = pl.tile.move(p17, target_memory=pl.Mem.Vec)
        sl21 = pl.tile.slice(v10, [2, 1], [0, 0])
        h24 = pl.cast(sl21, pl.FP16)
        ct25 = pl.cast(h24, pl.FP32)
        for i32, (acc33, acc34) in pl.range(1, init_values=(ct25, sl21)):
            rd35 = pl.read(acc34, [1, 2])
            s36 = pl.add(acc34, rd35)
            nx37 = pl.tile.rem(acc33, s36)
            nx38 = pl.tile.part_min(acc34, acc33)
            r39, r40 = pl.yield_(nx37, nx38)
        o42 = pl.store(v10, [0, 0], out41)
        o43 = pl.store(r40, [0, 0], o42)
    return o43
