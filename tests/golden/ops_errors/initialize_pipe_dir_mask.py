# aiv initialize pipe with a direction mask that names no direction: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(b: pl.Scalar[pl.INT32]):
    pl.system.aiv_initialize_pipe(b, b, dir_mask=4, slot_size=512)
    return b
