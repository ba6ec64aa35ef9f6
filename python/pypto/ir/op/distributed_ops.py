"""pypto.ir.op.distributed: builders of ``pld.system.*`` calls (``notify``, ``wait``), generic
over the registered signatures."""

from __future__ import annotations

from ._build import module_getattr

__getattr__ = module_getattr("pld.system", __name__)
