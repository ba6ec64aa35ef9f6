import pypto.language as pl

# An empty program class is written with pass, as the printer writes it.
@pl.program
class Nothing:
    pass
