"""``pypto.language.parser``: the module path under which PyPTO exposes its DSL parser and its
exceptions. ``pypto.language`` is tilesplit's DSL module itself (a module, not a package), so
the submodules are registered here rather than found on disk."""

from __future__ import annotations

import enum
import sys
import types

from tilesplit import _errors, language


def _module(name: str, doc: str, **attrs) -> types.ModuleType:
    m = types.ModuleType(name, doc)
    for k, v in attrs.items():
        setattr(m, k, v)
    sys.modules[name] = m
    return m


def parse(text: str, filename: str = "<string>"):
    """The Program of DSL text, as PyPTO's ``text_parser.parse`` returns it."""
    return language.parse_program(text, filename)


# The distributed module's enums, with the integer codes the parser gives their members (a call's
# kwargs hold the code: `call.kwargs["atomic"] == int(pld.AtomicType.Add)`).
_DISTRIBUTED_ENUMS = {
    "AtomicType": enum.IntEnum("AtomicType", {"None_": 0, "Add": 1}),
    "ReduceOp": enum.IntEnum("ReduceOp", {"Sum": 0, "Max": 1, "Min": 2, "Prod": 3}),
    "NotifyOp": enum.IntEnum("NotifyOp", {"AtomicAdd": 0, "Set": 1}),
    "WaitCmp": enum.IntEnum("WaitCmp", {"Eq": 0, "Ge": 1}),
}


def _distributed_getattr(name: str):
    # pld.DistributedTensor, pld.WaitCmp.Ge, ...: read by the parser from the source text; here
    # they only have to evaluate as annotations and decorator arguments.
    if name.startswith("_"):
        raise AttributeError(f"module 'pypto.language.distributed' has no attribute '{name}'")
    return language._Placeholder(name)


def install(package: str) -> None:
    distributed = _module(package + ".language.distributed",
                          "``import pypto.language.distributed as pld``: the names of "
                          "distributed programs, read by the parser.")
    distributed.__getattr__ = _distributed_getattr
    for name, members in _DISTRIBUTED_ENUMS.items():
        setattr(distributed, name, members)
    language.distributed = distributed
    base = package + ".language.parser"
    errors = dict(ParserError=_errors.ParserError, ParserSyntaxError=_errors.ParserSyntaxError,
                  InvalidOperationError=_errors.InvalidOperationError,
                  SSAViolationError=_errors.SSAViolationError)
    exceptions = _module(base + ".diagnostics.exceptions", "The front end's exceptions.",
                         **errors)
    diagnostics = _module(base + ".diagnostics", "Front-end diagnostics.", exceptions=exceptions,
                          **errors)
    text_parser = _module(base + ".text_parser", "Parsing DSL text.", parse=parse)
    parser = _module(base, "The DSL front end.", diagnostics=diagnostics,
                     text_parser=text_parser, parse=parse)
    language.parser = parser
