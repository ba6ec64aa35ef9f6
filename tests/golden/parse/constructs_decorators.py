# Decorator spellings: level/role equal to the derived pair (dropped), the known attrs (an
# unknown key is an error), pl.func_attr statements merged with attrs=, docstrings, self on a
# bare def.
from pypto import language as pl

@pl.function(level=pl.Level.CHIP, role=pl.Role.Orchestrator, type=pl.FunctionType.Orchestration,
             attrs={"slot_num": 3, "c2v_slot_size": 4096, "v2c_slot_size": 2048})
def orch(self, x: pl.Scalar[pl.INT32]):
    """Docstring, discarded."""
    pl.func_attr({"split": pl.SplitMode.NONE})
    pl.func_attr({"dual_aiv_dispatch": False})
    'another docstring'
    pass

@pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker,
             attrs={"split": 2, "split_aiv": True})
def aiv(t: pl.Tensor[[16, 16], pl.FP32]):
    lane = pl.tile.get_subblock_idx()
    pld.system.wait(t, [0, 0], pl.const(1, pl.FP32), cmp=1)
    return lane

@pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP)
def group():
    pass

@pl.function(type=pl.FunctionType.AIC)
def aic():
    pass
