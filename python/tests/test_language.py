"""Kernels written as Python: decorators, outer constants, dynamic dimensions, aliases, and
diagnostics that point at lines and columns of this file."""

import pytest

import tilesplit
import tilesplit.language as pl
import tilesplit.language as tl
from tilesplit import ir

from conftest import column_of, marker_line

WIDTH = 64
SCALE = 0.5
M = pl.dynamic("M")


@pl.function(type=pl.FunctionType.InCore)
def module_level(a: pl.Tensor[[WIDTH, WIDTH], pl.FP32],
                 out_0: pl.Out[pl.Tensor[[WIDTH, WIDTH], pl.FP32]]):
    x = pl.load(a, [0, 0], [WIDTH, WIDTH], target_memory=pl.Mem.Vec)  # module-load
    y = pl.muls(x, SCALE)
    return pl.store(y, [0, 0], out_0)


def test_module_level_function_is_a_program():
    assert isinstance(module_level, tilesplit.Program)
    (f,) = module_level.functions
    assert f.name == "module_level"
    assert f.func_type == ir.FunctionType.InCore


def test_outer_integers_are_static_dimensions():
    f = module_level.functions[0]
    assert f.params[0].type.shape == [64, 64]
    load = f.statements[0].value
    assert load.type.shape == [64, 64]
    muls = f.statements[1].value
    assert isinstance(muls.args[1], ir.ConstFloat) and muls.args[1].value == 0.5


def test_spans_carry_the_lines_of_this_file():
    f = module_level.functions[0]
    assert f.span.filename == __file__
    load = f.statements[0]
    line = marker_line(__file__, "module-load")
    assert load.span.line == line
    assert load.span.col == column_of(__file__, line, "x = pl.load")


def test_function_local_constants_and_closures():
    rows = 32

    @pl.function
    def k(a: pl.Tensor[[rows, WIDTH], pl.FP32]) -> pl.Tensor[[rows, WIDTH], pl.FP32]:
        return a

    assert k.functions[0].params[0].type.shape == [32, 64]
    assert k.functions[0].func_type == ir.FunctionType.Opaque


def test_dynamic_dimension_from_python():
    @pl.function
    def dyn(a: pl.Tensor[[M, WIDTH], pl.FP32], out_0: pl.Out[pl.Tensor[[M, WIDTH], pl.FP32]]):
        x = pl.load(a, [0, 0], [M, WIDTH], target_memory=pl.Mem.Vec)
        return pl.store(x, [0, 0], out_0)

    shape = dyn.functions[0].params[0].type.shape
    assert isinstance(shape[0], ir.Var) and shape[0].name == "M"
    assert shape[1] == 64
    assert "M = pl.dynamic(\"M\")" in dyn.as_python()


def test_other_alias_of_the_module():
    @tl.function(type=tl.FunctionType.InCore)
    def aliased(a: tl.Tensor[[WIDTH, WIDTH], tl.FP32]) -> tl.Tensor[[WIDTH, WIDTH], tl.FP32]:
        return a

    assert aliased.functions[0].params[0].type.shape == [64, 64]


def test_program_class_in_a_function():
    @pl.program
    class Two:
        @pl.function
        def first(self, a: pl.Tensor[[WIDTH, 16], pl.FP32]) -> pl.Tensor[[WIDTH, 16], pl.FP32]:
            return a

        @pl.function(type=pl.FunctionType.InCore)
        def second(self, a: pl.Tensor[[16, WIDTH], pl.FP32]) -> pl.Tensor[[16, WIDTH], pl.FP32]:
            return a

    assert isinstance(Two, tilesplit.Program)
    assert Two.name == "Two"
    assert [f.name for f in Two.functions] == ["first", "second"]
    assert Two.function("second").params[0].type.shape == [16, 64]
    assert "class Two:" in Two.as_python()


def test_parse_error_points_at_line_and_column_of_this_file():
    with pytest.raises(tilesplit.UserError) as exc:
        @pl.function
        def bad(a: pl.Tensor[[WIDTH, WIDTH], pl.FP32]) -> pl.Tensor[[WIDTH, WIDTH], pl.FP32]:
            b = pl.add(a, undefined_name)  # unknown-name
            return b

    e = exc.value
    line = marker_line(__file__, "unknown-name")
    assert (e.filename, e.line) == (__file__, line)
    assert e.col == column_of(__file__, line, "undefined_name")
    assert "undefined_name" in e.message
    assert e.rendered.startswith(f"{__file__}:{line}:{e.col}: error:")
    # The quoted line is this file's, with its indentation, and the caret is under the name.
    rendered_lines = e.rendered.splitlines()
    source = next(s for s in rendered_lines if "# unknown-name" in s)
    caret = rendered_lines[rendered_lines.index(source) + 1]
    assert caret.index("^") - source.index("b = pl.add") == \
        column_of(__file__, line, "undefined_name") - column_of(__file__, line, "b = pl.add")


def test_column_after_a_substituted_constant():
    with pytest.raises(tilesplit.UserError) as exc:
        @pl.function
        def bad(a: pl.Tensor[[WIDTH, WIDTH], pl.FP32]) -> pl.Tensor[[WIDTH, WIDTH], pl.FP32]:
            b = pl.tile.full([WIDTH, WIDTH], dtype=pl.FP32, value=nowhere)  # after-constant
            return b

    line = marker_line(__file__, "after-constant")
    assert exc.value.line == line
    assert exc.value.col == column_of(__file__, line, "nowhere")


def test_error_in_program_class_points_into_the_class():
    with pytest.raises(tilesplit.UserError) as exc:
        @pl.program
        class Broken:
            @pl.function
            def f(self, a: pl.Tensor[[WIDTH, 16], pl.FP32]) -> pl.Tensor[[WIDTH, 16], pl.FP32]:
                return missing_in_class  # class-error

    line = marker_line(__file__, "class-error")
    assert exc.value.line == line
    assert exc.value.col == column_of(__file__, line, "missing_in_class")


def test_placeholders_evaluate_any_annotation():
    assert repr(pl.Tile) == "pl.Tile"
    # Enumerations are the IR's own, so decorator arguments are usable values.
    assert pl.Mem.Vec is tilesplit.ir.MemorySpace.Vec and pl.FP32 is tilesplit.ir.DataType.FP32
    assert repr(pl.dynamic("K")) == 'pl.dynamic("K")'
    pl.Tile[[M + 1, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(M, 3), 64])]
    with pytest.raises(AttributeError):
        pl._private_thing
    with pytest.raises(ValueError):
        pl.dynamic("not an identifier")


def test_misspelt_decorator_is_an_error():
    with pytest.raises(AttributeError, match="pl.functon"):
        @pl.functon(type=pl.FunctionType.InCore)
        def k(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
            return a


def test_decorating_a_non_function_is_a_type_error():
    with pytest.raises(TypeError):
        pl.function(42)
    with pytest.raises(TypeError):
        pl.program(lambda: 0)


def test_source_unavailable_is_a_user_error():
    namespace = {"pl": pl}
    with pytest.raises(tilesplit.UserError, match="cannot read the source"):
        exec("@pl.function\ndef k(a: pl.Scalar[pl.INDEX]):\n    return a\n", namespace)


def test_rewritten_source_keeps_line_numbers():
    def kernel(a: pl.Tensor[[WIDTH, 8], pl.FP32]):
        return a

    text = pl.rewritten_source(kernel)
    lines = text.splitlines()
    first = kernel.__code__.co_firstlineno
    assert lines[first - 1].startswith("def kernel(a: pl.Tensor[[64, 8], pl.FP32]):")
    assert all(not s for s in lines[: first - 1])


def test_node_columns_are_columns_of_this_file():
    @pl.function
    def nested(a: pl.Tensor[[WIDTH, WIDTH], pl.FP32],
               out_0: pl.Out[pl.Tensor[[WIDTH, WIDTH], pl.FP32]]):
        x = pl.load(a, [0, 0], [WIDTH, WIDTH], target_memory=pl.Mem.Vec)  # nested-load
        return pl.store(x, [0, 0], out_0)

    span = nested.functions[0].statements[0].span
    line = marker_line(__file__, "nested-load")
    assert span.line == line
    assert span.col == column_of(__file__, line, "x = pl.load")
    assert span.raw_col == span.col - 4  # the parser saw the dedented text
