"""The pypto package raises PyPTO's exception classes with PyPTO's stable message phrases
(section 14 of the API document; docs/python.md lists the phrases not matched and why).

Kernels come from the golden cases that pin the same rejections for the CLI, so one kernel
proves the diagnostic on both faces."""

from pathlib import Path

import pytest

import pypto.language as pl
from pypto import ir, passes
from pypto.language.parser import text_parser
from pypto.language.parser.diagnostics.exceptions import (InvalidOperationError, ParserError,
                                                            ParserSyntaxError)

GOLDEN = Path(__file__).resolve().parents[2] / "tests" / "golden"

REGION = """import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={{"split_aiv": True}})
def f(x: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for {target} in pl.split_aiv({args}):
        t = pl.load(x, [0, 0], [64, 128], target_memory=pl.Mem.Vec)
{extra}        o = pl.store(t, [0, 0], out_0)
    return o
"""
UP_DOWN = "2, mode=pl.SplitMode.UP_DOWN"


def region(target="aiv", args=UP_DOWN, extra=""):
    return REGION.format(target=target, args=args, extra=extra)


@pytest.mark.parametrize("text, cls, phrase", [
    (region(args="3, mode=pl.SplitMode.UP_DOWN"), ParserSyntaxError, r"requires n == 2"),
    (region(args="2"), ParserSyntaxError, r"requires mode="),
    (region(args=UP_DOWN + ", init_values=(x,)"), ParserSyntaxError,
     r"does not accept 'init_values='"),
    (region(args=UP_DOWN + ", optimizations=[]"), ParserSyntaxError,
     r"does not accept 'optimizations='"),
    (region(target="aiv, lane"), ParserSyntaxError, r"single loop variable"),
    (region(extra="        for inner in pl.split_aiv(2, mode=pl.SplitMode.NONE):\n"
                  "            u = pl.exp(t)\n"), ParserSyntaxError, r"nested.*pl\.split_aiv"),
    (region(extra="        break\n"), InvalidOperationError, r"'break' not supported inside"),
    (region(extra="        continue\n"), InvalidOperationError, r"'continue' not supported inside"),
])
def test_parser_errors(text, cls, phrase):
    with pytest.raises(cls, match=phrase) as info:
        text_parser.parse(text, filename="<test>")
    # Both are PyPTO's ParserError and tilesplit's UserError, so still a ValueError.
    assert isinstance(info.value, ParserError) and isinstance(info.value, ValueError)


def test_the_class_follows_the_library_kind_not_the_wording():
    # The library marks a rejected Python construct as such; the class follows that mark, so a
    # message that merely reads alike (here a string in an annotation) stays a syntax error.
    with pytest.raises(InvalidOperationError) as info:
        text_parser.parse(region(extra="        break\n"), filename="<test>")
    assert info.value.category == "unsupported-construct"
    lookalike = region(extra="        u = pl.exp(t, 'break' not supported inside)\n")
    with pytest.raises(ParserSyntaxError) as info:
        text_parser.parse(lookalike, filename="<test>")
    assert info.value.category == ""


def test_the_decorator_raises_parser_errors_too():
    with pytest.raises(ParserSyntaxError, match="must match its auto-inferred shape"):
        @pl.function(type=pl.FunctionType.InCore)
        def wrong_annotation(x: pl.Tensor[[64, 128], pl.FP32]):
            t: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [64, 128],
                                                                 target_memory=pl.Mem.Vec)
            return t


def test_split_aiv_called_from_python():
    with pytest.raises(ValueError, match="must be the integer 2"):
        pl.split_aiv(4, mode=pl.SplitMode.UP_DOWN)


def golden(name):
    return pl.parse_program((GOLDEN / (name + ".py")).read_text(), name + ".py")


@pytest.mark.parametrize("case, phrases", [
    ("lower_auto/reject_ci_on_split_axis", ["automatic split-axis halving", "tile.ci"]),
    ("lower_auto/reject_random_on_split_axis", ["automatic split-axis halving", "tile.random"]),
    ("lower_auto/reject_col_max_over_split_axis_up_down", ["reduces on the split axis"]),
    ("lower_auto/reject_vector_to_cube_full_width", ["full-width vector operand"]),
    ("lower_auto/reject_transpose_swaps_split_axis", ["swaps the split axis"]),
    ("lower_auto/reject_reshape_band_not_contiguous", ["moves the split axis"]),
    ("lower_auto/reject_mixed_with_scope", ["body still contains a scope"]),
    ("regions/reject_region_behind_scope", ["nested inside a scope"]),
    ("regions/reject_scope_inside_region",
     ["a scope survives inside a pl.split_aiv region body"]),
    ("regions/reject_gather_row_lane_dst_offset", ["mixes explicit", "tile.gather_row"]),
])
def test_pass_rejections_carry_the_reference_phrases(case, phrases):
    program = golden(case)
    with pytest.raises(ValueError) as info:
        passes.lower_auto_vector_split()(program)
    for phrase in phrases:
        assert phrase in str(info.value), (phrase, str(info.value))


@pytest.mark.parametrize("case, phrases", [
    ("verifier/a_cube_in_region_fails", ["cube op", "tile.matmul", "region body is AIV work"]),
    ("verifier/b_reduce_split_axis_fails", ["reduces over the split axis"]),
    ("verifier/c_shard_outside_region_fails",
     ["must appear inside a pl.split_aiv region", "tile.aiv_shard"]),
    ("verifier/c_gather_outside_region_fails",
     ["must appear inside a pl.split_aiv region", "tile.aic_gather"]),
    ("verifier/d_shard_from_mat_fails", ["operand is in Mat", "requires Acc"]),
    ("verifier/d_gather_from_acc_fails", ["operand is in Acc", "requires Vec"]),
    ("verifier/e_vector_outside_region_fails",
     ["vector op", "outside every pl.split_aiv region", "pl.split_aiv(2, mode=pl.SplitMode.NONE)"]),
    ("verifier/f_ungathered_to_cube_fails", ["pl.aic_gather"]),
    ("verifier/g_cube_read_in_region_fails", ["pl.aiv_shard"]),
    ("verifier/h_region_not_outlined_fails", ["CORE_GROUP-level region"]),
])
def test_verifier_diagnostics_carry_the_reference_phrases(case, phrases):
    props = passes.IRPropertySet([passes.IRProperty.AivSplitValid])
    diagnostics = passes.PropertyVerifierRegistry.verify(props, golden(case))
    messages = [d.message for d in diagnostics
                if d.severity == passes.DiagnosticSeverity.Error and d.rule_name == "AivSplitValid"]
    assert any(all(p in m for p in phrases) for m in messages), (phrases, messages)


def test_the_split_pass_reports_the_lane_cells():
    # The split pass runs the expansion's checks on a hand-written kernel it leaves as written,
    # so the rejection comes one stage earlier than expand-mixed-kernel, with the same words.
    with pytest.raises(ValueError, match=r"leaves? the two AIV lanes \d+ and \d+ cells"):
        passes.lower_auto_vector_split()(
            golden("lower_auto/reject_hand_written_gather_bands_do_not_abut"))


class ShardIntoMat(ir.IRMutator):
    """Gives the shard an explicit result type in Mat, which the DSL refuses to write but hand-
    built IR can state: check (d) must then name the result's space, not the operand's."""

    def visit_call(self, call):
        call = super().visit_call(call)
        if call.op.name == "tile.aiv_shard":
            t = call.type
            mat = ir.TileType(t.shape, t.dtype, memory_space=ir.MemorySpace.Mat)
            return ir.Call(call.op, call.args, call.kwargs, mat, call.span)
        return call


def test_verifier_names_a_shard_result_in_the_wrong_space():
    program = ShardIntoMat().visit_program(golden("verifier/d_shard_acc_gather_vec_passes"))
    props = passes.IRPropertySet([passes.IRProperty.AivSplitValid])
    messages = [d.message for d in passes.PropertyVerifierRegistry.verify(props, program)
                if d.severity == passes.DiagnosticSeverity.Error and d.rule_name == "AivSplitValid"]
    assert any("its result is in Mat, but it must be Vec" in m for m in messages), messages
