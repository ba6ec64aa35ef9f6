// Tile storage recycling and the simulator's fast elementwise paths: a recycled buffer never lets
// an earlier tile's values through (poison is still detected), the inline exp gives glibc's bits,
// and the row-broadcast loops compute what the per-element definition says.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>
#include <utility>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/runtime/value.h"
#include "tilesplit/sim/check.h"

namespace tilesplit::sim {
namespace {

uint32_t Bits(float v) {
  return std::bit_cast<uint32_t>(v);
}

// Leaves `count` tiles of `shape` full of finite values in the calling thread's pool (alive at
// the same time, or each would take the storage of the one before).
void LeaveStaleTile(std::vector<int64_t> shape, float value, int count = 1) {
  std::vector<MutTilePtr> tiles;
  for (int n = 0; n < count; ++n) {
    tiles.push_back(MakeTile(DataType::FP32, MemorySpace::Vec, shape, shape, BufferInit::Zero));
    for (float& v : tiles.back()->data.f) v = value;
  }
}

TEST(StoragePool, ADeadTilesStorageServesTheNextOne) {
  DrainStoragePool();
  const StoragePoolStats before = GetStoragePoolStats();
  const float* first = nullptr;
  {
    auto t = MakeTile(DataType::FP32, MemorySpace::Vec, {64, 256}, {64, 256}, BufferInit::Zero);
    first = t->data.f.data();
  }
  EXPECT_EQ(GetStoragePoolStats().returned, before.returned + 1);
  auto u =
      MakeTile(DataType::FP32, MemorySpace::Vec, {64, 256}, {64, 256}, BufferInit::Unspecified);
  EXPECT_EQ(u->data.f.data(), first);
  EXPECT_EQ(u->data.size(), 64u * 256u);
  EXPECT_EQ(GetStoragePoolStats().reused, before.reused + 1);
}

TEST(StoragePool, SmallBuffersAndMuchLargerOnesAreNotTaken) {
  DrainStoragePool();
  const StoragePoolStats before = GetStoragePoolStats();
  LeaveStaleTile({4, 4}, 1.0f);  // below the pooling threshold: freed
  EXPECT_EQ(GetStoragePoolStats().returned, before.returned);
  LeaveStaleTile({256, 256}, 1.0f);
  // A 64 KiB request does not take the 256 KiB buffer.
  auto t =
      MakeTile(DataType::FP32, MemorySpace::Vec, {64, 256}, {64, 256}, BufferInit::Unspecified);
  EXPECT_EQ(GetStoragePoolStats().reused, before.reused);
  DrainStoragePool();
  EXPECT_EQ(GetStoragePoolStats().held_bytes, 0u);
}

TEST(StoragePool, PoisonAndZeroFillsOverwriteStaleValues) {
  DrainStoragePool();
  LeaveStaleTile({64, 256}, 3.0f);
  auto p = MakePoisonTile(DataType::FP32, MemorySpace::Vec, {64, 256}, {64, 256});
  for (size_t i = 0; i < p->data.size(); ++i) ASSERT_TRUE(p->data.IsPoison(i)) << i;
  p.reset();
  auto z = MakeTile(DataType::FP32, MemorySpace::Vec, {64, 256}, {64, 256}, BufferInit::Zero);
  for (float v : z->data.f) ASSERT_EQ(v, 0.0f);
  z.reset();
  // Integer storage is recycled separately and poisoned with its own sentinel.
  auto i = MakeTile(DataType::INT32, MemorySpace::Vec, {64, 256}, {64, 256}, BufferInit::Zero);
  for (int64_t& v : i->data.i) v = 5;
  i.reset();
  auto q = MakePoisonTile(DataType::INT32, MemorySpace::Vec, {64, 256}, {64, 256});
  for (int64_t v : q->data.i) ASSERT_EQ(v, kPoisonI64);
}

const char* kPartialAdd = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[64, 256], pl.FP32], out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]):
    x = pl.load(a, [0, 0], [64, 256], [ROWS, 256], target_memory=pl.Mem.Vec)
    y = pl.add(x, x)
    e = pl.exp(y)
    v = pl.tile.read(WHICH, [ROW, 0])
    return pl.store(e, [0, 0], out)
)";

std::string PartialAdd(const std::string& which, int row) {
  std::string s = kPartialAdd;
  for (auto [key, val] : {std::pair<std::string, std::string>{"ROWS", "40"},
                          {"ROW", std::to_string(row)},
                          {"WHICH", which}})
    for (size_t at; (at = s.find(key)) != std::string::npos;) s.replace(at, key.size(), val);
  return s;
}

// The load, the add and the exp skip the poison fill of their results and take recycled storage
// full of finite values; an element outside the valid extent must still read as undefined.
TEST(StoragePool, RecycledStorageStillPoisonsOutsideTheValidExtent) {
  for (const char* which : {"x", "y", "e"})
    for (int row : {10, 50}) {
      SCOPED_TRACE(std::string("reading ") + which + " at row " + std::to_string(row));
      ir::ProgramPtr p = dsl::Parse(PartialAdd(which, row), "partial.py");
      auto args = MakeInputs(*p->Find("k"), {});
      DrainStoragePool();
      LeaveStaleTile({64, 256}, 0.5f, 4);
      const uint64_t reused = GetStoragePoolStats().reused;
      if (row < 40) {
        RunKernel(*p, "k", args);
        const TensorValue& out = **args.at("out").tensor();
        EXPECT_FALSE(out.data.IsPoison(0));
        EXPECT_TRUE(out.data.IsPoison(40 * 256));  // never stored: the Out tensor's own poison
      } else {
        try {
          RunKernel(*p, "k", args);
          FAIL() << "reading row " << row << " outside the valid extent must fault";
        } catch (const ir::UserError& e) {
          EXPECT_NE(e.message().find("reads an undefined element"), std::string::npos)
              << e.message();
        }
      }
      // x and y take recycled storage; e does too, or computes in place in y's when y is dead
      // (every case but reading y afterwards).
      EXPECT_GE(GetStoragePoolStats().reused, reused + (std::string(which) == "y" ? 3 : 2))
          << "the results did not recycle storage";
    }
}

const char* kInPlace = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
      out2: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    x = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
    y = pl.add(x, x)
    e = pl.exp(y)
    f = pl.sub(e, y)
    g = pl.mul(f, f)
    h = pl.exp(g)
    pl.store(h, [0, 0], out2)
    return pl.store(f, [0, 0], out)
)";

// Operands are computed in place only once dead: y is read again after the exp and f after the
// mul, so neither is overwritten, and the results equal the per-element definition.
TEST(StoragePool, OperandsReadLaterAreNotComputedInPlace) {
  ir::ProgramPtr p = dsl::Parse(kInPlace, "in_place.py");
  auto args = MakeInputs(*p->Find("k"), {});
  RunKernel(*p, "k", args);
  const TensorValue& a = **args.at("a").tensor();
  const TensorValue& out = **args.at("out").tensor();
  const TensorValue& out2 = **args.at("out2").tensor();
  for (size_t i = 0; i < a.data.size(); ++i) {
    const float y = a.data.f[i] + a.data.f[i];
    const float f = std::exp(y) - y;
    ASSERT_EQ(Bits(out.data.f[i]), Bits(f)) << i;
    ASSERT_EQ(Bits(out2.data.f[i]), Bits(std::exp(f * f))) << i;
  }
}

// Copies share elements; the first write gives the writer its own copy, and shared elements
// count once in the live storage the memory budget compares against.
TEST(SharedStorage, CopiesShareUntilOneIsWritten) {
  const int64_t live0 = LiveBufferBytes();
  Buffer a;
  a.Allocate(StorageKind::F32, 1024, BufferInit::Zero);
  const int64_t one = LiveBufferBytes() - live0;
  EXPECT_GE(one, int64_t{1024 * 4});
  Buffer b = a;
  EXPECT_TRUE(a.shared());
  EXPECT_TRUE(b.f.SharesWith(a.f));
  EXPECT_EQ(LiveBufferBytes() - live0, one);  // counted once
  const Buffer& cb = b;
  EXPECT_EQ(cb.f[3], 0.0f);  // reading does not copy
  EXPECT_TRUE(b.f.SharesWith(a.f));
  b.f[3] = 5.0f;  // writing does
  EXPECT_FALSE(b.f.SharesWith(a.f));
  EXPECT_FALSE(a.shared());
  EXPECT_EQ(a.f[3], 0.0f);
  EXPECT_EQ(b.f[3], 5.0f);
  EXPECT_EQ(LiveBufferBytes() - live0, 2 * one);
  b = Buffer();
  EXPECT_EQ(LiveBufferBytes() - live0, one);
}

const char* kShared = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.InOut[pl.Tensor[[128, 64], pl.FP32]], b: pl.Tensor[[128, 64], pl.FP32],
      out: pl.Out[pl.Tensor[[128, 64], pl.FP32]], out2: pl.Out[pl.Tensor[[128, 64], pl.FP32]]):
    x = pl.load(a, [0, 0], [128, 64], target_memory=pl.Mem.Vec)
    y = pl.load(b, [0, 0], [128, 64], target_memory=pl.Mem.Vec)
    a1 = pl.store(y, [0, 0], a)
    o1 = pl.store(x, [0, 0], out)
    z = pl.exp(x)
    return pl.store(z, [0, 0], out2)
)";

// A whole-tensor load shares the tensor's elements and a whole-tile store shares the tile's: the
// store into `a` must not change the tile `x` loaded from it before, and the exp of `x`, its last
// use, must not compute in place in the elements `out` now shares.
TEST(SharedStorage, LoadsAndStoresShareWithoutAliasing) {
  ir::ProgramPtr p = dsl::Parse(kShared, "shared.py");
  auto args = MakeInputs(*p->Find("k"), {});
  const std::vector<float> a0(args.at("a").tensor()->get()->data.f.begin(),
                              args.at("a").tensor()->get()->data.f.end());
  RunKernel(*p, "k", args);
  const TensorValue& a = **args.at("a").tensor();
  const TensorValue& b = **args.at("b").tensor();
  const TensorValue& out = **args.at("out").tensor();
  const TensorValue& out2 = **args.at("out2").tensor();
  EXPECT_TRUE(a.data.f.SharesWith(b.data.f));  // the store shared y's elements, which are b's
  for (size_t i = 0; i < a0.size(); ++i) {
    ASSERT_EQ(Bits(a.data.f[i]), Bits(b.data.f[i])) << i;
    ASSERT_EQ(Bits(out.data.f[i]), Bits(a0[i])) << i;
    ASSERT_EQ(Bits(out2.data.f[i]), Bits(std::exp(a0[i]))) << i;
  }
  EXPECT_EQ(a.writer[0], Writer::Reference);
}

const char* kBands = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.InOut[pl.Tensor[[64, 32], pl.FP32]], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]):
    top = pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Vec)
    bottom = pl.load(a, [32, 0], [32, 32], target_memory=pl.Mem.Vec)
    cols = pl.load(a, [0, 16], [64, 16], target_memory=pl.Mem.Vec)
    a1 = pl.store(pl.neg(bottom), [0, 0], a)
    o1 = pl.store(pl.exp(bottom), [0, 0], out)
    o2 = pl.store(top, [32, 0], o1)
    return pl.store(pl.add(cols, cols), [0, 16], o2)
)";

// A band of whole rows is one contiguous run of the tensor: its load shares the tensor's elements
// at an offset. The store of -bottom into a's top rows copies a first, so `top` still holds a's
// old top rows; a band of columns is not contiguous and is copied.
TEST(SharedStorage, ARowBandSharesAndStaysItsOwnAfterAStore) {
  ir::ProgramPtr p = dsl::Parse(kBands, "bands.py");
  auto args = MakeInputs(*p->Find("k"), {});
  const std::vector<float> a0(args.at("a").tensor()->get()->data.f.begin(),
                              args.at("a").tensor()->get()->data.f.end());
  RunKernel(*p, "k", args);
  const TensorValue& a = **args.at("a").tensor();
  const TensorValue& out = **args.at("out").tensor();
  for (size_t r = 0; r < 64; ++r)
    for (size_t col = 0; col < 32; ++col) {
      const size_t i = r * 32 + col;
      const float below = r < 32 ? a0[i + 32 * 32] : 0.0f;
      const float a_now = r < 32 ? -below : a0[i];
      ASSERT_EQ(Bits(a.data.f[i]), Bits(a_now)) << r << "," << col;
      float want = col >= 16 ? a0[i] + a0[i] : (r < 32 ? std::exp(below) : a0[i - 32 * 32]);
      ASSERT_EQ(Bits(out.data.f[i]), Bits(want)) << r << "," << col;
    }
}

TEST(SharedStorage, ARangeIsCopiedOnItsFirstWrite) {
  Storage<float> whole;
  whole.Allocate(100);
  for (size_t k = 0; k < 100; ++k) whole[k] = static_cast<float>(k);
  Storage<float> band;
  band.ShareRange(whole, 40, 20);
  EXPECT_TRUE(band.SharesWith(whole));
  EXPECT_EQ(std::as_const(band)[0], 40.0f);
  band[0] = -1.0f;
  EXPECT_FALSE(band.SharesWith(whole));
  EXPECT_EQ(band.size(), 20u);
  EXPECT_EQ(band[19], 59.0f);
  EXPECT_EQ(whole[40], 40.0f);
}

const char* kExp = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[256, 256], pl.FP32], out: pl.Out[pl.Tensor[[256, 256], pl.FP32]]):
    x = pl.load(a, [0, 0], [256, 256], target_memory=pl.Mem.Vec)
    e = pl.exp(x)
    return pl.store(e, [0, 0], out)
)";

// tile.exp computes glibc's expf inline: the same bits as std::exp over the whole float range,
// the edges of the inline path and the values it hands to std::exp (overflow, underflow, inf,
// NaN), and poison stays poison.
TEST(SimExp, MatchesTheCLibraryBitForBit) {
  ir::ProgramPtr p = dsl::Parse(kExp, "exp.py");
  auto args = MakeInputs(*p->Find("k"), {});
  TensorValue& a = **args.at("a").tensor();
  std::mt19937 g(7);
  std::uniform_real_distribution<float> wide(-110.0f, 95.0f);
  for (size_t i = 0; i < a.data.size(); ++i)
    a.data.f[i] = i % 2 ? wide(g) : std::bit_cast<float>(static_cast<uint32_t>(g()));
  const float edges[] = {0.0f,          -0.0f,     88.0f,      -88.0f,        0x1.5fffffp6f,
                         88.72f,        89.0f,     -103.0f,    -103.97f,      -104.0f,
                         -150.0f,       INFINITY,  -INFINITY,  1e-30f,        -1e-40f,
                         std::nanf(""), 87.99999f, -87.99999f, 0x1.62e42ep6f, -0x1.9fe368p6f};
  for (size_t k = 0; k < std::size(edges); ++k) a.data.f[k] = edges[k];
  a.data.f[100] = PoisonF32();
  RunKernel(*p, "k", args);
  const TensorValue& out = **args.at("out").tensor();
  for (size_t i = 0; i < a.data.size(); ++i) {
    const float x = a.data.f[i];
    if (i == 100) {
      EXPECT_TRUE(out.data.IsPoison(i));
      continue;
    }
    // std::isnan results: compare as NaN; payload propagation is the libm's own.
    if (std::isnan(x)) {
      EXPECT_TRUE(std::isnan(out.data.f[i])) << i;
      continue;
    }
    ASSERT_EQ(Bits(out.data.f[i]), Bits(std::exp(x))) << "exp(" << std::hexfloat << x << ")";
  }
}

const char* kSoftmax = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[8, 16], pl.FP32], out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]):
    x = pl.load(a, [0, 0], [8, 16], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([8, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.row_max(x, tmp)
    z = pl.sub(x, m)
    e = pl.exp(z)
    s = pl.tile.row_sum(e, tmp)
    r = pl.tile.recip(s)
    q = pl.mul(e, r)
    return pl.store(q, [0, 0], out)
)";

// The row-broadcast loops ([8, 16] op [8, 1]) against the per-element definition.
TEST(SimBroadcast, RowSoftmaxMatchesTheElementwiseDefinition) {
  ir::ProgramPtr p = dsl::Parse(kSoftmax, "softmax.py");
  auto args = MakeInputs(*p->Find("k"), {});
  RunKernel(*p, "k", args);
  const TensorValue& a = **args.at("a").tensor();
  const TensorValue& out = **args.at("out").tensor();
  for (int i = 0; i < 8; ++i) {
    const float* row = &a.data.f[static_cast<size_t>(i) * 16];
    float m = row[0];
    for (int j = 1; j < 16; ++j) m = row[j] > m ? row[j] : m;
    float e[16], s = 0;
    for (int j = 0; j < 16; ++j) e[j] = std::exp(row[j] - m);
    s = e[0];
    for (int j = 1; j < 16; ++j) s += e[j];
    const float r = 1.0f / s;
    for (int j = 0; j < 16; ++j)
      EXPECT_EQ(Bits(out.data.f[static_cast<size_t>(i) * 16 + j]), Bits(e[j] * r))
          << i << ", " << j;
  }
}

const char* kRowFolds = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16, 32], pl.FP32], mx: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
      mn: pl.Out[pl.Tensor[[16, 1], pl.FP32]], sm: pl.Out[pl.Tensor[[16, 1], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([16, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.row_max(x, tmp)
    n = pl.tile.row_min(x, tmp)
    s = pl.tile.row_sum(x, tmp)
    pl.store(m, [0, 0], mx)
    pl.store(n, [0, 0], mn)
    return pl.store(s, [0, 0], sm)
)";

// The definition the row folds follow: left to right, the first NaN met wins, unchanged.
float Fold(int kind, float acc, float v) {
  if (std::isnan(acc)) return acc;
  if (std::isnan(v)) return v;
  if (kind == 0) return v > acc ? v : acc;
  if (kind == 1) return v < acc ? v : acc;
  return acc + v;
}

// The row reductions keep eight rows in flight and redo a row that meets a NaN; rows with
// poison, a quiet NaN first, inf - inf, signed zeros and plain values give the definition's bits.
TEST(SimReduce, RowFoldsFollowTheDefinitionOnSpecialValues) {
  ir::ProgramPtr p = dsl::Parse(kRowFolds, "folds.py");
  auto args = MakeInputs(*p->Find("k"), {});
  TensorValue& a = **args.at("a").tensor();
  auto at = [&](int i, int j) -> float& { return a.data.f[static_cast<size_t>(i * 32 + j)]; };
  at(0, 5) = PoisonF32();
  at(1, 3) = INFINITY;
  at(1, 20) = -INFINITY;
  at(2, 0) = std::nanf("");
  at(2, 9) = PoisonF32();
  for (int j = 0; j < 32; ++j) at(3, j) = j % 3 ? -0.0f : 0.0f;
  at(4, 31) = PoisonF32();
  RunKernel(*p, "k", args);
  const char* names[] = {"mx", "mn", "sm"};
  for (int kind = 0; kind < 3; ++kind) {
    const TensorValue& out = **args.at(names[kind]).tensor();
    for (int i = 0; i < 16; ++i) {
      float acc = at(i, 0);
      for (int j = 1; j < 32; ++j) acc = Fold(kind, acc, at(i, j));
      EXPECT_EQ(Bits(out.data.f[static_cast<size_t>(i)]), Bits(acc)) << names[kind] << " row " << i;
    }
  }
}

}  // namespace
}  // namespace tilesplit::sim
