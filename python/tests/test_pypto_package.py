"""The pypto compatibility package, part 1: the package, the DSL alias, pass factories, pass
contexts and instruments, structural equality and the exception classes (docs/python.md)."""

import os
import subprocess
from pathlib import Path

import pytest

import pypto
import pypto.language as pl
import tilesplit
from pypto import DataType, ir, passes

REPO = Path(__file__).resolve().parents[2]
BUILD_PYTHON = Path(tilesplit._core.__file__).resolve().parent.parent
CLI = BUILD_PYTHON.parent / "bin" / "tilesplit"

ROWS = 128
SHAPE = [ROWS, 128]
N = pl.dynamic("N")
DYN_SHAPE = [N, 128]


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def split_auto(qk: pl.Tile[SHAPE, pl.FP32, pl.Mem.Mat],
               out_0: pl.Out[pl.Tensor[[ROWS, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    return pl.store(y, [0, 0], out_0)


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def swaps_split_axis(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc],
                     out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tt = pl.tile.transpose(v, 0, 1)  # swaps
    return pl.store(tt, [0, 0], out_0)


@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def vector_outside_region(a: pl.Tensor[[128, 128], pl.FP32],
                          out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        z = pl.neg(y)
    return pl.store(z, [0, 0], out_0)


# ---- the package and the DSL alias


def test_language_is_the_tilesplit_module():
    assert pl is tilesplit.language
    import pypto.language as again

    assert again is pl and pypto.language is pl
    assert pl.FP32 is DataType.FP32 and pl.Mem is ir.MemorySpace and pl.Mem is ir.Mem


def test_module_level_list_int_and_dynamic_constants_in_shapes():
    qk = split_auto.functions[0].params[0].type
    assert qk.shape == [128, 128] and [int(d.value) for d in qk.shape] == [128, 128]

    @pl.function(type=pl.FunctionType.InCore)
    def dyn(a: pl.Tensor[DYN_SHAPE, pl.FP32], out_0: pl.Out[pl.Tensor[DYN_SHAPE, pl.FP32]]):
        x = pl.load(a, [0, 0], [16, 128], target_memory=pl.Mem.Vec)
        return pl.store(x, [0, 0], out_0)

    dim = dyn.functions[0].params[0].type.shape[0]
    assert isinstance(dim, ir.Var) and dim.name_hint == "N"
    assert "N = pl.dynamic(\"N\")" in pl.rewritten_source(dyn_source_holder)


def dyn_source_holder(a: pl.Tensor[DYN_SHAPE, pl.FP32]):
    return a


def test_parse_program_reads_printed_text():
    ir.assert_structural_equal(pl.parse_program(split_auto.as_python()), split_auto)


def test_split_aiv_called_from_python_checks_the_count():
    with pytest.raises(ValueError, match="must be the integer 2"):
        pl.split_aiv(4, mode=pl.SplitMode.UP_DOWN)


def _run(args, **kw):
    env = dict(os.environ, PYTHONPATH=str(BUILD_PYTHON), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(args, capture_output=True, text=True, env=env, timeout=120, **kw)


@pytest.mark.parametrize("example", sorted(p.name for p in (REPO / "examples").glob("*.py")))
def test_examples_run_under_python_and_the_cli(example):
    path = REPO / "examples" / example
    done = _run(["/usr/bin/python3", str(path)])
    assert done.returncode == 0, done.stderr
    if not CLI.exists():
        pytest.skip("the CLI is not built")
    done = _run([str(CLI), "print", str(path)])
    assert done.returncode == 0, done.stderr


# ---- passes


def test_every_registered_pass_has_a_factory():
    for name, _ in tilesplit._core.registered_passes():
        p = getattr(passes, name.replace("-", "_"))()
        assert isinstance(p, passes.Pass) and p.get_name() == name
        for props in (p.get_required_properties(), p.get_produced_properties(),
                      p.get_invalidated_properties()):
            assert isinstance(props, passes.IRPropertySet)


def test_lower_auto_vector_split_property_declaration():
    p = passes.lower_auto_vector_split()
    assert p.get_required_properties().contains(passes.IRProperty.AivSplitValid)
    assert p.get_invalidated_properties().to_list() == [passes.IRProperty.AivSplitValid]
    assert passes.IRProperty.AivSplitLoweredValid in p.get_produced_properties()
    assert passes.IRProperty.AivSplitValid.name == "AivSplitValid"
    verified = passes.get_verified_properties()
    assert verified.contains(passes.IRProperty.AivSplitValid)


def test_ir_property_members_are_the_cpp_enum():
    # One list: the C++ enum (pass/properties.def) in its order, and its catalogue alike.
    cpp = list(tilesplit._core.Property.__members__)
    assert [p.name for p in passes.IRProperty] == cpp
    assert [name for name, _meaning, _why in tilesplit._core.known_properties()] == cpp
    assert int(tilesplit._core.Property.SSAForm) == 0
    assert tilesplit._core.has_verifier("CallsValid")
    assert not tilesplit._core.has_verifier("NoSuchProperty")


def test_pass_factories_run_the_split_pipeline():
    lowered = passes.lower_auto_vector_split()(split_auto)
    assert lowered.functions[0].attrs["split_aiv"] is True
    expanded = passes.expand_mixed_kernel()(lowered)
    names = sorted(f.name for f in expanded.functions.values())
    assert names == ["split_auto", "split_auto_aic", "split_auto_aiv"]
    dispatched = passes.split_vector_kernel()(expanded)
    assert dispatched.get_function("split_auto_aiv").attrs.get("dual_aiv_dispatch") is True
    assert passes.convert_to_ssa()(split_auto) is not None
    assert passes.outline_incore_scopes()(split_auto) is not None
    pipeline = passes.PassPipeline()
    pipeline.add_pass(passes.lower_auto_vector_split())
    pipeline.add_pass(passes.expand_mixed_kernel())
    ir.assert_structural_equal(pipeline.run(split_auto), expanded)


def test_split_vector_kernel_replays_a_no_split_dual_dispatch_on_lane_1():
    @pl.program
    class Dual:
        @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True})
        def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
            t = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
            s = pl.add(t, t)
            pl.tpush_to_aic(s, split=0)
            return out

    after = passes.split_vector_kernel()(Dual)
    body = after.get_function("k_aiv").body.stmts
    assert body[0].value.op.name == "tile.get_subblock_idx"
    branch = body[1]
    assert isinstance(branch, ir.IfStmt)
    lane1 = branch.else_body.stmts
    assert lane1[0].value.op.name == "tile.create"
    assert [int(d.value) for d in lane1[0].var.type.tile_view.valid_shape] == [0, 0]
    assert lane1[-1].expr.op.name == "tile.tpush_to_aic"
    # A body that reads the lane index already says what each lane does: left as written.
    ir.assert_structural_equal(passes.split_vector_kernel()(after), after)


def test_pass_manager_runs_the_default_strategy():
    from pypto.ir.pass_manager import OptimizationStrategy, PassManager

    manager = PassManager.get_strategy(OptimizationStrategy.Default)
    assert "lower-auto-vector-split" in manager.get_pass_names()
    assert len(PassManager(OptimizationStrategy.Default).run_passes(split_auto).functions) == 3


def test_callback_instruments_and_nested_contexts():
    seen = []
    outer = passes.CallbackInstrument(after_pass=lambda p, prog: seen.append(("outer", p.get_name())))
    inner = passes.CallbackInstrument(
        before_pass=lambda p, prog: seen.append(("before", p.get_name())),
        after_pass=lambda p, prog: seen.append(("after", type(prog).__name__)), name="Inner")
    assert inner.get_name() == "Inner"
    with passes.PassContext([outer]):
        with passes.PassContext([inner]):
            passes.lower_auto_vector_split()(split_auto)
        passes.convert_to_ssa()(split_auto)
        with passes.PassContext([]):
            passes.convert_to_ssa()(split_auto)
    assert seen == [("before", "lower-auto-vector-split"), ("after", "Program"),
                    ("outer", "convert-to-ssa")]


def test_verification_and_roundtrip_instruments():
    with passes.PassContext([passes.VerificationInstrument(passes.VerificationMode.BEFORE_AND_AFTER),
                             ir.make_roundtrip_instrument()]):
        lowered = passes.lower_auto_vector_split()(split_auto)
        with pytest.raises(ValueError, match="outside every pl.split_aiv region"):
            passes.lower_auto_vector_split()(vector_outside_region)
    ir.assert_structural_equal(lowered, passes.lower_auto_vector_split()(split_auto))


def test_verifier_registry_reports_diagnostics():
    props = passes.IRPropertySet()
    props.insert(passes.IRProperty.AivSplitValid)
    assert passes.PropertyVerifierRegistry.verify(props, split_auto) == []
    diagnostics = passes.PropertyVerifierRegistry.verify(props, vector_outside_region)
    errors = [d for d in diagnostics if d.severity == passes.DiagnosticSeverity.Error]
    assert len(errors) == 1
    (d,) = errors
    assert d.rule_name == "AivSplitValid"
    assert "vector operation tile.exp" in d.message and "outside every pl.split_aiv region" in d.message
    assert d.span.is_valid() and __file__ in d.span.to_string()
    with pytest.raises(ValueError, match="AivSplitValid"):
        passes.PropertyVerifierRegistry.verify_or_throw(props, vector_outside_region)
    assert "1 violation" in passes.PropertyVerifierRegistry.generate_report(diagnostics)


def test_property_sets():
    s = passes.IRPropertySet([passes.IRProperty.SSAForm])
    assert not s.empty() and str(s) == "{SSAForm}"
    s.remove(passes.IRProperty.SSAForm)
    assert s.empty() and s == passes.IRPropertySet()


# ---- equality and errors


def test_structural_equal_semantics():
    idx = ir.ScalarType(DataType.INDEX)
    a, b = ir.Var("a", idx), ir.Var("b", idx)
    assert ir.structural_equal(a + 1, a + 1) is True
    assert ir.structural_equal(a, b) is False  # free variables must be the same object
    assert ir.structural_equal(a, b, enable_auto_mapping=True) is True
    with pytest.raises(ValueError, match="Structural equality"):
        ir.assert_structural_equal(a * 2, a * 3)
    # Definition sites map by position, names ignored: two separately parsed kernels are equal.
    again = tilesplit.parse(split_auto.as_python().replace("popped", "moved"))
    assert ir.structural_equal(split_auto, again)


def test_user_errors_are_value_errors_with_the_reference_phrases():
    with pytest.raises(ValueError, match="swaps the split axis") as exc:
        passes.lower_auto_vector_split()(swaps_split_axis)
    assert exc.value.filename == __file__


def test_internal_errors_are_pypto_internal_errors():
    assert pypto.InternalError.__module__ == "pypto"
    assert issubclass(pypto.InternalError, RuntimeError)
    assert not issubclass(pypto.InternalError, ValueError)
    with pytest.raises(pypto.InternalError, match="broken"):
        tilesplit._core._raise_internal_error("broken")
    try:
        tilesplit._core._raise_internal_error("caught")
    except tilesplit.InternalError as e:  # still the tilesplit class
        assert isinstance(e, pypto.InternalError)


def test_backend_and_log_level_harness_names():
    from pypto import backend
    from pypto.backend import BackendType

    backend.reset_for_testing()
    backend.set_backend_type(BackendType.Ascend950)
    with pytest.raises(ValueError):
        backend.set_backend_type(BackendType.Ascend910B)
    backend.reset_for_testing()
    backend.set_backend_type(BackendType.Ascend910B)
    backend.reset_for_testing()
    level = pypto.get_log_level()
    pypto.set_log_level(pypto.LogLevel.ERROR)
    assert pypto.get_log_level() == pypto.LogLevel.ERROR
    pypto.set_log_level(level)


def test_harness_imports():
    from pypto.ir.instruments import make_roundtrip_instrument
    from pypto.ir.printer import python_print
    from pypto.pypto_core import _clear_thread_log_level
    from pypto.pypto_core import passes as core_passes
    from pypto.runtime import RunConfig

    assert core_passes is passes and python_print is ir.python_print
    assert make_roundtrip_instrument().get_name() == "RoundtripInstrument"
    pypto.set_log_level(pypto.LogLevel.DEBUG)
    _clear_thread_log_level()
    assert pypto.get_log_level() == pypto.LogLevel.WARN
    assert RunConfig(platform="a2a3").platform == "a2a3"


def test_sys_path_order_decides_which_pypto_is_imported():
    done = _run(["/usr/bin/python3", "-c", "import pypto; print(pypto.__file__)"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith(str(BUILD_PYTHON)), done.stdout
