# aiv initialize pipe with a negative pipe id: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(b: pl.Scalar[pl.INT32]):
    pl.system.aiv_initialize_pipe(b, b, dir_mask=2, slot_size=512, id=-1)
    return b
