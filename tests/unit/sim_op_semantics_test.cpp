// Execution semantics of tile.gather_compare, tile.mrgsort_format2 (TMRGSORT's pairs),
// tile.tquant_mx(_raw) and tile.gatherb, run end to end through small kernels on the reference
// interpreter, plus the registry-wide rule that every operator executes. Expected values are worked
// out by hand or by an independent formula in the test, never copied from a run (docs/simulator.md
// states the decisions these tests pin).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ops_sample_calls.h"
#include "sim_kernel_run.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/semantics/semantics.h"
#include "tilesplit/sim/check.h"

namespace tilesplit::sim {
namespace {

using ir::DataType;
using testing::Bits;
using testing::FromBits;
using testing::kPoison;

// Every kernel of this file is parsed under one file name, for located faults.
struct KernelRun : testing::KernelRun {
  explicit KernelRun(const std::string& body) : testing::KernelRun(body, "semantics_test.py") {}
};

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

// ---------------------------------------------------------------------------------------------
// Every registered operator executes.

// A future operator registered without semantics (or with semantics for an op that no longer
// exists) fails here: the simulator must be able to run every op the compiler accepts.
TEST(OpSemantics, EveryRegisteredOpHasExecutionSemantics) {
  const ops::SemanticsTable& table = ops::SemanticsTable::Global();
  size_t ops_seen = 0;
  for (const ops::OpDef* op : ops::OpRegistry::Global().All()) {
    ++ops_seen;
    EXPECT_NE(table.Find(op->name()), nullptr) << op->name() << " has no execution semantics";
    // The interpreter reaches them through the operator's attribute, not by name.
    ASSERT_NE(ops::SemanticsOf(*op), nullptr) << op->name() << ": semantics not attached";
    EXPECT_EQ(&ops::SemanticsOf(*op)->fn, table.Find(op->name())) << op->name();
  }
  EXPECT_GT(ops_seen, 40u);
  for (const std::string& name : table.Names())
    EXPECT_NE(ops::FindOp(name), nullptr) << "semantics for the unregistered op " << name;
}

// A registered function is not enough: a stub that refuses to run would pass the test above. Every
// op's sample call (ops_sample_calls.h covers every registered op) is executed on all-zero operands
// in the reference context. It must run, or stop with a located fault of its own (zero data can
// legitimately fault: a wait no peer will satisfy, a transport op outside a core group, a form
// the simulator does not model); never crash, throw anything else, or refuse the op outright.
std::vector<int64_t> StaticDims(const std::vector<ir::ExprPtr>& dims) {
  std::vector<int64_t> r;
  for (const ir::ExprPtr& d : dims) r.push_back(ir::AsConstInt(d).value_or(1));
  return r;
}

Value ZeroOperand(const ir::ExprPtr& e) {
  if (const ir::TileType* t = ir::AsTileType(e->type)) {
    auto shape = StaticDims(t->shape);
    auto tile = MakePoisonTile(t->dtype, t->memory.value_or(ir::MemorySpace::Vec), shape, shape);
    tile->data.Resize(tile->data.kind, tile->data.size(), /*poison=*/false);
    return Value(tile);
  }
  if (const auto* t = e->type ? e->type->As<ir::TensorType>() : nullptr) {
    return Value(MakeTensor("t", t->dtype, StaticDims(t->shape), /*poison=*/false));
  }
  if (const auto* tup = e->As<ir::MakeTuple>()) {
    TupleValue elems;
    for (const ir::ExprPtr& x : tup->elements) elems.push_back(ZeroOperand(x));
    return Value::Tuple(std::move(elems));
  }
  if (const auto* c = e->As<ir::ConstInt>()) return Value(Scalar::Int(c->value));
  if (const auto* c = e->As<ir::ConstFloat>()) return Value(Scalar::Float(c->value));
  if (const auto* c = e->As<ir::ConstBool>()) return Value(Scalar::Bool(c->value));
  const auto* st = e->type ? e->type->As<ir::ScalarType>() : nullptr;
  if (st && ir::IsFloat(st->dtype)) return Value(Scalar::Float(0, st->dtype));
  return Value(Scalar::Int(0, st ? st->dtype : DataType::INDEX));
}

void ResultGeometry(const ir::TypePtr& t, std::vector<ops::TileGeom>* out) {
  if (!t) return;
  if (const auto* tt = t->As<ir::TileType>()) {
    ops::TileGeom g;
    g.dtype = tt->dtype;
    g.mem = tt->memory.value_or(ir::MemorySpace::Vec);
    g.shape = StaticDims(tt->shape);
    g.valid = StaticDims(tt->valid());
    out->push_back(g);
  } else if (const auto* tu = t->As<ir::TupleType>()) {
    for (const ir::TypePtr& e : tu->elements) ResultGeometry(e, out);
  }
}

TEST(OpSemantics, EverySampleCallRunsOrFaultsCleanly) {
  std::set<std::string> reached;
  for (const ops::testing::SampleCall& sc : ops::testing::SampleCalls()) {
    const ir::ExprPtr e = ops::Create(sc.op, sc.args, sc.kwargs);
    const auto* call = e->As<ir::Call>();
    ASSERT_NE(call, nullptr) << sc.op;
    std::vector<Value> args;
    for (const ir::ExprPtr& a : call->args) args.push_back(a ? ZeroOperand(a) : Value());
    std::vector<ops::TileGeom> geoms;
    ResultGeometry(call->type, &geoms);
    ops::ExecContext ctx;
    ops::OpCall oc{*call, args, geoms, ctx};
    reached.insert(sc.op);
    try {
      (*ops::SemanticsTable::Global().Find(sc.op))(oc);
    } catch (const ir::UserError& err) {
      EXPECT_EQ(err.message().rfind(sc.op + ": ", 0), 0u) << err.message();
      EXPECT_EQ(err.message().find("is not executed by the simulator"), std::string::npos)
          << sc.op << " refuses to run: " << err.message();
    }
  }
  for (const ops::OpDef* op : ops::OpRegistry::Global().All())
    EXPECT_TRUE(reached.count(op->name())) << op->name() << " has no sample call";
}

// ---------------------------------------------------------------------------------------------
// tile.gather_compare

const char* kGatherCompare = R"(
@pl.function(type=pl.FunctionType.InCore)
def gc(x: pl.Tensor[[4, 8], pl.FP32], d: pl.Out[pl.Tensor[[4, 4], pl.INT32]],
       n: pl.Out[pl.Tensor[[1, 4], pl.INT32]]):
    t = pl.load(x, [0, 0], [4, 8], [3, 6], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([4, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pair = pl.tile.gather_compare(t, 2.0, tmp, cmp_mode=MODE, out_cols=4, offset=10)
    pl.store(pair[0], [0, 0], d)
    return pl.store(pair[1], [0, 0], n)
)";

std::string WithMode(const char* text, int mode) {
  std::string s = text;
  s.replace(s.find("MODE"), 4, std::to_string(mode));
  return s;
}

// Valid region [3, 6]; columns 6, 7 and row 3 lie outside it.
const std::vector<double> kGcData = {
    1, 3, 2, 5, -1, 2, 9, 9,  // row 0
    0, 0, 0, 0, 0,  0, 0, 0,  // row 1
    3, 4, 5, 6, 7,  8, 0, 0,  // row 2
    9, 9, 9, 9, 9,  9, 9, 9,  // row 3
};

TEST(OpSemanticsGatherCompare, GreaterThanByHand) {
  KernelRun r(WithMode(kGatherCompare, 4));  // GT
  r.In("x", DataType::FP32, {4, 8}, kGcData);
  r.Out("d", DataType::INT32, {4, 4});
  r.Out("n", DataType::INT32, {1, 4});
  r.Go();
  // Row 0: columns 1 (3) and 3 (5) exceed 2; the 9s lie outside the valid columns.
  EXPECT_EQ(r.I("d", 0), 11);
  EXPECT_EQ(r.I("d", 1), 13);
  EXPECT_TRUE(r.Poison("d", 2));  // slots past the count are not written
  EXPECT_TRUE(r.Poison("d", 3));
  EXPECT_EQ(r.I("n", 0), 2);
  // Row 1: nothing matches.
  for (size_t k = 4; k < 8; ++k) EXPECT_TRUE(r.Poison("d", k));
  EXPECT_EQ(r.I("n", 1), 0);
  // Row 2: six matches, the first four fit; the count is the number of matches.
  for (size_t k = 0; k < 4; ++k) EXPECT_EQ(r.I("d", 8 + k), 10 + static_cast<int64_t>(k));
  EXPECT_EQ(r.I("n", 2), 6);
  // Row 3 is outside src's valid rows: undefined.
  for (size_t k = 12; k < 16; ++k) EXPECT_TRUE(r.Poison("d", k));
  EXPECT_TRUE(r.Poison("n", 3));
}

// Every cmp_mode against an independent spelling of the comparison.
TEST(OpSemanticsGatherCompare, EveryModeMatchesItsComparison) {
  const std::function<bool(double, double)> cmp[] = {
      [](double a, double b) { return a == b; }, [](double a, double b) { return a != b; },
      [](double a, double b) { return a < b; },  [](double a, double b) { return a <= b; },
      [](double a, double b) { return a > b; },  [](double a, double b) { return a >= b; }};
  for (int mode = 0; mode < 6; ++mode) {
    KernelRun r(WithMode(kGatherCompare, mode));
    r.In("x", DataType::FP32, {4, 8}, kGcData);
    r.Out("d", DataType::INT32, {4, 4});
    r.Out("n", DataType::INT32, {1, 4});
    r.Go();
    for (int row = 0; row < 3; ++row) {
      std::vector<int64_t> want;
      for (int j = 0; j < 6; ++j)
        if (cmp[mode](kGcData[row * 8 + j], 2.0)) want.push_back(10 + j);
      EXPECT_EQ(r.I("n", row), static_cast<int64_t>(want.size())) << mode << " row " << row;
      for (size_t k = 0; k < 4; ++k) {
        const size_t at = static_cast<size_t>(row * 4) + k;
        if (k < want.size()) {
          EXPECT_EQ(r.I("d", at), want[k]) << mode << " row " << row;
        } else {
          EXPECT_TRUE(r.Poison("d", at)) << mode << " row " << row;
        }
      }
    }
  }
}

// NaN compares unequal to everything (so only NE matches it); poison inside the valid part of a
// row makes that row's indices and count undefined, and only that row's.
TEST(OpSemanticsGatherCompare, NaNAndPoison) {
  for (int mode : {0, 1}) {
    KernelRun r(WithMode(kGatherCompare, mode));
    std::vector<double> data = kGcData;
    data[0 * 8 + 2] = kNaN;     // row 0 column 2: was the EQ match
    data[1 * 8 + 4] = kPoison;  // row 1 column 4
    r.In("x", DataType::FP32, {4, 8}, data);
    r.Out("d", DataType::INT32, {4, 4});
    r.Out("n", DataType::INT32, {1, 4});
    r.Go();
    if (mode == 0) {  // EQ 2: only column 5 of row 0 now
      EXPECT_EQ(r.I("n", 0), 1);
      EXPECT_EQ(r.I("d", 0), 15);
    } else {  // NE 2: columns 0, 1, 2 (NaN), 3 and 4 of row 0; four fit
      EXPECT_EQ(r.I("n", 0), 5);
      EXPECT_EQ(r.I("d", 2), 12);
    }
    EXPECT_TRUE(r.Poison("n", 1));
    for (size_t k = 4; k < 8; ++k) EXPECT_TRUE(r.Poison("d", k));
    EXPECT_FALSE(r.Poison("n", 2));
  }
}

// kvalue is converted to src's dtype before comparing: 0.1 in FP16 equals an FP16 src holding
// 0.1, although the FP32 literal 0.1 does not equal FP16(0.1).
TEST(OpSemanticsGatherCompare, KValueTakesTheSourceDType) {
  KernelRun r(R"(
@pl.function(type=pl.FunctionType.InCore)
def gc(x: pl.Tensor[[1, 8], pl.FP16], d: pl.Out[pl.Tensor[[1, 8], pl.INT32]],
       n: pl.Out[pl.Tensor[[1, 1], pl.UINT32]]):
    t = pl.load(x, [0, 0], [1, 8], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([1, 8], dtype=pl.FP16, target_memory=pl.Mem.Vec)
    pair = pl.tile.gather_compare(t, 0.1, tmp, cmp_mode=0, out_cols=8, count_dtype=pl.UINT32)
    pl.store(pair[0], [0, 0], d)
    return pl.store(pair[1], [0, 0], n)
)");
  ASSERT_NE(static_cast<float>(0.1), RoundToDType(DataType::FP16, 0.1f));
  r.In("x", DataType::FP16, {1, 8}, {0.1, 0.2, 0.1, 0, 0, 0, 0, 0.1});
  r.Out("d", DataType::INT32, {1, 8});
  r.Out("n", DataType::UINT32, {1, 1});
  r.Go();
  EXPECT_EQ(r.I("n", 0), 3);
  EXPECT_EQ(r.I("d", 0), 0);
  EXPECT_EQ(r.I("d", 1), 2);
  EXPECT_EQ(r.I("d", 2), 7);
}

TEST(OpSemanticsGatherCompare, IntegerSource) {
  KernelRun r(R"(
@pl.function(type=pl.FunctionType.InCore)
def gc(x: pl.Tensor[[2, 8], pl.INT32], d: pl.Out[pl.Tensor[[2, 2], pl.INT32]],
       n: pl.Out[pl.Tensor[[1, 2], pl.INT32]]):
    t = pl.load(x, [0, 0], [2, 8], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([2, 8], dtype=pl.INT32, target_memory=pl.Mem.Vec)
    pair = pl.tile.gather_compare(t, -3, tmp, cmp_mode=3, out_cols=2)
    pl.store(pair[0], [0, 0], d)
    return pl.store(pair[1], [0, 0], n)
)");
  // LE -3.
  r.In("x", DataType::INT32, {2, 8}, {0, -3, 5, -4, -100, 7, 7, 7, 1, 2, 3, 4, 5, 6, 7, -2});
  r.Out("d", DataType::INT32, {2, 2});
  r.Out("n", DataType::INT32, {1, 2});
  r.Go();
  EXPECT_EQ(r.I("n", 0), 3);
  EXPECT_EQ(r.I("d", 0), 1);
  EXPECT_EQ(r.I("d", 1), 3);
  EXPECT_EQ(r.I("n", 1), 0);
  EXPECT_TRUE(r.Poison("d", 2));
}

// ---------------------------------------------------------------------------------------------
// tile.mrgsort_format2

// TMRGSORT merges value-index pairs: (value, index bits) in two FP32 slots. The tests tag each
// pair with a distinct second slot (the merge moves it unread) to see which pair went where.
const char* kMerge2 = R"(
@pl.function(type=pl.FunctionType.InCore)
def ms(a: pl.Tensor[[1, 16], pl.FP32], b: pl.Tensor[[1, 16], pl.FP32],
       out: pl.Out[pl.Tensor[[1, 32], pl.FP32]]):
    ta = pl.load(a, [0, 0], [1, 16], [1, 10], target_memory=pl.Mem.Vec)
    tb = pl.load(b, [0, 0], [1, 16], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([1, TMP], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.mrgsort_format2(ta, tb, tmp, exhausted=EXH)
    return pl.store(m, [0, 0], out)
)";

std::string Merge2(int tmp, bool exhausted) {
  std::string s = kMerge2;
  s.replace(s.find("TMP"), 3, std::to_string(tmp));
  s.replace(s.find("EXH"), 3, exhausted ? "True" : "False");
  return s;
}

// a's valid part is the pairs 9, 7, 3, -0, -1 tagged 1..5 (the 100s beyond it would break its
// order if read); b's are 8, 7, 0, -0, -1, -1, -2, -3 tagged 11..18.
const std::vector<double> kListA = {9, 1, 7, 2, 3, 3, -0.0, 4, -1, 5, 100, 0, 100, 0, 100, 0};
const std::vector<double> kListB = {8,  11, 7,  12, 0.0, 13, -0.0, 14,
                                    -1, 15, -1, 16, -2,  17, -3,   18};

void ExpectPairs(KernelRun& r, const std::vector<std::pair<double, double>>& want, size_t size) {
  for (size_t p = 0; p < want.size(); ++p) {
    EXPECT_EQ(Bits(r.F("out", 2 * p)), Bits(static_cast<float>(want[p].first))) << p;
    EXPECT_EQ(r.F("out", 2 * p + 1), static_cast<float>(want[p].second)) << p;
  }
  for (size_t i = 2 * want.size(); i < size; ++i) EXPECT_TRUE(r.Poison("out", i)) << i;
}

TEST(OpSemanticsMrgSort, TwoWayMergeOfPairsByHand) {
  KernelRun r(Merge2(32, false));
  r.In("a", DataType::FP32, {1, 16}, kListA);
  r.In("b", DataType::FP32, {1, 16}, kListB);
  r.Out("out", DataType::FP32, {1, 32});
  r.Go();
  // Non-increasing by value, each value moving with its tag; equal values keep src0's pair
  // first, visible on the signed zeros: a's -0 (tied with b's +0) comes before it, then b's -0.
  ExpectPairs(r,
              {{9, 1},
               {8, 11},
               {7, 2},
               {7, 12},
               {3, 3},
               {-0.0, 4},
               {0.0, 13},
               {-0.0, 14},
               {-1, 5},
               {-1, 15},
               {-1, 16},
               {-2, 17},
               {-3, 18}},
              32);
}

TEST(OpSemanticsMrgSort, ExhaustedStopsWithTheFirstEmptyList) {
  KernelRun r(Merge2(32, true));
  r.In("a", DataType::FP32, {1, 16}, kListA);
  r.In("b", DataType::FP32, {1, 16}, kListB);
  r.Out("out", DataType::FP32, {1, 32});
  r.Go();
  // a runs out after its -1 (the ninth pair taken).
  ExpectPairs(
      r, {{9, 1}, {8, 11}, {7, 2}, {7, 12}, {3, 3}, {-0.0, 4}, {0.0, 13}, {-0.0, 14}, {-1, 5}}, 32);
}

TEST(OpSemanticsMrgSort, ThreeWayWithNaNAndInfinities) {
  KernelRun r(R"(
@pl.function(type=pl.FunctionType.InCore)
def ms(a: pl.Tensor[[1, 8], pl.FP32], b: pl.Tensor[[1, 8], pl.FP32],
       c: pl.Tensor[[1, 8], pl.FP32], out: pl.Out[pl.Tensor[[1, 16], pl.FP32]]):
    ta = pl.load(a, [0, 0], [1, 8], [1, 6], target_memory=pl.Mem.Vec)
    tb = pl.load(b, [0, 0], [1, 8], [1, 4], target_memory=pl.Mem.Vec)
    tc = pl.load(c, [0, 0], [1, 8], [1, 4], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([1, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.mrgsort_format2(ta, tb, tc, tmp)
    return pl.store(m, [0, 0], out)
)");
  r.In("a", DataType::FP32, {1, 8}, {kNaN, 1, kInf, 2, 1, 3, 0, 0});
  r.In("b", DataType::FP32, {1, 8}, {kInf, 11, 2, 12, 0, 0, 0, 0});
  r.In("c", DataType::FP32, {1, 8}, {3, 21, -kInf, 22, 0, 0, 0, 0});
  r.Out("out", DataType::FP32, {1, 16});
  r.Go();
  // NaN sorts above +inf; the tie between a's and b's +inf keeps a's first.
  EXPECT_TRUE(std::isnan(r.F("out", 0)));
  EXPECT_FALSE(r.Poison("out", 0)) << "a NaN input is a value, not undefined data";
  EXPECT_EQ(r.F("out", 1), 1.0f);
  const std::vector<std::pair<float, float>> want = {
      {INFINITY, 2}, {INFINITY, 11}, {3, 21}, {2, 12}, {1, 3}, {-INFINITY, 22}};
  for (size_t p = 0; p < want.size(); ++p) {
    EXPECT_EQ(r.F("out", 2 * p + 2), want[p].first) << p;
    EXPECT_EQ(r.F("out", 2 * p + 3), want[p].second) << p;
  }
  EXPECT_TRUE(r.Poison("out", 14));
  EXPECT_TRUE(r.Poison("out", 15));
}

TEST(OpSemanticsMrgSort, PoisonInAListPoisonsTheResult) {
  KernelRun r(Merge2(32, false));
  std::vector<double> a = kListA;
  a[3] = kPoison;  // an index slot: the pair's place is known, but not what it carries
  r.In("a", DataType::FP32, {1, 16}, a);
  r.In("b", DataType::FP32, {1, 16}, kListB);
  r.Out("out", DataType::FP32, {1, 32});
  r.Go();
  for (size_t i = 0; i < 32; ++i) EXPECT_TRUE(r.Poison("out", i)) << i;
}

TEST(OpSemanticsMrgSort, UnsortedListIsAFault) {
  KernelRun r(Merge2(32, false));
  // Values 1 then 2: out of order (the tags 5, 0 would be in order, and are not compared).
  r.In("a", DataType::FP32, {1, 16}, {1, 5, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  r.In("b", DataType::FP32, {1, 16}, kListB);
  r.Out("out", DataType::FP32, {1, 32});
  r.ExpectFault("list 0 (argument 'src0') is not sorted in non-increasing order at pair 1");
}

TEST(OpSemanticsMrgSort, ResultTooSmallIsAFault) {
  KernelRun r(Merge2(16, false));  // 26 elements into 16
  r.In("a", DataType::FP32, {1, 16}, kListA);
  r.In("b", DataType::FP32, {1, 16}, kListB);
  r.Out("out", DataType::FP32, {1, 32});
  r.ExpectFault("the merged list of 26 elements does not fit the 16-element result");
}

// ---------------------------------------------------------------------------------------------
// tile.tquant_mx / tile.tquant_mx_raw

// An independent FP8 rounding: decode every code of the format and take the nearest value,
// ties to the code with an even mantissa, saturating at the largest finite value.
double DecodeFp8(DataType dt, int code) {
  const int eb = dt == DataType::FP8E4M3FN ? 4 : 5, mb = 7 - eb, bias = (1 << (eb - 1)) - 1;
  const int e = (code >> mb) & ((1 << eb) - 1), m = code & ((1 << mb) - 1);
  if (dt == DataType::FP8E4M3FN && e == 15 && m == 7) return kNaN;
  if (dt == DataType::FP8E5M2 && e == 31) return kNaN;  // inf / NaN: never a rounding target
  return e == 0 ? std::ldexp(m, 1 - bias - mb) : std::ldexp(m + (1 << mb), e - bias - mb);
}

double RoundFp8(DataType dt, double x) {
  double best = 0, best_err = kInf;
  int best_code = 0;
  for (int code = 0; code < 128; ++code) {  // non-negative codes
    const double v = DecodeFp8(dt, code);
    if (std::isnan(v)) continue;
    const double err = std::fabs(std::fabs(x) - v);
    if (err < best_err || (err == best_err && (code & 1) == 0)) {
      best = v, best_err = err, best_code = code;
    }
  }
  (void)best_code;
  return std::copysign(best, x);
}

// What OCP MX gives for one block: the scale exponent and the elements.
struct MxBlock {
  double scale;
  std::vector<double> q;
};
MxBlock ReferenceMx(DataType dt, const std::vector<double>& v) {
  double amax = 0;
  for (double x : v) amax = std::max(amax, std::fabs(x));
  const int emax = dt == DataType::FP8E4M3FN ? 8 : 15;
  int e = amax == 0 ? -127 : static_cast<int>(std::floor(std::log2(amax))) - emax;
  e = std::max(-127, std::min(127, e));
  MxBlock b{std::ldexp(1.0, e), {}};
  for (double x : v) b.q.push_back(RoundFp8(dt, x / b.scale));
  return b;
}

const char* kQuant = R"(
@pl.function(type=pl.FunctionType.InCore)
def qk(x: pl.Tensor[[16, 64], pl.FP32], q: pl.Out[pl.Tensor[[16, 64], pl.QDT]],
       s: pl.Out[pl.Tensor[[16, 2], pl.FP8E8M0]], q2: pl.Out[pl.Tensor[[16, 64], pl.QDT]],
       s2: pl.Out[pl.Tensor[[16, 2], pl.FP8E8M0]]):
    t = pl.load(x, [0, 0], [16, 64], [VR, VC], target_memory=pl.Mem.Vec)
    r = pl.tile.tquant_mx(t, dtype=pl.QDT)
    pl.store(r[0], [0, 0], q)
    pl.store(r[1], [0, 0], s)
    scratch = pl.tile.create([1, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    r2 = pl.tile.tquant_mx_raw(t, scratch, dtype=pl.QDT)
    pl.store(r2[0], [0, 0], q2)
    return pl.store(r2[1], [0, 0], s2)
)";

std::string Quant(const char* qdt, int vr, int vc) {
  std::string s = kQuant;
  for (size_t at; (at = s.find("QDT")) != std::string::npos;) s.replace(at, 3, qdt);
  s.replace(s.find("VR"), 2, std::to_string(vr));
  s.replace(s.find("VC"), 2, std::to_string(vc));
  return s;
}

// Hand-picked blocks (row, block): rounding ties, saturation, zeros, subnormals, NaN, inf.
std::vector<double> QuantInput() {
  std::vector<double> x(16 * 64, 0.5);
  auto block = [&](int row, int blk) { return x.begin() + row * 64 + blk * 32; };
  // (0, 0): j / 4, amax 7.75 -> e = 2 - 8 = -6, elements j * 16.
  for (int j = 0; j < 32; ++j) block(0, 0)[j] = j * 0.25;
  // (0, 1): all zero, one negative zero.
  std::fill(block(0, 1), block(0, 1) + 32, 0.0);
  block(0, 1)[5] = -0.0;
  // (1, 0): a NaN; (1, 1): an infinity.
  block(1, 0)[3] = kNaN;
  block(1, 1)[30] = -kInf;
  // (2, 0): amax 448 -> e = 0; 1.0625 and 1.1875 sit halfway between E4M3 neighbours.
  block(2, 0)[0] = 448;
  block(2, 0)[1] = 1.0625;
  block(2, 0)[2] = 1.1875;
  block(2, 0)[3] = -1.0625;
  // (3, 0): amax 1 -> e = -8; elements near E4M3's smallest subnormal 2^-9.
  block(3, 0)[0] = 1;
  block(3, 0)[1] = std::ldexp(1.0, -17);      // 2^-9 exactly
  block(3, 0)[2] = std::ldexp(1.0, -18);      // half of it: a tie, to zero
  block(3, 0)[3] = 3 * std::ldexp(1.0, -19);  // 0.75 of it: up
  // (3, 1): a tiny block whose exponent clamps at -127.
  std::fill(block(3, 1), block(3, 1) + 32, std::ldexp(1.0, -140));
  // (4, 0): a huge block.
  std::fill(block(4, 0), block(4, 0) + 32, 3e38);
  block(4, 0)[7] = -1e38;
  // The rest: a spread of magnitudes.
  for (int row = 5; row < 16; ++row)
    for (int j = 0; j < 64; ++j)
      x[row * 64 + j] = std::sin(row * 64.0 + j) * std::ldexp(1.0, (row * 7 + j) % 19 - 9);
  return x;
}

// The quantisation kernel's input (QuantInput) and its four outputs: values and block scales
// from tquant_mx, the same from tquant_mx_raw.
void DeclareQuantIO(KernelRun& r, DataType qdt) {
  r.In("x", DataType::FP32, {16, 64}, QuantInput());
  r.Out("q", qdt, {16, 64});
  r.Out("s", DataType::FP8E8M0, {16, 2});
  r.Out("q2", qdt, {16, 64});
  r.Out("s2", DataType::FP8E8M0, {16, 2});
}

void CheckQuant(const char* qdt_name, DataType qdt) {
  KernelRun r(Quant(qdt_name, 16, 64));
  const std::vector<double> x = QuantInput();
  DeclareQuantIO(r, qdt);
  r.Go();
  for (int row = 0; row < 16; ++row)
    for (int blk = 0; blk < 2; ++blk) {
      std::vector<double> v(x.begin() + row * 64 + blk * 32, x.begin() + row * 64 + blk * 32 + 32);
      // FP32 input rounding first, as the tensor holds it.
      for (double& e : v) e = static_cast<float>(e);
      const size_t si = static_cast<size_t>(row * 2 + blk);
      bool special = false;
      for (double e : v) special |= !std::isfinite(e);
      for (const char* sname : {"s", "s2"}) {
        EXPECT_FALSE(r.Poison(sname, si));
        if (special) {
          EXPECT_TRUE(std::isnan(r.F(sname, si))) << row << "," << blk;
        }
      }
      if (special) {
        for (int j = 0; j < 32; ++j)
          EXPECT_TRUE(std::isnan(r.F("q", static_cast<size_t>(row * 64 + blk * 32 + j))));
        continue;
      }
      const MxBlock want = ReferenceMx(qdt, v);
      EXPECT_EQ(r.F("s", si), static_cast<float>(want.scale)) << row << "," << blk;
      for (int j = 0; j < 32; ++j) {
        const size_t qi = static_cast<size_t>(row * 64 + blk * 32 + j);
        EXPECT_EQ(Bits(r.F("q", qi)), Bits(static_cast<float>(want.q[j])))
            << qdt_name << " row " << row << " block " << blk << " element " << j << ": "
            << r.F("q", qi) << " vs " << want.q[j];
        EXPECT_EQ(Bits(r.F("q2", qi)), Bits(r.F("q", qi))) << "tquant_mx_raw agrees";
      }
      EXPECT_EQ(Bits(r.F("s2", si)), Bits(r.F("s", si)));
    }
}

TEST(OpSemanticsTQuantMx, E4M3AgainstTheOcpRecipe) {
  CheckQuant("FP8E4M3FN", DataType::FP8E4M3FN);
}

TEST(OpSemanticsTQuantMx, E5M2AgainstTheOcpRecipe) {
  CheckQuant("FP8E5M2", DataType::FP8E5M2);
}

// The same cases, spelled out by hand for E4M3.
TEST(OpSemanticsTQuantMx, E4M3ByHand) {
  KernelRun r(Quant("FP8E4M3FN", 16, 64));
  DeclareQuantIO(r, DataType::FP8E4M3FN);
  r.Go();
  auto q = [&](int row, int col) { return r.F("q", static_cast<size_t>(row * 64 + col)); };
  auto s = [&](int row, int blk) { return r.F("s", static_cast<size_t>(row * 2 + blk)); };
  // Block (0, 0): scale 2^-6; j * 16 on E4M3's grid (steps of 16 in [128, 256), 32 above).
  EXPECT_EQ(s(0, 0), 1.0f / 64);
  EXPECT_EQ(q(0, 1), 16.0f);
  EXPECT_EQ(q(0, 9), 144.0f);
  EXPECT_EQ(q(0, 17), 256.0f);  // 272 = 8.5 steps of 32: ties to even
  EXPECT_EQ(q(0, 19), 320.0f);  // 304 = 9.5 steps: ties to even (10)
  EXPECT_EQ(q(0, 27), 448.0f);  // 432 = 13.5 steps -> 14 * 32
  EXPECT_EQ(q(0, 30), 448.0f);  // 480 saturates
  EXPECT_EQ(q(0, 31), 448.0f);  // 496 saturates
  // Block (0, 1): zeros, scale 2^-127, the sign of zero kept.
  EXPECT_EQ(s(0, 1), std::ldexp(1.0f, -127));
  EXPECT_EQ(Bits(q(0, 32 + 5)), Bits(-0.0f));
  EXPECT_EQ(Bits(q(0, 32)), Bits(0.0f));
  // Blocks (1, 0), (1, 1): NaN scale and elements.
  EXPECT_TRUE(std::isnan(s(1, 0)));
  EXPECT_TRUE(std::isnan(s(1, 1)));
  EXPECT_TRUE(std::isnan(q(1, 0)));
  EXPECT_TRUE(std::isnan(q(1, 40)));
  // Block (2, 0): scale 1; halfway cases round to even.
  EXPECT_EQ(s(2, 0), 1.0f);
  EXPECT_EQ(q(2, 0), 448.0f);
  EXPECT_EQ(q(2, 1), 1.0f);
  EXPECT_EQ(q(2, 2), 1.25f);
  EXPECT_EQ(q(2, 3), -1.0f);
  EXPECT_EQ(q(2, 4), 0.5f);
  // Block (3, 0): scale 2^-8; subnormals.
  EXPECT_EQ(s(3, 0), 1.0f / 256);
  EXPECT_EQ(q(3, 0), 256.0f);
  EXPECT_EQ(q(3, 1), std::ldexp(1.0f, -9));
  EXPECT_EQ(q(3, 2), 0.0f);
  EXPECT_EQ(q(3, 3), std::ldexp(1.0f, -9));
  // Block (3, 1): 2^-140 would want scale 2^-148; clamped to 2^-127 the elements become 2^-13,
  // below E4M3's smallest subnormal.
  EXPECT_EQ(s(3, 1), std::ldexp(1.0f, -127));
  EXPECT_EQ(q(3, 32), 0.0f);
  // Block (4, 0): 3e38 -> floor(log2) = 127, scale 2^119; 3e38 / 2^119 = 451.4 saturates.
  EXPECT_EQ(s(4, 0), std::ldexp(1.0f, 119));
  EXPECT_EQ(q(4, 0), 448.0f);
  EXPECT_EQ(q(4, 7), -144.0f);  // 1e38 / 2^119 = 150.5 = 9.4 steps of 16 in [128, 256)
}

// A block reaching outside src's valid extent is poison in both results; whole blocks inside it
// are not.
TEST(OpSemanticsTQuantMx, PartiallyValidSource) {
  KernelRun r(Quant("FP8E4M3FN", 13, 48));
  DeclareQuantIO(r, DataType::FP8E4M3FN);
  r.Go();
  for (int row = 0; row < 16; ++row) {
    const bool row_valid = row < 13;
    EXPECT_EQ(r.Poison("s", static_cast<size_t>(row * 2)), !row_valid) << row;
    EXPECT_TRUE(r.Poison("s", static_cast<size_t>(row * 2 + 1))) << row;  // cols 32..63
    EXPECT_TRUE(r.Poison("s2", static_cast<size_t>(row * 2 + 1))) << row;
    for (int col = 0; col < 64; ++col) {
      const bool defined = row_valid && col < 32;
      const size_t qi = static_cast<size_t>(row * 64 + col);
      EXPECT_EQ(r.Poison("q", qi), !defined) << row << "," << col;
      EXPECT_EQ(r.Poison("q2", qi), !defined) << row << "," << col;
    }
  }
  EXPECT_EQ(r.F("q", 17), 256.0f);  // block (0, 0) as in the fully valid run
}

// ---------------------------------------------------------------------------------------------
// tile.gatherb

const char* kGatherB = R"(
@pl.function(type=pl.FunctionType.InCore)
def gb(src: pl.Tensor[[2, 16], pl.SDT], off: pl.Tensor[[1, 8], pl.UINT32],
       out: pl.Out[pl.Tensor[[1, OC], pl.ODT]]):
    s = pl.load(src, [0, 0], [2, 16], [SVR, 16], target_memory=pl.Mem.Vec)
    o = pl.load(off, [0, 0], [1, 8], [1, 4], target_memory=pl.Mem.Vec)
    g = pl.tile.gatherb(s, o, output_dtype=pl.ODT)
    return pl.store(g, [0, 0], out)
)";

std::string GatherB(const char* sdt, const char* odt, int out_cols, int src_valid_rows = 2) {
  std::string s = kGatherB;
  auto sub = [&](const std::string& key, const std::string& v) {
    for (size_t at; (at = s.find(key)) != std::string::npos;) s.replace(at, key.size(), v);
  };
  sub("SDT", sdt);
  sub("ODT", odt);
  sub("OC", std::to_string(out_cols));
  sub("SVR", std::to_string(src_valid_rows));
  return s;
}

// Four offsets valid out of eight: blocks 3, 0, 1, 2 of an INT32 src (8 elements per block).
const std::vector<double> kOffsets = {96, 0, 32, 64, 0, 0, 0, 0};

std::vector<double> Iota(double start, int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(start + i);
  return v;
}

TEST(OpSemanticsGatherB, BlocksOfThirtyTwoBytes) {
  KernelRun r(GatherB("INT32", "INT32", 64));
  r.In("src", DataType::INT32, {2, 16}, Iota(100, 32));
  r.In("off", DataType::UINT32, {1, 8}, kOffsets);
  r.Out("out", DataType::INT32, {1, 64});
  r.Go();
  const int first[] = {24, 0, 8, 16};  // element index each block starts at (offset / 4)
  for (int b = 0; b < 4; ++b)
    for (int k = 0; k < 8; ++k) EXPECT_EQ(r.I("out", b * 8 + k), 100 + first[b] + k) << b << k;
  // The result's valid extent is offset's scaled (4 blocks = 32 elements); the rest is undefined.
  for (size_t i = 32; i < 64; ++i) EXPECT_TRUE(r.Poison("out", i)) << i;
}

// Bytes outside src's valid extent are undefined: blocks 2 and 3 lie in src's second row.
TEST(OpSemanticsGatherB, PartiallyValidSource) {
  KernelRun r(GatherB("INT32", "INT32", 64, /*src_valid_rows=*/1));
  r.In("src", DataType::INT32, {2, 16}, Iota(100, 32));
  r.In("off", DataType::UINT32, {1, 8}, kOffsets);
  r.Out("out", DataType::INT32, {1, 64});
  r.Go();
  for (int k = 0; k < 8; ++k) {
    EXPECT_TRUE(r.Poison("out", k));         // block at 96: row 1
    EXPECT_EQ(r.I("out", 8 + k), 100 + k);   // block at 0
    EXPECT_EQ(r.I("out", 16 + k), 108 + k);  // block at 32
    EXPECT_TRUE(r.Poison("out", 24 + k));    // block at 64: row 1
  }
}

// output_dtype reinterprets the bytes (little-endian).
TEST(OpSemanticsGatherB, ReinterpretsBytes) {
  {  // FP32 -> FP16: 1.0f = 0x3F800000 gives halves 0x0000 (0) and 0x3F80 (1.875).
    KernelRun r(GatherB("FP32", "FP16", 128));
    std::vector<double> src(32, 0);
    src[0] = 1.0;
    src[1] = -2.0;  // 0xC0000000: 0x0000, 0xC000 (-2)
    r.In("src", DataType::FP32, {2, 16}, src);
    r.In("off", DataType::UINT32, {1, 8}, {0, 0, 0, 0, 0, 0, 0, 0});
    r.Out("out", DataType::FP16, {1, 128});
    r.Go();
    EXPECT_EQ(r.F("out", 0), 0.0f);
    EXPECT_EQ(r.F("out", 1), 1.875f);
    EXPECT_EQ(r.F("out", 2), 0.0f);
    EXPECT_EQ(r.F("out", 3), -2.0f);
  }
  {  // INT32 -> INT8: 0x01020304 is bytes 4, 3, 2, 1; -2 is 0xFE, 0xFF, 0xFF, 0xFF.
    KernelRun r(GatherB("INT32", "INT8", 256));
    std::vector<double> src(32, 0);
    src[0] = 0x01020304;
    src[1] = -2;
    r.In("src", DataType::INT32, {2, 16}, src);
    r.In("off", DataType::UINT32, {1, 8}, {0, 0, 0, 0, 0, 0, 0, 0});
    r.Out("out", DataType::INT8, {1, 256});
    r.Go();
    const int64_t want[] = {4, 3, 2, 1, -2, -1, -1, -1};
    for (size_t i = 0; i < 8; ++i) EXPECT_EQ(r.I("out", i), want[i]) << i;
  }
  {  // INT16 -> INT32: pairs 0x0001, 0x0002 -> 0x00020001; -1, 0x7FFF -> 0x7FFFFFFF.
    KernelRun r(GatherB("INT16", "INT32", 64));
    std::vector<double> src(32, 0);
    src[0] = 1, src[1] = 2, src[2] = -1, src[3] = 0x7FFF;
    r.In("src", DataType::INT16, {2, 16}, src);
    r.In("off", DataType::UINT32, {1, 8}, {0, 0, 0, 0, 0, 0, 0, 0});
    r.Out("out", DataType::INT32, {1, 64});
    r.Go();
    EXPECT_EQ(r.I("out", 0), 0x00020001);
    EXPECT_EQ(r.I("out", 1), 0x7FFFFFFF);
  }
  {  // INT8 -> FP8E4M3FN: 0x38 = 1.0, 0xC0 = -2.0, 0x7F = NaN, 0x01 = 2^-9.
    KernelRun r(GatherB("INT8", "FP8E4M3FN", 256));
    std::vector<double> src(32, 0);
    src[0] = 0x38, src[1] = -64 /* 0xC0 */, src[2] = 0x7F, src[3] = 1;
    r.In("src", DataType::INT8, {2, 16}, src);
    r.In("off", DataType::UINT32, {1, 8}, {0, 0, 0, 0, 0, 0, 0, 0});
    r.Out("out", DataType::FP8E4M3FN, {1, 256});
    r.Go();
    EXPECT_EQ(r.F("out", 0), 1.0f);
    EXPECT_EQ(r.F("out", 1), -2.0f);
    EXPECT_TRUE(std::isnan(r.F("out", 2)));
    EXPECT_FALSE(r.Poison("out", 2));
    EXPECT_EQ(r.F("out", 3), std::ldexp(1.0f, -9));
  }
  {  // FP16 -> BF16: halves 0x3C00 (1.0) and 0x4000 (2.0) form BF16 words directly;
     // BF16 0x3C00 = 2^-7 and 0x4000 = 2.0.
    KernelRun r(GatherB("FP16", "BF16", 128));
    std::vector<double> src(32, 0);
    src[0] = 1.0, src[1] = 2.0, src[2] = 6.103515625e-05 /* FP16 0x0400, smallest normal */;
    src[3] = 5.960464477539063e-08;  // FP16 0x0001, smallest subnormal
    r.In("src", DataType::FP16, {2, 16}, src);
    r.In("off", DataType::UINT32, {1, 8}, {0, 0, 0, 0, 0, 0, 0, 0});
    r.Out("out", DataType::BF16, {1, 128});
    r.Go();
    EXPECT_EQ(r.F("out", 0), std::ldexp(1.0f, -7));
    EXPECT_EQ(r.F("out", 1), 2.0f);
    EXPECT_EQ(Bits(r.F("out", 2)), 0x04000000u);
    EXPECT_EQ(Bits(r.F("out", 3)), 0x00010000u);
  }
}

TEST(OpSemanticsGatherB, BadOffsetsAreFaults) {
  for (double bad : {4.0, 128.0}) {  // misaligned; one block past src's 128 bytes
    KernelRun r(GatherB("INT32", "INT32", 64));
    r.In("src", DataType::INT32, {2, 16}, Iota(0, 32));
    r.In("off", DataType::UINT32, {1, 8}, {0, bad, 0, 0, 0, 0, 0, 0});
    r.Out("out", DataType::INT32, {1, 64});
    r.ExpectFault("offset[0, 1] = " + std::to_string(static_cast<int>(bad)) +
                  " is not a 32-byte aligned block inside src's 128 bytes");
  }
}

}  // namespace
}  // namespace tilesplit::sim
