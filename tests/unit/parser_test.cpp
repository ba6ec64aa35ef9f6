// The DSL parser: every construct of dsl.md 3-8 builds the expected IR, and malformed input is a
// UserError at the offending token naming the offending thing.
#include "tilesplit/dsl/parser.h"

#include <gtest/gtest.h>

#include "tilesplit/dsl/printer.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::dsl {
namespace {

using namespace ir;

constexpr const char* kHeader = "import pypto.language as pl\n\n";

ProgramPtr P(const std::string& body, bool ssa = true) {
  ParseOptions o;
  o.convert_to_ssa = ssa;
  return Parse(std::string(kHeader) + body, "t.py", o);
}

// The statements of the only (or first) function.
std::vector<StmtPtr> Body(const ProgramPtr& p, size_t fn = 0) {
  return FlattenStmts(p->functions.at(fn)->body);
}

const Call* CallOf(const StmtPtr& s) {
  if (auto a = s->As<AssignStmt>()) return a->value->As<Call>();
  if (auto e = s->As<EvalStmt>()) return e->expr->As<Call>();
  if (auto r = s->As<ReturnStmt>()) return r->values.at(0)->As<Call>();
  return nullptr;
}

// Parses and expects a UserError whose location is line:col of the text after the header (the
// header takes two lines) and whose message contains `fragment`.
void ExpectError(const std::string& body, uint32_t line, uint32_t col,
                 const std::string& fragment) {
  SCOPED_TRACE(body);
  try {
    P(body);
    FAIL() << "no error; expected: " << fragment;
  } catch (const UserError& e) {
    const std::string got =
        std::to_string(e.span().line - 2) + ":" + std::to_string(e.span().col) + ": " + e.message();
    EXPECT_EQ(e.span().line, line + 2) << got;
    if (col) {
      EXPECT_EQ(e.span().col, col) << got;
    }
    EXPECT_NE(e.message().find(fragment), std::string::npos) << got;
  }
}

const char* kTileFn =
    "@pl.function(type=pl.FunctionType.InCore)\n"
    "def f(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], t: pl.Tensor[[64, 128], pl.FP32],\n"
    "      n: pl.Scalar[pl.INDEX]):\n";

ProgramPtr F(const std::string& stmts, bool ssa = true) {
  return P(kTileFn + stmts, ssa);
}

// ---- File layout.

TEST(ParserLayout, ImportVariantsAndBareFunctions) {
  ProgramPtr p = Parse(
      "from pypto import language as pl\n"
      "@pl.function\ndef f():\n    pass\n"
      "@pl.function\ndef g():\n    pass\n",
      "t.py");
  ASSERT_EQ(p->functions.size(), 2u);
  EXPECT_EQ(p->name, "");
  EXPECT_EQ(p->functions[0]->func_type, FunctionType::Opaque);
  EXPECT_TRUE(Body(p).empty());
  EXPECT_NO_THROW(Parse("@pl.function\ndef f():\n    pass\n", "noimport.py"));
}

TEST(ParserLayout, ProgramClassWithDocstringsAndSelf) {
  ProgramPtr p =
      P("\"\"\"module docs\"\"\"\n"
        "@pl.program\nclass Prog:\n    \"\"\"class docs\"\"\"\n"
        "    @pl.function\n    def f(self, x: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:\n"
        "        'doc'\n        return x\n");
  EXPECT_EQ(p->name, "Prog");
  ASSERT_EQ(p->functions[0]->params.size(), 1u);
  EXPECT_EQ(p->functions[0]->params[0].var->name, "x");
}

TEST(ParserLayout, Errors) {
  EXPECT_THROW(Parse("import pypto.language as lang\n", "t.py"), UserError);
  ExpectError("x = \"s\"\n", 1, 5, "module constant 'x' must be a number");
  ExpectError("M = pl.dynamic(\"N\")\n@pl.function\ndef f():\n    pass\n", 1, 16, "different name");
  ExpectError("M = pl.dynamic(\"M\")\nM = pl.dynamic(\"M\")\n", 2, 1, "declared twice");
  ExpectError("@pl.function\ndef f():\n    pass\n@pl.function\ndef f():\n    pass\n", 5, 5,
              "duplicate function name 'f'");
  ExpectError("@pl.function\ndef f():\n    pass\nx = 1\n", 4, 1, "only functions");
}

// ---- Decorators and attrs.

TEST(ParserDecorator, TypeAttrsLevelRole) {
  ProgramPtr p =
      P("@pl.function(level=pl.Level.CHIP_DIE, attrs={\"split\": 1, \"slot_num\": 4, "
        "\"dual_aiv_dispatch\": False}, role=pl.Role.SubWorker, "
        "type=pl.FunctionType.InCore)\n"
        "def f():\n    pl.func_attr({\"split_aiv\": True})\n    pass\n");
  const FunctionPtr& f = p->functions[0];
  EXPECT_EQ(f->func_type, FunctionType::InCore);
  EXPECT_EQ(f->split_mode(), SplitMode::UpDown);
  EXPECT_TRUE(f->BoolAttr(ir::fattr::kSplitAiv));
  ASSERT_EQ(f->attrs.size(), 4u);
  EXPECT_EQ(f->attrs[0].first, "dual_aiv_dispatch");  // sorted by key
  EXPECT_EQ(GetAttr(f->attrs, ir::fattr::kSlotNum), 4);
  EXPECT_FALSE(f->BoolAttr(ir::fattr::kDualAivDispatch));
}

TEST(ParserDecorator, Errors) {
  ExpectError("@pl.function(type=pl.FunctionType.AIC, level=pl.Level.AIV)\ndef f():\n    pass\n", 1,
              46, "level AIV does not match function type AIC");
  ExpectError(
      "@pl.function(type=pl.FunctionType.Opaque, role=pl.Role.Orchestrator)\ndef f():\n    pass\n",
      1, 48, "does not match function type Opaque");
  // Without type=, level= and role= name the type implying them; no type implies HOST.
  ExpectError("@pl.function(level=pl.Level.HOST)\ndef f():\n    pass\n", 1, 20,
              "no function type implies level HOST");
  ExpectError("@pl.function(bogus=1)\ndef f():\n    pass\n", 1, 14,
              "unknown @pl.function keyword 'bogus'");
  ExpectError("@pl.function(attrs={\"slot_num\": 1, \"slot_num\": 2})\ndef f():\n    pass\n", 1, 36,
              "attr key \"slot_num\" is given twice");
  ExpectError(
      "@pl.function(attrs={\"slot_num\": 1})\ndef f():\n    pl.func_attr({\"slot_num\": 2})\n"
      "    pass\n",
      3, 19, "\"slot_num\" is given twice");
  // Only the attributes something reads; a misspelt one would silently drop the split.
  ExpectError("@pl.function(attrs={\"splitt\": 1})\ndef f():\n    pass\n", 1, 21,
              "unknown function attribute \"splitt\"");
  ExpectError("@pl.function(type=pl.FunctionType.Bogus)\ndef f():\n    pass\n", 1, 19,
              "unknown or unsupported function type 'Bogus'");
  ExpectError("@pl.function(attrs={\"split\": 7})\ndef f():\n    pass\n", 1, 30, "attr \"split\"");
  ExpectError("@pl.function\ndef f():\n    x = 1\n    pl.func_attr({\"slot_num\": 2})\n", 4, 5,
              "pl.func_attr is allowed only at the top");
}

// ---- Signatures.

TEST(ParserSignature, DirectionsReturnsAndSelfOnBareDef) {
  ProgramPtr p =
      P("@pl.function\n"
        "def f(self, a: pl.Tensor[[4], pl.FP32], b: pl.Out[pl.Tensor[[4], pl.FP32]],\n"
        "      c: pl.InOut[pl.Tile[[4, 4], pl.FP32]]) -> tuple[pl.Tensor[[4], pl.FP32], "
        "pl.Tile[[4, 4], pl.FP32]]:\n"
        "    return b, c\n");
  const FunctionPtr& f = p->functions[0];
  ASSERT_EQ(f->params.size(), 3u);
  EXPECT_EQ(f->params[0].direction, ParamDirection::In);
  EXPECT_EQ(f->params[1].direction, ParamDirection::Out);
  EXPECT_EQ(f->params[2].direction, ParamDirection::InOut);
  EXPECT_EQ(f->return_types.size(), 2u);
}

TEST(ParserSignature, ReturnTypeInferredFromReturns) {
  ProgramPtr p = F("    return pl.store(a, [0, 0], t)\n");
  ASSERT_EQ(p->functions[0]->return_types.size(), 1u);
  EXPECT_EQ(p->functions[0]->return_types[0]->kind, TypeKind::Tensor);
  ProgramPtr q = P("@pl.function\ndef f() -> pl.Tuple[pl.Scalar[pl.INT32]]:\n    pass\n");
  EXPECT_EQ(q->functions[0]->return_types.at(0)->kind, TypeKind::Tuple);
}

TEST(ParserSignature, UndeclaredNamesInAnnotationsAreDynamicDims) {
  ProgramPtr p =
      P("N = pl.dynamic(\"N\")\n"
        "@pl.function\ndef f(a: pl.Tensor[[M, N], pl.FP32]) -> pl.Tensor[[M, N], pl.FP32]:\n"
        "    return a\n"
        "@pl.function\ndef g(b: pl.Tensor[[M + 1], pl.FP32]):\n    pass\n");
  auto ta = p->functions[0]->params[0].var->type->As<TensorType>();
  auto tb = p->functions[1]->params[0].var->type->As<TensorType>();
  const Var* m = ta->shape[0]->As<Var>();
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->name, "M");
  EXPECT_EQ(*ScalarDType(ta->shape[0]), DataType::INDEX);
  // One Var per name per program.
  EXPECT_EQ(tb->shape[0]->As<Binary>()->lhs.get(), ta->shape[0].get());
  auto rt = p->functions[0]->return_types[0]->As<TensorType>();
  EXPECT_EQ(rt->shape[1].get(), ta->shape[1].get());
}

TEST(ParserSignature, Errors) {
  ExpectError("@pl.function\ndef f(x: pl.Out[pl.Scalar[pl.INT32]]):\n    pass\n", 2, 10,
              "pl.Out may wrap only a Tensor or a Tile");
  ExpectError("@pl.function\ndef f(x):\n    pass\n", 2, 7, "parameter 'x' needs a type annotation");
  ExpectError("@pl.function\ndef f(x: pl.Scalar[pl.INT32] = 1):\n    pass\n", 2, 30,
              "defaults are not supported");
  ExpectError("@pl.function\ndef f(*x):\n    pass\n", 2, 7, "'*' parameters");
  ExpectError("@pl.function\ndef f(x: pl.Scalar[pl.INT32], x: pl.Scalar[pl.INT32]):\n    pass\n", 2,
              31, "duplicate parameter 'x'");
  ExpectError("@pl.function\ndef f(x: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.FP32]:\n    return x\n",
              3, 12, "disagrees with the declared return type");
  ExpectError(
      "@pl.function\ndef f(x: pl.Scalar[pl.INT32], y: pl.Scalar[pl.FP32]):\n"
      "    with pl.at(level=pl.Level.CORE_GROUP):\n        return x\n    return y\n",
      5, 5, "disagrees with an earlier return");
  ExpectError(
      "@pl.function\ndef f(x: pl.Scalar[pl.INT32]) -> tuple[pl.Scalar[pl.INT32]]:\n    pass\n", 2,
      34, "at least two types");
}

// ---- Types.

TEST(ParserTypes, TileMemoryViewAndAliases) {
  ProgramPtr p =
      P("@pl.function\n"
        "def f(a: pl.Tile[[16, 128], pl.FP32, pl.TileView(valid_shape=[13, 128]), pl.Mem.Vec],\n"
        "      b: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Acc, pl.TileView()],\n"
        "      c: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec, "
        "pl.TileView(blayout=pl.TileLayout.col_major)],\n"
        "      d: pl.Tensor[[8, 8], pl.FP16, pl.NZ],\n"
        "      e: pl.Tensor[[8, 8], pl.FP16, pl.TensorView(layout=pl.TensorLayout.DN)]):\n"
        "    pass\n");
  const auto& ps = p->functions[0]->params;
  auto a = ps[0].var->type->As<TileType>();
  EXPECT_EQ(a->memory, MemorySpace::Vec);
  ASSERT_TRUE(a->view);
  EXPECT_TRUE(IsConstInt(a->view->valid_shape[0], 13));
  auto b = ps[1].var->type->As<TileType>();
  EXPECT_EQ(b->memory, MemorySpace::Acc);
  EXPECT_FALSE(b->view);                                // the implicit view is canonicalised away
  EXPECT_FALSE(ps[2].var->type->As<TileType>()->view);  // col vector: col_major is implicit
  EXPECT_EQ(ps[3].var->type->As<TensorType>()->view->layout, TensorLayout::NZ);
  EXPECT_EQ(ps[4].var->type->As<TensorType>()->view->layout, TensorLayout::DN);
}

TEST(ParserTypes, Errors) {
  ExpectError("@pl.function\ndef f(x: pl.INT64):\n    pass\n", 2, 13, "bare data type");
  ExpectError("@pl.function\ndef f(x: pl.Tile[[4], pl.FP32, pl.Mem.ScalarLocal]):\n    pass\n", 2,
              32, "ScalarLocal");
  ExpectError("@pl.function\ndef f(x: pl.Tile[[4], pl.FP32, pl.Mem.Bogus]):\n    pass\n", 2, 32,
              "unknown memory space pl.Mem.Bogus");
  ExpectError("@pl.function\ndef f(x: pl.Tile[[4], pl.FLOAT]):\n    pass\n", 2, 26,
              "unknown data type 'pl.FLOAT'");
  ExpectError("@pl.function\ndef f(x: pl.Tile[[4], pl.FP32, pl.Mem.Vec, pl.Mem.Vec]):\n    pass\n",
              2, 44, "given twice");
  ExpectError("@pl.function\ndef f(x: pl.Tuple[pl.Tuple[pl.Scalar[pl.INT32]]]):\n    pass\n", 2, 22,
              "nested tuple");
  ExpectError(
      "@pl.function\ndef f(x: pl.Tile[[4], pl.FP32, pl.TileView(blayout=pl.PadValue.zero)]):\n"
      "    pass\n",
      2, 52, "expected a pl.TileLayout value");
  ExpectError("@pl.function\ndef f(x: pl.Ptr[pl.FP32]):\n    pass\n", 2, 13, "pl.Ptr");
}

// ---- Expressions.

TEST(ParserExprs, PrecedenceFoldingAndPromotion) {
  ProgramPtr p =
      F("    x = n + 2 * 3\n"
        "    y = (n + 2) * 3\n"
        "    z = -5\n"
        "    w = n - (n - 1)\n"
        "    b = n < 3 and n > 1 or not True\n"
        "    c = pl.const(7, pl.INT32) + pl.const(1, pl.INT8)\n"
        "    d = pl.min(n, 4) // 2 % 3\n"
        "    e = pl.const(1.5, pl.FP16)\n"
        "    g = pl.const(2, pl.FP32) / 4.0\n"
        "    h = pl.cast(n, pl.INT32)\n");
  auto v = [&](size_t i) { return Body(p)[i]->As<AssignStmt>()->value; };
  auto x = v(0)->As<Binary>();
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->op, BinaryOp::Add);
  EXPECT_TRUE(IsConstInt(x->rhs, 6));  // folded at construction
  EXPECT_EQ(v(1)->As<Binary>()->op, BinaryOp::Mul);
  EXPECT_TRUE(IsConstInt(v(2), -5));
  EXPECT_EQ(v(3)->As<Binary>()->rhs->As<Binary>()->op, BinaryOp::Sub);
  auto b = v(4)->As<Binary>();
  EXPECT_EQ(b->op, BinaryOp::Or);
  EXPECT_EQ(b->lhs->As<Binary>()->op, BinaryOp::And);
  EXPECT_EQ(b->rhs->As<Unary>()->op, UnaryOp::Not);
  EXPECT_EQ(*ScalarDType(v(5)), DataType::INT32);
  EXPECT_EQ(v(5)->As<ConstInt>()->value, 8);
  auto d = v(6)->As<Binary>();
  EXPECT_EQ(d->op, BinaryOp::FloorMod);
  EXPECT_EQ(d->lhs->As<Binary>()->op, BinaryOp::FloorDiv);
  EXPECT_EQ(d->lhs->As<Binary>()->lhs->As<Binary>()->op, BinaryOp::Min);
  EXPECT_EQ(*ScalarDType(v(7)), DataType::FP16);
  EXPECT_DOUBLE_EQ(v(8)->As<ConstFloat>()->value, 0.5);
  EXPECT_EQ(v(9)->kind, ExprKind::Cast);
}

TEST(ParserExprs, TuplesAndIndexing) {
  ProgramPtr p = F("    t = [n, 2]\n    u = (n,)\n    k = t[1]\n    e = []\n    q = (n)\n");
  auto v = [&](size_t i) { return Body(p)[i]->As<AssignStmt>()->value; };
  EXPECT_EQ(v(0)->kind, ExprKind::MakeTuple);
  EXPECT_EQ(v(1)->As<MakeTuple>()->elements.size(), 1u);
  EXPECT_EQ(v(2)->As<TupleGetItem>()->index, 1);
  EXPECT_EQ(v(3)->As<MakeTuple>()->elements.size(), 0u);
  EXPECT_EQ(v(4)->kind, ExprKind::Var);
}

TEST(ParserExprs, Errors) {
  ExpectError(std::string(kTileFn) + "    x = foo + 1\n", 4, 9, "unknown name 'foo'");
  ExpectError(std::string(kTileFn) + "    x = 1 < n < 3\n", 4, 15, "chained comparisons");
  ExpectError(std::string(kTileFn) + "    x = n / 2\n", 4, 11, "'/' divides floats only");
  ExpectError(std::string(kTileFn) + "    x = pl.const(1.5, pl.INT32)\n", 4, 18,
              "float literal 1.5 cannot have the integer type pl.INT32");
  ExpectError(std::string(kTileFn) + "    x = pl.FP32\n", 4, 9, "valid only as a keyword value");
  ExpectError(std::string(kTileFn) + "    x = pl.Mem.Vec\n", 4, 9, "valid only as a keyword value");
  ExpectError(std::string(kTileFn) + "    x = n[0]\n", 4, 10, "subscripts on pl.Scalar[pl.INDEX]");
  ExpectError(std::string(kTileFn) + "    x = a + 1\n", 4, 11, "must be a scalar");
  ExpectError(std::string(kTileFn) + "    x = True + 1\n", 4, 14, "two integers or two floats");
  ExpectError(std::string(kTileFn) + "    x = pl\n", 4, 9, "module 'pl' is not a value");
  ExpectError(std::string(kTileFn) + "    x = \"s\"\n", 4, 9, "a string is not a value");
  ExpectError(std::string(kTileFn) + "    x = [n, 1][5]\n", 4, 15, "out of range");
  ExpectError(std::string(kTileFn) + "    x = pl.min(a, 1)\n", 4, 16, "pl.min works on scalars");
  ExpectError(std::string(kTileFn) + "    x = pl.foo\n", 4, 12, "unknown name 'pl.foo'");
}

// ---- Calls.

TEST(ParserCalls, ShortFormsResolve) {
  ProgramPtr p =
      F("    x = pl.add(a, a)\n"
        "    y = pl.add(a, 1.0)\n"
        "    z = pl.exp(a)\n"
        "    r = pl.read(t, [0, n])\n"
        "    s = pl.read(a, [0, 1])\n"
        "    c = pl.cast(a, pl.FP16)\n"
        "    d = pl.cast(a, pl.FP16, \"floor\")\n");
  std::vector<std::string> want = {"tile.add",  "tile.adds", "tile.exp", "tensor.read",
                                   "tile.read", "tile.cast", "tile.cast"};
  auto body = Body(p);
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(CallOf(body[i])->op_name(), want[i]) << i;
  EXPECT_EQ(GetAttr<int64_t>(CallOf(body[5])->kwargs, "mode"), 2);  // round by default
  EXPECT_EQ(GetAttr<int64_t>(CallOf(body[6])->kwargs, "mode"), 3);
}

TEST(ParserCalls, OneIndexReadIsATuple) {
  ProgramPtr p =
      P("@pl.function\ndef f(t: pl.Tensor[[8], pl.INT32], i: pl.Scalar[pl.INDEX]):\n"
        "    x = pl.read(t, i)\n");
  const Call* c = CallOf(Body(p)[0]);
  EXPECT_EQ(c->op_name(), "tensor.read");
  EXPECT_EQ(c->args[1]->kind, ExprKind::MakeTuple);
}

TEST(ParserCalls, KeywordsBindArgumentsAndParserDefaultsCopy) {
  ProgramPtr p =
      F("    z = pl.full([64, 512], dtype=pl.BF16, value=0.0)\n"
        "    x = pl.load(t, [0, 0], [64, 128])\n"
        "    y = pl.load(t, offsets=[0, 0], shapes=[32, 128], target_memory=pl.Mem.Vec)\n");
  auto body = Body(p);
  const Call* full = CallOf(body[0]);
  ASSERT_EQ(full->args.size(), 2u);
  EXPECT_EQ(full->args[1]->kind, ExprKind::ConstFloat);
  EXPECT_EQ(GetAttr<DataType>(full->kwargs, "dtype"), DataType::BF16);
  const Call* load = CallOf(body[1]);
  ASSERT_EQ(load->args.size(), 4u);
  EXPECT_EQ(load->args[3], load->args[2]);  // valid_shape defaults to shapes
  const Call* load2 = CallOf(body[2]);
  EXPECT_EQ(GetAttr<MemorySpace>(load2->kwargs, "target_memory"), MemorySpace::Vec);
  EXPECT_EQ(TileTypeOf(body[2]->As<AssignStmt>()->value)->memory, MemorySpace::Vec);
}

TEST(ParserCalls, AtomicAndSplitModeSpellings) {
  ProgramPtr p =
      F("    s = pl.store(a, [0, 0], t, atomic=pl.AtomicType.Add)\n"
        "    h = pl.tile.aiv_shard(a, split=pl.SplitMode.LEFT_RIGHT)\n");
  EXPECT_EQ(GetAttr<int64_t>(CallOf(Body(p)[0])->kwargs, "atomic"), 1);
  EXPECT_EQ(GetAttr<int64_t>(CallOf(Body(p)[1])->kwargs, "split"), 2);
}

TEST(ParserCalls, Errors) {
  ExpectError(std::string(kTileFn) + "    x = pl.tile.add(a, a, bogus=1)\n", 4, 27,
              "tile.add: unknown keyword 'bogus'");
  ExpectError(std::string(kTileFn) + "    x = pl.tile.frobnicate(a)\n", 4, 17,
              "unknown operator 'tile.frobnicate'");
  // A keyword-named segment is written with a trailing '_'.
  ExpectError(std::string(kTileFn) + "    x = pl.tile.lambda_(a)\n", 4, 17,
              "unknown operator 'tile.lambda'");
  ExpectError(std::string(kTileFn) + "    x = pl.frobnicate(a)\n", 4, 12,
              "unknown operator 'pl.frobnicate'");
  ExpectError(std::string(kTileFn) + "    x = pl.tile.add(a, a, a)\n", 4, 27,
              "tile.add: too many arguments");
  ExpectError(std::string(kTileFn) + "    x = pl.tile.add(a)\n", 4, 9,
              "tile.add: missing argument");
  ExpectError(std::string(kTileFn) + "    x = pl.tile.add(a, lhs=a)\n", 4, 24,
              "argument 'lhs' is given twice");
  ExpectError(std::string(kTileFn) + "    x = pl.add(n, 1)\n", 4, 9, "with only scalar operands");
  ExpectError(std::string(kTileFn) + "    x = pl.tile.cast(a, target_type=pl.FP16, mode=\"up\")\n",
              4, 51, "unknown cast mode");
  ExpectError(std::string(kTileFn) + "    x = pl.tile.cast(a, target_type=1, mode=2)\n", 4, 37,
              "must be a DataType");
  ExpectError(std::string(kTileFn) + "    x = pl.tile.aiv_shard(a, split=n)\n", 4, 36,
              "needs a literal value");
  ExpectError(std::string(kTileFn) + "    x = pl.tile.add(pl.FP32, a)\n", 4, 21,
              "is not a valid argument");
  ExpectError(std::string(kTileFn) + "    x = pl.tile.add(lhs=a, a)\n", 4, 28,
              "positional argument follows a keyword");
  ExpectError(std::string(kTileFn) + "    x = pl.tile.aiv_shard(a)\n", 4, 9, "split");
  ExpectError(std::string(kTileFn) + "    x = pl.range(3)\n", 4, 9,
              "valid only as the iterable of a for loop");
}

// ---- Annotations.

TEST(ParserAnnotations, AnnotationIsCheckedAndItsMemoryWins) {
  ProgramPtr p =
      F("    x: pl.Tile[[64, 128], pl.FP32] = pl.load(t, [0, 0], [64, 128])\n"
        "    y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.load(t, [0, 0], [64, 128])\n"
        "    k: pl.Scalar[pl.INT32] = 5\n"
        "    j: pl.Scalar[pl.INT64] = n\n");
  auto body = Body(p);
  EXPECT_FALSE(TileTypeOf(body[0]->As<AssignStmt>()->value)->memory);
  // The call node carries the final type.
  EXPECT_EQ(TileTypeOf(body[1]->As<AssignStmt>()->value)->memory, MemorySpace::Vec);
  EXPECT_EQ(TileTypeOf(body[1]->As<AssignStmt>()->var)->memory, MemorySpace::Vec);
  EXPECT_EQ(*ScalarDType(body[2]->As<AssignStmt>()->value), DataType::INT32);
  EXPECT_EQ(*ScalarDType(body[3]->As<AssignStmt>()->var), DataType::INT64);
}

TEST(ParserAnnotations, ContradictionsAreErrors) {
  ExpectError(
      std::string(kTileFn) + "    x: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.add(a, a)\n", 4, 8,
      "annotation pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] contradicts the deduced type "
      "pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec]");
  ExpectError(std::string(kTileFn) + "    x: pl.Tile[[64, 128], pl.FP16] = pl.add(a, a)\n", 4, 8,
              "contradicts the deduced type");
  ExpectError(std::string(kTileFn) + "    x: pl.Scalar[pl.INDEX] = pl.add(a, a)\n", 4, 8,
              "contradicts");
  ExpectError(std::string(kTileFn) + "    x: pl.Tile[[64], pl.FP32] = pl.add(a, a)\n", 4, 8,
              "contradicts");
  ExpectError(std::string(kTileFn) + "    x = pl.tile.tpush_to_aiv(a, split=0)\n", 4, 9,
              "produces no value");
}

// ---- Statements.

TEST(ParserStmts, ForKindsBoundsAndCarries) {
  ProgramPtr p =
      F("    for i in pl.range(4):\n        pass\n"
        "    for i in pl.parallel(1, n):\n        pass\n"
        "    for i in pl.unroll(0, 8, 2):\n        pass\n"
        "    for i in pl.pipeline(n, stage=2):\n        pass\n"
        "    for i, (x, y) in pl.range(n, init_values=(n, a)):\n"
        "        x2 = x + i\n"
        "        r1, r2 = pl.yield_(x2, y)\n"
        "    for i, (s,) in pl.range(3, init_values=(0,)):\n"
        "        s2: pl.Scalar[pl.INDEX] = pl.yield_(s + 1)\n"
        "    return r1 + s2\n");
  auto body = Body(p);
  auto f0 = body[0]->As<ForStmt>();
  EXPECT_TRUE(IsConstInt(f0->start, 0));
  EXPECT_TRUE(IsConstInt(f0->step, 1));
  EXPECT_EQ(body[1]->As<ForStmt>()->for_kind, ForKind::Parallel);
  EXPECT_TRUE(IsConstInt(body[2]->As<ForStmt>()->step, 2));
  EXPECT_EQ(body[3]->As<ForStmt>()->stage, 2);
  auto f4 = body[4]->As<ForStmt>();
  ASSERT_EQ(f4->iter_args.size(), 2u);
  ASSERT_EQ(f4->return_vars.size(), 2u);
  EXPECT_EQ(f4->return_vars[1]->type->kind, TypeKind::Tile);
  auto ret = body[6]->As<ReturnStmt>()->values[0]->As<Binary>();
  EXPECT_EQ(ret->lhs.get(), f4->return_vars[0].get());
  EXPECT_EQ(ret->rhs.get(), body[5]->As<ForStmt>()->return_vars[0].get());
}

TEST(ParserStmts, WhileFormsIfElifElse) {
  ProgramPtr p =
      F("    while n > 0:\n        pass\n"
        "    for (x, y) in pl.while_(init_values=(n, 0)):\n"
        "        pl.cond(x < 10)\n"
        "        x1, y1 = pl.yield_(x + 1, y + x)\n"
        "    if x1 > 3:\n        v = 1\n        w: pl.Scalar[pl.INDEX] = pl.yield_(v)\n"
        "    elif x1 > 1:\n        w = pl.yield_(2)\n"
        "    else:\n        w = pl.yield_(3)\n"
        "    if n == 0:\n        pl.tile.tpush_to_aiv(a, split=0)\n"
        "    return w\n");
  auto body = Body(p);
  EXPECT_TRUE(body[0]->As<WhileStmt>()->iter_args.empty());
  auto w = body[1]->As<WhileStmt>();
  ASSERT_EQ(w->iter_args.size(), 2u);
  EXPECT_EQ(w->cond->As<Binary>()->lhs.get(), w->iter_args[0].var.get());
  auto i = body[2]->As<IfStmt>();
  ASSERT_EQ(i->return_vars.size(), 1u);
  auto nested = FlattenStmts(i->else_body);
  ASSERT_EQ(nested.size(), 2u);
  EXPECT_EQ(nested[0]->kind, StmtKind::If);
  EXPECT_EQ(nested[1]->As<YieldStmt>()->values[0].get(),
            nested[0]->As<IfStmt>()->return_vars[0].get());
  EXPECT_EQ(body[4]->As<ReturnStmt>()->values[0].get(), i->return_vars[0].get());
  EXPECT_EQ(body[3]->As<IfStmt>()->else_body, nullptr);
}

TEST(ParserStmts, ScopesAndRegions) {
  ProgramPtr p =
      F("    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=4)], "
        "name_hint=\"s\", allow_early_resolve=True):\n"
        "        for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):\n"
        "            h = pl.aiv_shard(a)\n"
        "            k = aiv * 2\n"
        "        for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):\n"
        "            pass\n"
        "    return h, k\n");
  auto body = Body(p);
  auto sc = body[0]->As<ScopeStmt>();
  ASSERT_NE(sc, nullptr);
  EXPECT_EQ(sc->level, Level::CORE_GROUP);
  ASSERT_EQ(sc->optimizations.size(), 1u);
  EXPECT_EQ(sc->optimizations[0].slot_num, 4);
  EXPECT_EQ(sc->name_hint, "s");
  EXPECT_TRUE(sc->allow_early_resolve);
  auto inner = FlattenStmts(sc->body);
  auto r = inner[0]->As<SplitAivStmt>();
  EXPECT_EQ(r->mode, SplitMode::UpDown);
  VarPtr lane = LaneVar(*r);
  ASSERT_NE(lane, nullptr);
  EXPECT_EQ(lane->name, "aiv");
  auto region_body = FlattenStmts(r->body);
  EXPECT_EQ(GetAttr<int64_t>(CallOf(region_body[1])->kwargs, "split"), 1);  // region default
  auto r2 = inner[1]->As<SplitAivStmt>();
  EXPECT_TRUE(FlattenStmts(r2->body).empty());  // `_` binds nothing
  // Region and scope bindings stay visible after them.
  auto ret = body[1]->As<ReturnStmt>();
  EXPECT_EQ(ret->values[0].get(), region_body[1]->As<AssignStmt>()->var.get());
}

TEST(ParserStmts, ScopeSplitBesideRegionsIsRefused) {
  ProgramPtr p =
      F("    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN), "
        "pl.cross_core_slot(slot_num=2)]):\n"
        "        h = pl.add(a, a)\n"
        "    return h\n");
  auto sc = Body(p)[0]->As<ScopeStmt>();
  ASSERT_NE(sc, nullptr);
  ASSERT_EQ(sc->optimizations.size(), 2u);
  EXPECT_EQ(sc->optimizations[0].split, SplitMode::UpDown);
  EXPECT_EQ(sc->optimizations[1].slot_num, 2);
  // Any pl.split, NONE included, beside a region, at any depth of the scope's body.
  const std::string h = kTileFn;
  ExpectError(h + "    with pl.at(level=pl.Level.CORE_GROUP, "
                  "optimizations=[pl.split(pl.SplitMode.NONE)]):\n"
                  "        for i in pl.range(2):\n"
                  "            for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):\n"
                  "                pass\n",
              4, 5, "mutually exclusive");
}

TEST(ParserStmts, RebindingInTheSameScopeShadows) {
  ProgramPtr p = F("    x = n\n    x = x + 1\n    return x\n");
  auto body = Body(p);
  auto a0 = body[0]->As<AssignStmt>(), a1 = body[1]->As<AssignStmt>();
  EXPECT_NE(a0->var.get(), a1->var.get());
  EXPECT_EQ(a1->value->As<Binary>()->lhs.get(), a0->var.get());
  EXPECT_EQ(body[2]->As<ReturnStmt>()->values[0].get(), a1->var.get());
}

TEST(ParserStmts, Errors) {
  const std::string h = kTileFn;
  ExpectError(h + "    x = pl.yield_(n)\n", 4, 9, "pl.yield_ outside a loop or if body");
  ExpectError(h + "    for i in pl.range(3):\n        y = pl.yield_(n)\n        pass\n", 5, 13,
              "must be the last statement");
  ExpectError(h + "    for i in pl.range(3):\n        pass\n    x = i\n", 6, 9, "unknown name 'i'");
  ExpectError(h + "    if n > 0:\n        q = 1\n    x = q\n", 6, 9, "unknown name 'q'");
  ExpectError(h + "    for i in pl.split_aiv(2):\n        pass\n", 4, 17,
              "pl.split_aiv requires mode=");
  ExpectError(h + "    for i in pl.split_aiv(4, mode=pl.SplitMode.NONE):\n        pass\n", 4, 27,
              "lane count 2");
  ExpectError(h + "    for i in pl.split_aiv(2, mode=pl.SplitMode.NONE):\n"
                  "        for j in pl.split_aiv(2, mode=pl.SplitMode.NONE):\n            pass\n",
              5, 9, "regions cannot nest");
  ExpectError(h + "    for i in pl.pipeline(4):\n        pass\n", 4, 17, "needs stage=N");
  ExpectError(h + "    for i in pl.range(4, stage=2):\n        pass\n", 4, 26,
              "valid only on pl.pipeline");
  ExpectError(h + "    for i in pl.unroll(n):\n        pass\n", 4, 24, "constant bounds");
  ExpectError(h + "    for i in pl.range(0, 4, 0):\n        pass\n", 4, 29, "must not be zero");
  ExpectError(h + "    for i, (x,) in pl.range(4, init_values=(n,)):\n        pass\n", 4, 5,
              "must end with 'x = pl.yield_");
  ExpectError(h + "    for i, (x,) in pl.range(4, init_values=(n,)):\n"
                  "        y = pl.yield_(a)\n",
              5, 13, "but the loop carries pl.Scalar[pl.INDEX]");
  ExpectError(h + "    if n > 0:\n        y = pl.yield_(1)\n", 4, 5, "needs an else branch");
  ExpectError(h + "    if n:\n        pass\n", 4, 8, "must be BOOL");
  ExpectError(h + "    while 1:\n        pass\n", 4, 11, "must be BOOL");
  ExpectError(h + "    for (x,) in pl.while_(init_values=(n,)):\n        x2 = pl.yield_(x)\n", 5, 9,
              "must start with pl.cond");
  ExpectError(h + "    with pl.at(level=pl.Level.CHIP):\n        pass\n", 4, 22,
              "only pl.Level.CORE_GROUP");
  ExpectError(h + "    with pl.at(name_hint=\"x\"):\n        pass\n", 4, 5, "needs level=");
  ExpectError(h + "    x, y = pl.tile.add(a, a)\n", 4, 12, "2 targets take a value with 2 results");
  ExpectError(h + "    n + 1\n", 4, 5, "must be an operator call");
  ExpectError(h + "    a[0] = 1\n", 4, 6, "subscripts on pl.Tile");
  ExpectError(h + "    x = 1\n      y = 2\n", 5, 7, "unexpected indent");
  ExpectError(h + "    elif n > 0:\n        pass\n", 4, 5, "'elif' without a matching 'if'");
  ExpectError(h + "    for i in pl.range(3):\n        return n\n", 5, 9,
              "return inside a loop body");
  ExpectError(h + "    pl.cond(n > 1)\n", 4, 5, "pl.cond is valid only");
  ExpectError(h + "    x = '''doc'''\n", 4, 9, "triple-quoted strings");
  // A dim that is not static on one side does not contradict.
  EXPECT_NO_THROW(
      F("    M = 4\n    y: pl.Tile[[M, 128], pl.FP32] = pl.load(t, [0, 0], [4, 128])\n"));
}

TEST(ParserStmts, DocstringsAndPassBuildNothing) {
  ProgramPtr p = F("    \"\"\"doc\"\"\"\n    pass\n    'another'\n    x = 1\n");
  auto body = Body(p);
  ASSERT_EQ(body.size(), 1u);
  EXPECT_EQ(body[0]->kind, StmtKind::Assign);
}

// ---- Round trip through the printer (dsl.md 10).

TEST(ParserRoundTrip, PrintThenParseIsStructurallyEqual) {
  const char* cases[] = {
      "@pl.function(type=pl.FunctionType.InCore, attrs={\"split\": pl.SplitMode.UP_DOWN})\n"
      "def split_auto(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat],\n"
      "               out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):\n"
      "    popped: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.move(qk, "
      "target_memory=pl.Mem.Vec)\n"
      "    y: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.add(popped, popped)\n"
      "    return pl.store(y, [0, 0], out_0)\n",
      "@pl.function\ndef f(a: pl.Tensor[[M, 64], pl.FP32], n: pl.Scalar[pl.INDEX]):\n"
      "    acc = pl.tile.full([16, 64], dtype=pl.FP32, value=0.0)\n"
      "    for i in pl.range(n):\n"
      "        x = pl.load(a, [i * 16, 0], [16, 64], target_memory=pl.Mem.Vec)\n"
      "        acc = pl.add(acc, x)\n"
      "        if i > 2:\n            acc = pl.mul(acc, 0.5)\n"
      "    return acc\n",
  };
  for (const char* c : cases) {
    ProgramPtr p = P(c);
    std::string text = Print(p);
    ProgramPtr q = Parse(text, "printed.py");
    dsl::EqualResult eq = dsl::StructuralEqual(p, q);
    EXPECT_TRUE(eq) << eq.Describe() << "\n" << text;
    EXPECT_EQ(Print(q), text);
  }
}

}  // namespace
}  // namespace tilesplit::dsl
