// Schedules of the core-group executor: a racy split program is equal under one schedule and
// differs under another, and `check` names the schedule that exposed it.
#include <gtest/gtest.h>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/sim/check.h"

namespace tilesplit::sim {
namespace {

// Both lanes store x at their band of rows 0..15, then y at their band of rows 4..19. In the
// sequential kernel rows 4..19 hold y; split, lane 1's x rows 8..15 may land after lane 0's y
// rows 4..11.
const char* kReference = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def ovl(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[20, 16], pl.FP32]]):
    x = pl.tile.move(q, target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    o1 = pl.store(x, [0, 0], out)
    o2 = pl.store(y, [4, 0], o1)
    return o2
)";

const char* kRacySplit = R"(import pypto.language as pl
@pl.program
class ovl_program:
    @pl.function(type=pl.FunctionType.AIC, attrs={"slot_num": 2})
    def ovl_aic(self, q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[20, 16], pl.FP32]]):
        pl.tile.tpush_to_aiv(q, split=1)
        return

    @pl.function(type=pl.FunctionType.AIV, attrs={"dual_aiv_dispatch": True, "slot_num": 2, "split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def ovl_aiv(self, q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[20, 16], pl.FP32]]):
        subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        x: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        y: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(x)
        o1: pl.Tensor[[20, 16], pl.FP32] = pl.tile.store(x, [0 + subblock_idx * 8, 0], out)
        pl.system.tfree_to_aic(x, split=1)
        o2: pl.Tensor[[20, 16], pl.FP32] = pl.tile.store(y, [4 + subblock_idx * 8, 0], o1)
        return

    @pl.function(type=pl.FunctionType.Group, attrs={"c2v_slot_size": 1024, "slot_num": 2, "v2c_slot_size": 0})
    def ovl(self, q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[20, 16], pl.FP32]]) -> pl.Tensor[[20, 16], pl.FP32]:
        self.ovl_aic(q, out)
        self.ovl_aiv(q, out)
        return out
)";

// The bits of `out` after running `name` of `p` under `s` on the seed-0 inputs.
std::vector<uint64_t> Out(const ir::Program& p, const Schedule& s) {
  std::map<std::string, Value> args = MakeInputs(*p.Find("ovl"), {});
  GroupOutcome o = RunKernel(p, "ovl", args, RunLimits{}, s);
  EXPECT_EQ(o.kind, GroupOutcome::Kind::Ok) << o.Describe();
  const TensorValue& t = **args.at("out").tensor();
  std::vector<uint64_t> bits;
  for (size_t i = 0; i < t.data.size(); ++i) bits.push_back(t.data.Bits(i));
  return bits;
}

Schedule Of(Schedule::Kind k, uint64_t seed = 0) {
  Schedule s;
  s.kind = k;
  s.seed = seed;
  return s;
}

TEST(SimSchedule, RaceIsCaughtBySomeScheduleAndNotByAnother) {
  ir::ProgramPtr ref = dsl::Parse(kReference, "ovl.py");
  ir::ProgramPtr split = dsl::Parse(kRacySplit, "ovl.split.py");
  const std::vector<uint64_t> want = Out(*ref, {});
  // Lane 1 first: lane 0's y lands last on the shared rows, as in the sequential kernel.
  EXPECT_EQ(Out(*split, Of(Schedule::Kind::Lane1First)), want);
  // Lane 0 first (and the run-until-blocked cube-first order): lane 1's x lands last.
  EXPECT_NE(Out(*split, Of(Schedule::Kind::Lane0First)), want);
  EXPECT_NE(Out(*split, Of(Schedule::Kind::CubeFirst)), want);
}

TEST(SimSchedule, CheckNamesTheScheduleThatDiffers) {
  ir::ProgramPtr ref = dsl::Parse(kReference, "ovl.py");
  ir::ProgramPtr split = dsl::Parse(kRacySplit, "ovl.split.py");
  CheckResult r = CheckKernel(*ref, "ovl", *split, {}, 4);
  EXPECT_EQ(r.kind, CheckResult::Kind::Differ);
  EXPECT_NE(r.report.find("under schedule 1 of 4: cube first (--schedules 1 reproduces it)"),
            std::string::npos)
      << r.report;
}

TEST(SimSchedule, RandomSchedulesAreReproducibleAndInterleave) {
  ir::ProgramPtr split = dsl::Parse(kRacySplit, "ovl.split.py");
  bool saw_lane1_last = false, saw_lane0_last = false;
  for (uint64_t seed = 1; seed <= 16; ++seed) {
    const std::vector<uint64_t> a = Out(*split, Of(Schedule::Kind::Random, seed));
    EXPECT_EQ(a, Out(*split, Of(Schedule::Kind::Random, seed))) << "seed " << seed;
    const std::vector<uint64_t> l0 = Out(*split, Of(Schedule::Kind::Lane0First));
    (a == l0 ? saw_lane1_last : saw_lane0_last) = true;
  }
  // Different seeds reach both outcomes of the race.
  EXPECT_TRUE(saw_lane1_last);
  EXPECT_TRUE(saw_lane0_last);
}

TEST(SimSchedule, DefaultListNamesFixedOrdersThenRandomSeeds) {
  const std::vector<Schedule> s = CheckSchedules(5);
  ASSERT_EQ(s.size(), 5u);
  EXPECT_EQ(s[0].Name(), "cube first");
  EXPECT_EQ(s[1].Name(), "lane 0 first");
  EXPECT_EQ(s[2].Name(), "lane 1 first");
  EXPECT_EQ(s[3].Name(), "random #1");
  EXPECT_EQ(s[4].Name(), "random #2");
  EXPECT_EQ(CheckSchedules(kDefaultSchedules).size(), 4u);
}

}  // namespace
}  // namespace tilesplit::sim
