"""The statement kinds as Python sees them: the StmtKind enum, the node classes, the exports of
tilesplit.ir and pypto.ir and the pypto visitor and mutator all follow the C++ list
(include/tilesplit/ir/node_kinds.h, exported as ``_core.stmt_kinds()``). Each test fails when a
kind is missing from one of them; the sample program holds one statement of every kind, and a kind
added without a sample fails ``test_the_sample_holds_every_kind``."""

import pypto.ir as pir
import pytest

import tilesplit.ir as tir
from tilesplit import _core

KINDS = _core.stmt_kinds()

SAMPLE = '''
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def region(a: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        pl.store(x, [0, 0], out_0)
    return out_0


@pl.function
def flow(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    for (k, j) in pl.while_(init_values=(0, 1)):
        pl.cond(k < n)
        k_out, j_out = pl.yield_(k + 1, j)
    for i, (acc,) in pl.range(4, init_values=(k_out,)):
        if i < 2:
            r = pl.yield_(acc + 2)
        else:
            r = pl.yield_(acc)
        acc_out = pl.yield_(r)
    return acc_out * 2


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        m = pl.add(a, a)
        out = pl.assemble(out, m, [0, 0])
    return out


@pl.function(type=pl.FunctionType.Opaque)
def blocks(a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    for b in pl.spmd(2):
        t = pl.load(a, [b * 8, 0], [8, 16])
        out = pl.store(t, [b * 8, 0], out)
    return out
'''


def _sample():
    return tir.parse(SAMPLE)


def _all_stmts(node):
    """Every statement of a program, found through the Python fields of the kind table."""
    by_kind = {info.kind: info for info in KINDS}
    out = []

    def walk(value):
        if isinstance(value, tir.Stmt):
            out.append(value)
            kind = tir.Stmt.__dict__["kind"].__get__(value, type(value))
            for name in by_kind[kind].fields:
                walk(getattr(value, name))
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    for f in node.functions:
        walk(f.body)
    return out


def _kind(stmt):
    return tir.Stmt.__dict__["kind"].__get__(stmt, type(stmt))


def test_the_enum_is_the_list():
    assert list(tir.StmtKind.__members__) == [info.name for info in KINDS]
    for i, info in enumerate(KINDS):
        assert int(info.kind) == i and info.kind.name == info.name


def test_every_kind_has_its_node_class_exported():
    for info in KINDS:
        cls = info.node_class
        assert issubclass(cls, tir.Stmt), info.name
        assert getattr(_core, cls.__name__) is cls
        assert getattr(tir, cls.__name__) is cls, f"tilesplit.ir lacks {cls.__name__}"
        assert cls in tir.STMT_CLASSES
        # pypto.ir keeps PyPTO's ScopeStmt (the base of both scope kinds) under that name.
        exported = getattr(pir, cls.__name__)
        assert exported is cls or isinstance(exported, type), cls.__name__
    assert {info.shape for info in KINDS} <= {"leaf", "sequence", "one_body", "branches"}


def test_the_sample_holds_every_kind():
    seen = {_kind(s) for s in _all_stmts(_sample())}
    assert seen == {info.kind for info in KINDS}


def test_every_listed_field_is_an_attribute_of_its_node():
    by_kind = {}
    for s in _all_stmts(_sample()):
        by_kind.setdefault(_kind(s), s)
    for info in KINDS:
        node = by_kind[info.kind]
        assert isinstance(node, info.node_class)
        for name in info.fields:
            assert hasattr(node, name), f"{info.node_class.__name__}.{name}"


def test_the_pypto_visitor_and_mutator_have_a_method_for_every_kind():
    for info in KINDS:
        assert info.visit_method == "visit_" + info.py_name
        for cls in (pir.IRVisitor, pir.IRMutator):
            assert callable(getattr(cls, info.visit_method, None)), \
                f"{cls.__name__}.{info.visit_method}"


class _KindCounter(pir.IRVisitor):
    def __init__(self):
        super().__init__()
        self.kinds = []

    def visit_stmt(self, stmt):
        self.kinds.append(_kind(stmt))
        return super().visit_stmt(stmt)


def test_the_visitor_reaches_every_statement():
    program = _sample()
    v = _KindCounter()
    v.visit_program(program)
    assert v.kinds == [_kind(s) for s in _all_stmts(program)]


class _FreshConstants(pir.IRMutator):
    """Replaces every integer constant with an equal new one, so every statement that holds one,
    and every statement around it, is rebuilt."""

    def visit_const_int(self, e):
        return pir.ConstInt(e.value, e.type.dtype, e.span)


def test_the_mutator_rebuilds_every_kind_and_keeps_what_is_unchanged():
    program = _sample()
    assert pir.IRMutator().visit_program(program) is program
    rebuilt = _FreshConstants().visit_program(program)
    assert str(rebuilt) == str(program)
    tir.assert_structural_equal(rebuilt, program)
    old, new = _all_stmts(program), _all_stmts(rebuilt)
    assert [_kind(s) for s in new] == [_kind(s) for s in old]
    changed = {_kind(b) for a, b in zip(old, new) if not a.same_as(b)}
    # Every kind holds an integer somewhere (the store's Eval its offsets [0, 0], the return its
    # factor 2), so every kind is rebuilt.
    assert changed == {info.kind for info in KINDS}


def test_with_stmt_fields_refuses_a_field_the_kind_does_not_have():
    stmt = _all_stmts(_sample())[0]
    with pytest.raises(ValueError, match="has no replaceable field 'nope'"):
        _core.with_stmt_fields(stmt, {"nope": None})
