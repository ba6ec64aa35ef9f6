#include "tilesplit/ir/transform.h"

#include <gtest/gtest.h>

#include <unordered_set>

#include "test_kernels.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/ir/visitor.h"

namespace tilesplit::ir {
namespace {

FunctionPtr ParseKernel() {
  return testing::ParseEveryVarKernel("transform_test.py");
}

TypePtr IndexT() {
  return MakeScalarType(DataType::INDEX);
}

// Every expression, statement and variable node reachable from a function, by address.
class NodeCollector : public IRVisitor {
 public:
  std::unordered_set<const void*> nodes;
  void VisitExpr(const ExprPtr& e) override {
    if (e) nodes.insert(e.get());
    IRVisitor::VisitExpr(e);
  }
  void VisitStmt(const StmtPtr& s) override {
    if (s) nodes.insert(s.get());
    IRVisitor::VisitStmt(s);
  }

 protected:
  void VisitVarDef(const VarPtr& v) override {
    if (v) nodes.insert(v.get());
    IRVisitor::VisitVarDef(v);
  }
};

std::vector<std::string> Names(const std::vector<VarPtr>& vs) {
  std::vector<std::string> out;
  for (const VarPtr& v : vs) out.push_back(v->name);
  return out;
}

// ---- Substitute.

TEST(SubstituteTest, ReplacesUsesAndFolds) {
  VarPtr a = MakeVar("a", IndexT());
  VarPtr b = MakeVar("b", IndexT());
  ExprPtr e = Add(Mul(a, Index(4)), b);
  ExprPtr r = Substitute(e, VarMap{{a.get(), Index(3)}});
  const Binary* add = r->As<Binary>();
  ASSERT_NE(add, nullptr);
  EXPECT_EQ(AsConstInt(add->lhs), 12);
  EXPECT_EQ(add->rhs, b);  // untouched operand keeps its identity
  EXPECT_EQ(Substitute(e, VarMap{}), e);
  EXPECT_EQ(Substitute(e, VarMap{{MakeVar("z", IndexT()).get(), Index(1)}}), e);
}

TEST(SubstituteTest, ReachesIntoTypes) {
  VarPtr n = MakeVar("n", IndexT());
  TileView view;
  view.valid_shape = {n, Index(64)};
  view.stride = {Index(64), Index(1)};
  view.start_offset = Mul(n, Index(64));
  TypePtr t = MakeTileType({Index(64), Index(64)}, DataType::FP32, MemorySpace::Vec, view);
  VarPtr m = MakeVar("m", IndexT());
  TypePtr u = Substitute(t, VarMap{{n.get(), m}});
  const TileType* tt = AsTileType(u);
  ASSERT_TRUE(tt && tt->view);
  EXPECT_EQ(tt->view->valid_shape[0], m);
  const Binary* off = tt->view->start_offset->As<Binary>();
  ASSERT_NE(off, nullptr);
  EXPECT_EQ(off->lhs, m);
  // A tensor shape too.
  TypePtr tensor = MakeTensorType({n, Index(8)}, DataType::FP16);
  TypePtr substituted = Substitute(tensor, VarMap{{n.get(), Index(32)}});
  const TensorType* st = substituted->As<TensorType>();
  ASSERT_NE(st, nullptr);
  EXPECT_EQ(AsConstInt(st->shape[0]), 32);
}

TEST(SubstituteTest, ReplacesDefinitionsWhenTheReplacementIsAVar) {
  FunctionPtr f = ParseKernel();
  const AssignStmt* k_def = nullptr;
  for (const StmtPtr& s : FlattenStmts(f->body))
    if (const AssignStmt* a = s->As<AssignStmt>(); a && a->var->name == "k") k_def = a;
  ASSERT_NE(k_def, nullptr);
  VarPtr k2 = MakeVar("kk", k_def->var->type);
  FunctionPtr g = Substitute(f, VarMap{{k_def->var.get(), k2}});
  bool defined = false, used = false, old_seen = false;
  for (const VarPtr& v : DefinedVars(g->body)) {
    defined |= v == k2;
    old_seen |= v == k_def->var;
  }
  for (const StmtPtr& s : FlattenStmts(g->body)) used |= UsesVar(s, k2.get());
  EXPECT_TRUE(defined);
  EXPECT_TRUE(used);
  EXPECT_FALSE(old_seen);
  EXPECT_FALSE(UsesVar(g->body, k_def->var.get()));
}

TEST(SubstituteTest, ADynamicDimensionFollowsIntoEveryType) {
  FunctionPtr f = ParseKernel();
  std::vector<VarPtr> free = FreeVars(*f);
  ASSERT_EQ(Names(free), std::vector<std::string>{"M"});
  VarPtr m2 = MakeVar("M", free[0]->type);
  FunctionPtr g = Substitute(f, VarMap{{free[0].get(), m2}});
  std::vector<VarPtr> free2 = FreeVars(*g);
  ASSERT_EQ(free2.size(), 1u);
  EXPECT_EQ(free2[0], m2);
  EXPECT_TRUE(dsl::StructuralEqual(f, g).equal);
}

// ---- DeepClone.

TEST(DeepCloneTest, SharesNoNodeAndStaysEqual) {
  FunctionPtr f = ParseKernel();
  FunctionPtr g = DeepClone(f);
  ASSERT_NE(g, f);
  dsl::EqualResult eq = dsl::StructuralEqual(f, g);
  EXPECT_TRUE(eq.equal) << eq.Describe();
  NodeCollector a, b;
  a.VisitFunction(*f);
  b.VisitFunction(*g);
  std::unordered_set<const void*> free;
  for (const VarPtr& v : FreeVars(*f)) free.insert(v.get());
  size_t shared = 0;
  for (const void* p : b.nodes)
    if (a.nodes.count(p) && !free.count(p)) ++shared;
  EXPECT_EQ(shared, 0u);
  for (size_t i = 0; i < f->params.size(); ++i) {
    EXPECT_NE(g->params[i].var, f->params[i].var);
    EXPECT_EQ(g->params[i].var->name, f->params[i].var->name);
  }
}

TEST(DeepCloneTest, KeepsFreeVariables) {
  VarPtr free = MakeVar("w", IndexT());
  VarPtr x = MakeVar("x", IndexT());
  StmtPtr s = MakeSeq({MakeAssign(x, Add(free, Index(1))), MakeReturn({x})});
  StmtPtr c = DeepClone(s);
  std::vector<VarPtr> fv = FreeVars(c);
  ASSERT_EQ(fv.size(), 1u);
  EXPECT_EQ(fv[0], free);
  std::vector<VarPtr> dv = DefinedVars(c);
  ASSERT_EQ(dv.size(), 1u);
  EXPECT_NE(dv[0], x);
  EXPECT_TRUE(dsl::StructuralEqual(s, c).equal);
}

// ---- Variable collection.

TEST(CollectTest, DefinedVarsInDefinitionOrder) {
  FunctionPtr f = ParseKernel();
  std::vector<VarPtr> defs = DefinedVars(f->body);
  // t, k, acc, then the loop var, the carry, the body's acc, the exit, then the branches and s.
  ASSERT_GE(defs.size(), 9u);
  EXPECT_EQ(defs[0]->name, "t");
  EXPECT_EQ(defs[1]->name, "k");
  EXPECT_EQ(defs[3]->name, "i");
  EXPECT_EQ(defs.back()->name, "s");
}

TEST(CollectTest, FreeVarsInFirstUseOrderIncludingTypes) {
  FunctionPtr f = ParseKernel();
  // The body alone: t's type mentions n before anything reads x.
  std::vector<VarPtr> free = FreeVars(f->body);
  std::vector<std::string> names = Names(free);
  ASSERT_EQ(names.size(), 4u);
  EXPECT_EQ(names[0], "x");  // the load's first argument
  // x's type holds M, which comes right after x; then n from the view, then out.
  EXPECT_EQ(names[1], "M");
  EXPECT_EQ(names[2], "n");
  EXPECT_EQ(names[3], "out");
  // Of the whole function only the dynamic dimension is free.
  EXPECT_EQ(Names(FreeVars(*f)), std::vector<std::string>{"M"});
  // An expression.
  VarPtr a = MakeVar("a", IndexT()), b = MakeVar("b", IndexT());
  EXPECT_EQ(Names(FreeVars(Add(b, Mul(a, b)))), (std::vector<std::string>{"b", "a"}));
}

TEST(CollectTest, UsesVar) {
  FunctionPtr f = ParseKernel();
  const Var* n = f->params[1].var.get();
  const Var* x = f->params[0].var.get();
  EXPECT_TRUE(UsesVar(f->body, n));
  EXPECT_TRUE(UsesVar(f->body, x));
  VarPtr other = MakeVar("n", IndexT());
  EXPECT_FALSE(UsesVar(f->body, other.get()));
  EXPECT_FALSE(UsesVar(f->body, nullptr));
  // A use only inside a declared type counts.
  VarPtr d = MakeVar("d", IndexT());
  VarPtr y = MakeVar("y", MakeTensorType({d}, DataType::FP32));
  VarPtr z = MakeVar("z", IndexT());
  StmtPtr s = MakeAssign(y, z);
  EXPECT_TRUE(UsesVar(s, d.get()));
}

// ---- NameGenerator.

TEST(NameGeneratorTest, FreshNames) {
  NameGenerator g;
  EXPECT_EQ(g.Fresh("subblock_idx"), "subblock_idx");
  EXPECT_EQ(g.Fresh("subblock_idx"), "subblock_idx_1");
  EXPECT_EQ(g.Fresh("subblock_idx"), "subblock_idx_2");
  g.Reserve("tmp_1");
  EXPECT_EQ(g.Fresh("tmp"), "tmp");
  EXPECT_EQ(g.Fresh("tmp"), "tmp_2");
  EXPECT_EQ(g.Fresh(""), "v");
}

TEST(NameGeneratorTest, ReservesEveryNameOfAFunction) {
  FunctionPtr f = ParseKernel();
  NameGenerator g(*f);
  EXPECT_EQ(g.Fresh("n"), "n_1");  // a parameter
  EXPECT_EQ(g.Fresh("k"), "k_1");  // a local
  EXPECT_EQ(g.Fresh("M"), "M_1");  // a free dynamic dimension
  EXPECT_EQ(g.Fresh("fresh"), "fresh");
}

// The function is read per hint, and only the names the hint could produce (the hint itself and
// hint_N) are reserved; a name that merely starts with the hint does not block anything.
TEST(NameGeneratorTest, ReservesTheNamesEachHintCouldProduce) {
  std::vector<Param> params;
  for (const char* n : {"t", "t_1", "t_3", "t_x", "tt", "t_"})
    params.push_back({MakeVar(n, IndexT()), ParamDirection::In});
  Function f("f", FunctionType::InCore, std::move(params), {}, {}, MakeSeq({}), Span{});
  NameGenerator g(f);
  EXPECT_EQ(g.Fresh("t"), "t_2");
  EXPECT_EQ(g.Fresh("t"), "t_4");
  EXPECT_EQ(g.Fresh("tt"), "tt_1");
  EXPECT_EQ(g.Fresh("t_x"), "t_x_1");
  EXPECT_EQ(g.Fresh("t_"), "t__1");
  EXPECT_EQ(g.Fresh("u"), "u");
  g.Reserve("w");
  EXPECT_EQ(g.Fresh("w"), "w_1");  // an explicit reservation before the hint's first use
}

TEST(NameGeneratorTest, ManyNamesFromOneHintStayLinear) {
  NameGenerator g;
  std::string last;
  for (int i = 0; i < 50000; ++i) last = g.Fresh("x");
  EXPECT_EQ(last, "x_49999");
}

}  // namespace
}  // namespace tilesplit::ir
