"""pypto.ir.IRBuilder's loop blocks build the same nodes as the DSL's loops."""

from pypto import DataType, ir, passes
from pypto.ir import IRBuilder
from pypto.ir.op import tensor as tensor_ops
import pytest


def _carried_program(kind: str) -> ir.Program:
    t = ir.TensorType([32], DataType.INT32)
    ib = IRBuilder()
    with ib.function("k", type=ir.FunctionType.InCore) as f:
        a = f.param("a", t)
        b = f.param("b", t)
        f.return_type(t)
        loop = (ib.for_loop(ib.var("i", ir.ScalarType(DataType.INDEX)), 0, 2, 1) if kind == "for"
                else ib.while_loop(ir.ConstBool(False, ir.Span.unknown())))
        with loop as lp:
            carried = lp.iter_arg("carried", a)
            final = lp.return_var("final")
            ib.let("y", tensor_ops.add(carried, b))
            ib.emit(ir.YieldStmt([carried], ir.Span.unknown()))
        ib.return_stmt(final)
    return ir.Program([f.get_result()], "P", ir.Span.unknown())


@pytest.mark.parametrize("kind", ["for", "while"])
def test_loop_blocks_carry_and_return(kind):
    text = ir.python_print(_carried_program(kind))
    assert ("pl.range(0, 2, 1" in text or "pl.range(2" in text) if kind == "for" else "pl.while_" in text
    assert "init_values=(a,)" in text
    assert "return final" in text


def test_return_var_needs_an_iter_arg():
    ib = IRBuilder()
    with pytest.raises(ValueError, match="has no iter_arg"):
        with ib.function("k", type=ir.FunctionType.InCore):
            with ib.for_loop(ib.var("i", ir.ScalarType(DataType.INDEX)), 0, 2, 1) as lp:
                lp.return_var("r")
