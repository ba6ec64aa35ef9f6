"""``pypto.language.parser``: the module path under which PyPTO exposes its DSL parser and its
exceptions. ``pypto.language`` is tilesplit's DSL module itself (a module, not a package), so
the submodules are registered here rather than found on disk."""

from __future__ import annotations

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


def install(package: str) -> None:
    base = package + ".language.parser"
    exceptions = _module(
        base + ".diagnostics.exceptions", "The front end's exceptions.",
        ParserError=_errors.ParserError, ParserSyntaxError=_errors.ParserSyntaxError,
        InvalidOperationError=_errors.InvalidOperationError)
    diagnostics = _module(base + ".diagnostics", "Front-end diagnostics.", exceptions=exceptions,
                          ParserError=_errors.ParserError,
                          ParserSyntaxError=_errors.ParserSyntaxError,
                          InvalidOperationError=_errors.InvalidOperationError)
    text_parser = _module(base + ".text_parser", "Parsing DSL text.", parse=parse)
    parser = _module(base, "The DSL front end.", diagnostics=diagnostics,
                     text_parser=text_parser, parse=parse)
    language.parser = parser
