# syncall mode="soft" without its workspace: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(x: pl.Tensor[[64, 128], pl.FP32]):
    pl.system.syncall(core_type="aiv_only", mode="soft")
    return x
