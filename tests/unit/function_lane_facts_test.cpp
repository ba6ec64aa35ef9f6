// The public face of the vector split's lane facts (tilesplit/transforms/lane_facts.h), as the
// code above the module asks it: only public headers here.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/transforms/lane_facts.h"

namespace tilesplit {
namespace {

using vector_split::FunctionLaneFacts;
using vector_split::VarLaneFacts;

struct Parsed {
  ir::FunctionPtr f;
  std::map<std::string, ir::VarPtr> vars;    // by name, the first definition
  const ir::SplitAivStmt* region = nullptr;  // the first region
};

Parsed Parse(const std::string& text) {
  struct Defs : ir::IRVisitor {
    Parsed* out;
    void VisitVarDef(const ir::VarPtr& v) override {
      out->vars.emplace(v->name, v);
      ir::IRVisitor::VisitVarDef(v);
    }
    void VisitSplitAiv(const ir::SplitAivStmt& r) override {
      if (!out->region) out->region = &r;
      ir::IRVisitor::VisitSplitAiv(r);
    }
  } d;
  Parsed p;
  p.f = dsl::Parse(text, "lane_facts_test.py")->functions.front();
  d.out = &p;
  d.VisitFunction(*p.f);
  return p;
}

std::vector<std::string> Texts(const std::vector<ir::ExprPtr>& es) {
  std::vector<std::string> out;
  for (const ir::ExprPtr& e : es) out.push_back(ir::ExprToString(e));
  return out;
}

TEST(FunctionLaneFacts, ExplicitRegionValuesAreThoseOfTheModulesAnalysis) {
  const Parsed p = Parse(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def k(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
        h = pl.aiv_shard(acc)
        z = pl.full([128, 64], dtype=pl.FP32, value=1.0)
        y = pl.add(h, z)
        g = pl.aic_gather(y)
        o = pl.store(y, [0, aiv_id * 64], out_0)
    return o
)");
  ASSERT_NE(p.region, nullptr);
  const FunctionLaneFacts facts(*p.f);
  auto of = [&](const char* name) { return facts.Of(p.vars.at(name)); };

  const VarLaneFacts h = of("h");  // the shard: this lane's columns
  EXPECT_TRUE(h.lane_local);
  EXPECT_TRUE(h.may_differ);
  EXPECT_EQ(h.origin, p.region);
  EXPECT_EQ(h.enclosing, p.region);
  EXPECT_EQ(h.axis, 1);
  EXPECT_EQ(Texts(h.box), (std::vector<std::string>{"128", "64"}));
  EXPECT_EQ(Texts(h.valid), (std::vector<std::string>{"128", "64"}));
  EXPECT_TRUE(of("y").lane_local);
  EXPECT_EQ(of("y").axis, 1);
  // Inside the region but not this lane's part: a generator both lanes make alike, and the
  // gather's result, the cube's whole tile.
  for (const char* shared : {"z", "g"}) {
    const VarLaneFacts v = of(shared);
    EXPECT_FALSE(v.lane_local) << shared;
    EXPECT_EQ(v.enclosing, p.region) << shared;
    EXPECT_EQ(v.axis, std::nullopt) << shared;
  }
  EXPECT_FALSE(of("z").may_differ);
  EXPECT_FALSE(of("acc").lane_local);
  EXPECT_EQ(of("acc").enclosing, nullptr);
  // The region's lane binding is the lane; nothing else is.
  EXPECT_TRUE(of("aiv_id").lane_var);
  EXPECT_TRUE(facts.IsLaneVar(*p.vars.at("aiv_id")));
  EXPECT_FALSE(facts.IsLaneVar(*p.vars.at("h")));
  ASSERT_EQ(facts.LaneVars().size(), 1u);
  EXPECT_EQ(facts.LaneVars()[0], p.vars.at("aiv_id").get());
}

// A NONE region has no axis: a read at the lane's own rows is lane-local all the same.
TEST(FunctionLaneFacts, TaskParallelReadIsLaneLocalWithoutAnAxis) {
  const Parsed p = Parse(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def k(a: pl.Tensor[[128, 128], pl.FP32], c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        base = aiv_id * 64
        x = pl.load(a, [base, 0], [64, 128], target_memory=pl.Mem.Vec)
        o = pl.store(x, [base, 0], c)
    return o
)");
  const FunctionLaneFacts facts(*p.f);
  const VarLaneFacts x = facts.Of(p.vars.at("x"));
  EXPECT_TRUE(x.lane_local);
  EXPECT_TRUE(x.may_differ);
  EXPECT_EQ(x.axis, std::nullopt);
  const VarLaneFacts base = facts.Of(p.vars.at("base"));
  EXPECT_TRUE(base.may_differ);
  EXPECT_FALSE(base.lane_var);
  EXPECT_TRUE(base.box.empty());
}

// The AUTO path halves a generator that feeds lane-local work (a zeroed accumulator): its output
// shows a small tile like any other. Seeded with what the halving halved, as the pass's own
// admission is, the facts follow it through the loop; the axis is the function's mode's.
TEST(FunctionLaneFacts, HalvedTilesSeedTheWalk) {
  const Parsed p = Parse(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    z = pl.full([8, 128], dtype=pl.FP32, value=0.0)
    for i, (c,) in pl.range(2, init_values=(z,)):
        c2 = pl.add(c, c)
        r = pl.yield_(c2)
    o = pl.store(r, [0, 0], out_0)
    return o
)");
  const std::vector<const char*> names = {"z", "c", "c2", "r"};
  const FunctionLaneFacts unseeded(*p.f);
  for (const char* n : names) EXPECT_FALSE(unseeded.Of(p.vars.at(n)).lane_local) << n;
  const ir::Var* z = p.vars.at("z").get();
  const FunctionLaneFacts seeded(*p.f, [z](const ir::Var& v) { return &v == z; });
  for (const char* n : names) {
    const VarLaneFacts v = seeded.Of(p.vars.at(n));
    EXPECT_TRUE(v.lane_local) << n;
    EXPECT_EQ(v.axis, 0) << n;
  }
  EXPECT_TRUE(seeded.LaneVars().empty());
}

TEST(FunctionLaneFacts, LaneVariablesInProgramOrder) {
  const Parsed p = Parse(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def k(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for second in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        o = pl.store(h, [second * 64, 0], out_0)
    for first in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h2 = pl.aiv_shard(acc)
        o2 = pl.store(h2, [first * 64, 0], o)
    return o2
)");
  const FunctionLaneFacts facts(*p.f);
  std::vector<std::string> names;
  for (const ir::Var* v : facts.LaneVars()) names.push_back(v->name);
  EXPECT_EQ(names, (std::vector<std::string>{"second", "first"}));
}

}  // namespace
}  // namespace tilesplit
