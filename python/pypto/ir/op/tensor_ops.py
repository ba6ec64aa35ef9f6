"""pypto.ir.op.tensor: builders of ``tensor.*`` calls, generic over the registered signatures
(``tensor.aiv_shard(t, split=1)``)."""

from __future__ import annotations

from ._build import module_getattr

__getattr__ = module_getattr("tensor", __name__)
