# aic initialize pipe with no local slots: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIC)
def k(b: pl.Scalar[pl.INT32]):
    pl.system.aic_initialize_pipe(b, b, dir_mask=2, slot_size=512, local_slot_num=0)
    return b
