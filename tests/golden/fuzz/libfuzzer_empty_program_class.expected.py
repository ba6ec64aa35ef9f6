import pypto.language as pl

@pl.program
class Types:
    pass
