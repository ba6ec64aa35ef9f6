"""The short run of the property-based test of the Python API (ir_fuzz.py): random well- and
ill-formed IR from Python through print, passes, equality, sim.run and sim.check, in a child
process; every case ends in a result or a clean exception, never a signal or a raw pybind11
message; and the same for tensor-level programs built through pypto.ir and run through
default-pipeline and pypto.runtime.run. `make fuzz-python` is the long run."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ir_fuzz  # noqa: E402

pytest.importorskip("hypothesis")


def test_random_ir_from_python_never_crashes():
    # About 20 s: two children of 600 cases on seeds that change with the day, so that the
    # normal test run keeps exploring; the seed is in the failure message.
    import datetime
    base = datetime.date.today().toordinal() % 100000
    for k in range(2):
        r = ir_fuzz.run_chunk(600, base + k, timeout=600)
        assert r["rc"] == 0, (f"seed {base + k}: the child ended with {r['rc']} (a negative "
                              f"code is a signal) in the case {r['case']}\n{r['output']}")
        assert r["stats"].get("cases") == 600, r["output"]


def test_random_tensor_level_programs_from_python_never_crash():
    # Tensor-level programs built through pypto.ir (ir_fuzz.tensor_programs), through
    # default-pipeline and pypto.runtime.run with check=True, in a child process: a result or a
    # clean exception, never a signal. Most of them run end to end (the stats say how many).
    import datetime
    seed = datetime.date.today().toordinal() % 100000 + 7
    r = ir_fuzz.run_chunk(200, seed, timeout=600, tensor_only=True)
    assert r["rc"] == 0, (f"seed {seed}: the child ended with {r['rc']} (a negative code is a "
                          f"signal) in the case {r['case']}\n{r['output']}")
    assert r["stats"].get("cases") == 200, r["output"]
    assert r["stats"].get("tensor_results", 0) > 100, r["stats"]
