import pypto.language as lang

@pl.function
def f():
    pass
