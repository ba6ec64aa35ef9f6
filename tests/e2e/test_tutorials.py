"""The self-checking programs of PyPTO's tutorials run unchanged on tilesplit.

PyPTO's user guide (../shared/peer/pypto-docs/user/tutorials/) walks through elementwise ops, a
softmax, matmuls, a mixed kernel and a task graph. Every fenced Python block there that is a whole
program (it imports pypto.language, calls a kernel with `config=RunConfig(...)` and asserts its
result against torch) runs here as written, in a child process, on the simulator; its own assert is
the check, at its own tolerance. Fragments (no run, or names from the surrounding text) are not
programs and are not run.
"""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys

import pytest

from conftest import ROOT, require_torch

TUTORIALS = (ROOT.parent / "shared" / "peer" / "pypto-docs" / "user" / "tutorials").resolve()
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def _programs():
    if not TUTORIALS.exists():
        return []
    found = []
    for md in sorted(TUTORIALS.glob("*.md")):
        for i, block in enumerate(BLOCK.findall(md.read_text())):
            if ("import pypto.language as pl" in block and "config=RunConfig(" in block
                    and "assert " in block):
                found.append(pytest.param(block, id=f"{md.stem}[{i}]"))
    return found


PROGRAMS = _programs()


def test_tutorials_present():
    if not TUTORIALS.exists():
        pytest.skip(f"PyPTO's tutorials are not present at {TUTORIALS}")
    assert len(PROGRAMS) >= 5, [p.id for p in PROGRAMS]


@pytest.mark.parametrize("source", PROGRAMS)
def test_tutorial_program_runs_and_passes_its_own_assert(source, tmp_path):
    require_torch()
    script = tmp_path / "program.py"
    script.write_text(source)
    env = dict(os.environ, PYTHONPATH=str(ROOT / "build" / "python"))
    proc = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
