import pypto.language as pl

@pl.function(attrs={"slot_num": 1})
def f():
    pl.func_attr({"slot_num": 2})
    pass
