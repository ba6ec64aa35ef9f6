// ir::PtrMap (the flat pointer-keyed map behind the mutator's renaming, the printer's names and
// equality's bijection) and vector_split::VarFacts (the split context's per-variable facts).
#include "tilesplit/ir/ptr_map.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "transforms/vector_split/halving.h"

namespace tilesplit {
namespace {

std::vector<ir::VarPtr> Vars(size_t n) {
  std::vector<ir::VarPtr> out;
  for (size_t i = 0; i < n; ++i)
    out.push_back(ir::MakeVar("v" + std::to_string(i), ir::MakeScalarType(ir::DataType::INDEX)));
  return out;
}

TEST(PtrMap, InsertKeepsTheFirstValueAndInsertOrAssignOverwrites) {
  auto vs = Vars(2);
  ir::PtrMap<ir::Var, int> m;
  EXPECT_TRUE(m.empty());
  EXPECT_EQ(m.Find(vs[0].get()), nullptr);
  EXPECT_EQ(m.Find(nullptr), nullptr);
  EXPECT_TRUE(m.Insert(vs[0].get(), 1));
  EXPECT_FALSE(m.Insert(vs[0].get(), 2));
  ASSERT_NE(m.Find(vs[0].get()), nullptr);
  EXPECT_EQ(*m.Find(vs[0].get()), 1);
  EXPECT_EQ(m.InsertOrAssign(vs[0].get(), 3), 3);
  EXPECT_EQ(*m.Find(vs[0].get()), 3);
  EXPECT_FALSE(m.Contains(vs[1].get()));
  EXPECT_EQ(m.size(), 1u);
}

TEST(PtrMap, EveryKeySurvivesGrowth) {
  auto vs = Vars(5000);
  ir::PtrMap<ir::Var, size_t> m;
  for (size_t i = 0; i < vs.size(); ++i) ASSERT_TRUE(m.Insert(vs[i].get(), i));
  EXPECT_EQ(m.size(), vs.size());
  for (size_t i = 0; i < vs.size(); ++i) {
    const size_t* v = m.Find(vs[i].get());
    ASSERT_NE(v, nullptr) << i;
    EXPECT_EQ(*v, i);
  }
  auto others = Vars(100);
  for (const auto& o : others) EXPECT_FALSE(m.Contains(o.get()));
}

TEST(PtrMap, ReserveThenFillDoesNotLoseEntries) {
  auto vs = Vars(300);
  ir::PtrMap<ir::Var, std::string> m;
  m.Reserve(vs.size());
  for (const auto& v : vs) m.InsertOrAssign(v.get(), v->name);
  for (const auto& v : vs) EXPECT_EQ(*m.Find(v.get()), v->name);
}

// OperandSplitInfo hands out pointers into the facts and keeps them across later tracking.
TEST(VarFacts, PointersStayValidWhileMoreVariablesAreTracked) {
  auto vs = Vars(2000);
  vector_split::VarFacts<vector_split::LaneBox> facts;
  vector_split::LaneBox first;
  first.axis = 1;
  facts.Set(vs[0].get(), first);
  const vector_split::LaneBox* p = facts.Find(vs[0].get());
  ASSERT_NE(p, nullptr);
  for (size_t i = 1; i < vs.size(); ++i) facts.Set(vs[i].get(), vector_split::LaneBox{});
  EXPECT_EQ(facts.Find(vs[0].get()), p);
  EXPECT_EQ(p->axis, 1);
  EXPECT_EQ(facts.size(), vs.size());
}

TEST(VarFacts, SetOverwritesAndCopyToFollowsTheSource) {
  auto vs = Vars(3);
  vector_split::VarFacts<std::vector<vector_split::LaneBox>> facts;
  facts.Set(vs[0].get(), std::vector<vector_split::LaneBox>(2));
  facts.Set(vs[0].get(), std::vector<vector_split::LaneBox>(3));
  EXPECT_EQ(facts.Find(vs[0].get())->size(), 3u);
  EXPECT_EQ(facts.size(), 1u);
  facts.CopyTo(vs[0].get(), vs[1].get());
  ASSERT_TRUE(facts.Contains(vs[1].get()));
  EXPECT_EQ(facts.Find(vs[1].get())->size(), 3u);
  facts.CopyTo(vs[2].get(), vs[1].get());  // nothing known about vs[2]: vs[1] unchanged
  EXPECT_EQ(facts.Find(vs[1].get())->size(), 3u);
  EXPECT_FALSE(facts.Contains(vs[2].get()));
}

}  // namespace
}  // namespace tilesplit
