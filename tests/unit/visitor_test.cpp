#include "tilesplit/ir/visitor.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "test_kernels.h"
#include "tilesplit/dsl/parser.h"

namespace tilesplit::ir {
namespace {

FunctionPtr ParseKernel() {
  return testing::ParseEveryVarKernel("visitor_test.py");
}

class Recorder : public IRVisitor {
 public:
  std::vector<std::string> events;
  std::map<ExprKind, int> expr_kinds;
  std::map<StmtKind, int> stmt_kinds;
  int types = 0;

  void VisitExpr(const ExprPtr& e) override {
    if (e) ++expr_kinds[e->kind];
    IRVisitor::VisitExpr(e);
  }
  void VisitStmt(const StmtPtr& s) override {
    if (s) ++stmt_kinds[s->kind];
    IRVisitor::VisitStmt(s);
  }
  void VisitType(const TypePtr& t) override {
    ++types;
    IRVisitor::VisitType(t);
  }

 protected:
  void VisitVar(const VarPtr& v) override { events.push_back("use " + v->name); }
  void VisitVarDef(const VarPtr& v) override {
    events.push_back("def " + v->name);
    IRVisitor::VisitVarDef(v);
  }
};

size_t IndexOf(const std::vector<std::string>& v, const std::string& s) {
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i] == s) return i;
  return v.size();
}

TEST(VisitorTest, ReachesEveryStatementKindOfTheKernel) {
  Recorder r;
  r.VisitFunction(*ParseKernel());
  EXPECT_EQ(r.stmt_kinds[StmtKind::For], 1);
  EXPECT_EQ(r.stmt_kinds[StmtKind::If], 1);
  EXPECT_EQ(r.stmt_kinds[StmtKind::Yield], 3);
  EXPECT_EQ(r.stmt_kinds[StmtKind::Return], 1);
  EXPECT_GE(r.expr_kinds[ExprKind::Call], 4);
  EXPECT_GE(r.expr_kinds[ExprKind::Binary], 2);
}

TEST(VisitorTest, SeesVariablesInsideTypes) {
  Recorder r;
  r.VisitFunction(*ParseKernel());
  // M appears only in parameter types; n also in t's valid_shape.
  EXPECT_NE(IndexOf(r.events, "use M"), r.events.size());
  int n_uses = 0;
  for (const std::string& e : r.events) n_uses += e == "use n";
  // k = n * 2, n > 3, plus the valid_shape of t's type, of the load's result type, of acc's...
  EXPECT_GE(n_uses, 4);
  EXPECT_GT(r.types, 0);
}

// Records definitions and uses by identity (name hints need not be unique).
class OrderRecorder : public IRVisitor {
 public:
  std::vector<std::pair<bool, const Var*>> events;  // (is definition, variable)
  size_t Def(const Var* v) const { return Find(true, v); }
  size_t Use(const Var* v) const { return Find(false, v); }

 protected:
  void VisitVar(const VarPtr& v) override { events.push_back({false, v.get()}); }
  void VisitVarDef(const VarPtr& v) override {
    events.push_back({true, v.get()});
    IRVisitor::VisitVarDef(v);
  }

 private:
  size_t Find(bool def, const Var* v) const {
    for (size_t i = 0; i < events.size(); ++i)
      if (events[i].first == def && events[i].second == v) return i;
    return events.size();
  }
};

TEST(VisitorTest, VisitsValuesBeforeTargetsAndLoopHeadersBeforeBodies) {
  FunctionPtr f = ParseKernel();
  OrderRecorder r;
  r.VisitFunction(*f);
  // Parameters are definitions and come first.
  EXPECT_EQ(r.Def(f->params[0].var.get()), 0u);
  const ForStmt* loop = nullptr;
  const AssignStmt* k_assign = nullptr;
  for (const StmtPtr& s : FlattenStmts(f->body)) {
    if (!loop) loop = s->As<ForStmt>();
    if (const AssignStmt* a = s->As<AssignStmt>(); a && a->var->name == "k") k_assign = a;
  }
  ASSERT_NE(loop, nullptr);
  ASSERT_NE(k_assign, nullptr);
  ASSERT_EQ(loop->iter_args.size(), 1u);
  ASSERT_EQ(loop->return_vars.size(), 1u);
  // An assignment reads its value before it defines its target.
  const Var* n = f->params[1].var.get();
  EXPECT_LT(r.Use(n), r.Def(k_assign->var.get()));
  // The bound, then the loop var and the carry, then the body, then the exit.
  const Var* k = k_assign->var.get();
  const Var* i = loop->loop_var.get();
  const Var* carry = loop->iter_args[0].var.get();
  const Var* exit = loop->return_vars[0].get();
  EXPECT_LT(r.Use(k), r.Def(i));
  EXPECT_LT(r.Def(i), r.Def(carry));
  EXPECT_LT(r.Def(carry), r.Use(carry));
  EXPECT_LT(r.Use(carry), r.Def(exit));
  EXPECT_LT(r.Def(exit), r.Use(exit));
}

TEST(VisitorTest, NullChildrenAreIgnored) {
  Recorder r;
  r.VisitExpr(nullptr);
  r.VisitStmt(nullptr);
  r.VisitType(nullptr);
  EXPECT_TRUE(r.events.empty());
  // An if without else has a null else branch.
  VarPtr c = MakeVar("c", MakeScalarType(DataType::BOOL));
  StmtPtr s = std::make_shared<IfStmt>(c, MakeSeq({}), nullptr, std::vector<VarPtr>{}, Span{});
  r.VisitStmt(s);
  EXPECT_EQ(r.events, std::vector<std::string>{"use c"});
}

TEST(VisitorTest, VisitsTileViewStrideAndStartOffset) {
  VarPtr a = MakeVar("a", MakeScalarType(DataType::INDEX));
  VarPtr b = MakeVar("b", MakeScalarType(DataType::INDEX));
  TileView view;
  view.stride = {a, Index(1)};
  view.start_offset = b;
  TypePtr t = MakeTileType({Index(16), Index(16)}, DataType::FP32, MemorySpace::Vec, view);
  Recorder r;
  r.VisitType(t);
  EXPECT_EQ(r.events, (std::vector<std::string>{"use a", "use b"}));
}

}  // namespace
}  // namespace tilesplit::ir
