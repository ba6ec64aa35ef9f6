"""Hand-built IR that breaks an operand memory contract: buildable from pypto, as in PyPTO, and
reported by the verifiers — the AivSplitValid crossing checks (f)/(g) and, at the entry of a
pass, the TileMemoryInferred verifier with the call's location — never an internal error."""

import pytest

import tilesplit
from pypto import DataType, ir, passes
from pypto.ir.op import tile_ops as T

MS = ir.MemorySpace
FP32 = DataType.FP32


def _tile(shape, mem):
    return ir.TileType(shape, FP32, None, None, mem)


def _program(stmts):
    span = ir.Span("contract.py", 7, 5)
    out = ir.Var("out", ir.TensorType([16, 64], FP32), span)
    func = ir.Function("k", [(out, ir.ParamDirection.Out)], [out.type], ir.SeqStmts(stmts, span),
                       span, ir.FunctionType.InCore)
    return ir.Program([func], "p", span)


def _vec_matmul():
    span = ir.Span("contract.py", 7, 5)
    vec = ir.Var("vec", _tile([16, 128], MS.Vec), span)
    rhs = ir.Var("rhs", _tile([128, 64], MS.Right), span)
    mm = T.matmul(vec, rhs, span)  # lhs must be Left: built anyway
    return [ir.AssignStmt(ir.Var("mm", mm.type, span), mm, span)]


def test_builder_defers_the_contract():
    assert _vec_matmul()[0].value.op_name == "tile.matmul"


def test_the_parser_and_strict_builds_still_enforce_it():
    span = ir.Span.unknown()
    vec = ir.Var("vec", _tile([16, 128], MS.Vec), span)
    rhs = ir.Var("rhs", _tile([128, 64], MS.Right), span)
    with pytest.raises(ValueError, match="reads it only from Left"):
        tilesplit._core.create_op_call("tile.matmul", [vec, rhs], None, span)


def test_pass_entry_reports_a_located_error():
    with pytest.raises(tilesplit.UserError) as info:
        passes.lower_auto_vector_split()(_program(_vec_matmul()))
    text = str(info.value)
    assert "contract.py:7:5" in text
    assert "TileMemoryInferred in 'k'" in text
    assert "argument 'lhs' is a tile in Vec, but the op reads it only from Left" in text
    assert "InternalError" not in type(info.value).__name__


def _region_program(outside, region_body):
    span = ir.Span.unknown()
    region = ir.SplitAivScopeStmt(split=ir.SplitMode.NONE, body=ir.SeqStmts(region_body, span),
                                  span=span)
    func = ir.Function("k", [], [], ir.SeqStmts(outside + [region], span), span,
                       ir.FunctionType.AIV)
    return ir.Program([func], "p", span)


def test_g_exempts_a_hoisted_load_but_not_a_matmul_result():
    span = ir.Span.unknown()
    src = ir.Var("src", ir.TensorType([16, 128], FP32), span)
    loaded = T.load(src, [0, 0], [16, 128], target_memory=MS.Mat, span=span)
    t = ir.Var("t", loaded.type, span)
    add = T.add(t, t, span)
    ok = _region_program([ir.AssignStmt(t, loaded, span)],
                         [ir.AssignStmt(ir.Var("v", add.type, span), add, span)])
    tilesplit._core.verify_property("AivSplitValid", ok)  # the compiler's own hoisted load

    lhs = ir.Var("lhs", _tile([16, 128], MS.Left), span)
    rhs = ir.Var("rhs", _tile([128, 128], MS.Right), span)
    mm = T.matmul(lhs, rhs, span)
    acc = ir.Var("acc", mm.type, span)
    add2 = T.add(acc, acc, span)
    bad = _region_program([ir.AssignStmt(acc, mm, span)],
                          [ir.AssignStmt(ir.Var("v", add2.type, span), add2, span)])
    with pytest.raises(tilesplit.UserError, match=r"check \(g\).*'acc'"):
        tilesplit._core.verify_property("AivSplitValid", bad)
