# store atomic dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(u8: pl.Tile[[64, 128], pl.UINT8, pl.Mem.Vec], xu8: pl.Tensor[[64, 128], pl.UINT8]):
    y = pl.tile.store(u8, [0, 0], xu8, atomic=pl.AtomicType.Add)
    return y
