"""tilesplit: a compiler for tile-level NPU kernels (Python interface).

    import tilesplit
    import tilesplit.language as pl
    from tilesplit import passes

    program = tilesplit.parse(text, filename="kernel.py")
    lowered = passes.lower_auto_vector_split()(program)
    print(lowered)

See docs/python.md for the whole interface.
"""

from ._errors import InternalError, Note, UserError
from . import _core
from . import ir
from . import passes
from . import sim
from .ir import Program, assert_structural_equal, parse, parse_file, structural_equal

__version__: str = _core.__version__  # the same as `tilesplit --version`

__all__ = [
    "parse", "parse_file", "Program", "structural_equal", "assert_structural_equal",
    "UserError", "InternalError", "Note", "ir", "passes", "sim", "__version__",
]
