"""tilesplit.sim: not bound yet; the entry points say so instead of failing obscurely."""

import pytest

import tilesplit
from tilesplit import sim


def test_sim_is_not_available_yet():
    assert sim.available() is False
    program = tilesplit.parse(
        "@pl.function\ndef f(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n    return a\n")
    with pytest.raises(NotImplementedError, match="simulator"):
        sim.run(program, {})
    with pytest.raises(NotImplementedError, match="simulator"):
        sim.check(program)
