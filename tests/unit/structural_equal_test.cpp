// Structural equality (dsl.md 11): one positive and one negative case per row of the table, the
// options, and the mismatch report.
#include "tilesplit/dsl/structural_equal.h"

#include <gtest/gtest.h>

#include <memory>

namespace tilesplit::dsl {
namespace {

using namespace tilesplit::ir;

class TestOp : public OpBase {
 public:
  using OpBase::OpBase;
};

const TestOp kExp("tile.exp");
const TestOp kAdd("tile.add");
const TestOp kCast("tile.cast");

TypePtr IndexT() {
  return MakeScalarType(DataType::INDEX);
}
VarPtr IVar(const std::string& n) {
  return MakeVar(n, IndexT());
}
TypePtr Tile(int64_t rows, std::optional<MemorySpace> mem = MemorySpace::Vec,
             std::optional<TileView> view = std::nullopt) {
  return MakeTileType({Index(rows), Index(16)}, DataType::FP32, mem, view);
}
VarPtr TVar(const std::string& n, int64_t rows = 16) {
  return MakeVar(n, Tile(rows));
}
ExprPtr Exp(ExprPtr a) {
  return MakeCall(&kExp, {a}, {}, a->type);
}

FunctionPtr Fn(std::string name, std::vector<Param> params, std::vector<StmtPtr> body,
               std::vector<TypePtr> ret = {}, FunctionType type = FunctionType::InCore,
               AttrMap attrs = {}) {
  return std::make_shared<Function>(std::move(name), type, std::move(params), std::move(ret),
                                    std::move(attrs), MakeSeq(std::move(body)), Span{});
}

// f(t) { u = exp(t); return u } with fresh variables and the given hints.
FunctionPtr ExpFn(const std::string& t_name, const std::string& u_name,
                  FunctionType type = FunctionType::InCore, AttrMap attrs = {}) {
  auto t = TVar(t_name);
  auto u = TVar(u_name);
  return Fn("f", {{t, ParamDirection::In}}, {MakeAssign(u, Exp(t)), MakeReturn({u})}, {u->type},
            type, std::move(attrs));
}

ProgramPtr Prog(std::string name, std::vector<FunctionPtr> fs) {
  return std::make_shared<Program>(std::move(name), std::move(fs), Span{});
}

StmtPtr For(VarPtr lv, ExprPtr start, ExprPtr stop, std::vector<IterArg> ias,
            std::vector<StmtPtr> body, std::vector<VarPtr> rvs, ForKind kind = ForKind::Range,
            int64_t stage = 0) {
  return std::make_shared<ForStmt>(lv, start, stop, Index(1), kind, stage, std::move(ias),
                                   MakeSeq(std::move(body)), std::move(rvs), Span{});
}

TEST(StructuralEqual, ProgramKeyedByNameIgnoringOrderAndProgramName) {
  auto g1 = Fn("g", {}, {});
  auto g2 = Fn("g", {}, {});
  EXPECT_TRUE(StructuralEqual(Prog("A", {ExpFn("t", "u"), g1}), Prog("B", {g2, ExpFn("a", "b")})));
  auto r = StructuralEqual(Prog("A", {ExpFn("t", "u"), g1}), Prog("A", {ExpFn("t", "u")}));
  EXPECT_FALSE(r);
  EXPECT_EQ(r.path, "functions");
  EXPECT_EQ(r.lhs, "{f, g}");
  EXPECT_EQ(r.rhs, "{f}");
}

TEST(StructuralEqual, FunctionTypeAndAttrsAsUnorderedMap) {
  AttrMap ab = {{"split", SplitMode::UpDown}, {"split_aiv", true}};
  AttrMap ba = {{"split_aiv", true}, {"split", SplitMode::UpDown}};
  EXPECT_TRUE(StructuralEqual(ExpFn("t", "u", FunctionType::AIV, ab),
                              ExpFn("t", "u", FunctionType::AIV, ba)));
  auto r = StructuralEqual(ExpFn("t", "u", FunctionType::AIV), ExpFn("t", "u", FunctionType::AIC));
  EXPECT_FALSE(r);
  EXPECT_EQ(r.path, "type");
  // Same integer code, different literal kind: not equal.
  r = StructuralEqual(ExpFn("t", "u", FunctionType::AIV, {{"split", int64_t{1}}}),
                      ExpFn("t", "u", FunctionType::AIV, {{"split", SplitMode::UpDown}}));
  EXPECT_FALSE(r);
  EXPECT_EQ(r.path, "attrs / split");
  EXPECT_EQ(r.lhs, "1");
  EXPECT_EQ(r.rhs, "pl.SplitMode.UP_DOWN");
  r = StructuralEqual(ExpFn("t", "u", FunctionType::AIV, ab),
                      ExpFn("t", "u", FunctionType::AIV, {{"split", SplitMode::UpDown}}));
  EXPECT_FALSE(r);
  EXPECT_EQ(r.path, "attrs / split_aiv");
  EXPECT_EQ(r.rhs, "<absent>");
}

TEST(StructuralEqual, ParametersDirectionTypeAndResultTypes) {
  auto a = TVar("a"), b = TVar("b");
  auto in = Fn("f", {{a, ParamDirection::In}}, {});
  auto out = Fn("f", {{b, ParamDirection::Out}}, {});
  auto r = StructuralEqual(in, out);
  EXPECT_FALSE(r);
  EXPECT_EQ(r.path, "params[0] / direction");
  auto wide = Fn("f", {{TVar("a", 32), ParamDirection::In}}, {});
  r = StructuralEqual(in, wide);
  EXPECT_FALSE(r);
  EXPECT_EQ(r.path, "params[0] / type / shape[0]");
  EXPECT_EQ(r.lhs, "16");
  EXPECT_EQ(r.rhs, "32");
  auto ret = Fn("f", {{TVar("a"), ParamDirection::In}}, {}, {IndexT()});
  r = StructuralEqual(in, ret);
  EXPECT_FALSE(r);
  EXPECT_EQ(r.path, "return_types");
}

TEST(StructuralEqual, AlphaEquivalenceIgnoresHintsUnlessAsked) {
  EXPECT_TRUE(StructuralEqual(ExpFn("t", "u"), ExpFn("x", "y")));
  EqualOptions hints;
  hints.compare_name_hints = true;
  EXPECT_TRUE(StructuralEqual(ExpFn("t", "u"), ExpFn("t", "u"), hints));
  auto r = StructuralEqual(ExpFn("t", "u"), ExpFn("t", "w"), hints);
  EXPECT_FALSE(r);
  EXPECT_EQ(r.path, "body[0] / var / name");
  EXPECT_EQ(r.lhs, "u");
  EXPECT_EQ(r.rhs, "w");
}

TEST(StructuralEqual, UsesMustFollowTheBijection) {
  // Left: u = exp(t); v = exp(t). Right: u = exp(t); v = exp(u). Same shape, different use.
  auto t1 = TVar("t"), u1 = TVar("u"), v1 = TVar("v");
  auto t2 = TVar("t"), u2 = TVar("u"), v2 = TVar("v");
  auto l = Fn("f", {{t1, ParamDirection::In}}, {MakeAssign(u1, Exp(t1)), MakeAssign(v1, Exp(t1))});
  auto r = Fn("f", {{t2, ParamDirection::In}}, {MakeAssign(u2, Exp(t2)), MakeAssign(v2, Exp(u2))});
  auto res = StructuralEqual(l, r);
  EXPECT_FALSE(res);
  EXPECT_EQ(res.path, "body[1] / value / args[0]");
  EXPECT_EQ(res.lhs, "t");
  EXPECT_EQ(res.rhs, "u");
  // Two parameters on the left both used where the right uses one: not bijective.
  auto p = IVar("p"), q = IVar("q"), s = IVar("s"), x = IVar("x"), y = IVar("y"), w = IVar("w");
  auto two = Fn("g", {{p, ParamDirection::In}, {q, ParamDirection::In}}, {MakeReturn({Add(p, q)})},
                {IndexT()});
  auto one = Fn("g", {{s, ParamDirection::In}, {w, ParamDirection::In}}, {MakeReturn({Add(s, s)})},
                {IndexT()});
  EXPECT_FALSE(StructuralEqual(two, one));
  auto same = Fn("g", {{x, ParamDirection::In}, {y, ParamDirection::In}}, {MakeReturn({Add(x, y)})},
                 {IndexT()});
  EXPECT_TRUE(StructuralEqual(two, same));
}

TEST(StructuralEqual, FreeVariablesMapBijectivelyAtFirstSight) {
  auto m = IVar("M"), n = IVar("N"), k = IVar("K");
  EXPECT_TRUE(StructuralEqual(Add(m, Index(1)), Add(n, Index(1))));
  EXPECT_TRUE(StructuralEqual(Add(m, m), Add(n, n)));
  EXPECT_FALSE(StructuralEqual(Add(m, m), Add(n, k)));
  EXPECT_FALSE(StructuralEqual(Add(m, n), Add(k, k)));
  EqualOptions strict;
  strict.map_free_vars = false;
  EXPECT_TRUE(StructuralEqual(Add(m, Index(1)), Add(m, Index(1)), strict));
  auto r = StructuralEqual(Add(m, Index(1)), Add(n, Index(1)), strict);
  EXPECT_FALSE(r);
  EXPECT_EQ(r.path, "lhs");
  // A free variable's type is compared when it is first mapped.
  EXPECT_FALSE(StructuralEqual(ExprPtr(m), ExprPtr(MakeVar("M", MakeScalarType(DataType::INT32)))));
  // By name: two parses' variables of one pl.dynamic symbol are the same symbol, still one to one.
  EqualOptions by_name = strict;
  by_name.free_vars_by_name = true;
  auto m2 = IVar("M");
  EXPECT_TRUE(StructuralEqual(Add(m, Index(1)), Add(m2, Index(1)), by_name));
  EXPECT_FALSE(StructuralEqual(Add(m, Index(1)), Add(n, Index(1)), by_name));
  EXPECT_FALSE(StructuralEqual(Add(m, m2), Add(m2, m2), by_name));
  EXPECT_FALSE(StructuralEqual(Add(m, Index(1)), Add(m2, Index(1)), strict));
}

TEST(StructuralEqual, TypesFieldByField) {
  auto cmp = [](TypePtr a, TypePtr b) {
    auto x = MakeVar("x", a), y = MakeVar("y", b);
    return StructuralEqual(Fn("f", {{x, ParamDirection::In}}, {}),
                           Fn("f", {{y, ParamDirection::In}}, {}));
  };
  EXPECT_TRUE(cmp(Tile(16), Tile(16)));
  EXPECT_EQ(
      cmp(Tile(16), MakeTileType({Index(16), Index(16)}, DataType::FP16, MemorySpace::Vec)).path,
      "params[0] / type / dtype");
  EXPECT_EQ(cmp(Tile(16), Tile(16, std::nullopt)).path, "params[0] / type / memory");
  EXPECT_EQ(cmp(Tile(16), Tile(16, MemorySpace::Mat)).path, "params[0] / type / memory");
  // Spelling out the implicit view is the same type as no view.
  TileView implicit = static_cast<const TileType&>(*Tile(16)).EffectiveView();
  EXPECT_TRUE(cmp(Tile(16), Tile(16, MemorySpace::Vec, implicit)));
  TileView valid = implicit;
  valid.valid_shape = {Index(8), Index(16)};
  EXPECT_EQ(cmp(Tile(16), Tile(16, MemorySpace::Vec, valid)).path, "params[0] / type / view");
  TileView valid4 = valid;
  valid4.valid_shape = {Index(4), Index(16)};
  auto r = cmp(Tile(16, MemorySpace::Vec, valid), Tile(16, MemorySpace::Vec, valid4));
  EXPECT_EQ(r.path, "params[0] / type / view / valid_shape[0]");
  EXPECT_EQ(r.lhs, "8");
  EXPECT_EQ(r.rhs, "4");
  TileView padded = valid;
  padded.pad = PadValue::zero;
  EXPECT_EQ(cmp(Tile(16, MemorySpace::Vec, valid), Tile(16, MemorySpace::Vec, padded)).path,
            "params[0] / type / view / pad");
  TileView frac = valid;
  frac.fractal = 32;
  EXPECT_EQ(cmp(Tile(16, MemorySpace::Vec, valid), Tile(16, MemorySpace::Vec, frac)).path,
            "params[0] / type / view / fractal");
  TileView offset = valid;
  offset.start_offset = Index(64);
  EXPECT_EQ(cmp(Tile(16, MemorySpace::Vec, valid), Tile(16, MemorySpace::Vec, offset)).path,
            "params[0] / type / view / start_offset");
  auto tensor = MakeTensorType({Index(4)}, DataType::FP32);
  TensorView nz;
  nz.layout = TensorLayout::NZ;
  EXPECT_EQ(cmp(tensor, MakeTensorType({Index(4)}, DataType::FP32, nz)).path,
            "params[0] / type / view");
  TensorView dn;
  dn.layout = TensorLayout::DN;
  EXPECT_EQ(cmp(MakeTensorType({Index(4)}, DataType::FP32, dn),
                MakeTensorType({Index(4)}, DataType::FP32, nz))
                .path,
            "params[0] / type / view / layout");
  EXPECT_EQ(cmp(tensor, Tile(16)).path, "params[0] / type");
  EXPECT_EQ(cmp(MakeTensorType({Index(4)}, DataType::FP32),
                MakeTensorType({Index(4), Index(1)}, DataType::FP32))
                .path,
            "params[0] / type / shape");
  auto tup1 = MakeTupleType({IndexT(), Tile(16)});
  auto tup2 = MakeTupleType({IndexT(), Tile(8)});
  EXPECT_TRUE(cmp(tup1, MakeTupleType({IndexT(), Tile(16)})));
  EXPECT_EQ(cmp(tup1, tup2).path, "params[0] / type / elements[1] / shape[0]");
  EXPECT_FALSE(cmp(IndexT(), MakeScalarType(DataType::INT64)));
}

TEST(StructuralEqual, ShapesCompareSymbolically) {
  auto m1 = IVar("M"), m2 = IVar("M2");
  auto a = MakeVar("a", MakeTensorType({Add(m1, Index(1))}, DataType::FP32));
  auto b = MakeVar("b", MakeTensorType({Add(m2, Index(1))}, DataType::FP32));
  auto c = MakeVar("c", MakeTensorType({Add(m2, Index(2))}, DataType::FP32));
  EXPECT_TRUE(StructuralEqual(Fn("f", {{a, ParamDirection::In}}, {}),
                              Fn("f", {{b, ParamDirection::In}}, {})));
  auto r = StructuralEqual(Fn("f", {{a, ParamDirection::In}}, {}),
                           Fn("f", {{c, ParamDirection::In}}, {}));
  EXPECT_EQ(r.path, "params[0] / type / shape[0] / rhs");
}

TEST(StructuralEqual, Constants) {
  EXPECT_TRUE(StructuralEqual(Index(5), MakeConstInt(5, DataType::INT64)));
  EXPECT_FALSE(StructuralEqual(Index(5), MakeConstInt(5, DataType::INT32)));
  EXPECT_FALSE(StructuralEqual(Index(5), Index(6)));
  EXPECT_TRUE(StructuralEqual(MakeConstFloat(0.5), MakeConstFloat(0.5)));
  EXPECT_FALSE(StructuralEqual(MakeConstFloat(0.5), MakeConstFloat(0.5, DataType::FP16)));
  EXPECT_FALSE(StructuralEqual(MakeConstFloat(0.5), MakeConstFloat(0.25)));
  EXPECT_TRUE(StructuralEqual(MakeConstBool(true), MakeConstBool(true)));
  auto r = StructuralEqual(MakeConstBool(true), MakeConstBool(false));
  EXPECT_FALSE(r);
  EXPECT_EQ(r.lhs, "True");
  EXPECT_EQ(r.rhs, "False");
  EXPECT_FALSE(StructuralEqual(Index(1), MakeConstFloat(1.0)));
}

TEST(StructuralEqual, ExpressionNodes) {
  auto a = IVar("a"), b = IVar("b");
  EXPECT_FALSE(StructuralEqual(Add(a, b), Sub(a, b)));
  EXPECT_FALSE(StructuralEqual(Min(a, b), Max(a, b)));
  EXPECT_TRUE(StructuralEqual(MakeCast(a, DataType::INT32), MakeCast(a, DataType::INT32)));
  EXPECT_FALSE(StructuralEqual(MakeCast(a, DataType::INT32), MakeCast(a, DataType::INT16)));
  EXPECT_TRUE(StructuralEqual(MakeUnary(UnaryOp::Neg, a), MakeUnary(UnaryOp::Neg, a)));
  auto t = MakeTupleExpr({a, b});
  EXPECT_TRUE(StructuralEqual(MakeTupleExpr({a, b}), t));
  EXPECT_FALSE(StructuralEqual(MakeTupleExpr({a}), t));
  auto tv = MakeVar("t", t->type);
  EXPECT_FALSE(StructuralEqual(MakeTupleGetItem(tv, 0), MakeTupleGetItem(tv, 1)));
}

TEST(StructuralEqual, CallsOpArgsKwargsUnorderedAndResultType) {
  auto t = TVar("t"), u = TVar("u");
  auto call = [&](const TestOp* op, std::vector<ExprPtr> args, AttrMap kw, TypePtr type) {
    return MakeCall(op, std::move(args), std::move(kw), type);
  };
  AttrMap kw1 = {{"target_type", DataType::BF16}, {"mode", int64_t{2}}};
  AttrMap kw2 = {{"mode", int64_t{2}}, {"target_type", DataType::BF16}};
  EXPECT_TRUE(StructuralEqual(call(&kCast, {t}, kw1, t->type), call(&kCast, {t}, kw2, t->type)));
  auto r = StructuralEqual(
      call(&kCast, {t}, kw1, t->type),
      call(&kCast, {t}, {{"mode", int64_t{3}}, {"target_type", DataType::BF16}}, t->type));
  EXPECT_EQ(r.path, "kwargs / mode");
  r = StructuralEqual(call(&kExp, {t}, {}, t->type), call(&kCast, {t}, {}, t->type));
  EXPECT_EQ(r.path, "op");
  EXPECT_EQ(r.lhs, "tile.exp");
  r = StructuralEqual(call(&kAdd, {t, u}, {}, t->type), call(&kAdd, {t}, {}, t->type));
  EXPECT_EQ(r.path, "args");
  r = StructuralEqual(call(&kExp, {t}, {}, t->type), call(&kExp, {t}, {}, Tile(8)));
  EXPECT_EQ(r.path, "type / shape[0]");
}

TEST(StructuralEqual, MismatchReportsTheFullPath) {
  // function f / body[2] / value / args[0] / type / shape[0]
  auto build = [](int64_t rows) {
    auto t = TVar("t");
    auto a = TVar("a"), b = TVar("b"), c = TVar("c");
    auto inner = MakeCall(&kExp, {b}, {}, Tile(rows));
    return Prog("", {Fn("f", {{t, ParamDirection::In}},
                        {MakeAssign(a, Exp(t)), MakeAssign(b, Exp(a)),
                         MakeAssign(c, MakeCall(&kExp, {inner}, {}, Tile(16)))})});
  };
  EXPECT_TRUE(StructuralEqual(build(16), build(16)));
  auto r = StructuralEqual(build(16), build(8));
  EXPECT_FALSE(r);
  EXPECT_EQ(r.path, "function f / body[2] / value / args[0] / type / shape[0]");
  EXPECT_EQ(r.lhs, "16");
  EXPECT_EQ(r.rhs, "8");
  EXPECT_EQ(r.Describe(),
            "structurally different at function f / body[2] / value / args[0] / type / "
            "shape[0]: lhs `16` vs rhs `8`");
  EXPECT_EQ(EqualResult{}.Describe(), "");
}

TEST(StructuralEqual, NestedSequencesAreFlattened) {
  auto t1 = TVar("t"), u1 = TVar("u"), t2 = TVar("t"), u2 = TVar("u");
  auto flat = MakeSeq({MakeAssign(u1, Exp(t1)), MakeReturn({u1})});
  auto nested =
      MakeSeq({MakeSeq({MakeSeq({MakeAssign(u2, Exp(t2))})}), MakeSeq({}), MakeReturn({u2})});
  EXPECT_TRUE(StructuralEqual(flat, nested));
  auto r = StructuralEqual(flat, MakeSeq({MakeAssign(u2, Exp(t2))}));
  EXPECT_FALSE(r);
  EXPECT_EQ(r.path, "stmts[1]");
  EXPECT_EQ(r.lhs, "return u");
  EXPECT_EQ(r.rhs, "<end of block>");
}

TEST(StructuralEqual, ForLoopsKindStageBoundsIterArgsAndReturnVars) {
  auto build = [](ForKind kind, int64_t stage, ExprPtr start, int64_t init) {
    auto i = IVar("i"), acc = IVar("acc"), next = IVar("next"), res = IVar("res");
    return For(i, start, Index(8), {{acc, Index(init)}},
               {MakeAssign(next, Add(acc, i)), MakeYield({next})}, {res}, kind, stage);
  };
  EXPECT_TRUE(StructuralEqual(build(ForKind::Range, 0, Index(0), 0),
                              build(ForKind::Range, 0, Index(0), 0)));
  // INDEX and INT64 constants are interchangeable in loop bounds too.
  EXPECT_TRUE(StructuralEqual(build(ForKind::Range, 0, Index(0), 0),
                              build(ForKind::Range, 0, MakeConstInt(0, DataType::INT64), 0)));
  EXPECT_EQ(StructuralEqual(build(ForKind::Range, 0, Index(0), 0),
                            build(ForKind::Parallel, 0, Index(0), 0))
                .path,
            "stmts[0] / kind");
  EXPECT_EQ(StructuralEqual(build(ForKind::Pipeline, 2, Index(0), 0),
                            build(ForKind::Pipeline, 3, Index(0), 0))
                .path,
            "stmts[0] / stage");
  EXPECT_EQ(
      StructuralEqual(build(ForKind::Range, 0, Index(0), 0), build(ForKind::Range, 0, Index(1), 0))
          .path,
      "stmts[0] / start");
  EXPECT_EQ(
      StructuralEqual(build(ForKind::Range, 0, Index(0), 0), build(ForKind::Range, 0, Index(0), 1))
          .path,
      "stmts[0] / iter_args[0] / init");
  // Return vars are definitions: a later use must follow them.
  auto use = [&](bool use_result) {
    auto i = IVar("i"), acc = IVar("acc"), res = IVar("res"), x = IVar("x");
    auto loop = For(i, Index(0), Index(8), {{acc, Index(0)}}, {MakeYield({acc})}, {res});
    return MakeSeq({loop, MakeAssign(x, use_result ? ExprPtr(res) : ExprPtr(Index(0)))});
  };
  EXPECT_TRUE(StructuralEqual(use(true), use(true)));
  EXPECT_FALSE(StructuralEqual(use(true), use(false)));
}

TEST(StructuralEqual, WhileIfScopeAndRegions) {
  auto w = [](int64_t bound) {
    auto x0 = IVar("x0"), x = IVar("x"), r = IVar("r");
    return std::make_shared<WhileStmt>(
        MakeBinary(BinaryOp::Lt, x, Index(bound)), std::vector<IterArg>{{x, x0}},
        MakeSeq({MakeYield({Add(x, Index(1))})}), std::vector<VarPtr>{r}, Span{});
  };
  // x0 is free on both sides and maps at first sight.
  EXPECT_TRUE(StructuralEqual(StmtPtr(w(4)), StmtPtr(w(4))));
  EXPECT_EQ(StructuralEqual(StmtPtr(w(4)), StmtPtr(w(5))).path, "stmts[0] / cond / rhs");

  auto a = IVar("a");
  auto if_stmt = [&](bool with_else) {
    return std::make_shared<IfStmt>(
        MakeBinary(BinaryOp::Gt, a, Index(0)), MakeSeq({MakeEval(Exp(TVar("t")))}),
        with_else ? MakeSeq({}) : nullptr, std::vector<VarPtr>{}, Span{});
  };
  // An absent else and an empty one are the same statement list.
  EXPECT_TRUE(StructuralEqual(StmtPtr(if_stmt(true)), StmtPtr(if_stmt(false))));

  auto scope = [](Level level, std::string hint, bool early, SplitMode split) {
    std::vector<ScopeOptimization> opts = {{ScopeOptimization::Kind::Split, split, 0}};
    return StmtPtr(std::make_shared<ScopeStmt>(level, opts, hint, early, MakeSeq({}), Span{}));
  };
  EXPECT_TRUE(StructuralEqual(scope(Level::CORE_GROUP, "n", false, SplitMode::UpDown),
                              scope(Level::CORE_GROUP, "n", false, SplitMode::UpDown)));
  EXPECT_EQ(StructuralEqual(scope(Level::CORE_GROUP, "n", false, SplitMode::UpDown),
                            scope(Level::AIV, "n", false, SplitMode::UpDown))
                .path,
            "stmts[0] / level");
  EXPECT_EQ(StructuralEqual(scope(Level::CORE_GROUP, "n", false, SplitMode::UpDown),
                            scope(Level::CORE_GROUP, "m", false, SplitMode::UpDown))
                .path,
            "stmts[0] / name_hint");
  EXPECT_EQ(StructuralEqual(scope(Level::CORE_GROUP, "n", false, SplitMode::UpDown),
                            scope(Level::CORE_GROUP, "n", true, SplitMode::UpDown))
                .path,
            "stmts[0] / allow_early_resolve");
  EXPECT_EQ(StructuralEqual(scope(Level::CORE_GROUP, "n", false, SplitMode::UpDown),
                            scope(Level::CORE_GROUP, "n", false, SplitMode::LeftRight))
                .path,
            "stmts[0] / optimizations");

  auto region = [](SplitMode m) {
    return StmtPtr(std::make_shared<SplitAivStmt>(m, MakeSeq({}), Span{}));
  };
  EXPECT_TRUE(StructuralEqual(region(SplitMode::UpDown), region(SplitMode::UpDown)));
  EXPECT_EQ(StructuralEqual(region(SplitMode::UpDown), region(SplitMode::LeftRight)).path,
            "stmts[0] / mode");
  auto kind =
      StructuralEqual(region(SplitMode::UpDown), scope(Level::AIV, "", false, SplitMode::UpDown));
  EXPECT_EQ(kind.path, "stmts[0]");
  EXPECT_EQ(kind.lhs, "for _ in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN): ...");
}

}  // namespace
}  // namespace tilesplit::dsl
