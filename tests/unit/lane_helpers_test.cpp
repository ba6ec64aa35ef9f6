// The single homes of issue 26: the integer evaluator (ir/eval.h), the lane-index predicate and
// the per-lane extent formula (ops/lane.h). Every caller asks these, so their answers are fixed
// here once.
#include <gtest/gtest.h>

#include <limits>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/eval.h"
#include "tilesplit/ir/stmt.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/lane.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/ops/split_code.h"
#include "tilesplit/sim/check.h"

namespace tilesplit {
namespace {

using ir::BinaryOp;

ir::VarPtr IndexVar(const std::string& name) {
  return ir::MakeVar(name, ir::MakeScalarType(ir::DataType::INDEX));
}

TEST(EvalIntBinary, RoundsTowardNegativeInfinityAndRefusesWhatHasNoValue) {
  EXPECT_EQ(ir::EvalIntBinary(BinaryOp::FloorDiv, -7, 2), -4);
  EXPECT_EQ(ir::EvalIntBinary(BinaryOp::FloorMod, -7, 2), 1);
  EXPECT_EQ(ir::EvalIntBinary(BinaryOp::FloorMod, 7, -2), -1);
  EXPECT_EQ(ir::EvalIntBinary(BinaryOp::FloorMod, std::numeric_limits<int64_t>::min(), -1), 0);
  EXPECT_EQ(ir::EvalIntBinary(BinaryOp::Min, 3, -3), -3);
  EXPECT_EQ(ir::EvalIntBinary(BinaryOp::Max, 3, -3), 3);
  EXPECT_FALSE(ir::EvalIntBinary(BinaryOp::FloorDiv, 1, 0));
  EXPECT_FALSE(ir::EvalIntBinary(BinaryOp::FloorDiv, std::numeric_limits<int64_t>::min(), -1));
  EXPECT_FALSE(ir::EvalIntBinary(BinaryOp::Mul, int64_t{1} << 62, 4));
  EXPECT_FALSE(ir::EvalIntBinary(BinaryOp::Lt, 1, 2));  // not integer arithmetic
}

TEST(EvalIntBinary, ConstantFoldingAgrees) {
  // MakeBinary folds two constants with the same arithmetic.
  for (BinaryOp op : {BinaryOp::FloorDiv, BinaryOp::FloorMod, BinaryOp::Sub, BinaryOp::Max})
    for (int64_t a : {-9, -1, 0, 5, 13})
      for (int64_t b : {-4, 3, 7}) {
        auto folded = ir::AsConstInt(ir::MakeBinary(op, ir::Index(a), ir::Index(b)));
        ASSERT_TRUE(folded);
        EXPECT_EQ(folded, ir::EvalIntBinary(op, a, b)) << a << " " << b;
      }
}

// Float scalars fold as they compute: in FP32 (EvalFloatBinary), not in double, where
// 16777217.0 + 1.0 would be 16777218 and the run's FP32 sum 16777216.
TEST(EvalFloatBinary, ConstantFoldingAgreesWithTheRun) {
  EXPECT_EQ(ir::EvalFloatBinary(BinaryOp::Add, 16777217.0f, 1.0f), 16777216.0f);
  EXPECT_FALSE(ir::EvalFloatBinary(BinaryOp::Lt, 1.0f, 2.0f));  // not float arithmetic
  for (BinaryOp op : {BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul, BinaryOp::FloatDiv,
                      BinaryOp::FloorDiv, BinaryOp::FloorMod, BinaryOp::Min, BinaryOp::Max})
    for (double a : {-7.5, 0.1, 3.0, 16777217.0, 1e30})
      for (double b : {-2.0, 0.3, 3.0, 1e-30}) {
        const ir::ExprPtr folded = ir::MakeBinary(op, ir::MakeConstFloat(a, ir::DataType::FP32),
                                                  ir::MakeConstFloat(b, ir::DataType::FP32));
        const ir::ConstFloat* c = folded->As<ir::ConstFloat>();
        ASSERT_NE(c, nullptr);
        EXPECT_EQ(static_cast<float>(c->value),
                  *ir::EvalFloatBinary(op, static_cast<float>(a), static_cast<float>(b)))
            << ir::BinaryOpText(op) << " " << a << " " << b;
      }
  // The same sum folded by the parser and computed by the interpreter from a scalar argument.
  ir::ProgramPtr p = dsl::Parse(R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Scalar[pl.FP32], x: pl.Tensor[[8, 8], pl.FP32], out: pl.Out[pl.Tensor[[8, 8], pl.FP32]]):
    t = pl.load(x, [0, 0], [8, 8], target_memory=pl.Mem.Vec)
    u = pl.adds(t, a + 1.0)
    v = pl.adds(t, 16777217.0 + 1.0)
    return pl.store(pl.sub(u, v), [0, 0], out)
)",
                                "fold.py");
  std::map<std::string, sim::Value> args = sim::MakeInputs(*p->Find("k"), {});
  args["a"] = sim::Value(sim::Scalar::Float(16777217.0));
  ASSERT_EQ(sim::RunKernel(*p, "k", args).kind, sim::GroupOutcome::Kind::Ok);
  const sim::TensorValue& o = **args.at("out").tensor();
  for (size_t i = 0; i < o.data.size(); ++i) ASSERT_EQ(o.data.f[i], 0.0f) << i;
}

TEST(EvalInt, BindsVariablesAndLeavesTheRestUnknown) {
  ir::VarPtr lane = IndexVar("lane"), n = IndexVar("n");
  ir::ExprPtr e = ir::Add(ir::Mul(lane, ir::Index(8)), ir::MakeUnary(ir::UnaryOp::Neg, n));
  auto bind = [&](const ir::Var& v) -> std::optional<int64_t> {
    if (&v == lane.get()) return 1;
    return std::nullopt;
  };
  EXPECT_FALSE(ir::EvalInt(e, bind));  // n is unbound
  EXPECT_FALSE(ir::EvalInt(lane));     // no binding at all
  EXPECT_EQ(ir::EvalInt(ir::Mul(lane, ir::Index(8)), bind), 8);
  EXPECT_EQ(ir::EvalInt(ir::Index(5)), 5);
}

TEST(LaneShare, IsTheClampedShareOfEachLane) {
  EXPECT_EQ(ops::LaneShare(13, 8, 0), 8);
  EXPECT_EQ(ops::LaneShare(13, 8, 1), 5);
  EXPECT_EQ(ops::LaneShare(5, 8, 1), 0);
  EXPECT_EQ(ops::LaneShare(20, 8, 1), 8);
  const ops::LaneExtentPair p = ops::LaneExtents(16, 13, std::nullopt);
  EXPECT_EQ(p.e0, ops::LaneShare(13, 8, 0));
  EXPECT_EQ(p.e1, ops::LaneShare(13, 8, 1));
}

TEST(LaneShare, TheWrittenFormEvaluatesToTheShare) {
  ir::VarPtr lane = IndexVar("aiv_id"), n = IndexVar("n");
  ir::ExprPtr e = ops::LaneShareExpr(lane, n, ir::Index(8));
  EXPECT_EQ(ir::ExprToString(e), "pl.min(pl.max(n, aiv_id * 8) - aiv_id * 8, 8)");
  for (int64_t valid : {0, 3, 8, 13, 16, 40})
    for (int64_t l : {0, 1}) {
      auto v = ir::EvalInt(e, [&](const ir::Var& x) -> std::optional<int64_t> {
        return &x == lane.get() ? l : valid;
      });
      EXPECT_EQ(v, ops::LaneShare(valid, 8, l)) << "valid " << valid << " lane " << l;
    }
}

TEST(LaneIndex, TheTraitDecidesAndReadsLookThroughOperands) {
  ir::ExprPtr query = ops::Create(ops::LaneIndexOp(), {}, {});
  ir::VarPtr lane = IndexVar("lane"), other = IndexVar("k");
  EXPECT_TRUE(ops::IsLaneIndexCall(query));
  EXPECT_FALSE(ops::IsLaneIndexCall(lane));
  EXPECT_FALSE(ops::IsLaneIndexCall(ir::ExprPtr()));
  EXPECT_TRUE(ops::ReadsLaneIndex(ir::Add(ir::Index(1), ir::Mul(query, ir::Index(64)))));
  EXPECT_FALSE(ops::ReadsLaneIndex(ir::Add(other, ir::Index(64))));
  auto is_lane = [&](const ir::Var& v) { return &v == lane.get(); };
  EXPECT_TRUE(
      ops::ReadsLaneIndex(ir::MakeTupleExpr({other, ir::Mul(lane, ir::Index(2))}), is_lane));
  EXPECT_FALSE(ops::ReadsLaneIndex(ir::MakeTupleExpr({other, ir::Index(2)}), is_lane));
  EXPECT_FALSE(ops::ReadsLaneIndex(lane));  // no variable carries the lane unless one says so
}

TEST(LaneIndex, ABodyReadsItAnywhereInItsStatements) {
  ir::ExprPtr query = ops::Create(ops::LaneIndexOp(), {}, {});
  ir::VarPtr i = IndexVar("i"), x = IndexVar("x");
  const ir::StmtPtr plain = ir::MakeAssign(x, ir::Index(1));
  EXPECT_FALSE(ops::BodyReadsLaneIndex(plain));
  EXPECT_FALSE(ops::BodyReadsLaneIndex(nullptr));
  // The lane read only in a loop bound, and only in a branch condition: both are read.
  const ir::StmtPtr loop = std::make_shared<ir::ForStmt>(
      i, ir::Index(0), ir::Add(query, ir::Index(1)), ir::Index(1), ir::ForKind::Range, 0,
      std::vector<ir::IterArg>{}, plain, std::vector<ir::VarPtr>{}, ir::Span{});
  EXPECT_TRUE(ops::BodyReadsLaneIndex(ir::MakeSeq({plain, loop})));
  const ir::StmtPtr branch =
      std::make_shared<ir::IfStmt>(ir::MakeBinary(BinaryOp::Eq, query, ir::Index(0)), plain,
                                   nullptr, std::vector<ir::VarPtr>{}, ir::Span{});
  EXPECT_TRUE(ops::BodyReadsLaneIndex(branch));
  EXPECT_TRUE(ops::BodyReadsLaneIndex(ir::MakeAssign(x, ir::Mul(query, ir::Index(8)))));
}

}  // namespace
}  // namespace tilesplit
