// Runtime values: dtype rounding, poison, .npy round trips.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "tilesplit/ir/error.h"
#include "tilesplit/runtime/value.h"
#include "tilesplit/sim/npy.h"

namespace tilesplit::sim {
namespace {

TEST(SimValue, Fp16RoundsToNearestEven) {
  // 1 + 2^-11 is halfway between 1 and the next FP16 value 1 + 2^-10: ties go to even (1).
  EXPECT_EQ(RoundToDType(DataType::FP16, 1.0f + std::ldexp(1.0f, -11)), 1.0f);
  // 1 + 3 * 2^-11 is halfway between 1 + 2^-10 (odd) and 1 + 2^-9 (even).
  EXPECT_EQ(RoundToDType(DataType::FP16, 1.0f + 3 * std::ldexp(1.0f, -11)),
            1.0f + std::ldexp(1.0f, -9));
  EXPECT_TRUE(std::isinf(RoundToDType(DataType::FP16, 70000.0f)));
}

TEST(SimValue, Bf16KeepsEightSignificantBits) {
  EXPECT_EQ(RoundToDType(DataType::BF16, 1.0f + std::ldexp(1.0f, -8)), 1.0f);
  EXPECT_EQ(RoundToDType(DataType::BF16, 1.0f + 3 * std::ldexp(1.0f, -8)),
            1.0f + std::ldexp(1.0f, -6));
}

TEST(SimValue, IntegersWrapToTheirWidth) {
  EXPECT_EQ(WrapToDType(DataType::INT8, 130), -126);
  EXPECT_EQ(WrapToDType(DataType::UINT8, -1), 255);
  EXPECT_EQ(WrapToDType(DataType::BOOL, 7), 1);
}

TEST(SimValue, PoisonSurvivesArithmeticAndRounding) {
  volatile float p = PoisonF32();
  EXPECT_TRUE(IsPoisonF32(p + 1.0f));
  EXPECT_TRUE(IsPoisonF32(-p));
  EXPECT_TRUE(IsPoisonF32(RoundToDType(DataType::FP16, p)));
  EXPECT_FALSE(IsPoisonF32(std::nanf("")));
}

TEST(SimValue, OutsideValidIsPoisoned) {
  auto t = MakePoisonTile(DataType::FP32, MemorySpace::Vec, {4, 3}, {2, 1});
  for (float& v : t->data.f) v = 1.0f;
  PoisonOutsideValid(*t);
  EXPECT_FALSE(t->data.IsPoison(0));  // [0, 0]
  EXPECT_TRUE(t->data.IsPoison(1));   // [0, 1]
  EXPECT_FALSE(t->data.IsPoison(3));  // [1, 0]
  EXPECT_TRUE(t->data.IsPoison(6));   // [2, 0]
}

TEST(SimNpy, RoundTripsEveryStorage) {
  for (DataType dt : {DataType::FP32, DataType::FP16, DataType::INT32, DataType::INT8}) {
    TensorPtr t = MakeTensor("x", dt, {2, 3}, false);
    for (size_t i = 0; i < 6; ++i) {
      if (t->data.kind == StorageKind::F32)
        t->data.f[i] = RoundToDType(dt, 0.25f * static_cast<float>(i) - 0.5f);
      else
        t->data.i[i] = static_cast<int64_t>(i) - 3;
    }
    const std::string bytes = EncodeNpy(*t);
    EXPECT_EQ((bytes.size() - t->data.size() * (ir::DataTypeBits(dt) / 8)) % 64, 0u);
    TensorPtr u = DecodeNpy(bytes, "mem", "x", dt, {2, 3});
    for (size_t i = 0; i < 6; ++i) EXPECT_EQ(t->data.Bits(i), u->data.Bits(i)) << i;
  }
}

TEST(SimNpy, ShapeMismatchNamesTheFile) {
  TensorPtr t = MakeTensor("x", DataType::FP32, {2, 3}, false);
  try {
    DecodeNpy(EncodeNpy(*t), "in/x.npy", "x", DataType::FP32, {3, 2});
    FAIL() << "expected a UserError";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("in/x.npy"), std::string::npos) << e.message();
    EXPECT_NE(e.message().find("(2, 3)"), std::string::npos) << e.message();
  }
}

}  // namespace
}  // namespace tilesplit::sim
