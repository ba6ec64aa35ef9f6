// Execution semantics of the tensor-level ops (src/semantics/semantics_tensor.cpp), run end to end
// on the reference interpreter: each result is loaded into a tile and stored into an Out tensor,
// and the expected values are worked out by hand.
#include <gtest/gtest.h>

#include <string>

#include "sim_kernel_run.h"

namespace tilesplit::sim {
namespace {

using ir::DataType;

struct KernelRun : testing::KernelRun {
  explicit KernelRun(const std::string& body) : testing::KernelRun(body, "tensor_ops_test.py") {}
};

// a = [[1, 2, 3, 4], [5, 6, 7, 8]]; r = [[10, 20, 30, 40]].
const std::vector<double> kA = {1, 2, 3, 4, 5, 6, 7, 8};
const std::vector<double> kR = {10, 20, 30, 40};

TEST(TensorOpSemantics, ElementwiseBroadcastAndScalarForms) {
  KernelRun r(R"(
@pl.function
def k(a: pl.Tensor[[2, 4], pl.FP32], r: pl.Tensor[[1, 4], pl.FP32],
      o: pl.Out[pl.Tensor[[2, 4], pl.FP32]]):
    s = pl.add(a, r)
    m = pl.mul(s, 2.0)
    n = pl.neg(m)
    t = pl.load(n, [0, 0], [2, 4])
    o2 = pl.store(t, [0, 0], o)
    return o2
)");
  r.In("a", DataType::FP32, {2, 4}, kA);
  r.In("r", DataType::FP32, {1, 4}, kR);
  r.Out("o", DataType::FP32, {2, 4});
  r.Go();
  for (size_t i = 0; i < 8; ++i)
    EXPECT_EQ(r.F("o", i), -2.0f * static_cast<float>(kA[i] + kR[i % 4])) << i;
}

TEST(TensorOpSemantics, SliceAssembleAndWriteAreValues) {
  // The slice is row 1 of a; assembling it into row 0 of a tensor of 0.5s leaves row 1 at 0.5;
  // the write replaces one element of the assembled copy only. The operands are not written.
  KernelRun r(R"(
@pl.function
def k(a: pl.Tensor[[2, 4], pl.FP32], o: pl.Out[pl.Tensor[[2, 4], pl.FP32]],
      o_a: pl.Out[pl.Tensor[[2, 4], pl.FP32]]):
    row = pl.slice(a, [1, 4], [1, 0])
    base = pl.tensor.full([2, 4], 0.5, dtype=pl.FP32)
    put = pl.assemble(base, row, [0, 0])
    w = pl.tensor.write(put, [1, 3], 9.0)
    t = pl.load(w, [0, 0], [2, 4])
    o2 = pl.store(t, [0, 0], o)
    ta = pl.load(a, [0, 0], [2, 4])
    o3 = pl.store(ta, [0, 0], o_a)
    return o2, o3
)");
  r.In("a", DataType::FP32, {2, 4}, kA);
  r.Out("o", DataType::FP32, {2, 4});
  r.Out("o_a", DataType::FP32, {2, 4});
  r.Go();
  const float want[] = {5, 6, 7, 8, 0.5f, 0.5f, 0.5f, 9};
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(r.F("o", i), want[i]) << i;
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(r.F("o_a", i), static_cast<float>(kA[i])) << i;
}

TEST(TensorOpSemantics, MatmulTransposesAndRowSum) {
  // a @ a^T = [[30, 70], [70, 174]]; its row sums are [100, 244].
  KernelRun r(R"(
@pl.function
def k(a: pl.Tensor[[2, 4], pl.FP32], o: pl.Out[pl.Tensor[[2, 2], pl.FP32]],
      o_s: pl.Out[pl.Tensor[[2, 1], pl.FP32]]):
    m = pl.matmul(a, a, b_trans=True)
    s = pl.row_sum(m)
    t = pl.load(m, [0, 0], [2, 2])
    o2 = pl.store(t, [0, 0], o)
    ts = pl.load(s, [0, 0], [2, 1])
    o3 = pl.store(ts, [0, 0], o_s)
    return o2, o3
)");
  r.In("a", DataType::FP32, {2, 4}, kA);
  r.Out("o", DataType::FP32, {2, 2});
  r.Out("o_s", DataType::FP32, {2, 1});
  r.Go();
  const float want[] = {30, 70, 70, 174};
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(r.F("o", i), want[i]) << i;
  EXPECT_EQ(r.F("o_s", 0), 100.0f);
  EXPECT_EQ(r.F("o_s", 1), 244.0f);
}

TEST(TensorOpSemantics, SliceOutsideTheTensorIsALocatedFault) {
  KernelRun r(R"(
@pl.function
def k(a: pl.Tensor[[2, 4], pl.FP32], n: pl.Scalar[pl.INDEX],
      o: pl.Out[pl.Tensor[[1, 4], pl.FP32]]):
    row = pl.slice(a, [1, 4], [n, 0])
    t = pl.load(row, [0, 0], [1, 4])
    o2 = pl.store(t, [0, 0], o)
    return o2
)");
  r.In("a", DataType::FP32, {2, 4}, kA);
  r.args["n"] = Value(Scalar::Int(2));
  r.Out("o", DataType::FP32, {1, 4});
  r.ExpectFault("leaves the extent 2");
}

// A window whose rows past the target's end are undefined (the last lane's shard of an odd box)
// is assembled where it fits; a defined element past the end is still a located fault.
TEST(TensorOpSemantics, AssembleReachingPastTheEndOnlyWithUndefinedRows) {
  const std::string body = R"(
@pl.function
def k(a: pl.Tensor[[2, 4], pl.FP32], n: pl.Scalar[pl.INDEX],
      o: pl.InOut[pl.Tensor[[3, 4], pl.FP32]]):
    o2 = pl.assemble(o, a, [n, 0])
    return o2
)";
  {
    KernelRun r(body);
    r.In("a", DataType::FP32, {2, 4},
         {1, 2, 3, 4, testing::kPoison, testing::kPoison, testing::kPoison, testing::kPoison});
    r.args["n"] = Value(Scalar::Int(2));
    r.In("o", DataType::FP32, {3, 4}, std::vector<double>(12, 0.0));
    r.Go();
    for (size_t i = 0; i < 4; ++i) EXPECT_EQ(r.F("o", 8 + i), static_cast<float>(i + 1)) << i;
    EXPECT_EQ(r.F("o", 0), 0.0f);
  }
  KernelRun r(body);
  r.In("a", DataType::FP32, {2, 4}, kA);
  r.args["n"] = Value(Scalar::Int(2));
  r.In("o", DataType::FP32, {3, 4}, std::vector<double>(12, 0.0));
  r.ExpectFault("window [2, 4) on axis 0 leaves the extent 3");
}

}  // namespace
}  // namespace tilesplit::sim
