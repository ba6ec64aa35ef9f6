#include "tilesplit/ir/mutator.h"

#include <gtest/gtest.h>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/ir/visitor.h"

namespace tilesplit::ir {
namespace {

constexpr const char* kKernel = R"(import pypto.language as pl

M = pl.dynamic("M")

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[M, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[M, 64], pl.FP32]]) -> pl.Tensor[[M, 64], pl.FP32]:
    t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 64])] = pl.load(x, [0, 0], [64, 64])
    k = n * 2
    j = k + 5
    acc = t
    for i in pl.range(k):
        acc = pl.add(acc, t)
    return pl.store(acc, [0, 0], out)
)";

FunctionPtr ParseKernel() {
  return dsl::Parse(kKernel, "mutator_test.py")->functions.at(0);
}

class Identity : public IRMutator {};

// Replaces the integer constant `from` by `to` wherever it appears.
class ReplaceConst : public IRMutator {
 public:
  ReplaceConst(int64_t from, int64_t to) : from_(from), to_(to) {}

 protected:
  ExprPtr MutateConstInt(const ConstIntPtr& op) override {
    if (op->value == from_) return MakeConstInt(to_, ScalarDType(op).value(), op->span);
    return op;
  }

 private:
  int64_t from_, to_;
};

// Replaces every use and definition of one variable's type dimension: a var named `name` used
// in expressions becomes the constant `value`.
class ReplaceVarByConst : public IRMutator {
 public:
  ReplaceVarByConst(const Var* v, int64_t value) : v_(v), value_(value) {}

 protected:
  ExprPtr MutateVar(const VarPtr& v) override {
    if (v.get() == v_) return Index(value_);
    return IRMutator::MutateVar(v);
  }

 private:
  const Var* v_;
  int64_t value_;
};

TEST(MutatorTest, IdentityKeepsEveryPointer) {
  ProgramPtr p = dsl::Parse(kKernel, "mutator_test.py");
  Identity m;
  EXPECT_EQ(m.MutateProgram(p), p);
  FunctionPtr f = p->functions[0];
  Identity m2;
  EXPECT_EQ(m2.MutateFunction(f), f);
  Identity m3;
  EXPECT_EQ(m3.MutateStmt(f->body), f->body);
  for (const Param& prm : f->params) {
    Identity m4;
    EXPECT_EQ(m4.MutateType(prm.var->type), prm.var->type);
  }
}

TEST(MutatorTest, RebuildsOnlyThePathToTheChange) {
  FunctionPtr f = ParseKernel();
  ReplaceConst m(5, 6);  // only `j = k + 5` holds a 5
  FunctionPtr g = m.MutateFunction(f);
  ASSERT_NE(g, f);
  std::vector<StmtPtr> before = FlattenStmts(f->body);
  std::vector<StmtPtr> after = FlattenStmts(g->body);
  ASSERT_EQ(before.size(), after.size());
  int changed = 0;
  for (size_t i = 0; i < before.size(); ++i) {
    const AssignStmt* a = before[i]->As<AssignStmt>();
    if (a && a->var->name == "j") {
      ++changed;
      ASSERT_NE(after[i], before[i]);
      const AssignStmt* b = after[i]->As<AssignStmt>();
      ASSERT_NE(b, nullptr);
      EXPECT_EQ(b->var, a->var);  // the target's type did not change: same variable
      const Binary* add = b->value->As<Binary>();
      ASSERT_NE(add, nullptr);
      EXPECT_EQ(add->lhs, a->value->As<Binary>()->lhs);  // untouched operand: same node
      EXPECT_EQ(AsConstInt(add->rhs), 6);
    } else {
      EXPECT_EQ(after[i], before[i]) << "statement " << i << " was rebuilt needlessly";
    }
  }
  EXPECT_EQ(changed, 1);
  // Parameters untouched.
  for (size_t i = 0; i < f->params.size(); ++i) EXPECT_EQ(g->params[i].var, f->params[i].var);
}

TEST(MutatorTest, AVariableWhoseTypeChangesIsRebuiltOnceForAllUses) {
  FunctionPtr f = ParseKernel();
  const Var* n = f->params[1].var.get();
  ReplaceVarByConst m(n, 64);  // t's valid_shape [n, 64] becomes [64, 64]: the view vanishes
  FunctionPtr g = m.MutateFunction(f);
  ASSERT_NE(g, f);
  // t is defined with a new type, and every later use of t is that same new Var.
  const AssignStmt* t_def = FlattenStmts(g->body)[0]->As<AssignStmt>();
  ASSERT_NE(t_def, nullptr);
  EXPECT_EQ(t_def->var->name, "t");
  const TileType* tt = AsTileType(t_def->var->type);
  ASSERT_NE(tt, nullptr);
  EXPECT_FALSE(tt->view.has_value());
  const Var* old_t = FlattenStmts(f->body)[0]->As<AssignStmt>()->var.get();
  EXPECT_NE(t_def->var.get(), old_t);

  class Uses : public IRVisitor {
   public:
    std::vector<const Var*> ts;

   protected:
    void VisitVar(const VarPtr& v) override {
      if (v->name == "t") ts.push_back(v.get());
    }
  } uses;
  uses.VisitFunction(*g);
  ASSERT_FALSE(uses.ts.empty());
  for (const Var* u : uses.ts) EXPECT_EQ(u, t_def->var.get());
  // The result still prints and reparses to an equal program.
  ProgramPtr prog = std::make_shared<Program>("", std::vector<FunctionPtr>{g}, Span{});
  ProgramPtr back = dsl::Parse(dsl::Print(prog), "reprint.py");
  EXPECT_TRUE(dsl::StructuralEqual(prog, back).equal);
}

TEST(MutatorTest, SubstitutedConstantsFold) {
  VarPtr a = MakeVar("a", MakeScalarType(DataType::INDEX));
  ExprPtr e = Add(Mul(a, Index(4)), Index(1));
  ReplaceVarByConst m(a.get(), 3);
  EXPECT_EQ(AsConstInt(m.MutateExpr(e)), 13);
}

TEST(MutatorTest, NullStatementsAreDroppedFromSequences) {
  class DropEvals : public IRMutator {
   protected:
    StmtPtr MutateEval(const EvalStmtPtr&) override { return nullptr; }
  } m;
  VarPtr a = MakeVar("a", MakeScalarType(DataType::INDEX));
  StmtPtr keep = MakeAssign(MakeVar("b", MakeScalarType(DataType::INDEX)), a);
  StmtPtr seq = MakeSeq({keep, MakeEval(a), MakeReturn({a})});
  StmtPtr out = m.MutateStmt(seq);
  const SeqStmts* s = out->As<SeqStmts>();
  ASSERT_NE(s, nullptr);
  ASSERT_EQ(s->stmts.size(), 2u);
  EXPECT_EQ(s->stmts[0], keep);
  EXPECT_EQ(s->stmts[1]->kind, StmtKind::Return);
}

TEST(MutatorTest, MutatesExpressionsInsideTileViews) {
  VarPtr a = MakeVar("a", MakeScalarType(DataType::INDEX));
  TileView view;
  view.valid_shape = {a, Index(16)};
  view.start_offset = Mul(a, Index(2));
  TypePtr t = MakeTileType({Index(16), Index(16)}, DataType::FP32, MemorySpace::Vec, view);
  ReplaceVarByConst m(a.get(), 8);
  TypePtr u = m.MutateType(t);
  ASSERT_NE(u, t);
  const TileType* tt = AsTileType(u);
  ASSERT_TRUE(tt && tt->view);
  EXPECT_EQ(AsConstInt(tt->view->valid_shape[0]), 8);
  EXPECT_EQ(AsConstInt(tt->view->start_offset), 16);
}

}  // namespace
}  // namespace tilesplit::ir
