"""The pypto compatibility package, part 2: hand-built IR (spans, variables, types, expressions,
statements, functions, programs, op calls) and the op builder modules, in the style of PyPTO's
tests: build Before/Expected by hand or in the DSL and compare structurally."""

import pytest

import pypto
import pypto.language as pl
import tilesplit
from pypto import DataType, ir, passes
from pypto.ir.op import system_ops as S
from pypto.ir.op import tile_ops as T
from pypto.ir.op import tensor as TS

span = ir.Span.unknown()
FP32, INDEX = DataType.FP32, DataType.INDEX
Vec, Mat, Acc, Left, Right = (ir.MemorySpace.Vec, ir.MemorySpace.Mat, ir.MemorySpace.Acc,
                              ir.MemorySpace.Left, ir.MemorySpace.Right)


def tile_var(name, shape, mem, dtype=FP32, view=None):
    return ir.Var(name, ir.TileType(shape, dtype, tile_view=view, memory_space=mem), span)


def tensor_var(name, shape, dtype=FP32):
    return ir.Var(name, ir.TensorType(shape, dtype), span)


# ---- spans, variables, types


def test_span():
    s = ir.Span("kernel.py", 3, 5)
    assert s.is_valid() and s.to_string() == "kernel.py:3:5"
    assert not ir.Span.unknown().is_valid()
    a = ir.Var("a", ir.ScalarType(INDEX), s)
    assert a.span.line == 3 and a.name_hint == "a" and a.type == ir.ScalarType(INDEX)
    b = ir.Var("a", ir.ScalarType(INDEX), span)
    assert a.unique_id != b.unique_id
    # Spans never take part in equality.
    assert ir.structural_equal(ir.ConstInt(1, INDEX, s), ir.ConstInt(1, INDEX, span))


def test_types_take_int_or_expr_shapes_and_compare_structurally():
    n = ir.Var("n", ir.ScalarType(INDEX), span)
    t = ir.TensorType([n, 128], FP32)
    assert t.shape[0].same_as(n) and t.shape[1].value == 128 and t.dtype == FP32
    assert ir.TensorType([128, 64], FP32) == ir.TensorType([ir.ConstInt(128, INDEX, span), 64], FP32)
    assert ir.TensorType([128, 64], FP32) != ir.TensorType([128, 64], DataType.FP16)
    assert len({ir.TileType([16, 16], FP32, memory_space=Vec),
                ir.TileType([16, 16], FP32, memory_space=Vec)}) == 1
    assert ir.TupleType([ir.ScalarType(INDEX), t]).types[1] == t
    with pytest.raises(ValueError, match="memref"):
        ir.TensorType([4], FP32, memref=object())


def test_tile_view_canonicalisation():
    implicit = ir.TileType([16, 128], FP32, tile_view=ir.TileView(), memory_space=Vec)
    assert implicit.tile_view is None and implicit == ir.TileType([16, 128], FP32, memory_space=Vec)
    mat_nz = ir.TileView(blayout=ir.TileLayout.col_major, slayout=ir.TileLayout.row_major)
    assert ir.TileType([16, 128], FP32, tile_view=mat_nz, memory_space=Mat).tile_view is None
    nz_in_vec = ir.TileType([16, 128], FP32, tile_view=mat_nz, memory_space=Vec)
    assert nz_in_vec.tile_view is not None and nz_in_vec.tile_view.blayout == ir.TileLayout.col_major
    ragged = ir.TileType([16, 128], FP32, tile_view=ir.TileView(valid_shape=[8, 128]),
                         memory_space=Vec)
    assert [int(d.value) for d in ragged.tile_view.valid_shape] == [8, 128]
    assert ragged.memory_space == Vec and ragged.memref is None
    assert ragged.get_effective_tile_view().slayout == ir.TileLayout.none_box
    full = ir.TileType([16, 128], FP32, tile_view=ir.TileView(valid_shape=[16, 128]),
                       memory_space=Vec)
    assert full.tile_view is None


# ---- expressions


def test_python_operators_build_ir_without_folding_variables():
    sub = ir.Var("subblock_idx", ir.ScalarType(INDEX), span)
    e = 0 + sub * 64
    assert isinstance(e, ir.Binary) and e.op == ir.BinaryOp.Add
    assert str(e) == "0 + subblock_idx * 64"
    assert isinstance(e.lhs, ir.ConstInt) and e.lhs.value == 0
    assert str(ir.min_(ir.max_(127, sub * 64) - sub * 64, 64)) == \
        "pl.min(pl.max(127, subblock_idx * 64) - subblock_idx * 64, 64)"
    eq = sub == 0
    assert isinstance(eq, ir.Binary) and eq.op == ir.BinaryOp.Eq and eq.type == ir.ScalarType(DataType.BOOL)
    assert bool(sub == sub) and not bool(sub == 1) and bool(sub != 1)
    assert str(ir.add(sub, 1, span)) == "subblock_idx + 1"
    for built, text in ((sub - 1, "subblock_idx - 1"), (sub // 2, "subblock_idx // 2"),
                        (sub % 2, "subblock_idx % 2"), (sub < 2, "subblock_idx < 2"),
                        (-sub, "-subblock_idx"), (3 * sub, "3 * subblock_idx")):
        assert str(built) == text
    x = ir.Var("x", ir.ScalarType(FP32), span)
    assert str(x / 2.0) == "x / 2.0"
    assert ir.cast(sub, DataType.INT32).type == ir.ScalarType(DataType.INT32)
    # Tiles compare by identity.
    t = tile_var("t", [16, 16], Vec)
    assert t == t and t != tile_var("t", [16, 16], Vec)
    with pytest.raises(ValueError):
        sub + t


def test_constants_and_tuples():
    c = ir.ConstInt(5, DataType.INT32, span)
    assert c.value == 5 and c.dtype == DataType.INT32
    f = ir.ConstFloat(1.5, FP32, span)
    assert f.value == 1.5 and f.dtype == FP32
    assert ir.ConstBool(True, span).value is True
    tup = ir.MakeTuple([c, f], span)
    assert isinstance(tup.type, ir.TupleType) and tup.type.types[1] == ir.ScalarType(FP32)
    item = ir.TupleGetItemExpr(tup, 1, span)
    assert item.index == 1 and item.type == ir.ScalarType(FP32)


def test_op_registry_access_and_calls():
    assert ir.get_op("tile.add").name == "tile.add"
    assert ir.Op("tile.aiv_shard") == ir.get_op("tile.aiv_shard")
    with pytest.raises(ValueError, match="no registered operator"):
        ir.get_op("tile.nonexistent")
    a = tile_var("a", [16, 16], Vec)
    deduced = ir.Call(ir.get_op("tile.add"), [a, a], span)
    assert deduced.type == a.type and deduced.op.name == "tile.add" and deduced.attrs == {}
    shard = ir.Call(ir.get_op("tile.aiv_shard"), [tile_var("m", [128, 64], Mat)], {"split": 1}, span)
    assert shard.kwargs == {"split": 1} and shard.kwargs["split"] == 1
    by_enum = ir.Call(ir.get_op("tile.aiv_shard"), shard.args, {"split": ir.SplitMode.UP_DOWN}, span)
    assert type(by_enum.kwargs["split"]) is int and ir.structural_equal(by_enum, shard)
    assert shard.type.shape == [64, 64] and shard.type.memory_space == Vec
    wrong = ir.TileType([8, 8], FP32, memory_space=Vec)
    retyped = ir.Call(shard.op, shard.args, shard.kwargs, wrong, span)
    assert retyped.type == wrong and not ir.structural_equal(retyped, shard)
    assert ir.Call(deduced.op, deduced.args, wrong, span).type == wrong
    with pytest.raises(ValueError, match="attrs"):
        ir.Call(deduced.op, deduced.args, {}, {"core_placement": "aiv"}, wrong, span)
    via_name = ir.create_op_call("tile.aiv_shard", [tile_var("m", [128, 64], Mat)], {"split": 2}, span)
    assert via_name.type.shape == [128, 32]
    assert ir.create_op_call("tile.get_subblock_idx", [], span).type == ir.ScalarType(INDEX)
    t = tensor_var("t", [128, 64])
    with pytest.raises(ValueError, match="tile.add"):
        ir.create_op_call("tile.add", [a, t], {}, span)


# ---- statements, functions, programs


def test_statements():
    i = ir.Var("i", ir.ScalarType(INDEX), span)
    acc = ir.IterArg("acc", ir.ScalarType(INDEX), 0, span)
    assert acc.name_hint == "acc" and acc.init_value.value == 0
    out = ir.Var("out", ir.ScalarType(INDEX), span)
    body = ir.SeqStmts([ir.YieldStmt([acc.var + i], span)], span)
    loop = ir.ForStmt(i, 0, 4, 1, [acc], body, [out], span)
    assert loop.kind == ir.ForKind.Sequential and loop.iter_args[0].var.same_as(acc.var)
    assert len(loop.body) == 1 and isinstance(loop.body[0], ir.YieldStmt)
    # PyPTO's IterArg is a variable: a builder given one as a value takes the carry's variable.
    assert ir.YieldStmt([acc], span).values[0].same_as(acc.var)
    assert ir.SeqStmts([], span).stmts == []
    ret = ir.ReturnStmt([out], span)
    assert ret.value[0].same_as(out)
    cond = ir.IfStmt(i < 2, ir.SeqStmts([], span), None, [], span)
    assert cond.else_body is None and str(cond.condition) == "i < 2"
    w = ir.WhileStmt(ir.ConstBool(False, span), [], ir.SeqStmts([], span), [], span)
    assert w.condition.value is False
    region = ir.SplitAivScopeStmt(ir.SplitMode.UP_DOWN, 2, "", body=ret, span=span)
    assert region.split == ir.SplitMode.UP_DOWN and region.count == 2
    assert region.scope_kind == ir.ScopeKind.SplitAiv and region.name_hint == ""
    assert ir.SplitAivScopeStmt(ir.SplitMode.NONE, body=ret, span=span).split == 0
    with pytest.raises(pypto.InternalError):
        ir.SplitAivScopeStmt(ir.SplitMode.UP_DOWN, 4, "", body=ret, span=span)
    scope = ir.ScopeStmt(ir.Level.CORE_GROUP, ret, span, name_hint="blk",
                         optimizations=[ir.ScopeOptimization.make_cross_core_slot(2)])
    assert scope.name_hint == "blk" and scope.optimizations[0].slot_num == 2


def _hand_built_split_auto():
    qk = tile_var("qk", [128, 128], Mat)
    out = tensor_var("out_0", [128, 128])
    move = T.move(qk, Vec, span=span)
    popped = ir.Var("popped", move.type, span)
    add = T.add(popped, popped, span)
    y = ir.Var("y", add.type, span)
    store = T.store(y, [0, 0], out, span=span)
    body = ir.SeqStmts([ir.AssignStmt(popped, move, span), ir.AssignStmt(y, add, span),
                        ir.ReturnStmt([store], span)], span)
    f = ir.Function("split_auto", [qk, (out, ir.ParamDirection.Out)], [out.type], body, span,
                    ir.FunctionType.InCore, attrs={"split": ir.SplitMode.UP_DOWN})
    return ir.Program([f], "", span)


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def split_auto(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat],
               out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    return pl.store(y, [0, 0], out_0)


def _expected():
    @pl.function(type=pl.FunctionType.InCore,
                 attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def split_auto(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat],
                   out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        popped: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
        y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.add(popped, popped)
        return pl.tile.store(y, [0 + subblock_idx * 64, 0], out_0)

    return split_auto


def test_hand_built_before_lowers_to_the_dsl_expected():
    before = _hand_built_split_auto()
    ir.assert_structural_equal(before, split_auto)
    after = passes.lower_auto_vector_split()(before)
    ir.assert_structural_equal(after, _expected())
    (f,) = after.functions.values()
    assert f.split == ir.SplitMode.UP_DOWN and f.split == 1 and f.attrs["split_aiv"] is True
    assert f.param_directions == [ir.ParamDirection.In, ir.ParamDirection.Out]
    assert f.level is None and f.role is None


def test_function_and_program_accessors():
    prog = _hand_built_split_auto()
    f = prog.get_function("split_auto")
    assert prog.get_function("absent") is None
    keys = list(prog.functions.keys())
    assert keys == [ir.GlobalVar("split_auto")] and prog.functions[keys[0]].same_as(f)
    assert dict(f.attrs) == {"split": ir.SplitMode.UP_DOWN} and "split" in f.attrs
    plain = ir.Function("g", [], [], ir.SeqStmts([ir.ReturnStmt([], span)], span), span)
    assert plain.func_type == ir.FunctionType.Opaque and plain.split is None
    zero = ir.Function("h", [], [], ir.SeqStmts([ir.ReturnStmt([], span)], span), span,
                       ir.FunctionType.InCore, attrs={"split": 0})
    assert zero.split is None
    expanded = passes.expand_mixed_kernel()(passes.lower_auto_vector_split()(prog))
    by_name = {fn.name: fn for fn in expanded.functions.values()}
    assert by_name["split_auto_aic"].level == ir.Level.AIC
    assert by_name["split_auto"].role == ir.Role.SubWorker
    with pytest.raises(ValueError, match="level"):
        ir.Function("k", [], [], ir.SeqStmts([], span), span, ir.FunctionType.InCore,
                    level=ir.Level.AIC)
    # A @pl.function result (a one-function Program) is accepted as its function.
    assert len(ir.Program([split_auto], "two", span).functions) == 1


def test_printing_and_roundtrip_of_hand_built_control_flow():
    n = ir.Var("n", ir.ScalarType(INDEX), span)
    i = ir.Var("i", ir.ScalarType(INDEX), span)
    acc = ir.IterArg("acc", ir.ScalarType(INDEX), 0, span)
    total = ir.Var("total", ir.ScalarType(INDEX), span)
    loop = ir.ForStmt(i, 0, n, 1, [acc], ir.SeqStmts([ir.YieldStmt([acc.var + i], span)], span),
                      [total], span)
    body = ir.SeqStmts([loop, ir.ReturnStmt([total], span)], span)
    f = ir.Function("sum_to", [n], [ir.ScalarType(INDEX)], body, span, ir.FunctionType.Opaque)
    prog = ir.Program([f], "", span)
    text = ir.python_print(prog)
    assert text == prog.as_python() and "pl.range(" in text
    assert ir.python_print(loop).startswith("for i")
    ir.assert_structural_equal(prog, tilesplit.parse(text))
    with pytest.raises(ValueError, match="prefix"):
        ir.python_print(prog, prefix="pt")


# ---- op builders


def test_tile_builders_deduce_types():
    t = tensor_var("t", [128, 128])
    loaded = T.load(t, [0, 0], [64, 128], target_memory=Vec)
    assert len(loaded.args) == 4 and loaded.kwargs == {"target_memory": Vec}
    assert loaded.type.shape == [64, 128] and loaded.type.memory_space == Vec
    # Without target_memory, as `pl.load(t, offs, shape)` parses: no kwarg, space not yet chosen.
    bare = T.load(t, [0, 0], [64, 128])
    assert bare.kwargs == {} and bare.type.memory_space is None
    assert loaded.span.is_valid()  # the caller's line when no span is given
    with pytest.raises(ValueError, match="Vec or Mat"):
        T.load(t, [0, 0], [64, 128], target_memory=Left)
    assert T.load(t, [0, 0], [64, 128], target_memory=Mat, clamp=True).kwargs["clamp"] is True
    v = tile_var("v", [64, 128], Vec)
    assert T.store(v, [0, 0], t).type == t.type
    assert T.store(v, [0, 0], t, [64, 128], span, atomic=1).kwargs == {"atomic": 1}
    moved = T.move(tile_var("m", [64, 128], Mat), Vec)
    assert moved.type.tile_view is not None  # Mat -> Vec keeps the NZ layout
    assert T.add(v, v, span).op.name == "tile.add"
    assert T.add(v, 1.0, span).op.name == "tile.adds"
    assert T.muls(v, 2.0).op.name == "tile.muls"
    assert T.maximum(v, v).type == v.type
    acc = T.matmul(tile_var("l", [16, 32], Left), tile_var("r", [32, 64], Right), span)
    assert acc.type.shape == [16, 64] and acc.type.memory_space == Acc
    assert T.transpose(v, 0, 1).type.shape == [128, 64]
    full = T.full([16, 16], FP32, 0.0)
    assert isinstance(full.args[1], ir.ConstFloat) and full.kwargs == {"dtype": FP32}
    assert T.full([16, 16], DataType.INT32, 3).args[1].value == 3
    assert T.create([16, 16], FP32, Vec).type.shape == [16, 16]
    assert T.slice(v, [16, 128], [16, 0]).type.shape == [16, 128]
    assert len(T.slice(v, [16, 128], [16, 0], [8, 128]).args) == 4
    assert T.extract(tile_var("s", [64, 128], Mat), 0, 0, [16, 16], target_memory=Left).type.memory_space == Left
    gathered = T.gather_row(v, t, [0, 0], [0, 0], [8, 128])
    assert gathered.kwargs == {"transpose": False} and gathered.type == v.type
    ragged = T.set_validshape(v, 32, 128)
    assert [int(d.value) for d in ragged.type.tile_view.valid_shape] == [32, 128]
    assert T.col_max(v, span).type.shape == [1, 128]
    assert T.col_sum(v, span=span).type.shape == [1, 128]
    shard = T.aiv_shard(tile_var("q", [127, 128], Mat), split=ir.SplitMode.UP_DOWN, lane_stride=64)
    assert shard.kwargs == {"split": 1, "lane_stride": 64} and shard.type.shape == [64, 128]
    assert T.aiv_shard(tile_var("q", [128, 128], Mat), split=0).type.shape == [128, 128]
    joined = T.aic_gather(v, split=1)
    assert joined.type.shape == [128, 128] and joined.type.memory_space == Mat
    assert T.get_subblock_idx().type == ir.ScalarType(INDEX)
    assert T.ci(0, [1, 16]).type.dtype == DataType.INT32
    assert T.sub(v, v).op.name == "tile.sub" and T.exp(v).type == v.type
    # Every other registered tile op is a generic builder.
    assert T.neg(v).op.name == "tile.neg"
    with pytest.raises(AttributeError, match="tile.no_such_op"):
        T.no_such_op


def test_tensor_system_and_distributed_builders():
    t = tensor_var("t", [128, 64])
    assert TS.read(t, [0, 1]).type == ir.ScalarType(FP32)
    popped = tile_var("p", [64, 64], Vec)
    free = S.tfree_to_aic(popped, split=1)
    assert free.op.name == "system.tfree_to_aic" and free.kwargs["split"] == 1
    with pytest.raises(NotImplementedError, match="reserve_buffer"):
        S.reserve_buffer(name="buf", size=1024)
    assert ir.op.tile is T and ir.op.system is S


def test_serialize_reads_back_every_node_kind():
    span = ir.Span.unknown()
    x = ir.Var("x", ir.TensorType([64], DataType.FP32), span)
    region = ir.SplitAivScopeStmt(split=ir.SplitMode.LEFT_RIGHT,
                                  body=ir.SeqStmts([ir.AssignStmt(ir.Var("y", x.type, span), x,
                                                                  span)], span), span=span)
    n = ir.Var("n", ir.ScalarType(DataType.INDEX), span)
    for node in (region, n + 1):
        data = ir.serialize(node)
        back = ir.deserialize(data)
        assert type(back) is type(node)
        assert ir.serialize(back) == data
    assert isinstance(region, ir.ScopeStmt) and not isinstance(x, ir.ScopeStmt)
    with pytest.raises(ValueError, match="not a serialized node"):
        ir.deserialize(b"import pypto.language as pl\n")


def test_distributed_tensor_type_is_its_own_kind():
    t = ir.DistributedTensorType([4, 4], DataType.INT32)
    plain = ir.TensorType([4, 4], DataType.INT32)
    assert isinstance(t, ir.TensorType) and isinstance(t, ir.DistributedTensorType)
    assert not isinstance(plain, ir.DistributedTensorType)
    assert t != plain and str(t) == "pld.DistributedTensor[[4, 4], pl.INT32]"


def test_unknown_type_is_the_type_of_a_call_without_a_value():
    acc = tile_var("acc", [16, 16], Acc)
    push = ir.create_op_call("tile.tpush_to_aiv", [acc], {"split": 1}, span)
    assert isinstance(push.type, ir.UnknownType) and push.type == ir.UnknownType()
    rebuilt = ir.Call(push.op, push.args, push.kwargs, ir.UnknownType(), span)
    assert ir.structural_equal(rebuilt, push)
    vec = tile_var("v", [16, 16], Vec)
    with pytest.raises(ValueError, match="tile.exp yields one"):
        ir.Call(ir.Op("tile.exp"), [vec], {}, ir.UnknownType(), span)
    with pytest.raises(TypeError, match="must be a Type"):
        ir.Var("x", ir.UnknownType(), span)
    assert isinstance(ir.create_op_call("tile.exp", [vec], span).type, ir.TileType)


def test_incore_scope_stmt_builds_a_core_group_scope():
    span = ir.Span.unknown()
    x = ir.Var("x", ir.TensorType([64], DataType.FP32), span)
    body = ir.SeqStmts([ir.AssignStmt(ir.Var("y", x.type, span), x, span)], span)
    plain = ir.InCoreScopeStmt(split=ir.SplitMode.NONE, name_hint="", body=body, span=span)
    split = ir.InCoreScopeStmt(split=ir.SplitMode.UP_DOWN, name_hint="k", body=body, span=span)
    assert isinstance(plain, ir.InCoreScopeStmt) and isinstance(plain, ir.ScopeStmt)
    assert plain.level == ir.Level.CORE_GROUP and not plain.optimizations
    assert len(split.optimizations) == 1 and split.name_hint == "k"
    region = ir.SplitAivScopeStmt(split=ir.SplitMode.NONE, body=body, span=span)
    assert not isinstance(region, ir.InCoreScopeStmt)


def test_external_source_function_is_a_signature():
    @pl.program
    class Ext:
        @pl.function(type=pl.FunctionType.InCore, external_source="kernels/k.cpp")
        def k(self, a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
            ...

    f = Ext.functions[0]
    assert f.attrs["external_source"] == "kernels/k.cpp"
    assert len(f.return_types) == 1
    text = ir.python_print(Ext)
    assert 'external_source="kernels/k.cpp"' in text and "        ..." in text
    assert ir.structural_equal(tilesplit.ir.parse(text), Ext)


def test_call_attrs_are_kept_compared_printed_and_carried_by_mutators():
    vec = tile_var("v", [16, 16], Vec)
    plain = ir.create_op_call("tile.exp", [vec], span)
    marked = ir.Call(plain.op, [vec], {}, {"marker": True, "k": 3}, plain.type, span)
    assert dict(marked.attrs) == {"k": 3, "marker": True} and dict(plain.attrs) == {}
    assert not ir.structural_equal(marked, plain)
    assert ir.structural_equal(marked, ir.Call(plain.op, [vec], {}, {"k": 3, "marker": True},
                                               plain.type, span))
    assert 'attrs={"k": 3, "marker": True}' in str(marked)

    class Rename(ir.IRMutator):
        def visit_var(self, v):
            return w if v is vec else v

    w = tile_var("w", [16, 16], Vec)
    rebuilt = Rename().visit_expr(marked)
    assert rebuilt is not marked and dict(rebuilt.attrs) == {"k": 3, "marker": True}
    with pytest.raises(ValueError, match="core_placement"):
        ir.Call(plain.op, [vec], {}, {"core_placement": "aiv"}, plain.type, span)
    with pytest.raises(TypeError):
        ir.Call(plain.op, [vec], {}, {"dump_vars": [vec]}, plain.type, span)


@pl.program
class CallsAKernel:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32],
             c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
            c = pl.store(pl.exp(pl.load(a, [0, 0], [64, 64])), [0, 0], c)
        return c


def test_a_call_of_a_function_is_an_ir_call_whose_op_is_its_global_var():
    # PyPTO has one Call node for operators and functions; tilesplit's FunctionCall answers
    # isinstance(x, ir.Call) and spells its callee as .op, a GlobalVar.
    main = passes.outline_incore_scopes()(CallsAKernel).get_function("main")
    call = main.body.stmts[0].value
    assert isinstance(call, ir.FunctionCall) and isinstance(call, ir.Call)
    assert isinstance(call.op, ir.GlobalVar) and call.op.name == "k"
    assert issubclass(ir.FunctionCall, ir.Call)
    span = ir.Span.unknown()
    a = ir.Var("a", ir.TileType([16, 16], DataType.FP32, memory_space=ir.MemorySpace.Vec), span)
    op_call = ir.Call(ir.get_op("tile.exp"), [a], span)
    assert isinstance(op_call, ir.Call) and isinstance(op_call.op, ir.Op)
    assert not isinstance(a, ir.Call)
