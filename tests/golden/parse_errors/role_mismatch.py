import pypto.language as pl

@pl.function(type=pl.FunctionType.Orchestration, role=pl.Role.SubWorker)
def f():
    pass
