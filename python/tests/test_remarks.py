"""PassContext(remarks=...): the passes' remarks, collected in Python (tilesplit and pypto)."""

import pytest

import tilesplit.language as pl
import tilesplit
from tilesplit import passes


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def kernel(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc],
           out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)  # popped
    y = pl.add(popped, popped)
    return pl.store(y, [0, 0], out_0)


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vec_only(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
    return pl.store(x, [0, 0], out_0)


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def rejected(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], tbl: pl.Tensor[[256, 128], pl.FP32],
             indices: pl.Tile[[256, 128], pl.INT32, pl.Mem.Vec],
             out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    src = pl.tile.load(tbl, [0, 0], [256, 128], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([256, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    picked = pl.tile.gather(src, indices, tmp)  # picked
    return pl.store(v, [0, 0], out_0)


def test_no_remarks_unless_asked():
    with passes.PassContext() as ctx:
        passes.lower_auto_vector_split()(kernel)
    assert ctx.remarks == []


def test_every_kind_with_location_and_facts():
    from conftest import marker_line
    with passes.PassContext(remarks=True) as ctx:
        passes.lower_auto_vector_split()(kernel)
    popped = [r for r in ctx.remarks if r.args.get("value") == "popped"]
    assert len(popped) == 1
    r = popped[0]
    assert (r.kind, r.pass_name, r.function) == ("passed", "lower-auto-vector-split", "kernel")
    assert r.line == marker_line(__file__, "popped") and r.filename.endswith("test_remarks.py")
    assert r.args["axis"] == "0" and r.args["half"] == "64"
    assert str(r).endswith("remark: 'popped' is lane-local: halved on axis 0, each lane holds a "
                           "box of 64 of 128 [lower-auto-vector-split, passed]")
    assert any(x.args.get("path") == "AUTO flat" for x in ctx.remarks)


def test_one_kind_only():
    with passes.PassContext(remarks="missed") as ctx:
        passes.lower_auto_vector_split()(vec_only)
        passes.lower_auto_vector_split()(kernel)
    assert [r.kind for r in ctx.remarks] == ["missed", "missed"]
    assert "'vec_only' is not split: it is not mixed" in ctx.remarks[0].message
    assert ctx.remarks[1].args["flat_because"].startswith("the return statement holds vector")


def test_remarks_before_a_rejection_are_kept():
    with passes.PassContext(remarks=["passed", "analysis"]) as ctx:
        with pytest.raises(tilesplit.UserError, match="tile.gather operand 'src' was halved"):
            passes.lower_auto_vector_split(split_extensions=False)(rejected)
    assert [r.args.get("value") for r in ctx.remarks] == ["v", "src", "tmp"]


def test_a_split_extension_is_a_passed_remark_naming_its_cost():
    with passes.PassContext(remarks="passed") as ctx:
        passes.lower_auto_vector_split()(rejected)
    from conftest import marker_line
    ext = [r for r in ctx.remarks if r.args.get("extension") == "whole operands"]
    assert len(ext) == 1 and ext[0].args["value"] == "picked"
    assert "a vector->cube and a cube->vector transfer of 'src' whole" in ext[0].args["cost"]
    assert ext[0].line == marker_line(__file__, "picked")


def test_bad_kind_is_refused():
    with pytest.raises(ValueError, match="unknown remark kind 'everything'"):
        passes.PassContext(remarks="everything")


def test_pypto_pass_context_collects_them_too():
    from pypto import passes as pp
    with pp.PassContext([], remarks="passed") as ctx:
        passes.lower_auto_vector_split()(kernel)
    assert ctx.remarks and all(r.kind == "passed" for r in ctx.remarks)


def test_an_explicit_region_function_gets_each_remark_once():
    # lower-auto-vector-split checks an explicit-region function's rings early; that check made
    # expand-mixed-kernel's ring remark too, so `check --remarks` printed it twice.
    import pathlib
    path = (pathlib.Path(__file__).resolve().parents[2] / "tests" / "golden" / "regions" /
            "admission_aliases_projections_loops.py")
    program = tilesplit.parse_file(str(path))
    with passes.PassContext(remarks=True) as ctx:
        passes.pipeline("check-pipeline")(program)
    lines = [str(r) for r in ctx.remarks]
    assert len(lines) == len(set(lines)), lines
    rings = [r for r in ctx.remarks if "the C2V ring needs" in r.message]
    assert [r.pass_name for r in rings] == ["expand-mixed-kernel"], lines
