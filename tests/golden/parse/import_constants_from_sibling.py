"""The CLI reads a program file as PyPTO's scripts write it: imports of the script's own Python
(argparse, torch, pypto.runtime) are skipped, constants imported from a sibling module
(model_shapes.py beside this file) bind like the file's own, `as` renames one, and -D overrides
an imported constant too."""
import argparse

import pypto.language as pl
import torch
from pypto.runtime import RunConfig
from model_shapes import (HIDDEN,
                          ROWS as M)
from model_shapes import SCALE


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[M, HIDDEN], pl.FP32], out: pl.Out[pl.Tensor[[M, HIDDEN], pl.FP32]]):
    t = pl.load(x, [0, 0], [M, HIDDEN])
    return pl.store(pl.muls(t, SCALE), [0, 0], out)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
