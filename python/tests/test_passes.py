"""tilesplit.passes: generated factories, Pass objects, PassContext and its instruments."""

import pytest

import tilesplit
import tilesplit.language as pl
from tilesplit import _core, passes


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def kernel(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat],
           out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    return pl.store(y, [0, 0], out_0)


def test_one_factory_per_registered_pass():
    names = [name for name, _ in _core.registered_passes()]
    assert "lower-auto-vector-split" in names
    assert passes.registered() == sorted(names)
    for name in names:
        factory = getattr(passes, name.replace("-", "_"))
        assert factory.__name__ == name.replace("-", "_")
        p = factory()
        assert isinstance(p, passes.Pass) and p.name == name
        assert passes.get(name) is factory
        assert passes.get(name.replace("-", "_")) is factory
        assert name.replace("-", "_") in passes.__all__


def test_unknown_pass_name():
    with pytest.raises(KeyError, match="no registered pass 'nope'"):
        passes.get("nope")


def test_lower_auto_vector_split_properties_follow_the_spec():
    p = passes.lower_auto_vector_split()
    assert "AivSplitValid" in p.required
    assert "AivSplitLoweredValid" in p.produced
    assert p.invalidated == ["AivSplitValid"]
    assert "lower-auto-vector-split" in repr(p)


def test_pass_takes_a_program():
    with pytest.raises(TypeError):
        passes.lower_auto_vector_split()("not a program")


class Recorder(passes.PassInstrument):
    def __init__(self, log, tag):
        self.log, self.tag = log, tag

    def before_pass(self, pass_, program):
        self.log.append((self.tag, "before", pass_.name))

    def after_pass(self, pass_, before, after):
        self.log.append((self.tag, "after", pass_.name, before.same_as(after)))


def test_pass_context_runs_instruments_in_order_and_nests():
    log = []
    outer = passes.PassContext([Recorder(log, "outer")])
    with outer as ctx:
        assert ctx is outer and passes.PassContext.current() is outer
        passes.lower_auto_vector_split()(kernel)
        with passes.PassContext([Recorder(log, "inner")]):
            passes.lower_auto_vector_split()(kernel)
        assert passes.PassContext.current() is outer
    assert passes.PassContext.current() is None
    passes.lower_auto_vector_split()(kernel)  # no context: no instruments
    assert log == [
        ("outer", "before", "lower-auto-vector-split"),
        ("outer", "after", "lower-auto-vector-split", False),
        ("inner", "before", "lower-auto-vector-split"),
        ("inner", "after", "lower-auto-vector-split", False),
    ]


def test_pass_context_rejects_non_instruments():
    with pytest.raises(TypeError):
        passes.PassContext([object()])


def test_sequential_runs_each_pass():
    log = []
    with passes.PassContext([Recorder(log, "seq")]):
        out = passes.Sequential([passes.lower_auto_vector_split()])(kernel)
    assert out.functions[0].attrs["split_aiv"] is True
    assert [entry[1] for entry in log] == ["before", "after"]


def test_round_trip_instrument_accepts_a_correct_pass():
    with passes.PassContext([passes.RoundTrip()]):
        out = passes.lower_auto_vector_split()(kernel)
    assert "pl.tile.aiv_shard" in out.as_python()



def test_round_trip_instrument_reports_a_broken_output_as_internal_error():
    instrument = passes.RoundTrip()

    class FakeOutput:
        def as_python(self):
            return "this is not a kernel\n"

    with pytest.raises(tilesplit.InternalError, match="does not parse back"):
        instrument.after_pass(passes.lower_auto_vector_split(), kernel, FakeOutput())


def test_verify_properties_instrument_records_what_it_checked():
    instrument = passes.VerifyProperties()
    with passes.PassContext([instrument]):
        passes.lower_auto_vector_split()(kernel)
    p = passes.lower_auto_vector_split()
    checked = {prop for (_, prop, _) in instrument.verified}
    for prop in p.required + p.produced:
        assert (prop in checked) == _core.has_verifier(prop)
        assert (prop in instrument.unverified) != _core.has_verifier(prop)


def test_pass_user_errors_propagate_through_instruments():
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def scoped(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc],
               out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
        with pl.at(level=pl.Level.CORE_GROUP):
            popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
            y = pl.exp(popped)
        return pl.store(y, [0, 0], out_0)

    with passes.PassContext([passes.VerifyProperties(), passes.RoundTrip()]):
        with pytest.raises(tilesplit.UserError, match="still holds a pl.at scope"):
            passes.lower_auto_vector_split()(scoped)


# ---- one instrumentation: the C++ one, shared with the command line


def test_version_is_the_cli_version():
    assert isinstance(tilesplit.__version__, str) and tilesplit.__version__.count(".") == 2
    assert tilesplit.__version__ == _core.__version__


def test_the_check_pipeline_is_registered():
    assert passes.pipelines()["check-pipeline"] == [
        "outline-incore-scopes", "lower-auto-vector-split", "expand-mixed-kernel",
        "split-vector-kernel"]
    # check and pypto.runtime.run lower with default-pipeline: the passes before the split,
    # then the check pipeline's.
    default = passes.pipelines()["default-pipeline"]
    assert list(tilesplit.sim.SPLIT_PIPELINE) == default
    check = passes.pipelines()["check-pipeline"]
    assert [p for p in default if p in check] == check and default[-3:] == check[-3:]
    split = passes.pipeline("check-pipeline")(kernel)
    assert {f.name for f in split.functions} >= {"kernel"}
    with pytest.raises(KeyError, match="no registered pipeline"):
        passes.pipeline("nope")


def test_hooks_receive_the_pass_object_that_was_called():
    seen = []

    class Keep(passes.PassInstrument):
        def before_pass(self, pass_, program):
            seen.append(pass_)

    p = passes.lower_auto_vector_split()
    with passes.PassContext([Keep()]):
        p(kernel)
    assert seen == [p] and seen[0] is p


def test_builtin_instruments_run_in_cpp():
    # Built-ins are C++ objects; one that overrides a hook is called back from C++.
    assert isinstance(passes.RoundTrip()._native(), _core.RoundTripInstrumentation)
    assert isinstance(passes.VerifyProperties()._native(), _core.VerifyPropertiesInstrumentation)

    class Noisy(passes.RoundTrip):
        def after_pass(self, pass_, before, after):
            super().after_pass(pass_, before, after)

    assert isinstance(Noisy()._native(), _core.PythonInstrumentation)


def test_after_hooks_run_in_reverse_order():
    log = []
    with passes.PassContext([Recorder(log, "a"), Recorder(log, "b")]):
        passes.lower_auto_vector_split()(kernel)
    assert [(tag, when) for tag, when, *_ in log] == [
        ("a", "before"), ("b", "before"), ("b", "after"), ("a", "after")]


def test_verify_properties_one_side():
    before_only = passes.VerifyProperties(before=True, after=False)
    with passes.PassContext([before_only]):
        passes.lower_auto_vector_split()(kernel)
    assert {when for (_, _, when) in before_only.verified} <= {"before"}


def test_time_passes_instrument():
    timer = passes.TimePasses()
    with passes.PassContext([timer]):
        passes.pipeline("check-pipeline")(kernel)
    assert [name for name, runs, _ in timer.rows] == passes.pipelines()["check-pipeline"]
    assert all(runs == 1 and seconds >= 0 for _, runs, seconds in timer.rows)
    assert "total" in timer.report()
