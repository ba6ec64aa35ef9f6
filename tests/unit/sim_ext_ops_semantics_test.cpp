// Execution semantics of PyPTO's extra operators (elementwise_ext_ops.cpp, fill_ops.cpp, the
// products of reduction_ops.cpp), run through small kernels on the reference interpreter.
// Expected values are worked out by hand from the pto-isa pages' formulas, never copied from a
// run.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "sim_kernel_run.h"

namespace tilesplit::sim {
namespace {

using ir::DataType;
using testing::kPoison;

struct KernelRun : testing::KernelRun {
  explicit KernelRun(const std::string& body) : testing::KernelRun(body, "ext_ops_test.py") {}
};

const float kInf = std::numeric_limits<float>::infinity();

// A kernel over [R, C] inputs a, b, c of dtype DT (loaded with valid shape VA for a, VB for b)
// whose one statement `y = EXPR` is stored into out of shape OUT and dtype ODT.
std::string Kernel(const std::string& expr, const std::string& dt, const std::string& rc,
                   const std::string& out_dt, const std::string& out_rc, const std::string& va = "",
                   const std::string& vb = "") {
  auto load = [&](const char* n, const std::string& v) {
    return std::string("    ") + n + " = pl.load(t" + n + ", [0, 0], " + rc +
           (v.empty() ? "" : ", " + v) + ", target_memory=pl.Mem.Vec)\n";
  };
  return "@pl.function(type=pl.FunctionType.InCore)\n"
         "def k(ta: pl.Tensor[" +
         rc + ", pl." + dt + "], tb: pl.Tensor[" + rc + ", pl." + dt + "], tc: pl.Tensor[" + rc +
         ", pl." + dt + "], out: pl.Out[pl.Tensor[" + out_rc + ", pl." + out_dt + "]]):\n" +
         load("a", va) + load("b", vb) + load("c", "") + "    y = " + expr +
         "\n    return pl.store(y, [0, 0], out)\n";
}

void Inputs(KernelRun& r, DataType dt, std::vector<int64_t> shape, const std::vector<double>& a,
            const std::vector<double>& b, const std::vector<double>& c) {
  r.In("ta", dt, shape, a);
  r.In("tb", dt, shape, b);
  r.In("tc", dt, shape, c);
}

TEST(OpSemanticsTernary, AddcSubcAddscSubscByHand) {
  const std::vector<double> a = {1, 2, 3, 4}, b = {10, 20, 30, 40}, c = {100, 200, 300, 400};
  const std::pair<const char*, std::vector<float>> cases[] = {
      {"pl.tile.addc(a, b, c)", {111, 222, 333, 444}},
      {"pl.tile.subc(a, b, c)", {91, 182, 273, 364}},
      {"pl.tile.addsc(a, 0.5, c)", {101.5f, 202.5f, 303.5f, 404.5f}},
      {"pl.tile.subsc(a, 0.5, c)", {100.5f, 201.5f, 302.5f, 403.5f}}};
  for (const auto& [expr, want] : cases) {
    KernelRun r(Kernel(expr, "FP32", "[1, 4]", "FP32", "[1, 4]"));
    Inputs(r, DataType::FP32, {1, 4}, a, b, c);
    r.Out("out", DataType::FP32, {1, 4});
    r.Go();
    for (size_t i = 0; i < 4; ++i) EXPECT_EQ(r.F("out", i), want[i]) << expr << " at " << i;
  }
}

// Two chained adds round twice: in FP16, 2048 + 1 ties to 2048 (even), and again + 1; one
// rounding of the exact sum 2050 would give 2050.
TEST(OpSemanticsTernary, EachStepRoundsToTheDType) {
  KernelRun r(Kernel("pl.tile.addc(a, b, c)", "FP16", "[1, 2]", "FP16", "[1, 2]"));
  Inputs(r, DataType::FP16, {1, 2}, {2048, 1}, {1, 1}, {1, 1});
  r.Out("out", DataType::FP16, {1, 2});
  r.Go();
  EXPECT_EQ(r.F("out", 0), 2048.0f);
  EXPECT_EQ(r.F("out", 1), 3.0f);
}

TEST(OpSemanticsTernary, IntegersWrapAndPoisonPropagates) {
  KernelRun r(Kernel("pl.tile.subsc(a, 5, c)", "INT16", "[1, 3]", "INT16", "[1, 3]"));
  Inputs(r, DataType::INT16, {1, 3}, {32767, 0, kPoison}, {0, 0, 0}, {1, -1, 1});
  r.Out("out", DataType::INT16, {1, 3});
  r.Go();
  EXPECT_EQ(r.I("out", 0), 32763);  // 32767 - 5 + 1
  EXPECT_EQ(r.I("out", 1), -6);
  EXPECT_TRUE(r.Poison("out", 2));
}

// The remainder takes the divisor's sign (fmod would take the dividend's).
TEST(OpSemanticsRem, SignOfTheDivisor) {
  const std::vector<double> a = {7, -7, 7, -7}, b = {3, 3, -3, -3};
  for (const char* dt : {"FP32", "INT32"}) {
    KernelRun r(Kernel("pl.tile.rem(a, b)", dt, "[1, 4]", dt, "[1, 4]"));
    const DataType d = std::string(dt) == "FP32" ? DataType::FP32 : DataType::INT32;
    Inputs(r, d, {1, 4}, a, b, {0, 0, 0, 0});
    r.Out("out", d, {1, 4});
    r.Go();
    const double want[] = {1, 2, -2, -1};
    for (size_t i = 0; i < 4; ++i) {
      const double got = d == DataType::FP32 ? r.F("out", i) : static_cast<double>(r.I("out", i));
      EXPECT_EQ(got, want[i]) << dt << " at " << i;
    }
  }
  KernelRun s(Kernel("pl.tile.rems(a, 3.0)", "FP32", "[1, 4]", "FP32", "[1, 4]"));
  Inputs(s, DataType::FP32, {1, 4}, {7, -7, 7.5, -0.5}, a, a);
  s.Out("out", DataType::FP32, {1, 4});
  s.Go();
  EXPECT_EQ(s.F("out", 0), 1.0f);
  EXPECT_EQ(s.F("out", 1), 2.0f);
  EXPECT_EQ(s.F("out", 2), 1.5f);
  EXPECT_EQ(s.F("out", 3), 2.5f);
}

TEST(OpSemanticsRem, IntegerZeroDivisorIsAFault) {
  KernelRun r(Kernel("pl.tile.rems(a, 0)", "INT32", "[1, 2]", "INT32", "[1, 2]"));
  Inputs(r, DataType::INT32, {1, 2}, {1, 2}, {1, 1}, {1, 1});
  r.Out("out", DataType::INT32, {1, 2});
  r.ExpectFault("integer remainder by zero");
}

TEST(OpSemanticsRelu, LeakyAndParametric) {
  const std::vector<double> a = {-2, 0, 3, -0.5}, s = {0.5, 2, 3, 4};
  KernelRun l(Kernel("pl.tile.lrelu(a, 0.1)", "FP32", "[1, 4]", "FP32", "[1, 4]"));
  Inputs(l, DataType::FP32, {1, 4}, a, s, s);
  l.Out("out", DataType::FP32, {1, 4});
  l.Go();
  EXPECT_EQ(l.F("out", 0), -2.0f * 0.1f);
  EXPECT_EQ(l.F("out", 1), 0.0f);
  EXPECT_EQ(l.F("out", 2), 3.0f);
  EXPECT_EQ(l.F("out", 3), -0.5f * 0.1f);
  KernelRun p(Kernel("pl.tile.prelu(a, b)", "FP32", "[1, 4]", "FP32", "[1, 4]"));
  Inputs(p, DataType::FP32, {1, 4}, a, s, s);
  p.Out("out", DataType::FP32, {1, 4});
  p.Go();
  const float want[] = {-1, 0, 3, -2};
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(p.F("out", i), want[i]) << i;
}

// Row 0 compares j with 7.5, row 1 j with itself where j % 3 == 0 and with -1 elsewhere: GT is
// true on columns 8..15 of row 0 (bytes 0x00, 0xFF) and on the columns j % 3 != 0 of row 1
// (bits 1, 2, 4, 5, 7 -> 0xB6; 8, 10, 11, 13, 14 -> bits 0, 2, 3, 5, 6 -> 0x6D).
TEST(OpSemanticsCmp, PacksOneBitPerColumn) {
  std::vector<double> a, b;
  for (int r = 0; r < 2; ++r)
    for (int j = 0; j < 16; ++j) {
      a.push_back(j);
      b.push_back(r == 0 ? 7.5 : (j % 3 == 0 ? j : -1));
    }
  KernelRun r(Kernel("pl.tile.cmp(a, b, cmp_type=4)", "FP32", "[2, 16]", "UINT8", "[2, 2]"));
  Inputs(r, DataType::FP32, {2, 16}, a, b, b);
  r.Out("out", DataType::UINT8, {2, 2});
  r.Go();
  EXPECT_EQ(r.I("out", 0), 0x00);
  EXPECT_EQ(r.I("out", 1), 0xFF);
  EXPECT_EQ(r.I("out", 2), 0xB6);
  EXPECT_EQ(r.I("out", 3), 0x6D);
}

// Columns past the operand's valid region leave their bits 0: a valid [2, 12], GE 10 holds on
// columns 10 and 11 only (bits 2 and 3 of byte 1); LE 3 on columns 0..3.
TEST(OpSemanticsCmp, ScalarFormAndValidColumns) {
  std::vector<double> a;
  for (int r = 0; r < 2; ++r)
    for (int j = 0; j < 16; ++j) a.push_back(j);
  KernelRun ge(
      Kernel("pl.tile.cmps(a, 10.0, cmp_type=5)", "FP32", "[2, 16]", "UINT8", "[2, 2]", "[2, 12]"));
  Inputs(ge, DataType::FP32, {2, 16}, a, a, a);
  ge.Out("out", DataType::UINT8, {2, 2});
  ge.Go();
  EXPECT_EQ(ge.I("out", 0), 0x00);
  EXPECT_EQ(ge.I("out", 1), 0x0C);
  KernelRun le(Kernel("pl.tile.cmps(a, 3.0, cmp_type=3)", "FP32", "[2, 16]", "UINT8", "[2, 2]"));
  Inputs(le, DataType::FP32, {2, 16}, a, a, a);
  le.Out("out", DataType::UINT8, {2, 2});
  le.Go();
  EXPECT_EQ(le.I("out", 2), 0x0F);
  EXPECT_EQ(le.I("out", 3), 0x00);
}

// b is valid on [1, 2] only: those two elements are sums, the others a's own.
TEST(OpSemanticsPart, OneOperandCoversTheOther) {
  const std::vector<double> a = {1, 2, 3, 4, 5, 6, 7, 8}, b = {10, 20, 30, 40, 50, 60, 70, 80};
  KernelRun add(Kernel("pl.tile.part_add(a, b)", "FP32", "[2, 4]", "FP32", "[2, 4]", "", "[1, 2]"));
  Inputs(add, DataType::FP32, {2, 4}, a, b, b);
  add.Out("out", DataType::FP32, {2, 4});
  add.Go();
  const float want[] = {11, 22, 3, 4, 5, 6, 7, 8};
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(add.F("out", i), want[i]) << i;
  // The covering operand may be the second: the result spans b's region, a's [1, 2] is combined.
  KernelRun mn(Kernel("pl.tile.part_min(a, b)", "FP32", "[2, 4]", "FP32", "[2, 4]", "[1, 2]"));
  Inputs(mn, DataType::FP32, {2, 4}, b, a, a);
  mn.Out("out", DataType::FP32, {2, 4});
  mn.Go();
  const float want_min[] = {1, 2, 3, 4, 5, 6, 7, 8};
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(mn.F("out", i), want_min[i]) << i;
}

TEST(OpSemanticsExpands, FillsTheValidRegion) {
  KernelRun r(Kernel("pl.tile.expands(a, 7)", "INT32", "[2, 4]", "INT32", "[2, 4]", "[2, 3]"));
  const std::vector<double> z(8, 0);
  Inputs(r, DataType::INT32, {2, 4}, z, z, z);
  r.Out("out", DataType::INT32, {2, 4});
  r.Go();
  for (size_t i : {0, 1, 2, 4, 5, 6}) EXPECT_EQ(r.I("out", i), 7) << i;
  EXPECT_TRUE(r.Poison("out", 3));  // outside the valid region: not stored
  EXPECT_TRUE(r.Poison("out", 7));
}

TEST(OpSemanticsProd, RowAndColumnProducts) {
  const std::vector<double> a = {1, 2, 3, 100, 0.5, 2, -1, 100};
  KernelRun row(Kernel("pl.tile.row_prod(a, b)", "FP32", "[2, 4]", "FP32", "[2, 1]", "[2, 3]"));
  Inputs(row, DataType::FP32, {2, 4}, a, a, a);
  row.Out("out", DataType::FP32, {2, 1});
  row.Go();
  EXPECT_EQ(row.F("out", 0), 6.0f);
  EXPECT_EQ(row.F("out", 1), -1.0f);
  KernelRun col(Kernel("pl.tile.col_prod(a)", "INT32", "[3, 2]", "INT32", "[1, 2]"));
  const std::vector<double> i = {2, 3, 4, 5, -1, 2};
  Inputs(col, DataType::INT32, {3, 2}, i, i, i);
  col.Out("out", DataType::INT32, {1, 2});
  col.Go();
  EXPECT_EQ(col.I("out", 0), -8);
  EXPECT_EQ(col.I("out", 1), 30);
}

// The pad fills the elements past the valid region; set_validshape brings them into it, as a
// reduction over the whole box would see them.
TEST(OpSemanticsFillpad, PadsOutsideTheValidRegion) {
  const std::vector<double> a = {1, 2, 3, 4, 5, 6, 7, 8};
  KernelRun mn(Kernel("pl.tile.set_validshape(pl.tile.fillpad(a, pad_value=pl.PadValue.min), 2, 4)",
                      "FP32", "[2, 4]", "FP32", "[2, 4]", "[1, 2]"));
  Inputs(mn, DataType::FP32, {2, 4}, a, a, a);
  mn.Out("out", DataType::FP32, {2, 4});
  mn.Go();
  EXPECT_EQ(mn.F("out", 0), 1.0f);
  EXPECT_EQ(mn.F("out", 1), 2.0f);
  for (size_t i = 2; i < 8; ++i) EXPECT_EQ(mn.F("out", i), -kInf) << i;
  KernelRun mx(Kernel("pl.tile.set_validshape(pl.tile.fillpad(a, pad_value=pl.PadValue.max), 2, 4)",
                      "INT32", "[2, 4]", "INT32", "[2, 4]", "[2, 3]"));
  Inputs(mx, DataType::INT32, {2, 4}, a, a, a);
  mx.Out("out", DataType::INT32, {2, 4});
  mx.Go();
  EXPECT_EQ(mx.I("out", 2), 3);
  EXPECT_EQ(mx.I("out", 3), 2147483647);
  EXPECT_EQ(mx.I("out", 7), 2147483647);
  KernelRun ex(Kernel("pl.tile.set_validshape(pl.tile.fillpad_expand(a, [2, 8]), 2, 8)", "FP32",
                      "[2, 4]", "FP32", "[2, 8]", "[2, 3]"));
  Inputs(ex, DataType::FP32, {2, 4}, a, a, a);
  ex.Out("out", DataType::FP32, {2, 8});
  ex.Go();
  const float want[] = {1, 2, 3, 0, 0, 0, 0, 0, 5, 6, 7, 0, 0, 0, 0, 0};
  for (size_t i = 0; i < 16; ++i) EXPECT_EQ(ex.F("out", i), want[i]) << i;
}

TEST(OpSemanticsTri, LowerAndUpperWithDiagonal) {
  const std::vector<double> z(9, 0);
  KernelRun lo(Kernel("pl.tile.tri([3, 3], dtype=pl.INT32)", "INT32", "[3, 3]", "INT32", "[3, 3]"));
  Inputs(lo, DataType::INT32, {3, 3}, z, z, z);
  lo.Out("out", DataType::INT32, {3, 3});
  lo.Go();
  const int64_t lower[] = {1, 0, 0, 1, 1, 0, 1, 1, 1};
  for (size_t i = 0; i < 9; ++i) EXPECT_EQ(lo.I("out", i), lower[i]) << i;
  KernelRun up(Kernel("pl.tile.tri([3, 3], dtype=pl.FP32, diagonal=1, upper=True)", "FP32",
                      "[3, 3]", "FP32", "[3, 3]"));
  Inputs(up, DataType::FP32, {3, 3}, z, z, z);
  up.Out("out", DataType::FP32, {3, 3});
  up.Go();
  const float upper[] = {0, 1, 1, 0, 0, 1, 0, 0, 0};
  for (size_t i = 0; i < 9; ++i) EXPECT_EQ(up.F("out", i), upper[i]) << i;
}

// lhs [M, K] and rhs [K, N] through Mat into the cube's buffers, bias [1, N] into Bias; `expr`
// over al, br, cb stored from Acc.
std::string CubeKernel(const std::string& expr, int m, int k, int n) {
  const std::string M = std::to_string(m), K = std::to_string(k), N = std::to_string(n);
  return "@pl.function(type=pl.FunctionType.InCore)\n"
         "def k(a: pl.Tensor[[" +
         M + ", " + K + "], pl.FP32], b: pl.Tensor[[" + K + ", " + N +
         "], pl.FP32], c: pl.Tensor[[1, " + N + "], pl.FP32], out: pl.Out[pl.Tensor[[" + M + ", " +
         N +
         "], pl.FP32]]):\n"
         "    am = pl.load(a, [0, 0], [" +
         M + ", " + K +
         "], target_memory=pl.Mem.Mat)\n"
         "    bm = pl.load(b, [0, 0], [" +
         K + ", " + N +
         "], target_memory=pl.Mem.Mat)\n"
         "    cm = pl.load(c, [0, 0], [1, " +
         N +
         "], target_memory=pl.Mem.Mat)\n"
         "    al = pl.tile.move(am, target_memory=pl.Mem.Left)\n"
         "    br = pl.tile.move(bm, target_memory=pl.Mem.Right)\n"
         "    cb = pl.tile.move(cm, target_memory=pl.Mem.Bias)\n"
         "    p = " +
         expr + "\n    return pl.store(p, [0, 0], out)\n";
}

TEST(OpSemanticsCube, MatmulBiasAndGemvByHand) {
  // [[1, 2], [3, 4]] @ [[5, 6], [7, 8]] = [[19, 22], [43, 50]], plus the bias row [10, 20].
  KernelRun mb(CubeKernel("pl.tile.matmul_bias(al, br, cb)", 2, 2, 2));
  mb.In("a", DataType::FP32, {2, 2}, {1, 2, 3, 4});
  mb.In("b", DataType::FP32, {2, 2}, {5, 6, 7, 8});
  mb.In("c", DataType::FP32, {1, 2}, {10, 20});
  mb.Out("out", DataType::FP32, {2, 2});
  mb.Go();
  const float want[] = {29, 42, 53, 70};
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(mb.F("out", i), want[i]) << i;
  KernelRun gv(CubeKernel("pl.tile.gemv(al, br)", 1, 2, 2));
  gv.In("a", DataType::FP32, {1, 2}, {1, 1});
  gv.In("b", DataType::FP32, {2, 2}, {5, 6, 7, 8});
  gv.In("c", DataType::FP32, {1, 2}, {0, 0});
  gv.Out("out", DataType::FP32, {1, 2});
  gv.Go();
  EXPECT_EQ(gv.F("out", 0), 12.0f);
  EXPECT_EQ(gv.F("out", 1), 14.0f);
}

// The bias seeds the accumulator: -1e8 + 1e8 + 1 is 1 in FP32, where adding the bias to the
// finished sum (1e8 + 1 rounds to 1e8) would give 0.
TEST(OpSemanticsCube, TheBiasSeedsTheAccumulator) {
  KernelRun r(CubeKernel("pl.tile.gemv_bias(al, br, cb)", 1, 2, 1));
  r.In("a", DataType::FP32, {1, 2}, {1, 1});
  r.In("b", DataType::FP32, {2, 1}, {1e8, 1});
  r.In("c", DataType::FP32, {1, 1}, {-1e8});
  r.Out("out", DataType::FP32, {1, 1});
  r.Go();
  EXPECT_EQ(r.F("out", 0), 1.0f);
}

// Batch 0 of the lhs is the identity, batch 1 twice it; the rank-2 rhs applies to both.
TEST(OpSemanticsCube, BatchMatmulBroadcastsTheRankTwoOperand) {
  KernelRun r(R"(
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[2, 2, 2], pl.FP32], b: pl.Tensor[[2, 2], pl.FP32],
      out: pl.Out[pl.Tensor[[2, 2, 2], pl.FP32]]):
    am = pl.load(a, [0, 0, 0], [2, 2, 2], target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [2, 2], target_memory=pl.Mem.Mat)
    p = pl.tile.batch_matmul(am, bm)
    return pl.store(p, [0, 0, 0], out)
)");
  r.In("a", DataType::FP32, {2, 2, 2}, {1, 0, 0, 1, 2, 0, 0, 2});
  r.In("b", DataType::FP32, {2, 2}, {1, 2, 3, 4});
  r.Out("out", DataType::FP32, {2, 2, 2});
  r.Go();
  const float want[] = {1, 2, 3, 4, 2, 4, 6, 8};
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(r.F("out", i), want[i]) << i;
}

// Values (7k) % 32 over one block: value v sits at column k = 23v % 32 (7 * 23 = 1 mod 32), so
// the descending pairs start (31, 100 + 9), (30, 100 + 18), (29, 100 + 27). Row 1 holds one value
// throughout with descending indices: the ties come out by index, smallest first.
TEST(OpSemanticsSort32, DescendingPairsTiesByIndex) {
  std::vector<double> v, i;
  for (int k = 0; k < 32; ++k) {
    v.push_back((7 * k) % 32);
    i.push_back(100 + k);
  }
  for (int k = 0; k < 32; ++k) {
    v.push_back(1.0);
    i.push_back(131 - k);
  }
  KernelRun r(R"(
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[2, 32], pl.FP32], x: pl.Tensor[[2, 32], pl.UINT32],
      out: pl.Out[pl.Tensor[[2, 64], pl.FP32]]):
    s = pl.load(a, [0, 0], [2, 32], target_memory=pl.Mem.Vec)
    j = pl.load(x, [0, 0], [2, 32], target_memory=pl.Mem.Vec)
    p = pl.tile.sort32(s, j)
    return pl.store(p, [0, 0], out)
)");
  r.In("a", DataType::FP32, {2, 32}, v);
  r.In("x", DataType::UINT32, {2, 32}, i);
  r.Out("out", DataType::FP32, {2, 64});
  r.Go();
  auto index = [&](size_t at) { return std::bit_cast<uint32_t>(r.F("out", at)); };
  EXPECT_EQ(r.F("out", 0), 31.0f);
  EXPECT_EQ(index(1), 109u);
  EXPECT_EQ(r.F("out", 2), 30.0f);
  EXPECT_EQ(index(3), 118u);
  EXPECT_EQ(r.F("out", 4), 29.0f);
  EXPECT_EQ(index(5), 127u);
  EXPECT_EQ(r.F("out", 62), 0.0f);
  EXPECT_EQ(index(63), 100u);  // value 0 at column 0
  for (size_t k = 0; k < 32; ++k) {
    EXPECT_EQ(r.F("out", 64 + 2 * k), 1.0f);
    EXPECT_EQ(index(64 + 2 * k + 1), 100u + k) << k;
  }
}

// Row r of the input is 10r + j; gather picks columns [3, 0, 3] of row 0 and [1, 2, 2] of row 1;
// scatter writes 100, 200, 300 to row 0's columns 3, 0, 3 (the last write to column 3 wins).
TEST(OpSemanticsTensorGather, GatherAndScatterAlongTheLastAxis) {
  KernelRun r(R"(
@pl.function
def k(a: pl.Tensor[[2, 4], pl.FP32], i: pl.Tensor[[2, 3], pl.INT32],
      s: pl.Tensor[[2, 3], pl.FP32], og: pl.Out[pl.Tensor[[2, 3], pl.FP32]],
      os: pl.Out[pl.Tensor[[2, 4], pl.FP32]]):
    g = pl.tensor.gather(a, dim=-1, index=i)
    w = pl.tensor.scatter(a, dim=-1, index=i, src=s)
    tg = pl.load(g, [0, 0], [2, 3])
    o1 = pl.store(tg, [0, 0], og)
    tw = pl.load(w, [0, 0], [2, 4])
    o2 = pl.store(tw, [0, 0], os)
    return o1, o2
)");
  r.In("a", DataType::FP32, {2, 4}, {0, 1, 2, 3, 10, 11, 12, 13});
  r.In("i", DataType::INT32, {2, 3}, {3, 0, 3, 1, 2, 2});
  r.In("s", DataType::FP32, {2, 3}, {100, 200, 300, 400, 500, 600});
  r.Out("og", DataType::FP32, {2, 3});
  r.Out("os", DataType::FP32, {2, 4});
  r.Go();
  const float gathered[] = {3, 0, 3, 11, 12, 12};
  for (size_t k = 0; k < 6; ++k) EXPECT_EQ(r.F("og", k), gathered[k]) << k;
  const float scattered[] = {200, 1, 2, 300, 10, 400, 600, 13};
  for (size_t k = 0; k < 8; ++k) EXPECT_EQ(r.F("os", k), scattered[k]) << k;
}

}  // namespace
}  // namespace tilesplit::sim
