"""pypto.ir.op.system: builders of the ``system.*`` calls tilesplit registers.

tilesplit's cross-core pipes are set up by the core-group model itself, so PyPTO's buffer and
pipe-initialisation ops (``reserve_buffer``, ``import_peer_buffer``,
``aic/aiv_initialize_pipe``) have no operator here and raise NotImplementedError."""

from __future__ import annotations

from ._build import call, module_getattr

__getattr__ = module_getattr("system", __name__)


def tfree_to_aic(tile, span=None, *, split=None, id=None):  # noqa: A002
    return call("system.tfree_to_aic", [tile], {"split": split, "id": id}, span)


def tfree_to_aiv(tile, span=None, *, split=None, id=None):  # noqa: A002
    return call("system.tfree_to_aiv", [tile], {"split": split, "id": id}, span)


def _absent(name: str):
    def build(*_args, **_kwargs):
        raise NotImplementedError(
            f"system.{name}: tilesplit has no such operator (cross-core pipes and their buffers "
            f"are implicit in its core-group model)")

    build.__name__ = name
    return build


reserve_buffer = _absent("reserve_buffer")
import_peer_buffer = _absent("import_peer_buffer")
aic_initialize_pipe = _absent("aic_initialize_pipe")
aiv_initialize_pipe = _absent("aiv_initialize_pipe")
