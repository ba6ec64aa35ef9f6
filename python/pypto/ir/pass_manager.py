"""pypto.ir.pass_manager: ``PassManager`` and ``OptimizationStrategy``.

``OptimizationStrategy.Default`` is the C++ pipeline ``default-pipeline``: PyPTO's passes before
the split, then the split (outline, split, expand, dispatch) -- what ``tilesplit check``,
``pypto.runtime.run`` and a ``@pl.jit`` call lower a program with."""

from __future__ import annotations

import enum

from tilesplit import _core

__all__ = ["PassManager", "OptimizationStrategy"]


class OptimizationStrategy(enum.Enum):
    Default = 0


class PassManager:
    def __init__(self, strategy: OptimizationStrategy = OptimizationStrategy.Default):
        from .. import passes

        self.strategy = strategy
        self.passes = [getattr(passes, n.replace("-", "_"))() for n in _core.SPLIT_PIPELINE]

    @staticmethod
    def get_strategy(strategy: OptimizationStrategy = OptimizationStrategy.Default):
        return PassManager(strategy)

    def get_pass_names(self) -> list:
        return [p.get_name() for p in self.passes]

    def run_passes(self, program):
        for p in self.passes:
            program = p(program)
        return program
