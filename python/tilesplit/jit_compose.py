"""Calls between ``@pl.jit`` functions (PyPTO's user guide, language/01-functions.md): an entry
calls a ``@pl.jit.incore`` or ``@pl.jit.inline`` function by its name, and the call is found in
the entry's source. The entry and every function it reaches become the methods of one
``@pl.program`` class, each call ``f(...)`` the call ``self.f(...)`` between them; the text goes
to the C++ parser like any program class, so every rule of the language (and every diagnostic)
stays the parser's. Each function keeps its lines of the file and its columns map back
(``_LineMap.indent``), so a diagnostic in a callee points into the callee.

A callee's ``pl.Tensor`` parameters without a shape take the shape of the caller's parameter the
call passes straight through; anything else the compiler alone could type, so it is refused with
the fix. Callees live in the entry's file (docs/python.md, "Composition")."""

from __future__ import annotations

import ast
import inspect
import textwrap
from typing import Dict, List, Optional, Tuple

from . import language as _lang

_MISSING = object()


class _MemberSpecialization(_lang._JitSpecialization):
    """A jit function's edits as a method of the composed class: ``self`` first among its
    parameters, and each call of another composed function a ``self.`` call."""

    def __init__(self, kind: str, types: Dict[str, str], calls: Dict[str, str]):
        super().__init__(kind, types)
        self.calls = calls  # name as called -> method name

    def edits(self, tree, lines):
        out = super().edits(tree, lines)
        fn = tree.body[0] if tree.body else None
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return out
        line = lines[fn.lineno - 1]
        at = line.find("(", line.find("def "))
        if at >= 0:
            self_text = "self, " if fn.args.args else "self"
            out.append((fn.lineno - 1, at + 1, at + 1, self_text))
        for node in ast.walk(fn):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in self.calls and node.func.lineno == node.func.end_lineno):
                text = lines[node.func.lineno - 1]
                out.append((node.func.lineno - 1, _lang._byte_to_char(text, node.func.col_offset),
                            _lang._byte_to_char(text, node.func.end_col_offset),
                            "self." + self.calls[node.func.id]))
        return out


def _tree(jf) -> Optional[ast.FunctionDef]:
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(jf._fn)))
    except (OSError, TypeError, SyntaxError):
        return None
    fn = tree.body[0] if tree.body else None
    return fn if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def _lookup(jf, name: str):
    value = jf._locals.get(name, _MISSING)
    return jf._globals.get(name, _MISSING) if value is _MISSING else value


def _direct_calls(jf, fn) -> List[Tuple[str, object, ast.Call]]:
    """The calls in ``fn`` of names bound to other jit functions: (name, callee, call)."""
    found = []
    bound = {a.arg for a in fn.args.args}
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in bound:
                continue
            value = _lookup(jf, node.func.id)
            if isinstance(value, _lang.JitFunction) and value is not jf:
                found.append((node.func.id, value, node))
    return found


def _callee_types(caller, callee, call: ast.Call, caller_types: Dict[str, str],
                  into: Dict[str, str]) -> None:
    """The shapes of ``callee``'s unshaped tensor parameters this call fixes, added to ``into``."""
    params = list(inspect.signature(callee._fn).parameters)
    unshaped = callee._unshaped_tensor_params()
    given = list(enumerate(call.args)) + [(params.index(k.arg), k.value) for k in call.keywords
                                          if k.arg in params]
    for i, arg in given:
        if i >= len(params) or params[i] not in unshaped:
            continue
        name = params[i]
        found = caller_types.get(arg.id) if isinstance(arg, ast.Name) else None
        if found is None:
            raise TypeError(
                f"{callee.__name__}(): parameter '{name}' is a pl.Tensor without a shape, and "
                f"{caller.__name__} passes it {ast.unparse(arg)!r}, whose shape only the compiler "
                f"knows; give '{name}' a shape in its annotation (pl.Tensor[[...], pl.DT]), or "
                f"pass a parameter of {caller.__name__} straight through")
        if into.get(name, found) != found:
            raise TypeError(f"{callee.__name__}(): parameter '{name}' is called with two shapes "
                            f"({into[name]} and {found}); a composed function has one "
                            f"specialization: give '{name}' a shape with a pl.dynamic axis")
        into[name] = found


def compose(entry, types: Dict[str, str]) -> Optional[_lang._Rewritten]:
    """The rewritten program class of ``entry`` (a JitFunction specialized to ``types``) and the
    jit functions it calls, or None when it calls none."""
    fn = _tree(entry)
    if fn is None or not _direct_calls(entry, fn):
        return None
    filename = inspect.getsourcefile(entry._fn)
    order: List[object] = []          # callees first, in the order they are reached
    method: Dict[int, str] = {}       # id(jit function) -> method name
    specialized: Dict[int, Dict[str, str]] = {id(entry): dict(types)}
    calls: Dict[int, Dict[str, str]] = {}
    pending = [entry]
    while pending:
        jf = pending.pop(0)
        tree = fn if jf is entry else _tree(jf)
        calls[id(jf)] = {}
        for name, callee, call in _direct_calls(jf, tree) if tree is not None else []:
            if callee._kind == "Opaque":
                raise TypeError(f"{jf.__name__} calls {callee.__name__}, a @pl.jit entry: an "
                                f"entry calls @pl.jit.incore and @pl.jit.inline functions, not "
                                f"another entry; decorate {callee.__name__} with @pl.jit.incore")
            where = inspect.getsourcefile(callee._fn)
            if where != filename:
                raise TypeError(f"{jf.__name__} calls {callee.__name__}, which is defined in "
                                f"{where}; the functions a @pl.jit entry calls must be defined in "
                                f"its own file ({filename}) here: move it there")
            if id(callee) not in method:
                method[id(callee)] = callee.__name__
                specialized[id(callee)] = {}
                order.append(callee)
                pending.append(callee)
            calls[id(jf)][name] = method[id(callee)]
            _callee_types(jf, callee, call, specialized[id(jf)], specialized[id(callee)])
    pieces = []
    for jf in order + [entry]:
        spec = _MemberSpecialization(jf._kind, specialized[id(jf)], calls[id(jf)])
        pieces.append(_lang._rewrite(jf._fn, jf._locals, jf._globals, jit=spec))
    return _combine(entry.__name__, filename, pieces)


def _combine(name: str, filename: str, pieces) -> _lang._Rewritten:
    """One class of the pieces, each on its own lines of the file, indented into the class."""
    first = min(p.first_line for p in pieces)
    last = max(p.first_line + len(p.lines) - 1 for p in pieces)
    lines = [""] * last
    maps = {}
    for p in pieces:
        for i, text in enumerate(p.lines):
            lineno = p.first_line + i
            if lines[lineno - 1]:
                raise TypeError(f"{name}: two composed functions share line {lineno} of "
                                f"{filename}; define each at the top level of the file")
            lines[lineno - 1] = "    " + text if text else text
            m = p.maps[lineno]
            m.indent = 4 if text else 0
            maps[lineno] = m
    declarations = sorted({d for p in pieces for d in p.declarations})
    header = ["@pl.program", f"class {name}_program:"]
    if first - 1 < len(declarations) + len(header):
        raise TypeError(f"{name}: the file has no room above its first jit function for the "
                        f"program header; leave an import line and a blank line before it")
    lines[:len(declarations)] = declarations
    lines[first - 1 - len(header):first - 1] = header
    rw = _lang._Rewritten(filename, first, "\n".join(lines) + "\n", maps)
    return rw
