"""PyPTO's own tests for this pass family (../shared/peer/pypto-tests), run unmodified against our
pypto package: at least the measured number pass, and every test that fails is one that
docs/peer-conformance.md lists with its reason. PyPTO's unit tests of the passes before the split
(../shared/peer/pypto-upstream-tests) run the same way against their own floor; their failures
are listed in the same page by reason, per file. Skipped when ../shared/peer is not beside the
checkout."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PEER = ROOT.parent / "shared" / "peer" / "pypto-tests"
DOC = ROOT / "docs" / "peer-conformance.md"
AT_LEAST = 86  # docs/peer-conformance.md
UPSTREAM = ROOT.parent / "shared" / "peer" / "pypto-upstream-tests"
UPSTREAM_AT_LEAST = {  # docs/peer-conformance.md, "The passes before the split"
    "test_convert_to_ssa_pass.py": 54,
    "test_flatten_call_expr_pass.py": 34,
    "test_outline_incore_scopes.py": 71,
    "test_infer_tile_memory_space.py": 67,
    "test_convert_tensor_to_tile_ops.py": 152,
}


def _run(work: Path, *args: str) -> str:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rf", "-p", "no:cacheprovider",
                          *args], cwd=work, env=env, capture_output=True, text=True,
                         timeout=600)
    return run.stdout + run.stderr


@pytest.fixture(scope="module")
def outcome(tmp_path_factory):
    if not PEER.is_dir():
        pytest.skip(f"PyPTO's tests are not beside the checkout ({PEER} does not exist)")
    work = tmp_path_factory.mktemp("peer")
    for f in PEER.glob("test_*.py"):
        shutil.copy(f, work)
    text = _run(work, str(work))
    passed = re.search(r"(\d+) passed", text)
    failed = sorted(set(re.findall(r"^FAILED \S+::(test_\w+)", text, re.M)))
    return int(passed.group(1)) if passed else 0, failed, text


def test_at_least_the_measured_number_pass(outcome):
    passed, _, text = outcome
    assert passed >= AT_LEAST, text[-3000:]


def test_every_failure_is_listed_with_its_reason(outcome):
    _, failed, _ = outcome
    listed = set(re.findall(r"`(test_\w+)`", DOC.read_text()))
    unlisted = [name for name in failed if name not in listed]
    assert not unlisted, f"failing PyPTO tests not in docs/peer-conformance.md: {unlisted}"


@pytest.mark.parametrize("name", sorted(UPSTREAM_AT_LEAST))
def test_upstream_file_passes_at_least_the_measured_number(name, tmp_path):
    src = UPSTREAM / name
    if not src.is_file():
        pytest.skip(f"PyPTO's upstream tests are not beside the checkout ({src} does not exist)")
    shutil.copy(src, tmp_path)
    text = _run(tmp_path, name)
    passed = re.search(r"(\d+) passed", text)
    assert passed and int(passed.group(1)) >= UPSTREAM_AT_LEAST[name], text[-3000:]
