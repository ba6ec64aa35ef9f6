import pypto.language as pl

@pl.program
class Nothing:
    pass
