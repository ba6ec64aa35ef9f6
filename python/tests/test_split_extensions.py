"""The split pass's option from Python: tilesplit's factory splits what the spec refuses by
default (split_extensions=True), pypto's keeps the spec's refusals unless asked."""

import pytest

import pypto.passes as pypto_passes
import tilesplit
from tilesplit import passes

# An odd vector->cube box: refused by the spec, gathered padded by the split extensions.
ODD_GATHER = '''import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vc(a: pl.Tensor[[17, 128], pl.FP32], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[17, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [17, 128], target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    g = pl.tile.move(y, target_memory=pl.Mem.Mat)
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    c = pl.matmul(l, b)
    o = pl.store(c, [0, 0], out_0)
    return o
'''


def program():
    return tilesplit.parse(ODD_GATHER, filename="odd.py")


def test_tilesplit_splits_an_odd_gather_by_default():
    lowered = passes.lower_auto_vector_split()(program())
    assert "pl.tile.slice(g_join, [17, 128], [0, 0])" in lowered.as_python()


@pytest.mark.parametrize("factory", [
    lambda: passes.lower_auto_vector_split(split_extensions=False),
    lambda: pypto_passes.lower_auto_vector_split(),
])
def test_without_extensions_the_spec_refuses_it(factory):
    with pytest.raises(tilesplit.UserError, match="tile.aic_gather has no odd form"):
        factory()(program())


def test_pypto_splits_it_when_asked():
    lowered = pypto_passes.lower_auto_vector_split(split_extensions=True)(program())
    assert "g_join" in lowered.as_python()
    assert pypto_passes.lower_auto_vector_split().name == "lower-auto-vector-split"
