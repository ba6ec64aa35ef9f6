"""PyPTO's flagship example, pypto-programs/03_mixed_kernel.py, unchanged: each of its three modes
prints OK (its own check: allclose against a.float() @ b.float() + bias at rtol = atol = 1e-2),
and each @pl.jit kernel's split program equals the program as written, bit for bit."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import ROOT, TENSOR_PASSES, import_program_module, require_passes, \
    require_programs, require_torch

MODES = {"mixed": "mixed_matmul_bias", "staged": "staged_matmul_bias",
         "left_right": "mixed_matmul_bias_lr"}


@pytest.mark.parametrize("mode", sorted(MODES))
def test_mode_prints_ok(mode):
    path = require_programs("03_mixed_kernel.py")
    require_torch()
    require_passes(*TENSOR_PASSES)
    env = dict(os.environ, PYTHONPATH=str(ROOT / "build" / "python"))
    proc = subprocess.run([sys.executable, str(path), "--mode", mode, "-p", "a2a3sim"],
                          capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "OK", proc.stdout


@pytest.mark.parametrize("mode", sorted(MODES))
def test_mode_split_equals_unsplit(mode):
    path = require_programs("03_mixed_kernel.py")
    torch = require_torch()
    require_passes(*TENSOR_PASSES)
    module = import_program_module(path, "pypto_03_mixed_kernel")
    from pypto.runtime import RunConfig

    torch.manual_seed(1)
    a = torch.randn(module.M, module.K, dtype=torch.float16)
    b = torch.randn(module.K, module.N, dtype=torch.float16)
    bias = torch.randn(module.M, module.N, dtype=torch.float32)
    out = torch.zeros(module.M, module.N, dtype=torch.float32)
    # check=True raises SimulationError unless every output element is bit-equal.
    getattr(module, MODES[mode])(a, b, bias, out, config=RunConfig(platform="a2a3sim", check=True))
    expected = a.float() @ b.float() + bias
    assert torch.allclose(out, expected, rtol=1e-2, atol=1e-2)
