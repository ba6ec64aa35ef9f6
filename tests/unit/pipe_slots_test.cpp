// Ring demand and release placement of pipe_slots on hand-written consumer bodies: the parts the
// expansion never reaches on its own (a hold around a loop that pops is copied away before the
// demand is measured), checked directly.
#include "transforms/expand_mixed/pipe_slots.h"

#include <gtest/gtest.h>

#include <string>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/stmt.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit {
namespace {

// An AIV consumer: x popped and held across LOOP, which pops and releases y once per iteration.
std::string HeldAcross(const std::string& loop, bool with_releases) {
  const std::string free_y = with_releases ? "        pl.system.tfree_to_aic(y, split=1)\n" : "";
  const std::string free_x = with_releases ? "    pl.system.tfree_to_aic(x, split=1)\n" : "";
  return "import pypto.language as pl\n\n"
         "@pl.function(type=pl.FunctionType.AIV)\n"
         "def k(n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]):\n"
         "    x: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)\n"
         "    for i in " +
         loop +
         ":\n"
         "        y: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)\n" +
         free_y + "    o = pl.store(x, [0, 0], out)\n" + free_x + "    return\n";
}

struct Body {
  ir::ProgramPtr program;
  std::vector<ir::StmtPtr> stmts;
  pipe_slots::PoppedMap popped;
};

void CollectPops(const ir::StmtPtr& s, pipe_slots::PoppedMap& popped) {
  for (const ir::StmtPtr& c : ir::FlattenStmts(s)) {
    if (const auto* f = c->As<ir::ForStmt>()) CollectPops(f->body, popped);
    const auto* a = c->As<ir::AssignStmt>();
    const ir::Call* call = a ? a->value->As<ir::Call>() : nullptr;
    if (call && ops::Def(*call).cross_core_role() == ops::CrossCoreRole::TPop)
      popped[a->var.get()] = {"system.tfree_to_aic", 1};
  }
}

Body Read(const std::string& text) {
  Body b;
  b.program = dsl::Parse(text, "pipe.py");
  b.stmts = ir::FlattenStmts(b.program->functions.at(0)->body);
  CollectPops(b.program->functions.at(0)->body, b.popped);
  return b;
}

TEST(PipeSlots, HoldAroundStaticLoopCountsEveryIteration) {
  Body b = Read(HeldAcross("pl.range(3)", true));
  // x, then three y: at the last y, x is four pops behind.
  pipe_slots::Demand d = pipe_slots::MeasureDemand(b.stmts, b.popped, 2);
  EXPECT_EQ(d.slots, 4);
  ASSERT_TRUE(d.first.has_value());
  EXPECT_EQ(d.first->slots, 4);  // a loop is measured at its last iteration
  EXPECT_EQ(d.first->pop_name, "y");
  EXPECT_EQ(d.first->held_name, "x");
}

TEST(PipeSlots, HoldAroundRuntimeLoopIsUnbounded) {
  Body b = Read(HeldAcross("pl.range(n)", true));
  EXPECT_EQ(pipe_slots::MeasureDemand(b.stmts, b.popped, 2).slots, pipe_slots::kUnbounded);
}

TEST(PipeSlots, PlacedReleasesCopyTheHoldAndNeedOneSlot) {
  Body b = Read(HeldAcross("pl.range(n)", false));
  ir::NameGenerator names;
  std::vector<ir::StmtPtr> placed = pipe_slots::PlaceReleases(b.stmts, b.popped, names);
  // x, x_kept = move(x), release x, loop, store of x_kept, return.
  ASSERT_GE(placed.size(), 3u);
  const auto* copy = placed[1]->As<ir::AssignStmt>();
  ASSERT_NE(copy, nullptr);
  EXPECT_EQ(copy->var->name, "x_kept");
  EXPECT_EQ(pipe_slots::MeasureDemand(placed, b.popped, 1).slots, 1);
}

TEST(PipeSlots, ReleaseGoesBeforeAReturnNotAfterDeadUses) {
  Body b = Read(
      "import pypto.language as pl\n\n"
      "@pl.function(type=pl.FunctionType.AIV)\n"
      "def k(out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]):\n"
      "    x: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)\n"
      "    o = pl.store(x, [0, 0], out)\n"
      "    return\n");
  ASSERT_EQ(b.stmts.size(), 3u);
  // The store moved after the return is dead: x must be released before the return.
  const std::vector<ir::StmtPtr> dead_after_return = {b.stmts[0], b.stmts[2], b.stmts[1]};
  ir::NameGenerator names;
  std::vector<ir::StmtPtr> placed = pipe_slots::PlaceReleases(dead_after_return, b.popped, names);
  ASSERT_EQ(placed.size(), 4u);
  EXPECT_EQ(placed[1]->kind, ir::StmtKind::Eval);  // the release
  EXPECT_EQ(placed[2]->kind, ir::StmtKind::Return);
}

}  // namespace
}  // namespace tilesplit
