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
