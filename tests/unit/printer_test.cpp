// The canonical program printer (dsl.md 9): layout, headers, statements and naming. IR is built
// by hand with stand-in operators so these tests depend on nothing but the IR core.
#include "tilesplit/dsl/printer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::dsl {
namespace {

using namespace tilesplit::ir;

class TestOp : public OpBase {
 public:
  using OpBase::OpBase;
};

const TestOp kAdd("tile.add");
const TestOp kExp("tile.exp");
const TestOp kLoad("tile.load");
const TestOp kLane("tile.get_subblock_idx");

TypePtr IndexT() {
  return MakeScalarType(DataType::INDEX);
}
TypePtr Tile16() {
  return MakeTileType({Index(16), Index(16)}, DataType::FP32, MemorySpace::Vec);
}
VarPtr IVar(const std::string& n) {
  return MakeVar(n, IndexT());
}
VarPtr TVar(const std::string& n) {
  return MakeVar(n, Tile16());
}

ExprPtr AddCall(ExprPtr a, ExprPtr b) {
  return MakeCall(&kAdd, {a, b}, {}, a->type);
}
ExprPtr ExpCall(ExprPtr a) {
  return MakeCall(&kExp, {a}, {}, a->type);
}

FunctionPtr Fn(std::string name, std::vector<Param> params, std::vector<TypePtr> ret,
               std::vector<StmtPtr> body, FunctionType type = FunctionType::Opaque,
               AttrMap attrs = {}) {
  return std::make_shared<Function>(std::move(name), type, std::move(params), std::move(ret),
                                    std::move(attrs), MakeSeq(std::move(body)), Span{});
}

ProgramPtr Prog(std::string name, std::vector<FunctionPtr> fs) {
  return std::make_shared<Program>(std::move(name), std::move(fs), Span{});
}

StmtPtr For(VarPtr lv, ExprPtr start, ExprPtr stop, ExprPtr step, std::vector<IterArg> ias,
            std::vector<StmtPtr> body, std::vector<VarPtr> rvs, ForKind kind = ForKind::Range,
            int64_t stage = 0) {
  return std::make_shared<ForStmt>(lv, start, stop, step, kind, stage, std::move(ias),
                                   MakeSeq(std::move(body)), std::move(rvs), Span{});
}

TEST(Printer, ProgramClassFormWithDynamicDimsHeaderAndSignature) {
  auto m = IVar("M");
  auto n = IVar("N");
  auto x = MakeVar("x", MakeTensorType({m, Index(128)}, DataType::FP16));
  auto out = MakeVar("out", MakeTensorType({n, Index(128)}, DataType::FP16));
  auto t = TVar("t");
  auto u = TVar("u");
  auto f = Fn("kernel",
              {{x, ParamDirection::In}, {out, ParamDirection::Out}, {t, ParamDirection::InOut}},
              {out->type}, {MakeAssign(u, ExpCall(t)), MakeEval(AddCall(t, u)), MakeReturn({out})},
              FunctionType::InCore,
              {{"split_aiv", true}, {"split", SplitMode::UpDown}, {"name", std::string("k")}});
  auto g = Fn("empty", {}, {}, {});
  EXPECT_EQ(Print(Prog("Demo", {f, g})),
            "import pypto.language as pl\n"
            "\n"
            "M = pl.dynamic(\"M\")\n"
            "N = pl.dynamic(\"N\")\n"
            "\n"
            "@pl.program\n"
            "class Demo:\n"
            "    @pl.function(type=pl.FunctionType.InCore, attrs={\"name\": \"k\", \"split\": "
            "pl.SplitMode.UP_DOWN, \"split_aiv\": True})\n"
            "    def kernel(self, x: pl.Tensor[[M, 128], pl.FP16], out: pl.Out[pl.Tensor[[N, 128], "
            "pl.FP16]], t: pl.InOut[pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]]) -> "
            "pl.Tensor[[N, 128], pl.FP16]:\n"
            "        u: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t)\n"
            "        pl.tile.add(t, u)\n"
            "        return out\n"
            "\n"
            "    @pl.function\n"
            "    def empty(self):\n"
            "        pass\n");
}

TEST(Printer, BareDefsAndTupleReturnAndAttrsWithoutType) {
  auto a = IVar("a");
  auto b = IVar("b");
  auto f = Fn("f", {{a, ParamDirection::In}}, {IndexT(), IndexT()}, {MakeReturn({a, a})},
              FunctionType::Opaque, {{"k", int64_t{3}}});
  auto g = Fn("g", {{b, ParamDirection::In}}, {}, {MakeReturn({})}, FunctionType::AIV);
  EXPECT_EQ(Print(Prog("", {f, g})),
            "import pypto.language as pl\n"
            "\n"
            "@pl.function(attrs={\"k\": 3})\n"
            "def f(a: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]:\n"
            "    return a, a\n"
            "\n"
            "@pl.function(type=pl.FunctionType.AIV)\n"
            "def g(b: pl.Scalar[pl.INDEX]):\n"
            "    return\n");
}

TEST(Printer, ForBoundForms) {
  auto n = IVar("n");
  auto i = IVar("i"), j = IVar("j"), k = IVar("k"), p = IVar("p"), q = IVar("q");
  auto f = Fn("f", {{n, ParamDirection::In}}, {},
              {For(i, Index(0), n, Index(1), {}, {}, {}),
               For(j, Index(2), n, Index(1), {}, {}, {}, ForKind::Parallel),
               For(k, Index(0), n, Index(2), {}, {}, {}, ForKind::Unroll),
               For(p, Index(0), n, Index(1), {}, {}, {}, ForKind::Pipeline, 2),
               For(q, MakeConstInt(0, DataType::INT64), n, Index(1), {}, {}, {})});
  EXPECT_EQ(PrintFunction(f),
            "@pl.function\n"
            "def f(n: pl.Scalar[pl.INDEX]):\n"
            "    for i in pl.range(n):\n"
            "        pass\n"
            "    for j in pl.parallel(2, n):\n"
            "        pass\n"
            "    for k in pl.unroll(0, n, 2):\n"
            "        pass\n"
            "    for p in pl.pipeline(n, stage=2):\n"
            "        pass\n"
            "    for q in pl.range(pl.const(0, pl.INT64), n):\n"
            "        pass\n");
}

TEST(Printer, ForWithIterArgsAndYields) {
  auto acc0 = TVar("acc");
  auto i = IVar("i");
  auto acc = TVar("acc");
  auto next = TVar("acc");
  auto res = TVar("acc");
  auto one = For(i, Index(0), Index(4), Index(1), {{acc, acc0}},
                 {MakeAssign(next, AddCall(acc, acc)), MakeYield({next})}, {res});
  auto c0 = IVar("c"), c = IVar("c"), d0 = IVar("d"), d = IVar("d");
  auto rc = IVar("rc"), rd = IVar("rd"), j = IVar("j");
  auto two = For(j, Index(1), Index(9), Index(2), {{c, c0}, {d, d0}}, {MakeYield({d, Add(c, j)})},
                 {rc, rd}, ForKind::Pipeline, 3);
  auto f = Fn("f", {{acc0, ParamDirection::In}, {c0, ParamDirection::In}, {d0, ParamDirection::In}},
              {}, {one, two});
  EXPECT_EQ(PrintFunction(f),
            "@pl.function\n"
            "def f(acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], c: pl.Scalar[pl.INDEX], d: "
            "pl.Scalar[pl.INDEX]):\n"
            "    for i, (acc_1,) in pl.range(4, init_values=(acc,)):\n"
            "        acc_2: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc_1, acc_1)\n"
            "        acc_3: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(acc_2)\n"
            "    for j, (c_1, d_1) in pl.pipeline(1, 9, 2, stage=3, init_values=(c, d)):\n"
            "        rc, rd = pl.yield_(d_1, c_1 + j)\n");
}

TEST(Printer, WhileBothForms) {
  auto n = IVar("n");
  auto x0 = IVar("x"), x = IVar("x"), rx = IVar("x");
  auto plain =
      std::make_shared<WhileStmt>(MakeBinary(BinaryOp::Lt, n, Index(4)), std::vector<IterArg>{},
                                  MakeSeq({}), std::vector<VarPtr>{}, Span{});
  auto carried = std::make_shared<WhileStmt>(
      MakeBinary(BinaryOp::Lt, x, n), std::vector<IterArg>{{x, x0}},
      MakeSeq({MakeYield({Add(x, Index(1))})}), std::vector<VarPtr>{rx}, Span{});
  auto f = Fn("f", {{n, ParamDirection::In}, {x0, ParamDirection::In}}, {IndexT()},
              {plain, carried, MakeReturn({rx})});
  EXPECT_EQ(PrintFunction(f),
            "@pl.function\n"
            "def f(n: pl.Scalar[pl.INDEX], x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
            "    while n < 4:\n"
            "        pass\n"
            "    for (x_1,) in pl.while_(init_values=(x,)):\n"
            "        pl.cond(x_1 < n)\n"
            "        x_2: pl.Scalar[pl.INDEX] = pl.yield_(x_1 + 1)\n"
            "    return x_2\n");
}

TEST(Printer, IfElseNeverElifAndMerges) {
  auto a = IVar("a");
  auto r = IVar("r"), s = IVar("s");
  auto inner = std::make_shared<IfStmt>(
      MakeBinary(BinaryOp::Eq, a, Index(1)), MakeSeq({MakeYield({Index(1)})}),
      MakeSeq({MakeYield({Index(2)})}), std::vector<VarPtr>{s}, Span{});
  auto outer = std::make_shared<IfStmt>(
      MakeBinary(BinaryOp::Eq, a, Index(0)), MakeSeq({MakeYield({Index(0)})}),
      MakeSeq({inner, MakeYield({s})}), std::vector<VarPtr>{r}, Span{});
  auto no_else = std::make_shared<IfStmt>(MakeBinary(BinaryOp::Gt, a, Index(0)), MakeSeq({}),
                                          nullptr, std::vector<VarPtr>{}, Span{});
  auto f = Fn("f", {{a, ParamDirection::In}}, {IndexT()}, {outer, no_else, MakeReturn({r})});
  EXPECT_EQ(PrintFunction(f),
            "@pl.function\n"
            "def f(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
            "    if a == 0:\n"
            "        r: pl.Scalar[pl.INDEX] = pl.yield_(0)\n"
            "    else:\n"
            "        if a == 1:\n"
            "            s: pl.Scalar[pl.INDEX] = pl.yield_(1)\n"
            "        else:\n"
            "            s: pl.Scalar[pl.INDEX] = pl.yield_(2)\n"
            "        r: pl.Scalar[pl.INDEX] = pl.yield_(s)\n"
            "    if a > 0:\n"
            "        pass\n"
            "    return r\n");
}

TEST(Printer, ScopeKeywordsInOrder) {
  auto t = TVar("t");
  auto u = TVar("u");
  std::vector<ScopeOptimization> opts = {
      {ScopeOptimization::Kind::Split, SplitMode::LeftRight, 0},
      {ScopeOptimization::Kind::CrossCoreSlot, SplitMode::None, 4}};
  auto full = std::make_shared<ScopeStmt>(Level::CORE_GROUP, opts, "grp", true,
                                          MakeSeq({MakeAssign(u, ExpCall(t))}), Span{});
  auto bare = std::make_shared<ScopeStmt>(Level::CORE_GROUP, std::vector<ScopeOptimization>{}, "",
                                          false, MakeSeq({}), Span{});
  auto f = Fn("f", {{t, ParamDirection::In}}, {}, {full, bare, MakeEval(ExpCall(u))});
  EXPECT_EQ(PrintFunction(f),
            "@pl.function\n"
            "def f(t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]):\n"
            "    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode."
            "LEFT_RIGHT), pl.cross_core_slot(slot_num=4)], name_hint=\"grp\", "
            "allow_early_resolve=True):\n"
            "        u: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t)\n"
            "    with pl.at(level=pl.Level.CORE_GROUP):\n"
            "        pass\n"
            "    pl.tile.exp(u)\n");
}

TEST(Printer, SplitRegionsWithAndWithoutLaneBinding) {
  auto t = TVar("t");
  auto lane = IVar("aiv_id");
  auto off = IVar("off");
  auto lane_call = MakeCall(&kLane, {}, {}, IndexT());
  auto with_lane = std::make_shared<SplitAivStmt>(
      SplitMode::UpDown,
      MakeSeq({MakeAssign(lane, lane_call), MakeAssign(off, Mul(lane, Index(8)))}), Span{});
  auto outside = IVar("sb");
  auto off2 = IVar("off");
  auto without = std::make_shared<SplitAivStmt>(
      SplitMode::LeftRight, MakeSeq({MakeAssign(off2, Mul(outside, Index(8)))}), Span{});
  auto empty = std::make_shared<SplitAivStmt>(SplitMode::UpDown, MakeSeq({}), Span{});
  auto f = Fn("f", {{t, ParamDirection::In}}, {},
              {with_lane, MakeAssign(outside, lane_call), without, empty});
  EXPECT_EQ(PrintFunction(f),
            "@pl.function\n"
            "def f(t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]):\n"
            "    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):\n"
            "        off: pl.Scalar[pl.INDEX] = aiv_id * 8\n"
            "    sb: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()\n"
            "    for _ in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):\n"
            "        off_1: pl.Scalar[pl.INDEX] = sb * 8\n"
            "    for _ in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):\n"
            "        pass\n");
}

TEST(Printer, NamingCollisionsFollowCollectionOrderAndSkipTakenNames) {
  // Hints x, x, x_1: x_1 is unique and kept, so the second x skips it and becomes x_2.
  auto p = IVar("x");
  auto a = IVar("x");
  auto b = IVar("x_1");
  auto f = Fn("f", {{p, ParamDirection::In}}, {IndexT()},
              {MakeAssign(a, Add(p, Index(1))), MakeAssign(b, Add(a, Index(1))), MakeReturn({b})});
  std::string text = PrintFunction(f);
  EXPECT_EQ(text,
            "@pl.function\n"
            "def f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
            "    x_2: pl.Scalar[pl.INDEX] = x + 1\n"
            "    x_1: pl.Scalar[pl.INDEX] = x_2 + 1\n"
            "    return x_1\n");
}

TEST(Printer, GeneratedNameThatIsAnotherGroupsHintIsClaimed) {
  // Hints a, a, a_1, a_1: the second a takes a_1 first, so the a_1 group moves on to a_1_1.
  auto a = IVar("a"), a2 = IVar("a"), b = IVar("a_1"), b2 = IVar("a_1");
  auto f = Fn("f",
              {{a, ParamDirection::In},
               {a2, ParamDirection::In},
               {b, ParamDirection::In},
               {b2, ParamDirection::In}},
              {}, {});
  EXPECT_EQ(PrintFunction(f),
            "@pl.function\n"
            "def f(a: pl.Scalar[pl.INDEX], a_1: pl.Scalar[pl.INDEX], a_1_1: pl.Scalar[pl.INDEX], "
            "a_1_2: pl.Scalar[pl.INDEX]):\n"
            "    pass\n");
}

TEST(Printer, ReservedNamesAreRenamed) {
  auto self = IVar("self"), pl = IVar("pl"), under = IVar("_"), tup = IVar("tuple");
  auto kw = IVar("in"), m_local = IVar("M"), m = IVar("M"), empty = IVar(""), bad = IVar("a.b");
  auto shaped = MakeVar("t", MakeTensorType({m}, DataType::FP32));
  auto f = Fn("f",
              {{self, ParamDirection::In},
               {pl, ParamDirection::In},
               {under, ParamDirection::In},
               {tup, ParamDirection::In},
               {kw, ParamDirection::In},
               {m_local, ParamDirection::In},
               {empty, ParamDirection::In},
               {bad, ParamDirection::In},
               {shaped, ParamDirection::In}},
              {}, {});
  EXPECT_EQ(Print(Prog("P", {f})),
            "import pypto.language as pl\n"
            "\n"
            "M = pl.dynamic(\"M\")\n"
            "\n"
            "@pl.program\n"
            "class P:\n"
            "    @pl.function\n"
            "    def f(self, self_1: pl.Scalar[pl.INDEX], pl_1: pl.Scalar[pl.INDEX], __1: "
            "pl.Scalar[pl.INDEX], tuple_1: pl.Scalar[pl.INDEX], in_1: pl.Scalar[pl.INDEX], M_1: "
            "pl.Scalar[pl.INDEX], v: pl.Scalar[pl.INDEX], a_b: pl.Scalar[pl.INDEX], t: "
            "pl.Tensor[[M], pl.FP32]):\n"
            "        pass\n");
}

TEST(Printer, DistinctFreeVariablesSharingAHintGetDistinctDeclarations) {
  auto m1 = IVar("M"), m2 = IVar("M");
  auto a = MakeVar("a", MakeTensorType({m1}, DataType::FP32));
  auto b = MakeVar("b", MakeTensorType({m2}, DataType::FP32));
  auto f = Fn("f", {{a, ParamDirection::In}}, {}, {});
  auto g = Fn("g", {{b, ParamDirection::In}}, {}, {});
  EXPECT_EQ(Print(Prog("", {f, g})),
            "import pypto.language as pl\n"
            "\n"
            "M = pl.dynamic(\"M\")\n"
            "M_1 = pl.dynamic(\"M_1\")\n"
            "\n"
            "@pl.function\n"
            "def f(a: pl.Tensor[[M], pl.FP32]):\n"
            "    pass\n"
            "\n"
            "@pl.function\n"
            "def g(b: pl.Tensor[[M_1], pl.FP32]):\n"
            "    pass\n");
}

TEST(Printer, NamesAreStableWhenAlreadyUnique) {
  // A printed name that is unique and unreserved is kept: reprinting renames nothing.
  auto x = IVar("x"), x2 = IVar("x_2"), x1 = IVar("x_1");
  auto f =
      Fn("f", {{x, ParamDirection::In}}, {IndexT()},
         {MakeAssign(x2, Add(x, Index(1))), MakeAssign(x1, Add(x2, Index(1))), MakeReturn({x1})});
  EXPECT_EQ(PrintFunction(f),
            "@pl.function\n"
            "def f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
            "    x_2: pl.Scalar[pl.INDEX] = x + 1\n"
            "    x_1: pl.Scalar[pl.INDEX] = x_2 + 1\n"
            "    return x_1\n");
}

TEST(Printer, PrintStmtNamesLocallyAndTolerantOfOddShapes) {
  auto a = IVar("a");
  auto b = IVar("b");
  EXPECT_EQ(PrintStmt(MakeAssign(b, Add(a, Index(2)))), "b: pl.Scalar[pl.INDEX] = a + 2\n");
  // A yield outside any loop has no targets: it prints bare rather than crashing.
  EXPECT_EQ(PrintStmt(MakeYield({a})), "pl.yield_(a)\n");
  EXPECT_EQ(PrintStmt(nullptr), "");
  EXPECT_EQ(Print(nullptr), "import pypto.language as pl\n\n");
}

}  // namespace
}  // namespace tilesplit::dsl

// ---- Round trip (dsl.md 10): parse(print(p)) equals p and printing is idempotent.

namespace tilesplit::dsl {
namespace {

using namespace tilesplit::ir;

// Prints `p`, reparses the text, and checks equality and byte-identical reprinting.
void ExpectRoundTrip(const ProgramPtr& p) {
  std::string first = Print(p);
  ProgramPtr again;
  try {
    again = Parse(first, "printed.py");
  } catch (const UserError& e) {
    FAIL() << RenderUserError(e) << "\nwhile reparsing:\n" << first;
  }
  auto eq = dsl::StructuralEqual(p, again);
  EXPECT_TRUE(eq) << eq.Describe() << "\n" << first;
  EXPECT_EQ(Print(again), first);
}

void ExpectTextRoundTrip(const std::string& text) {
  ProgramPtr p;
  try {
    p = Parse(text, "input.py");
  } catch (const UserError& e) {
    FAIL() << RenderUserError(e);
  }
  ExpectRoundTrip(p);
}

TEST(PrinterRoundTrip, LoopsBranchesAndExpressions) {
  ExpectTextRoundTrip(R"(
M = pl.dynamic("M")

@pl.program
class Demo:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True, "slot_num": 3})
    def kernel(self, x: pl.Tensor[[M, 128], pl.FP32], out: pl.Out[pl.Tensor[[M, 128], pl.FP32]], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[M, 128], pl.FP32]:
        t: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 128], target_memory=pl.Mem.Vec)
        acc0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(t, t)
        for i, (acc,) in pl.range(n, init_values=(acc0,)):
            nxt: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc, t)
            res: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.yield_(nxt)
        for j in pl.parallel(1, n, 2):
            k: pl.Scalar[pl.INDEX] = j * 2 + 1
        for p in pl.pipeline(4, stage=2):
            q: pl.Scalar[pl.INDEX] = p - (n - 1)
        for a, (b, c) in pl.range(0, 8, 2, init_values=(n, 0)):
            d: pl.Scalar[pl.INDEX] = pl.min(a, b) + pl.max(c, 3)
            e, f = pl.yield_(d, c // 2 % 3)
        if e > 0 and not f == 1 or n < 3:
            g: pl.Scalar[pl.INDEX] = pl.yield_(e)
        elif f >= 2:
            g: pl.Scalar[pl.INDEX] = pl.yield_(f)
        else:
            g: pl.Scalar[pl.INDEX] = pl.yield_(-f)
        while g < 0:
            pass
        for (w,) in pl.while_(init_values=(g,)):
            pl.cond(w < 100)
            w2: pl.Scalar[pl.INDEX] = pl.yield_(w * 2)
        z: pl.Scalar[pl.INT32] = pl.cast(w2, pl.INT32)
        z2: pl.Scalar[pl.INT64] = pl.const(5, pl.INT64)
        fl: pl.Scalar[pl.FP32] = 1.5
        fl2: pl.Scalar[pl.FP16] = pl.const(0.25, pl.FP16)
        bb: pl.Scalar[pl.BOOL] = z2 < 3 and (n > 1 or g < 2)
        r: pl.Tensor[[M, 128], pl.FP32] = pl.tile.store(res, [0, 0], out)
        return r
)");
}

TEST(PrinterRoundTrip, ScopesRegionsRebindingAndViews) {
  ExpectTextRoundTrip(R"(
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def f(self, qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> tuple[pl.Tensor[[128, 128], pl.FP32], pl.Scalar[pl.INDEX]]:
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="grp", optimizations=[pl.split(pl.SplitMode.UP_DOWN), pl.cross_core_slot(slot_num=2)], allow_early_resolve=True):
        c: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk)
        c = pl.tile.add(c, c)
        off: pl.Scalar[pl.INDEX] = 0 + aiv_id * 64
    sb: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    for _ in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
        off = sb * 8
    v: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(13, off * 7) - off * 7, 7), 128])] = pl.tile.full([8, 128], 0.0, dtype=pl.FP32)
    c = pl.store(c, [0, 0], out_0)
    return c, off

@pl.function
def g(x: pl.Scalar[pl.INDEX], x_1: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    y: pl.Scalar[pl.INDEX] = x + x_1
    y = y * 2
    y = y - 1
    return y
)");
}

TEST(PrinterRoundTrip, TransportsConstantsAndTensorViews) {
  ExpectTextRoundTrip(R"(
@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[N, 64], pl.FP16, pl.TensorView(valid_shape=[N, 32], layout=pl.TensorLayout.NZ)], t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec], m: pl.Scalar[pl.INDEX]):
    p: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
    pl.tile.tpush_to_aic(t, split=2, id=1)
    pl.system.tfree_to_aic(p, split=1)
    a: pl.Scalar[pl.INDEX] = -5 + m
    b: pl.Scalar[pl.INDEX] = -(a + 1) - -a
    c: pl.Scalar[pl.FP32] = 1e16
    d: pl.Scalar[pl.FP32] = -0.1
    e: pl.Scalar[pl.INDEX] = (a - (b - m)) // -(2 * m)
    s: pl.Scalar[pl.FP16] = pl.tensor.read(x, [0, 0])
    return
)");
}

TEST(PrinterRoundTrip, HandBuiltIrWithCollidingAndReservedHints) {
  auto m = MakeVar("M", MakeScalarType(DataType::INDEX));
  auto tile = MakeTileType({Index(16), Index(16)}, DataType::FP32, MemorySpace::Vec);
  auto x = MakeVar("x", tile);
  auto x_again = MakeVar("x", tile);
  auto x_1 = MakeVar("x_1", tile);
  auto in = MakeVar("in", MakeScalarType(DataType::INDEX));
  auto pl_var = MakeVar("pl", MakeScalarType(DataType::INDEX));
  auto dim = MakeVar("M", MakeScalarType(DataType::INDEX));  // a local that shadows nothing
  auto tensor = MakeVar("out", MakeTensorType({m, Index(16)}, DataType::FP32));
  auto lane = MakeVar("lane", MakeScalarType(DataType::INDEX));
  auto lane_call = ops::Create("tile.get_subblock_idx", {}, {});
  auto region = std::make_shared<SplitAivStmt>(
      SplitMode::UpDown,
      MakeSeq({MakeAssign(lane, lane_call), MakeAssign(dim, Mul(lane, Index(8)))}), Span{});
  auto body =
      MakeSeq({MakeAssign(x_again, ops::Create("tile.add", {x, x}, {})),
               MakeAssign(x_1, ops::Create("tile.add", {x_again, x}, {})),
               MakeAssign(pl_var, Add(in, Index(1))), region,
               MakeReturn({ops::Create("tile.store",
                                       {x_1, MakeTupleExpr({Index(0), Index(0)}), tensor}, {})})});
  auto f = std::make_shared<Function>(
      "k", FunctionType::InCore,
      std::vector<Param>{
          {x, ParamDirection::In}, {in, ParamDirection::In}, {tensor, ParamDirection::Out}},
      std::vector<TypePtr>{tensor->type}, AttrMap{}, body, Span{});
  auto p = std::make_shared<Program>("P", std::vector<FunctionPtr>{f}, Span{});
  std::string text = Print(p);
  EXPECT_NE(text.find("M = pl.dynamic(\"M\")"), std::string::npos) << text;
  EXPECT_NE(text.find("x_2: pl.Tile"), std::string::npos) << text;
  EXPECT_NE(text.find("in_1: pl.Scalar[pl.INDEX]"), std::string::npos) << text;
  EXPECT_NE(text.find("pl_1: pl.Scalar[pl.INDEX] = in_1 + 1"), std::string::npos) << text;
  EXPECT_NE(text.find("for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):"), std::string::npos)
      << text;
  EXPECT_NE(text.find("M_1: pl.Scalar[pl.INDEX] = lane * 8"), std::string::npos) << text;
  ExpectRoundTrip(p);
  ProgramPtr again = Parse(text, "printed.py");
  // Reprinted names are already unique: a second round keeps every hint.
  dsl::EqualOptions exact;
  exact.compare_name_hints = true;
  EXPECT_TRUE(dsl::StructuralEqual(again, Parse(Print(again), "again.py"), exact));
}

// Printing to a sink hands over the text in bounded chunks (so `tilesplit print` never holds the
// whole text) that concatenate to exactly the string form.
TEST(Printer, StreamedChunksConcatenateToTheText) {
  std::string src =
      "import pypto.language as pl\n\n@pl.function\n"
      "def f(a: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):\n"
      "    t0 = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)\n";
  for (int i = 1; i < 8000; ++i)
    src += "    t" + std::to_string(i) + " = pl.add(t" + std::to_string(i - 1) + ", t0)\n";
  src += "    return pl.store(t7999, [0, 0], o)\n";
  ProgramPtr p = Parse(src, "stream.py");
  const std::string whole = Print(p);
  std::string joined;
  size_t chunks = 0, largest = 0;
  Print(p, [&](std::string_view chunk) {
    ++chunks;
    largest = std::max(largest, chunk.size());
    joined += chunk;
  });
  EXPECT_EQ(joined, whole);
  EXPECT_GT(whole.size(), size_t{1} << 19);  // large enough to need several chunks
  EXPECT_GE(chunks, 2u);
  EXPECT_LT(largest, whole.size());
}

}  // namespace
}  // namespace tilesplit::dsl
