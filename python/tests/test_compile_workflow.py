"""The compile-then-run workflow of PyPTO's runtime on the simulator (docs/pypto-programs.md,
"Compiling to a directory"): kernel.compile / ir.compile to an output directory holding the
lowered program and a manifest, reloading it (in this process and in another), ChipWorker with
resident tensors, benchmark rounds, RunConfig fields, pypto.debug.torch_codegen, concise
printing."""

import json
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

import pypto
import pypto.language as pl
import pypto.language.distributed as pld
from pypto import ir
from pypto.runtime import (BenchmarkStats, ChipWorker, CompiledProgram, DeviceTensor,
                           HardwareOnlyError, RunConfig, benchmark, execute_compiled, run)
from tilesplit import passes as tpasses

R, C = 16, 32
CFG = RunConfig(platform="a2a3sim")


@pl.jit
def add_bare(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        out[:] = pl.add(a, b)
    return out


@pl.jit
def add_typed(a: pl.Tensor[[R, C], pl.FP32], b: pl.Tensor[[R, C], pl.FP32],
              out: pl.Out[pl.Tensor[[R, C], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        out[:] = pl.add(a, b)
    return out


@pl.jit
def accumulate(x: pl.Tensor[[R, C], pl.FP32], acc: pl.InOut[pl.Tensor[[R, C], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        acc[:] = pl.add(acc, x)
    return acc


@pl.jit
def with_scalar(a: pl.Tensor[[R, C], pl.FP32], out: pl.Out[pl.Tensor[[R, C], pl.FP32]],
                n: pl.Scalar[pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP):
        out[:] = pl.add(a, a)
    return out


M = pl.dynamic("M")


@pl.jit
def double_rows(x: pl.Tensor[[M, C], pl.FP32], out: pl.Out[pl.Tensor[[M, C], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        out[:] = pl.add(x, x)
    return out


@pl.program
class AddProgram:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, a: pl.Tensor[[R, C], pl.FP32], b: pl.Tensor[[R, C], pl.FP32],
             out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out[:] = pl.add(a, b)
        return out


@pytest.fixture(autouse=True)
def _build_dir(tmp_path, monkeypatch):
    """A compile without output_dir writes under $PYPTO_PROG_BUILD_DIR: keep it in tmp_path."""
    monkeypatch.setenv("PYPTO_PROG_BUILD_DIR", str(tmp_path / "build_output"))


def arrays(seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((R, C)).astype(np.float32)
    b = rng.standard_normal((R, C)).astype(np.float32)
    return a, b, np.zeros((R, C), np.float32)


# ---------------------------------------------------------------------------------------------
# kernel.compile and the output directory


def test_compile_from_samples_writes_program_and_manifest(tmp_path, monkeypatch):
    monkeypatch.setenv("PYPTO_PROG_BUILD_DIR", str(tmp_path))
    a, b, out = arrays()
    add_bare.__dict__.pop("_compiled", None)  # a fresh compile, under this test's directory
    compiled = add_bare.compile(a, b, out, config=CFG)
    assert isinstance(compiled, CompiledProgram)
    d = compiled.output_dir
    assert d.parent == tmp_path and d.is_dir()
    assert compiled.platform == "a2a3sim"
    assert compiled.param_names == ["a", "b", "out"]
    assert compiled.param_directions == [ir.ParamDirection.In, ir.ParamDirection.In,
                                         ir.ParamDirection.Out]
    assert compiled.output_indices == [2]
    assert compiled.has_return
    manifest = json.loads((d / "manifest.json").read_text())
    assert manifest["entry"] == compiled.entry == "add_bare"
    assert manifest["pipeline"] == "default-pipeline"
    assert manifest["passes"] == tpasses.pipelines()["default-pipeline"]
    assert manifest["params"][0] == {"name": "a", "direction": "In", "kind": "tensor",
                                     "shape": [R, C], "dtype": "FP32"}
    # program.py is the C++ printer's text of the lowered program, and parses back to it.
    text = (d / "program.py").read_text()
    assert text == compiled.lowered.as_python()
    assert ir.structural_equal(pl.loads_program(d / "program.py"), compiled.lowered,
                               enable_auto_mapping=True)
    assert "pl.at" not in text and "add_bare_incore_0" in text
    # The program handed to compile is kept as is (pre-pass here).
    assert "pl.at" in compiled.program.as_python()
    # The same specialization gives the same object; the call runs the lowered program.
    assert add_bare.compile(a, b, out, config=CFG) is compiled
    compiled(a, b, out)
    np.testing.assert_array_equal(out, a + b)


def test_compile_dumps_every_pass(tmp_path):
    a, b, out = arrays()
    compiled = add_bare.compile(a, b, out, config=RunConfig(output_dir=str(tmp_path / "o")))
    dumps = sorted(p.name for p in (compiled.output_dir / "passes_dump").iterdir())
    names = tpasses.pipelines()["default-pipeline"]
    assert len(dumps) == len(names)
    assert dumps[0] == "01_after_InlineFunctions.py"
    assert dumps[-1].endswith("_after_SplitVectorKernel.py")
    last = (compiled.output_dir / "passes_dump" / dumps[-1]).read_text()
    assert last == compiled.lowered.as_python()


def test_compile_from_the_signature_alone():
    compiled = add_typed.compile()
    a, b, out = arrays(1)
    compiled(a, b, out)
    np.testing.assert_array_equal(out, a + b)
    with pytest.raises(TypeError, match="missing 3 required tensor arguments: 'a', 'b', 'out'"):
        add_bare.compile()


def test_a_dynamic_dimension_is_bound_at_each_run(tmp_path):
    compiled = double_rows.compile(config=RunConfig(output_dir=str(tmp_path)))
    assert compiled.params[0]["shape"] == ["M", C]
    for rows in (8, 24):
        x = np.arange(rows * C, dtype=np.float32).reshape(rows, C)
        out = np.zeros_like(x)
        compiled(x, out)
        np.testing.assert_array_equal(out, x + x)
    x = np.ones((40, C), np.float32)
    out = np.zeros_like(x)
    execute_compiled(tmp_path, [x, out])
    np.testing.assert_array_equal(out, 2.0)


def test_compile_binds_the_kernels_own_arguments():
    with pytest.raises(TypeError,
                       match="unexpected keyword argument 'skip_ptoas'.*config=RunConfig"):
        add_typed.compile(skip_ptoas=True)


def test_compile_scalar_literal_is_fixed_and_runtime_stays_a_parameter():
    a, _, out = arrays()
    fixed = with_scalar.compile(n=128)
    assert fixed.param_names == ["a", "out"] and fixed.bound_scalars == {"n": 128}
    fixed(a, out)
    np.testing.assert_array_equal(out, a + a)
    with pytest.raises(TypeError, match="takes 2 arguments"):
        fixed(a, out, 3)
    runtime = with_scalar.compile(n=pl.RUNTIME)
    assert runtime.param_names == ["a", "out", "n"] and runtime.bound_scalars == {}
    out[:] = 0
    runtime(a, out, 7)
    np.testing.assert_array_equal(out, a + a)
    assert with_scalar.compile() is runtime  # leaving it out is pl.RUNTIME


# ---------------------------------------------------------------------------------------------
# ir.compile


def test_ir_compile_program(tmp_path):
    compiled = ir.compile(AddProgram, output_dir=tmp_path / "add", platform="a2a3sim")
    assert compiled.output_dir == tmp_path / "add"
    assert compiled.entry == "main" and compiled.program is AddProgram
    a, b, out = arrays(2)
    assert compiled(a, b, out) is out
    np.testing.assert_array_equal(out, a + b)


def test_ir_compile_of_a_lowered_program_runs_it(tmp_path):
    a, b, out = arrays()
    lowered = add_bare.lower(a, b, out)
    compiled = ir.compile(lowered, output_dir=tmp_path, platform="a2a3sim")
    compiled(a, b, out)
    np.testing.assert_array_equal(out, a + b)


def test_ir_compile_options(tmp_path):
    compiled = ir.compile(AddProgram, output_dir=tmp_path / "p", dump_passes=False,
                          profiling=True,
                          verification_level=pypto.passes.VerificationLevel.ROUNDTRIP)
    assert not (compiled.output_dir / "passes_dump").exists()
    report = (compiled.output_dir / "report" / "pipeline_profile.txt").read_text()
    assert "convert-tensor-to-tile-ops" in report
    rows = json.loads((compiled.output_dir / "report" / "pipeline_profile.json").read_text())
    assert {r["pass"] for r in rows} >= set(tpasses.pipelines()["default-pipeline"])
    ir.compile(AddProgram, output_dir=tmp_path / "e", dump_passes=ir.PassDumpLevel.EXPLICIT)
    assert (tmp_path / "e" / "passes_dump").is_dir()
    with pytest.warns(UserWarning, match=r"compile\(skip_ptoas=True\) has no effect.*ptoas"):
        ir.compile(AddProgram, output_dir=tmp_path / "s", skip_ptoas=True)
    with pytest.raises(HardwareOnlyError, match="distributed_config.*several devices"):
        ir.compile(AddProgram, output_dir=tmp_path / "d", distributed_config={"ranks": 2})
    with pytest.raises(ValueError, match="no device runtime"):
        ir.compile(AddProgram, output_dir=tmp_path / "h", platform="a2a3")
    with pytest.raises(ValueError, match="verification_level"):
        ir.compile(AddProgram, output_dir=tmp_path / "v", verification_level="FULL")


def test_hardware_only_members_are_refused_by_name(tmp_path):
    compiled = ir.compile(AddProgram, output_dir=tmp_path)
    for name in ("chip_callable", "runtime_name", "build_orch_args", "build_call_config"):
        with pytest.raises(HardwareOnlyError, match=f"CompiledProgram.{name} is not available"):
            getattr(compiled, name)


def test_validate_ir_runs_each_pass_against_the_input(tmp_path):
    compiled = ir.compile(AddProgram, output_dir=tmp_path)
    a, b, out = arrays(9)
    results = compiled.validate_ir(a, b, out, rtol=0, atol=0)
    assert [r.pass_name for r in results][0] == "InlineFunctions"
    assert len(results) == len(tpasses.pipelines()["default-pipeline"])
    assert all(r.matches for r in results if r.runnable)
    assert sum(r.runnable for r in results) >= len(results) - 1
    # After from_dir the dumps stand in (the first is the reference); a wrong dump is found.
    dump = sorted((tmp_path / "passes_dump").glob("06_*"))[0]
    dump.write_text(dump.read_text().replace("pl.tile.add(", "pl.tile.sub("))
    reloaded = CompiledProgram.from_dir(tmp_path)
    found = [r.pass_name for r in reloaded.validate_ir(a, b, out) if r.runnable and not r.matches]
    assert found[0] == "ConvertTensorToTileOps"


# ---------------------------------------------------------------------------------------------
# Reloading a directory


def test_from_dir_and_execute_compiled_in_process(tmp_path):
    compiled = ir.compile(AddProgram, output_dir=tmp_path, platform="a2a3sim")
    again = CompiledProgram.from_dir(tmp_path)
    assert again.program is None and again.entry == "main"
    assert again.param_names == compiled.param_names
    assert ir.structural_equal(again.lowered, compiled.lowered, enable_auto_mapping=True)
    a, b, out = arrays(3)
    result = execute_compiled(tmp_path, [a, b, out], platform="a2a3sim")
    assert result.entry == "main"
    np.testing.assert_array_equal(out, a + b)
    with pytest.raises(ValueError, match="compiled for platform 'a2a3sim', not 'a5sim'"):
        execute_compiled(tmp_path, [a, b, out], platform="a5sim")


def test_a_later_process_reloads_and_runs_the_directory(tmp_path):
    work = tmp_path / "artifact"
    add_bare.compile(*arrays(), config=RunConfig(output_dir=str(work)))
    a, b, _ = arrays(4)
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    script = (
        "import sys, numpy as np\n"
        "from pypto.runtime import execute_compiled\n"
        "d = sys.argv[1]\n"
        "a, b = np.load(d + '/a.npy'), np.load(d + '/b.npy')\n"
        "out = np.zeros_like(a)\n"
        "execute_compiled(d + '/artifact', [a, b, out], platform='a2a3sim')\n"
        "np.save(d + '/out.npy', out)\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    subprocess.run([sys.executable, "-c", script, str(tmp_path)], check=True, env=env,
                   timeout=300)
    np.testing.assert_array_equal(np.load(tmp_path / "out.npy"), a + b)


def test_an_edited_program_file_is_what_runs(tmp_path):
    ir.compile(AddProgram, output_dir=tmp_path)
    path = tmp_path / "program.py"
    path.write_text(path.read_text().replace("pl.tile.add(", "pl.tile.sub("))
    a, b, out = arrays(5)
    execute_compiled(tmp_path, [a, b, out])
    np.testing.assert_array_equal(out, a - b)


def test_from_dir_refusals(tmp_path):
    with pytest.raises(FileNotFoundError, match="manifest.json is missing"):
        CompiledProgram.from_dir(tmp_path)
    ir.compile(AddProgram, output_dir=tmp_path)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    manifest["entry"] = "other"
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(ValueError, match="names 'other'"):
        CompiledProgram.load(tmp_path)
    manifest["format"] = 99
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(ValueError, match="format 99"):
        CompiledProgram.from_dir(tmp_path)


# ---------------------------------------------------------------------------------------------
# ChipWorker


def test_chip_worker_keeps_a_resident_tensor_between_runs(tmp_path):
    compiled = accumulate.compile(config=RunConfig(output_dir=str(tmp_path)))
    x = np.full((R, C), 1.5, np.float32)
    host = np.full((R, C), 10.0, np.float32)
    with ChipWorker(config=CFG) as w:
        acc = w.alloc_tensor((R, C), np.float32, init=host)
        assert isinstance(acc, DeviceTensor) and acc.nbytes == R * C * 4
        for _ in range(3):
            assert w.run(compiled, x, acc) is None  # nothing is handed back to the host
        np.testing.assert_array_equal(host, 10.0)  # never copied back on its own
        back = np.zeros((R, C), np.float32)
        w.copy_from(back, acc)
        np.testing.assert_array_equal(back, 14.5)
        raw = np.zeros((R, C), np.float32)
        w.copy_from(raw.ctypes.data, acc.data_ptr, acc.nbytes)  # PyPTO's raw form
        np.testing.assert_array_equal(raw, 14.5)
        w.copy_to(acc, host)
        w.run(compiled, x, acc)
        w.copy_from(back, acc)
        np.testing.assert_array_equal(back, 11.5)
        w.free_tensor(acc)
        with pytest.raises(ValueError, match="freed"):
            w.run(compiled, x, acc)


def test_chip_worker_with_torch_and_a_resident_input(tmp_path):
    torch = pytest.importorskip("torch")
    compiled = add_typed.compile(config=RunConfig(output_dir=str(tmp_path)))
    a = torch.randn(R, C)
    b = torch.randn(R, C)
    with ChipWorker(config=CFG) as w:
        resident = w.alloc_tensor((R, C), torch.float32, init=b)
        for _ in range(2):
            out = torch.zeros(R, C)
            assert w.run(compiled, a, resident, out) is out
            assert torch.equal(out, a + b)
        out = torch.zeros(R, C)
        compiled(a, resident, out)  # inside the block: dispatched on w
        assert torch.equal(out, a + b)


def test_a_device_tensor_is_not_specialized_on():
    a, b, out = arrays()
    with ChipWorker(config=CFG) as w:
        t = w.alloc_tensor((R, C), np.float32, init=b)
        with pytest.raises(TypeError, match="missing inferred tensor metadata for parameter 'b'"):
            add_bare(a, t, out)


def test_register_handles_and_close(tmp_path):
    compiled = add_typed.compile(config=RunConfig(output_dir=str(tmp_path)))
    worker = ChipWorker(config=CFG)
    handle = worker.register(compiled)
    assert worker.register(compiled) is handle
    a, b, out = arrays(6)
    for _ in range(2):
        handle(a, b, out)
    np.testing.assert_array_equal(out, a + b)
    other = ChipWorker(config=CFG)
    t = worker.alloc_tensor((R, C), np.float32)
    with pytest.raises(ValueError, match="belongs to the ChipWorker that allocated it"):
        other.run(compiled, a, t, out)
    with handle:
        pass
    with pytest.raises(ValueError, match="released"):
        handle(a, b, out)
    worker.close()
    with pytest.raises(ValueError, match="closed"):
        worker.run(compiled, a, b, out)
    with pytest.raises(ValueError, match="freed"):
        other.run(compiled, a, t, out)


def test_a_worker_honours_check(tmp_path, monkeypatch):
    import tilesplit.runtime as trt

    seen = []
    real = trt.run_program
    monkeypatch.setattr(trt, "run_program",
                        lambda *a, **k: seen.append((k["lower"], k["check"])) or real(*a, **k))
    compiled = ir.compile(AddProgram, output_dir=tmp_path)
    a, b, out = arrays(10)
    with ChipWorker(config=RunConfig(platform="a2a3sim", check=True)) as w:
        w.run(compiled, a, w.alloc_tensor((R, C), np.float32, init=b), out)
    np.testing.assert_array_equal(out, a + b)
    assert seen == [(False, True)]  # the compiled program as it is, checked


def test_worker_platform_checks(tmp_path):
    compiled = ir.compile(AddProgram, output_dir=tmp_path, platform="a2a3sim")
    with pytest.raises(ValueError, match="compiled for platform 'a2a3sim', not 'a5sim'"):
        ChipWorker(config=RunConfig(platform="a5sim")).register(compiled)
    with pytest.raises(ValueError, match="no device runtime"):
        ChipWorker(config=RunConfig(platform="a2a3"))
    with pytest.raises(ValueError, match="only device"):
        ChipWorker(config=CFG, device_id=3)
    with pytest.raises(TypeError, match="dispatches a CompiledProgram"):
        ChipWorker(config=CFG).run(AddProgram, *arrays())


def test_distributed_execution_is_refused_by_name(tmp_path):
    from pypto.runtime import DistributedWorker

    with pytest.raises(HardwareOnlyError, match="DistributedWorker is not available.*ranks"):
        DistributedWorker()
    with pytest.raises(HardwareOnlyError, match="prepare"):
        ir.compile(AddProgram, output_dir=tmp_path).prepare()


@pl.jit
def push_to_peer(x: pl.Tensor[[R, C], pl.FP32], win: pld.DistributedTensor[[R, C], pl.FP32],
                 out: pl.Out[pl.Tensor[[R, C], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        pld.tensor.remote_store(x, win, 1, [0, 0])
        out = pl.assemble(out, pl.add(x, x), [0, 0])
    return out


def test_a_jit_call_communicating_between_ranks_is_refused():
    a = np.zeros((R, C), np.float32)
    with pytest.raises(ValueError, match="pld.tensor.remote_store: communication between ranks "
                                         "runs only on the hardware") as e:
        push_to_peer(a, a.copy(), a.copy(), config=CFG)
    assert "pld.tensor.remote_store(x, win, 1, [0, 0])" in str(e.value)  # located at the call


def test_communication_between_ranks_is_refused_where_it_is_written():
    # pypto.runtime.run refuses a program holding a pld.* transfer before running anything, located
    # at the call (the simulator runs one core group of one rank); the conversion itself is built.
    from pypto.runtime import run

    @pl.program
    class Push:
        @pl.function(type=pl.FunctionType.InCore)
        def kernel(self, x: pl.Tensor[[R, C], pl.FP32], dst: pld.DistributedTensor[[R, C], pl.FP32],
                   y: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
            pld.tensor.remote_store(x, dst, 1, [0, 0])
            y = pl.assemble(y, pl.add(x, x), [0, 0])
            return y

        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, x: pl.Tensor[[R, C], pl.FP32], dst: pld.DistributedTensor[[R, C], pl.FP32],
                 y: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
            y = self.kernel(x, dst, y)
            return y

    a = np.zeros((R, C), np.float32)
    with pytest.raises(ValueError, match="pld.tensor.remote_store: communication between ranks "
                                         "runs only on the hardware") as e:
        run(Push, a, a.copy(), a.copy(), config=CFG)
    assert "pld.tensor.remote_store(x, dst, 1, [0, 0])" in str(e.value)  # located at the call


# ---------------------------------------------------------------------------------------------
# benchmark


def test_benchmark_rounds(tmp_path):
    compiled = ir.compile(AddProgram, output_dir=tmp_path)
    a, b, out = arrays(7)
    stats = benchmark(compiled, [a, b, out], rounds=4, warmup=1, platform="a2a3sim")
    assert isinstance(stats, BenchmarkStats)
    assert stats.rounds == 4 and len(stats.invocations) == 4 and len(stats.samples) == 4
    assert all(t > 0 for t in stats.host_wall_us)
    assert stats.host_wall_us_min <= stats.host_wall_us_median <= stats.host_wall_us_max
    assert stats.all_zero_device and stats.device_wall_us_median == 0 == stats.device_us_min
    np.testing.assert_array_equal(out, a + b)
    again = benchmark(tmp_path, [a, b, out], rounds=1, warmup=0)  # a directory works too
    assert again.rounds == 1
    with pytest.raises(ValueError, match="not both"):
        benchmark(compiled, [a, b, out], platform="a2a3sim", config=CFG)


# ---------------------------------------------------------------------------------------------
# RunConfig fields


@pytest.mark.parametrize("field, value, why", [
    ("device_id", 1, "the simulator is the only device"),
    ("enable_pmu", True, "performance monitoring unit"),
    ("ring_heap", 1 << 20, "task rings"),
    ("aicpu_thread_num", 4, "AICPU"),
    ("rtol", 1e-3, "no golden"),
    ("golden_data_dir", "g", "no golden"),
    ("dump_passes", True, "configures compile"),
    ("no_such_field", 1, "no setting of that name"),
])
def test_run_config_fields_warn_by_name(field, value, why):
    a, b, out = arrays()
    with pytest.warns(UserWarning, match=f"RunConfig\\({field}=.*has no effect.*{why}"):
        add_typed(a, b, out, config=RunConfig(**{field: value}))
    np.testing.assert_array_equal(out, a + b)


def test_run_config_codegen_only_compiles_and_runs_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("PYPTO_PROG_BUILD_DIR", str(tmp_path))
    a, b, out = arrays()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compiled = run(AddProgram, a, b, out, config=RunConfig(codegen_only=True))
    assert isinstance(compiled, CompiledProgram) and (compiled.output_dir / "program.py").exists()
    assert not out.any()
    result = run(compiled, a, b, out, config=CFG)
    np.testing.assert_array_equal(out, a + b)
    assert result.entry == "main"


def test_the_compile_config_applies_to_the_compiled_calls(tmp_path, monkeypatch):
    import tilesplit.runtime as trt

    seen = []
    real = trt.run_program
    monkeypatch.setattr(trt, "run_program",
                        lambda *a, **k: seen.append(k["check"]) or real(*a, **k))
    compiled = add_typed.compile(config=RunConfig(check=True, dump_passes=False))
    a, b, out = arrays()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # dump_passes was honoured by compile: no warning
        compiled(a, b, out)
    assert seen == [True]
    with pytest.warns(UserWarning, match=r"RunConfig\(enable_pmu=True\) has no effect"):
        add_typed.compile(config=RunConfig(enable_pmu=True))(a, b, out)


def test_compile_config_fields_are_honoured_by_compile(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compiled = add_typed.compile(config=RunConfig(output_dir=str(tmp_path / "c"),
                                                      dump_passes=False, profiling=True))
    assert compiled.output_dir == tmp_path / "c"
    assert not (compiled.output_dir / "passes_dump").exists()
    assert (compiled.output_dir / "report" / "pipeline_profile.txt").exists()


# ---------------------------------------------------------------------------------------------
# pypto.debug, printing, loading text


def test_torch_codegen_runs_the_programs_semantics():
    from pypto.debug import torch_codegen

    a, b, out = arrays(8)
    for prog in (add_typed.lower(), add_typed.program()):
        src = torch_codegen(prog, check_shapes=True)
        assert "def add_typed(a, b, out):" in src and "torch" in src
        namespace = {}
        exec(compile(src, "<torch_codegen>", "exec"), namespace)
        out[:] = 0
        assert namespace["add_typed"](a, b, out) is out
        np.testing.assert_array_equal(out, a + b)
        with pytest.raises(AssertionError, match="a: axis 0 must be 16"):
            namespace["add_typed"](np.zeros((8, C), np.float32), b, out)
    with pytest.raises(TypeError, match="Program or a Function"):
        torch_codegen("text")


def test_as_python_concise_drops_assignment_annotations():
    prog = add_typed.lower()
    full = prog.as_python()
    concise = prog.as_python(concise=True)
    assert concise != full and ": pl.Tile[" not in concise and ": pl.Tile[" in full
    assert "def add_typed(self, a: pl.Tensor[[16, 32], pl.FP32]" in concise  # signatures kept
    assert ir.python_print(prog, concise=True) == concise
    fn = prog.function("add_typed_incore_0")
    assert ": pl.Tile[" not in fn.as_python(concise=True)


def test_loads_program_reads_a_pass_dump(tmp_path):
    compiled = ir.compile(AddProgram, output_dir=tmp_path)
    dump = sorted((tmp_path / "passes_dump").iterdir())[4]  # after outline-incore-scopes
    prog = pl.loads_program(dump)
    assert prog.get_function("main") is not None and len(prog.functions) == 2
