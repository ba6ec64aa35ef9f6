import pypto.language as pl

# Found by the libFuzzer pass harness (third round): a program class holding only a docstring
# is an empty program, which the printer writes with `pass`; the parser must read that back.
@pl.program
class Types:
    "a class with no method"
