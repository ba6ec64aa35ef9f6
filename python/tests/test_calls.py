"""Calls between the functions of a program (self.f(...)): parsed, printed, inspected, run."""

import pathlib

import pytest

from tilesplit import ir, passes, sim

CALLS = """import pypto.language as pl

@pl.program
class Calls:
    @pl.function
    def main(a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="core"):
            y = pl.add(t, t)
            o = pl.store(y, [0, 0], out)
        return o
"""


def outlined():
    return passes.get("outline-incore-scopes")()(ir.parse(CALLS, "calls.py"))


def test_outlined_call_is_a_function_call_node():
    p = outlined()
    main = p.function("main")
    stmts = ir.flatten_stmts(main.body)
    call = stmts[1].value
    assert isinstance(call, ir.FunctionCall)
    assert call.kind == ir.ExprKind.FunctionCall
    assert call.callee == "core"
    assert [a.name for a in call.args] == ["t", "out"]
    assert str(call) == "self.core(t, out)"
    assert p.function("core").func_type == ir.FunctionType.InCore


def test_calls_print_and_reparse():
    p = outlined()
    text = str(p)
    assert "o: pl.Tensor[[16, 16], pl.FP32] = self.core(t, out)" in text
    again = ir.parse(text, "printed.py")
    assert ir.structural_equal(p, again)
    assert str(again) == text


def test_call_errors_are_located():
    bad = CALLS.replace("return o", "return self.missing(o)")
    with pytest.raises(ir.UserError) as e:
        ir.parse(bad, "bad.py")
    assert "unknown function 'missing'" in str(e.value)
    assert e.value.line == 11


@pytest.mark.skipif(not sim.available(), reason="built without the simulator")
def test_check_runs_the_outlined_call():
    pytest.importorskip("numpy")
    result = sim.check(ir.parse(CALLS, "calls.py"))
    assert result.equal, result.report


import tilesplit.language as pl  # noqa: E402


@pl.program
class Prog:
    @pl.function
    def main(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        r: pl.Tensor[[16, 16], pl.FP32] = self.twice(a, out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, x: pl.Tensor[[16, 16], pl.FP32],
              o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        return pl.store(pl.add(t, t), [0, 0], o)


def test_python_program_class_with_a_call():
    text = str(Prog)
    assert "r: pl.Tensor[[16, 16], pl.FP32] = self.twice(a, out)" in text
    assert ir.structural_equal(Prog, ir.parse(text, "prog.py"))


@pytest.mark.skipif(not sim.available(), reason="built without the simulator")
def test_run_follows_the_call_and_sees_the_callee_store():
    np = pytest.importorskip("numpy")
    a = np.arange(256, dtype=np.float32).reshape(16, 16)
    out = sim.run(Prog, {"a": a}, "main")
    np.testing.assert_array_equal(out["out"], a + a)


@pytest.mark.skipif(not sim.available(), reason="built without the simulator")
def test_check_finds_a_scope_inside_a_loop():
    # The kernel choice is the library's (the same as `tilesplit check`): a CORE_GROUP scope
    # nested in a loop of an Opaque function still makes it a kernel to check.
    path = pathlib.Path(__file__).resolve().parents[2] / "tests/golden/sim/scope_in_loop_outlined.py"
    result = sim.check(ir.parse(path.read_text(), "scope_in_loop_outlined.py"))
    assert result.equal, result.report
    assert [name for name, _ in result.kernels] == ["blocks"]
    assert "outline-incore-scopes" in sim.SPLIT_PIPELINE
