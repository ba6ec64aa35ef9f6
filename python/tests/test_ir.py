"""tilesplit.parse, printing, read-only inspection and structural equality."""

import pytest

import tilesplit
from tilesplit import ir

KERNEL = """\
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def split_auto(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat],
               out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.add(popped, popped)
    return pl.store(y, [0, 0], out_0)
"""


def test_parse_returns_a_program_with_inspectable_functions():
    program = tilesplit.parse(KERNEL, filename="split.py")
    assert isinstance(program, tilesplit.Program)
    assert program.name == ""
    (f,) = program.functions
    assert f.name == "split_auto"
    assert program.function("split_auto").same_as(f)
    assert f.func_type == ir.FunctionType.InCore
    assert f.attrs == {"split": ir.SplitMode.UP_DOWN}
    assert f.split_mode == ir.SplitMode.UP_DOWN
    assert [p.name for p in f.params] == ["qk", "out_0"]
    assert [p.direction for p in f.params] == [ir.ParamDirection.In, ir.ParamDirection.Out]
    assert f.span.filename == "split.py" and f.span.line == 4


def test_missing_function_is_a_key_error():
    program = tilesplit.parse(KERNEL)
    with pytest.raises(KeyError, match="no_such"):
        program.function("no_such")


def test_types_expose_shape_dtype_memory_and_valid_shape():
    f = tilesplit.parse(KERNEL).functions[0]
    qk = f.params[0].type
    assert isinstance(qk, ir.TileType)
    assert qk.kind == ir.TypeKind.Tile
    assert qk.shape == [128, 128]
    assert qk.valid_shape == [128, 128]
    assert qk.dtype == ir.DataType.FP32
    assert qk.memory == ir.MemorySpace.Mat
    assert qk.view is None
    assert qk.effective_view.blayout == ir.TileLayout.col_major
    out = f.params[1].type
    assert isinstance(out, ir.TensorType)
    assert out.shape == [128, 128] and out.dtype == ir.DataType.FP32
    assert str(out) == "pl.Tensor[[128, 128], pl.FP32]"
    (ret,) = f.return_types
    assert isinstance(ret, ir.TensorType)


def test_statements_calls_and_vars():
    f = tilesplit.parse(KERNEL).functions[0]
    stmts = f.statements
    assert [s.kind for s in stmts] == [ir.StmtKind.Assign, ir.StmtKind.Assign,
                                       ir.StmtKind.Return]
    move = stmts[0]
    assert isinstance(move, ir.AssignStmt)
    assert move.var.name == "popped"
    call = move.value
    assert isinstance(call, ir.Call)
    assert call.op_name == "tile.move"
    assert call.args[0].same_as(f.params[0].var)
    assert call.args[0] == f.params[0].var  # identity, not names
    assert call.kwargs == {"target_memory": ir.MemorySpace.Vec}
    assert call.type.memory == ir.MemorySpace.Vec
    add = stmts[1].value
    assert add.op_name == "tile.add"
    assert add.args[0] == move.var and add.args[1] == move.var
    ret = stmts[2]
    assert isinstance(ret, ir.ReturnStmt)
    (store,) = ret.values
    assert store.op_name == "tile.store"
    offsets = store.args[1]
    assert isinstance(offsets, ir.MakeTuple)
    assert [e.value for e in offsets.elements] == [0, 0]
    assert str(store.args[0]) == "y"


def test_printing_is_canonical_and_reparses():
    program = tilesplit.parse(KERNEL)
    text = program.as_python()
    assert str(program) == text
    assert "def split_auto(" in text
    assert "pl.tile.add(popped, popped)" in text
    again = tilesplit.parse(text, filename="<printed>")
    assert again.as_python() == text
    tilesplit.assert_structural_equal(program, again)


def test_structural_equal_is_alpha_equivalence():
    a = tilesplit.parse(KERNEL)
    b = tilesplit.parse(KERNEL.replace("popped", "moved"))
    result = ir.structural_equal(a, b)
    assert result and result.equal
    assert not ir.structural_equal(a, b, compare_name_hints=True)
    ir.assert_structural_equal(a.functions[0], b.functions[0])


def test_assert_structural_equal_reports_the_first_difference():
    a = tilesplit.parse(KERNEL)
    b = tilesplit.parse(KERNEL.replace("pl.add(popped, popped)", "pl.sub(popped, popped)"))
    result = ir.structural_equal(a, b)
    assert not result
    assert "body" in result.path
    with pytest.raises(AssertionError) as exc:
        ir.assert_structural_equal(a, b)
    message = str(exc.value)
    assert "tile.add" in message and "tile.sub" in message


def test_structural_equal_rejects_mixed_families():
    program = tilesplit.parse(KERNEL)
    with pytest.raises(TypeError):
        ir.structural_equal(program, program.functions[0])


def test_parse_error_is_a_located_user_error():
    text = KERNEL.replace("pl.add(popped, popped)", "pl.add(popped, missing)")
    with pytest.raises(tilesplit.UserError) as exc:
        tilesplit.parse(text, filename="broken.py")
    e = exc.value
    assert isinstance(e, ValueError)
    assert e.filename == "broken.py"
    assert e.line == 7
    assert e.col == text.splitlines()[6].index("missing") + 1
    assert "missing" in e.message
    assert e.rendered.startswith(f"broken.py:7:{e.col}: error:")
    assert "pl.add(popped, missing)" in e.rendered  # the quoted source line
    assert str(e) == e.rendered.rstrip("\n")


def test_parse_file_missing_is_a_user_error(tmp_path):
    with pytest.raises(tilesplit.UserError):
        tilesplit.parse_file(tmp_path / "nope.py")


def test_parse_file(tmp_path):
    path = tmp_path / "k.py"
    path.write_text(KERNEL)
    program = tilesplit.parse_file(path)
    assert program.functions[0].span.filename == str(path)


def test_internal_errors_are_distinct():
    with pytest.raises(tilesplit.InternalError) as exc:
        tilesplit._core._raise_internal_error("broken invariant")
    assert not isinstance(exc.value, ValueError)
    assert "internal error: broken invariant" in exc.value.rendered
    with pytest.raises(tilesplit.UserError) as exc2:
        tilesplit._core._raise_user_error("bad input")
    assert exc2.value.line == 0 and exc2.value.rendered.startswith("error: bad input")


def test_parse_rejects_non_text():
    with pytest.raises(TypeError):
        tilesplit.parse(b"bytes")
