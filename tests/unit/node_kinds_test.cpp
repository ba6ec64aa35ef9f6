// The expression kinds of ir/node_kinds.h and their typed dispatch (VisitExprKind, AnyOperand,
// AnyExpr); the statement kinds and what is generated from them: the enum, the facts
// table, VisitStmtKind, the visitor's and the mutator's dispatch and the walk toolkit's shape
// queries agree with each other for every kind, and the sample below holds one node of each (a
// kind added to the list without a sample here fails EverySampleKindIsListedAndEveryKindSampled).
#include "tilesplit/ir/node_kinds.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/stmt.h"
#include "tilesplit/ir/type.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"

namespace tilesplit::ir {
namespace {

StmtPtr Leaf(int64_t n) {
  return MakeEval(MakeConstInt(n));
}

// One node of each kind, each compound one holding leaves.
std::vector<StmtPtr> OneOfEachKind() {
  VarPtr i = MakeVar("i", std::make_shared<ScalarType>(DataType::INDEX));
  VarPtr x = MakeVar("x", std::make_shared<ScalarType>(DataType::INDEX));
  return {
      MakeAssign(x, MakeConstInt(1)),
      Leaf(2),
      MakeReturn({MakeConstInt(3)}),
      MakeSeq({Leaf(4), Leaf(5)}),
      MakeYield({MakeConstInt(6)}),
      std::make_shared<ForStmt>(i, MakeConstInt(0), MakeConstInt(4), MakeConstInt(1),
                                ForKind::Range, 0, std::vector<IterArg>{}, Leaf(7),
                                std::vector<VarPtr>{}, Span{}),
      std::make_shared<WhileStmt>(MakeConstBool(false), std::vector<IterArg>{}, Leaf(8),
                                  std::vector<VarPtr>{}, Span{}),
      std::make_shared<IfStmt>(MakeConstBool(true), Leaf(9), Leaf(10), std::vector<VarPtr>{},
                               Span{}),
      std::make_shared<ScopeStmt>(Level::CORE_GROUP, std::vector<ScopeOptimization>{}, "", false,
                                  Leaf(11), Span{}),
      std::make_shared<SplitAivStmt>(SplitMode::UpDown, Leaf(12), Span{}),
      std::make_shared<SpmdScopeStmt>(MakeConstInt(4), "", false, Leaf(13), Span{}),
  };
}

TEST(StmtKinds, FactsAreInEnumOrderWithDistinctNames) {
  std::set<std::string> names, classes, py_names;
  for (size_t i = 0; i < kNumStmtKinds; ++i) {
    const StmtKindFacts& k = kStmtKinds[i];
    EXPECT_EQ(static_cast<size_t>(k.kind), i) << k.name;
    EXPECT_EQ(&FactsOf(k.kind), &k) << k.name;
    EXPECT_TRUE(names.insert(k.name).second) << k.name;
    EXPECT_TRUE(classes.insert(k.class_name).second) << k.class_name;
    EXPECT_TRUE(py_names.insert(k.py_name).second) << k.py_name;
    EXPECT_NE(std::string(k.py_fields), "") << k.name << " lists no Python fields";
    // Only the walk's own kinds are gated: scopes and regions.
    if (k.gate != StmtGate::Always) {
      EXPECT_EQ(k.shape, StmtShape::OneBody) << k.name;
    }
  }
}

TEST(StmtKinds, EverySampleKindIsListedAndEveryKindSampled) {
  std::set<StmtKind> sampled;
  for (const StmtPtr& s : OneOfEachKind()) EXPECT_TRUE(sampled.insert(s->kind).second);
  EXPECT_EQ(sampled.size(), kNumStmtKinds);
}

// Records which per-kind method each dispatch reached, by the kind's name.
class RecordingVisitor : public IRVisitor {
 public:
  std::vector<std::string> seen;  // each handler records and stops: children are not visited

 protected:
#define TILESPLIT_X(Kind, Class, Shape, Gate, py_name, py_fields) \
  void Visit##Kind(const Class&) override {                       \
    seen.push_back(#Kind);                                        \
  }
  TILESPLIT_STMT_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
};

class RecordingMutator : public IRMutator {
 public:
  std::string seen;

 protected:
#define TILESPLIT_X(Kind, Class, Shape, Gate, py_name, py_fields) \
  StmtPtr Mutate##Kind(const Class##Ptr& op) override {           \
    seen = #Kind;                                                 \
    return op;                                                    \
  }
  TILESPLIT_STMT_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
};

TEST(StmtKinds, EveryDispatchReachesTheKindsOwnHandler) {
  for (const StmtPtr& s : OneOfEachKind()) {
    const std::string name = FactsOf(s->kind).name;
    RecordingVisitor v;
    v.VisitStmt(s);
    EXPECT_EQ(v.seen, std::vector<std::string>{name});
    RecordingMutator m;
    EXPECT_EQ(m.MutateStmt(s), s);
    EXPECT_EQ(m.seen, name);
    EXPECT_EQ(VisitStmtKind(*s, []<typename T>(const T&) { return T::kKind; }), s->kind) << name;
  }
}

TEST(StmtKinds, TheWalkToolkitFollowsEachKindsShapeAndGate) {
  for (const StmtPtr& s : OneOfEachKind()) {
    const StmtKindFacts& k = FactsOf(s->kind);
    size_t children = 0;
    ForEachChild(*s, kWalkAll, [&](const StmtPtr&) { ++children; });
    size_t gated = 0;
    ForEachChild(*s, kWalkOutsideScopes, [&](const StmtPtr&) { ++gated; });
    const size_t expected = k.shape == StmtShape::Leaf      ? 0
                            : k.shape == StmtShape::OneBody ? 1
                                                            : 2;  // the sample's two
    EXPECT_EQ(children, expected) << k.name;
    EXPECT_EQ(gated, k.gate == StmtGate::Always ? expected : 0) << k.name;
    EXPECT_EQ(IsLeafStmt(*s), k.shape == StmtShape::Leaf) << k.name;
    EXPECT_EQ(SingleBody(*s) != nullptr, k.shape == StmtShape::OneBody) << k.name;
    // A rebuild that changes nothing keeps the node; one that replaces every child rebuilds it
    // as a node of the same kind holding the replacements.
    EXPECT_EQ(MapChildren(s, kWalkAll, [](const StmtPtr& c) { return c; }), s) << k.name;
    StmtPtr marker = Leaf(99);
    StmtPtr rebuilt = MapChildren(s, kWalkAll, [&](const StmtPtr&) { return marker; });
    EXPECT_EQ(rebuilt->kind, s->kind) << k.name;
    EXPECT_EQ(rebuilt == s, children == 0) << k.name;
    ForEachChild(*rebuilt, kWalkAll, [&](const StmtPtr& c) { EXPECT_EQ(c, marker) << k.name; });
    if (k.shape == StmtShape::OneBody) {
      EXPECT_EQ(*SingleBody(*WithBody(s, marker)), marker);
    }
  }
}

// One expression of each kind, in the list's order.
std::vector<ExprPtr> OneExprOfEachKind() {
  VarPtr x = MakeVar("x", std::make_shared<ScalarType>(DataType::INDEX));
  VarPtr f = MakeVar("f", std::make_shared<ScalarType>(DataType::FP32));
  const ExprPtr tuple = MakeTupleExpr({x, MakeConstInt(2)});
  return {
      x,
      MakeConstInt(1),
      MakeConstFloat(1.5),
      MakeConstBool(true),
      MakeBinary(BinaryOp::Add, x, MakeConstInt(3)),
      MakeUnary(UnaryOp::Neg, x),
      MakeCast(x, DataType::FP32),
      MakeCall(nullptr, {x, f}, {}, std::make_shared<ScalarType>(DataType::INDEX)),
      tuple,
      MakeTupleGetItem(tuple, 1),
      MakeFunctionCall("g", {x}, std::make_shared<ScalarType>(DataType::INDEX)),
  };
}

TEST(ExprKinds, TheEnumFollowsTheListAndEveryKindDispatchesToItsClass) {
  const std::vector<ExprPtr> all = OneExprOfEachKind();
  std::vector<std::string> listed;
#define TILESPLIT_X(Kind) listed.push_back(#Kind);
  TILESPLIT_EXPR_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
  ASSERT_EQ(all.size(), listed.size()) << "a kind of node_kinds.h has no sample here";
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(all[i]->kind), i) << listed[i];
    // The handler that runs is the one of the node's class, with the node itself.
    const Expr* seen = nullptr;
    const bool right = VisitExprKind(*all[i], [&]<typename T>(const T& n) {
      seen = &n;
      return T::kKind == all[i]->kind;
    });
    EXPECT_TRUE(right) << listed[i];
    EXPECT_EQ(seen, all[i].get()) << listed[i];
  }
}

TEST(ExprKinds, OperandsAreVisitedInEvaluationOrder) {
  VarPtr a = MakeVar("a", std::make_shared<ScalarType>(DataType::INDEX));
  VarPtr b = MakeVar("b", std::make_shared<ScalarType>(DataType::INDEX));
  auto operands = [](const ExprPtr& e) {
    std::vector<const Expr*> out;
    AnyOperand(*e, [&](const ExprPtr& x) {
      out.push_back(x.get());
      return false;
    });
    return out;
  };
  const ExprPtr sum = std::make_shared<Binary>(BinaryOp::Sub, a, b, a->type, Span{});
  EXPECT_EQ(operands(sum), (std::vector<const Expr*>{a.get(), b.get()}));
  const ExprPtr call = MakeFunctionCall("g", {b, a}, a->type);
  EXPECT_EQ(operands(call), (std::vector<const Expr*>{b.get(), a.get()}));
  EXPECT_TRUE(operands(a).empty());
  EXPECT_TRUE(operands(MakeConstInt(4)).empty());
  // Stopping: the first operand that answers true ends the walk.
  int calls = 0;
  EXPECT_TRUE(AnyOperand(*call, [&](const ExprPtr&) { return ++calls == 1; }));
  EXPECT_EQ(calls, 1);
}

TEST(ExprKinds, AnyExprReachesEveryKindsOperands) {
  VarPtr needle = MakeVar("needle", std::make_shared<ScalarType>(DataType::INDEX));
  auto holds = [&](const ExprPtr& e) {
    return AnyExpr(e, [&](const Expr& x) { return &x == needle.get(); });
  };
  const ExprPtr tuple = MakeTupleExpr({MakeConstInt(0), needle});
  EXPECT_TRUE(holds(MakeUnary(UnaryOp::Neg, MakeCast(needle, DataType::INT32))));
  EXPECT_TRUE(holds(MakeTupleGetItem(tuple, 1)));
  EXPECT_TRUE(holds(MakeCall(nullptr, {MakeConstInt(1), needle}, {}, needle->type)));
  EXPECT_FALSE(holds(MakeConstInt(7)));
  EXPECT_FALSE(holds(nullptr));
}

}  // namespace
}  // namespace tilesplit::ir
