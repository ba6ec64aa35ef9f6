"""Every constructor and builder of the Python API validates its arguments: a null node, a node
of the wrong kind, an enum or dtype that is neither a member nor a member's name, an integer out
of range raise TypeError / ValueError naming the argument, never crash the process and never
show a raw pybind11 message. Hand-built programs are checked for what the parser guarantees
before a pass or the simulator walks them."""

import numpy as np
import pytest

import tilesplit
from pypto import DataType, ir, passes
from pypto.ir.op import tile_ops as T
from tilesplit import sim

sp = ir.Span.unknown()
FP32 = DataType.FP32


def kernel(qk_type=None, extra=lambda popped, qk: []):
    qk = ir.Var("qk", qk_type or ir.TileType([16, 32], FP32, memory_space=ir.MemorySpace.Mat), sp)
    out = ir.Var("out_0", ir.TensorType([16, 32], FP32), sp)
    popped = ir.Var("popped", ir.TileType([16, 32], FP32, memory_space=ir.MemorySpace.Vec), sp)
    move = T.move(qk, target_memory=ir.MemorySpace.Vec, span=sp)
    store = T.store(popped, [0, 0], out, span=sp)
    r = ir.Var("r", store.type, sp)
    stmts = [ir.AssignStmt(popped, move, sp), *extra(popped, qk), ir.AssignStmt(r, store, sp),
             ir.ReturnStmt([r], sp)]
    f = ir.Function("k", [(qk, ir.ParamDirection.In), (out, ir.ParamDirection.Out)], [out.type],
                    ir.SeqStmts(stmts, sp), sp, type=ir.FunctionType.InCore,
                    attrs={"split": ir.SplitMode.UP_DOWN})
    return ir.Program([f], "", sp), popped


@pytest.mark.parametrize("build,error,fragment", [
    (lambda: ir.Program([None], "", sp), TypeError, "Program(): argument 'functions'[0] must be a Function"),
    (lambda: ir.SeqStmts([None], sp), TypeError, "SeqStmts(): argument 'stmts'[0] must be a Stmt"),
    (lambda: ir.SeqStmts(None, sp), TypeError, "SeqStmts(): argument 'stmts' must be a list"),
    (lambda: ir.SplitAivScopeStmt(ir.SplitMode.UP_DOWN, body=None, span=sp), TypeError,
     "SplitAivScopeStmt(): argument 'body' must be a Stmt"),
    (lambda: ir.SplitAivScopeStmt("SIDEWAYS", body=ir.SeqStmts([], sp), span=sp), ValueError,
     "argument 'split': 'SIDEWAYS' is not a SplitMode"),
    (lambda: ir.Var("x", None, sp), TypeError, "Var(): argument 'type' must be a Type"),
    (lambda: ir.Var("x", ir.ScalarType(FP32), "here"), TypeError, "Var(): argument 'span' must be a Span"),
    (lambda: ir.TileType([128, 128], FP32, memory_space="Vex"), ValueError,
     "TileType(): argument 'memory_space': 'Vex' is not a MemorySpace; did you mean 'Vec'?"),
    (lambda: ir.TileType([128, -1], FP32), ValueError, "TileType(): argument 'shape'[1]: must be in [0, 2147483647], got -1"),
    (lambda: ir.TileType([2**40], FP32), ValueError, "argument 'shape'[0]"),
    (lambda: ir.TileType([16, "16"], FP32), TypeError, "argument 'shape'[1] must be an int or an integer scalar Expr"),
    (lambda: ir.ScalarType("FP33"), ValueError, "'FP33' is not a DataType; did you mean 'FP32'?"),
    (lambda: ir.ScalarType(None), TypeError, "ScalarType(): argument 'dtype' must be a DataType"),
    (lambda: ir.ConstInt(2**70), ValueError, "ConstInt(): argument 'value': must be a 64-bit integer"),
    (lambda: ir.ConstInt(1, "INTT32"), ValueError, "did you mean 'INT32'?"),
    (lambda: ir.AssignStmt(None, 1, sp), TypeError, "AssignStmt(): argument 'var' must be a Var"),
    (lambda: ir.EvalStmt(ir.ScalarType(FP32), sp), TypeError, "EvalStmt(): argument 'expr' must be an Expr"),
    (lambda: ir.IfStmt(True, None, None, [], sp), TypeError, "IfStmt(): argument 'then_body' must be a Stmt"),
    (lambda: ir.ScopeStmt("CORE_GROPU", ir.SeqStmts([], sp), sp), ValueError, "did you mean 'CORE_GROUP'?"),
    (lambda: ir.Function("f", [None], [], ir.SeqStmts([], sp), sp), TypeError,
     "Function(): argument 'params'[0] must be a Var, a Param or a (Var, ParamDirection) pair"),
    (lambda: ir.Function("f", [], [], ir.SeqStmts([], sp), sp, type="Incor"), ValueError,
     "did you mean 'InCore'?"),
    (lambda: ir.Call("tile.ad", [], sp), ValueError, "no registered operator 'tile.ad'; did you mean 'tile.add'?"),
    (lambda: ir.Call("tile.add", [None], sp), TypeError, "Call(): argument 'args'[0] must be an Expr"),
    (lambda: ir.TupleGetItem(ir.ConstInt(1), 0, sp), TypeError, "a tuple-typed Expr"),
])
def test_constructors_name_the_bad_argument(build, error, fragment):
    with pytest.raises(error) as e:
        build()
    assert fragment in str(e.value)
    for raw in ("incompatible", "Unable to cast"):
        assert raw not in str(e.value)


def test_enums_and_dtypes_by_name():
    assert ir.TileType([128, 128], FP32, memory_space="Vec") == \
        ir.TileType([128, 128], FP32, memory_space=ir.MemorySpace.Vec)
    assert ir.ScalarType("fp16") == ir.ScalarType(DataType.FP16)
    assert ir.SplitAivScopeStmt("UP_DOWN", body=ir.SeqStmts([], sp), span=sp).mode == \
        ir.SplitMode.UP_DOWN


def test_functions_taking_nodes_refuse_none():
    with pytest.raises(TypeError, match="takes a tilesplit.ir.Program"):
        passes.lower_auto_vector_split()(None)
    with pytest.raises(TypeError, match="argument 'program' must be a Program, got None"):
        tilesplit._core.run_pipeline(None, [])
    with pytest.raises(TypeError):
        ir.structural_equal(None, None)
    with pytest.raises(TypeError, match="argument 'program' must be a Program"):
        sim.run(None)


def test_a_loop_returning_more_than_it_carries_is_rejected_not_crashed():
    def loop(popped, qk):
        i = ir.Var("i", ir.ScalarType(DataType.INDEX), sp)
        y = ir.Var("y", popped.type, sp)
        return [ir.ForStmt(i, 0, 4, 1, [], ir.SeqStmts([ir.YieldStmt([], sp)], sp), [y], sp)]
    bad, _ = kernel(extra=loop)
    with pytest.raises(tilesplit.UserError, match="has 0 iter args but 1 return variable"):
        tilesplit.passes.pipeline("check-pipeline")(bad)


def test_a_variable_defined_twice_is_rejected():
    def again(popped, qk):
        return [ir.AssignStmt(popped, T.move(qk, target_memory=ir.MemorySpace.Vec, span=sp), sp)]
    bad, _ = kernel(extra=again)
    with pytest.raises(tilesplit.UserError, match="'popped' is defined twice"):
        passes.lower_auto_vector_split()(bad)


def test_sim_run_and_check_take_arrays_for_tile_parameters():
    program, _ = kernel()
    qk = np.arange(16 * 32, dtype=np.float32).reshape(16, 32)
    out = sim.run(program, {"qk": qk})["out_0"]
    assert (out == qk).all()
    result = sim.check(program, inputs={"qk": qk})
    assert result, result.report
    with pytest.raises(tilesplit.UserError, match="shape"):
        sim.run(program, {"qk": np.ones((4, 4), np.float32)})
    with pytest.raises(tilesplit.UserError, match="did you mean 'qk'"):
        sim.run(program, {"qkk": qk})
    with pytest.raises(TypeError, match="argument 'inputs'"):
        sim.run(program, [qk])


def test_unknown_function_name_suggests_the_nearest():
    program, _ = kernel()
    with pytest.raises(KeyError, match="did you mean 'k'"):
        program.function("kk")


@pytest.mark.parametrize("build,fragment", [
    (lambda: ir.Var(), "Var(): the arguments () match no signature of Var(name_hint, type, span = None)"),
    (lambda: ir.TileType(shape=[1]), "TileType(): the arguments (shape=) match no signature"),
    (lambda: ir.ForStmt(), "kind = ForKind.range"),
    (lambda: ir.Call(), "Call(op, args, *args, **kwargs)"),
])
def test_a_call_matching_no_signature_names_the_signatures(build, fragment):
    # pybind11 answers these before any validation runs: its wording must not reach the user.
    with pytest.raises(TypeError) as e:
        build()
    assert fragment in str(e.value)
    assert "incompatible constructor arguments" not in str(e.value)


def test_a_tuple_parameter_is_a_user_error_in_the_simulator():
    out = ir.Var("out_0", ir.TensorType([16, 32], FP32), sp)
    t = ir.Var("t", ir.TupleType([ir.ScalarType(FP32), ir.ScalarType(FP32)]), sp)
    f = ir.Function("k", [t, (out, ir.ParamDirection.Out)], [out.type],
                    ir.SeqStmts([ir.ReturnStmt([out], sp)], sp), sp, type=ir.FunctionType.InCore)
    with pytest.raises(tilesplit.UserError, match="has the tuple type"):
        sim.run(ir.Program([f], "", sp))
