"""pypto.ir.printer: ``python_print`` (the canonical DSL text)."""

from . import python_print  # noqa: F401

__all__ = ["python_print"]
