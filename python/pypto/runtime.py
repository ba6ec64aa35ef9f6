"""pypto.runtime: run configuration. tilesplit has no device runtime; ``RunConfig`` only records
the platform so that code constructing one keeps working."""

from __future__ import annotations

__all__ = ["RunConfig"]


class RunConfig:
    def __init__(self, platform: str = "a2a3", **options):
        self.platform = platform
        self.options = dict(options)

    def __repr__(self) -> str:
        return f"RunConfig(platform={self.platform!r})"
