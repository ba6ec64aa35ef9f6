// The statement-walk toolkit (ir/walk.h): which bodies each walk enters, pre-order, pruning and
// stopping, and the node builders that keep sharing when nothing changes.
#include "tilesplit/ir/walk.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/type.h"

namespace tilesplit::ir {
namespace {

// A leaf that says which one it is: `eval <n>`.
StmtPtr Leaf(int64_t n) {
  return MakeEval(MakeConstInt(n));
}

int64_t LeafId(const StmtPtr& s) {
  const EvalStmt* e = s->As<EvalStmt>();
  return e ? e->expr->As<ConstInt>()->value : -1;
}

// seq[ 1, for{ 2, if{ 3 | 4 } }, scope{ 5, region{ 6 } }, while{ 7 }, return ]
StmtPtr Tree() {
  VarPtr i = MakeVar("i", std::make_shared<ScalarType>(DataType::INDEX));
  StmtPtr branch = std::make_shared<IfStmt>(MakeConstBool(true), Leaf(3), Leaf(4),
                                            std::vector<VarPtr>{}, Span{});
  StmtPtr loop = std::make_shared<ForStmt>(i, Index(0), Index(4), Index(1), ForKind::Range, 0,
                                           std::vector<IterArg>{}, MakeSeq({Leaf(2), branch}),
                                           std::vector<VarPtr>{}, Span{});
  StmtPtr region = std::make_shared<SplitAivStmt>(SplitMode::UpDown, MakeSeq({Leaf(6)}), Span{});
  StmtPtr scope = std::make_shared<ScopeStmt>(Level::CORE_GROUP, std::vector<ScopeOptimization>{},
                                              "", false, MakeSeq({Leaf(5), region}), Span{});
  StmtPtr wloop = std::make_shared<WhileStmt>(MakeConstBool(false), std::vector<IterArg>{}, Leaf(7),
                                              std::vector<VarPtr>{}, Span{});
  return MakeSeq({Leaf(1), loop, scope, wloop, MakeReturn({})});
}

std::vector<int64_t> Leaves(const StmtPtr& s, WalkOptions o) {
  std::vector<int64_t> out;
  ForEachStmt(s, o, [&](const StmtPtr& c) {
    if (c->kind == StmtKind::Eval) out.push_back(LeafId(c));
  });
  return out;
}

TEST(WalkTest, ForEachStmtVisitsInProgramOrderAndHonoursTheOptions) {
  StmtPtr t = Tree();
  EXPECT_EQ(Leaves(t, kWalkAll), (std::vector<int64_t>{1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(Leaves(t, kWalkOutsideRegions), (std::vector<int64_t>{1, 2, 3, 4, 5, 7}));
  EXPECT_EQ(Leaves(t, kWalkOutsideScopes), (std::vector<int64_t>{1, 2, 3, 4, 7}));
  // Entering regions but not scopes: a region inside a scope stays unseen.
  EXPECT_EQ(Leaves(t, WalkOptions{.into_scopes = false, .into_regions = true}),
            (std::vector<int64_t>{1, 2, 3, 4, 7}));
}

TEST(WalkTest, EveryStatementIsVisitedOnceParentsFirst) {
  std::vector<StmtKind> kinds;
  ForEachStmt(Tree(), kWalkAll, [&](const StmtPtr& c) { kinds.push_back(c->kind); });
  ASSERT_EQ(kinds.size(), 17u);
  EXPECT_EQ(kinds.front(), StmtKind::Seq);
  EXPECT_EQ(kinds[2], StmtKind::For);
  EXPECT_EQ(kinds[3], StmtKind::Seq);
  EXPECT_EQ(kinds.back(), StmtKind::Return);
}

TEST(WalkTest, SkipChildrenPrunesAndStopEndsTheWalk) {
  std::vector<int64_t> seen;
  ForEachStmt(Tree(), kWalkAll, [&](const StmtPtr& c) {
    if (c->kind == StmtKind::For) return WalkStep::SkipChildren;
    if (c->kind == StmtKind::Eval) seen.push_back(LeafId(c));
    return LeafId(c) == 6 ? WalkStep::Stop : WalkStep::Descend;
  });
  EXPECT_EQ(seen, (std::vector<int64_t>{1, 5, 6}));
}

TEST(WalkTest, FirstAnyAndFirstOfKind) {
  StmtPtr t = Tree();
  StmtPtr four = FirstStmt(t, kWalkAll, [](const StmtPtr& c) { return LeafId(c) >= 4; });
  ASSERT_NE(four, nullptr);
  EXPECT_EQ(LeafId(four), 4);
  EXPECT_TRUE(AnyStmt(t, kWalkAll, [](const StmtPtr& c) { return LeafId(c) == 6; }));
  EXPECT_FALSE(AnyStmt(t, kWalkOutsideRegions, [](const StmtPtr& c) { return LeafId(c) == 6; }));
  EXPECT_NE(FirstOfKind<SplitAivStmt>(t, kWalkAll), nullptr);
  EXPECT_EQ(FirstOfKind<SplitAivStmt>(t, kWalkOutsideScopes), nullptr);
  EXPECT_NE(FirstOfKind<WhileStmt>(t, kWalkOutsideScopes), nullptr);
}

TEST(WalkTest, ForEachChildListsDirectBodiesAndCanStop) {
  StmtPtr t = Tree();
  int n = 0;
  EXPECT_TRUE(ForEachChild(*t, kWalkAll, [&](const StmtPtr&) { ++n; }));
  EXPECT_EQ(n, 5);
  n = 0;
  EXPECT_FALSE(ForEachChild(*t, kWalkAll, [&](const StmtPtr&) { return ++n < 2; }));
  EXPECT_EQ(n, 2);
  // An if without else has one child.
  StmtPtr lone = std::make_shared<IfStmt>(MakeConstBool(true), Leaf(1), nullptr,
                                          std::vector<VarPtr>{}, Span{});
  n = 0;
  ForEachChild(*lone, kWalkAll, [&](const StmtPtr&) { ++n; });
  EXPECT_EQ(n, 1);
  EXPECT_TRUE(IsLeafStmt(*Leaf(1)));
  EXPECT_FALSE(IsLeafStmt(*lone));
}

// Replaces every leaf n by n + 10 inside the walked bodies.
StmtPtr Bump(const StmtPtr& s, WalkOptions o) {
  if (s->kind == StmtKind::Eval) return Leaf(LeafId(s) + 10);
  return MapChildren(s, o, [o](const StmtPtr& c) { return Bump(c, o); });
}

TEST(WalkTest, MapChildrenRebuildsWhatItEntersAndSharesTheRest) {
  StmtPtr t = Tree();
  EXPECT_EQ(Leaves(Bump(t, kWalkAll), kWalkAll),
            (std::vector<int64_t>{11, 12, 13, 14, 15, 16, 17}));
  StmtPtr outside = Bump(t, kWalkOutsideScopes);
  EXPECT_EQ(Leaves(outside, kWalkAll), (std::vector<int64_t>{11, 12, 13, 14, 5, 6, 17}));
  // The scope was not entered, so the rebuilt tree holds the very same scope node.
  EXPECT_EQ(outside->As<SeqStmts>()->stmts[2], t->As<SeqStmts>()->stmts[2]);
  // A rewrite that changes nothing returns the input itself.
  StmtPtr same = MapChildren(t, kWalkAll, [](const StmtPtr& c) { return c; });
  EXPECT_EQ(same, t);
}

// VisitStmtKind hands each statement to the handler of its own type; a generic handler takes
// the kinds the set does not name.
TEST(WalkTest, VisitStmtKindCallsTheHandlerOfTheConcreteKind) {
  std::vector<std::string> seen;
  ForEachStmt(Tree(), kWalkAll, [&](const StmtPtr& s) {
    seen.push_back(VisitStmtKind(
        *s, Overloaded{[](const EvalStmt& e) { return "eval " + ExprToString(e.expr); },
                       [](const ForStmt& f) { return "for " + f.loop_var->name; },
                       [](const SeqStmts& q) { return "seq " + std::to_string(q.stmts.size()); },
                       [](const auto&) { return std::string("other"); }}));
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"seq 5", "eval 1", "for i", "seq 2", "eval 2", "other",
                                            "eval 3", "eval 4", "other", "seq 2", "eval 5", "other",
                                            "seq 1", "eval 6", "other", "eval 7", "other"}));
}

TEST(WalkTest, BuildersKeepTheHeaderAndTheSpan) {
  StmtPtr loop = Tree()->As<SeqStmts>()->stmts[1];
  StmtPtr rebuilt = WithBody(loop, Leaf(9));
  const ForStmt* f = rebuilt->As<ForStmt>();
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->loop_var, loop->As<ForStmt>()->loop_var);
  EXPECT_EQ(f->stop, loop->As<ForStmt>()->stop);
  EXPECT_EQ(LeafId(f->body), 9);
  EXPECT_EQ(WithBody(loop, loop->As<ForStmt>()->body), loop);
  StmtPtr branch = loop->As<ForStmt>()->body->As<SeqStmts>()->stmts[1];
  StmtPtr swapped = WithBranches(branch, Leaf(4), Leaf(3));
  EXPECT_EQ(LeafId(swapped->As<IfStmt>()->then_body), 4);
  EXPECT_EQ(swapped->As<IfStmt>()->cond, branch->As<IfStmt>()->cond);
  EXPECT_THROW(WithBody(Leaf(1), Leaf(2)), InternalError);
}

}  // namespace
}  // namespace tilesplit::ir
