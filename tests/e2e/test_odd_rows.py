"""The four odd-row @pl.jit kernels of pypto-programs/test_split_odd_axis_codegen.py, run on the
simulator: against exp(a @ w.T) on the valid rows (a @ w.T for the explicit region, which has no
exp), and the split program against the program as written, bit for bit. Our exp and our FP32
matmul are not torch's bit for bit, so the comparison with torch uses a tolerance (rtol = atol =
1e-3: BF16 inputs, FP32 accumulation over K = 128, exp of values of a few units).

`deep_tail_with_independent_value` is a kernel PyPTO rejects (its lanes 8 and 5 have no placeable
transport on the NPU's FIFO). The simulator has no such constraint: either the front end rejects
it with a located error, or `check` proves the split equal -- a recorded divergence
(docs/peer-conformance.md)."""

from __future__ import annotations

import pytest

from conftest import TENSOR_PASSES, import_program_module, require_passes, require_programs, \
    require_torch


@pytest.fixture(scope="module")
def module():
    path = require_programs("test_split_odd_axis_codegen.py")
    require_torch()
    return import_program_module(path, "pypto_test_split_odd_axis_codegen")


def _close(torch, got, want, what):
    assert torch.allclose(got, want, rtol=1e-3, atol=1e-3), (
        f"{what}: max diff {(got - want).abs().max().item()}")


@pytest.mark.parametrize("kernel,valid", [("odd_rows", "ODD_VALID_M"),
                                          ("deep_tail_rows", "DEEP_TAIL_VALID_M")])
def test_odd_valid_rows(module, kernel, valid):
    torch = require_torch()
    require_passes(*TENSOR_PASSES)
    from pypto.runtime import RunConfig

    torch.manual_seed(0)
    m = getattr(module, valid)
    a, w, out = module._args(m)
    getattr(module, kernel)(a, w, out, config=RunConfig(platform="a2a3sim", check=True))
    _close(torch, out[:m], torch.exp(a.float() @ w.float().T), kernel)


def test_deep_tail_with_independent_value(module):
    torch = require_torch()
    require_passes(*TENSOR_PASSES)
    from pypto.runtime import RunConfig
    from tilesplit import UserError

    torch.manual_seed(0)
    m = module.DEEP_TAIL_VALID_M
    a, w, out = module._args(m)
    extra = torch.randn(module.ROWS, module.COLS, dtype=torch.float32)
    out2 = torch.empty(module.ROWS, module.COLS, dtype=torch.float32)
    try:
        module.deep_tail_with_independent_value(a, w, extra, out, out2,
                                                config=RunConfig(platform="a2a3sim", check=True))
    except UserError as e:
        assert ":" in str(e).splitlines()[0] and "error:" in str(e), str(e)  # located
        return
    # Accepted: the split equals the unsplit program (check=True), a divergence from PyPTO.
    _close(torch, out[:m], torch.exp(a.float() @ w.float().T), "out")
    assert torch.equal(out2, extra.abs())


def test_explicit_region_odd_box(module):
    torch = require_torch()
    require_passes(*TENSOR_PASSES)
    from pypto.runtime import RunConfig

    torch.manual_seed(0)
    rows = module.ODD_BOX_ROWS
    a = torch.randn(rows, module.K, dtype=torch.bfloat16)
    w = torch.randn(module.COLS, module.K, dtype=torch.bfloat16)
    out = torch.empty(rows, module.COLS, dtype=torch.float32)
    module.explicit_region_odd_box(a, w, out, config=RunConfig(platform="a2a3sim", check=True))
    _close(torch, out, a.float() @ w.float().T, "out")
