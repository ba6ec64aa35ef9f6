// ops.md 2.9: tile.matmul, tile.matmul_acc.
#include "ops_test_util.h"

namespace tilesplit::ops::testing {
namespace {

TEST(OpsMatmul, ProductIntoAcc) {
  auto lhs = Tile({128, 64}, DataType::FP16, MemorySpace::Left);
  auto rhs = Tile({64, 256}, DataType::FP16, MemorySpace::Right);
  auto c = Call("tile.matmul", {lhs, rhs});
  EXPECT_EQ(ir::TypeToString(c->type), "pl.Tile[[128, 256], pl.FP32, pl.Mem.Acc]");
}

TEST(OpsMatmul, IntegerProductAndNarrowRows) {
  auto lhs = Tile(Dims({16, 32}), DataType::INT8, MemorySpace::Left, Dims({13, 32}));
  auto rhs = Tile({32, 16}, DataType::INT8, MemorySpace::Right);
  auto c = Call("tile.matmul", {lhs, rhs});
  const auto& t = TileOf(c);
  EXPECT_EQ(t.dtype, DataType::INT32);
  EXPECT_EQ(ShapeStr(t.valid()), "[13, 16]");
  EXPECT_EQ(t.EffectiveView().compact, ir::CompactMode::normal);
  EXPECT_EQ(t.EffectiveView().fractal, 1024);
}

TEST(OpsMatmul, Rejections) {
  auto lhs = Tile({128, 64}, DataType::FP16, MemorySpace::Left);
  ExpectCallError("tile.matmul", {lhs, Tile({32, 256}, DataType::FP16, MemorySpace::Right)}, {},
                  {"tile.matmul", "'rhs'", "[32, 256]", "[128, 64]"});
  ExpectCallError("tile.matmul", {lhs, Tile({64, 256}, DataType::FP32, MemorySpace::Right)}, {},
                  {"tile.matmul", "'rhs'", "FP32"});
  ExpectCallError("tile.matmul", {Tile({64}, DataType::FP16), lhs}, {}, {"tile.matmul", "'lhs'"});
  auto rv = Tile(Dims({64, 256}), DataType::FP16, MemorySpace::Right, Dims({32, 256}));
  ExpectCallError("tile.matmul", {lhs, rv}, {}, {"tile.matmul", "'lhs'", "valid K"});
}

TEST(OpsMatmul, Properties) {
  const OpDef& d = *FindOp("tile.matmul");
  EXPECT_EQ(*d.allowed_input_memory(0), std::vector<MemorySpace>{MemorySpace::Left});
  EXPECT_EQ(*d.allowed_input_memory(1), std::vector<MemorySpace>{MemorySpace::Right});
  EXPECT_EQ(d.ResolveOutputMemory({}), MemorySpace::Acc);
}

TEST(OpsMatmulAcc, KeepsAcc) {
  auto acc = Tile({128, 256}, DataType::FP32, MemorySpace::Acc);
  auto lhs = Tile({128, 64}, DataType::FP16, MemorySpace::Left);
  auto rhs = Tile({64, 256}, DataType::FP16, MemorySpace::Right);
  auto c = Call("tile.matmul_acc", {acc, lhs, rhs, ir::MakeConstBool(true)});
  EXPECT_TRUE(ir::TypeEqual(c->type, acc->type));
  EXPECT_EQ(FindOp("tile.matmul_acc")->reused_input(), 0u);
}

TEST(OpsMatmulAcc, Rejections) {
  auto lhs = Tile({128, 64}, DataType::FP16, MemorySpace::Left);
  auto rhs = Tile({64, 256}, DataType::FP16, MemorySpace::Right);
  ExpectCallError("tile.matmul_acc", {Tile({128, 256}, DataType::FP16, MemorySpace::Acc), lhs, rhs},
                  {}, {"tile.matmul_acc", "'acc'", "FP16"});
  ExpectCallError("tile.matmul_acc", {Tile({64, 256}, DataType::FP32, MemorySpace::Acc), lhs, rhs},
                  {}, {"tile.matmul_acc", "'acc'", "[64, 256]"});
  auto small = Tile(Dims({128, 256}), DataType::FP32, MemorySpace::Acc, Dims({100, 256}));
  ExpectCallError("tile.matmul_acc", {small, lhs, rhs}, {}, {"tile.matmul_acc", "'acc'", "cover"});
  ExpectCallError("tile.matmul_acc",
                  {Tile({128, 256}, DataType::FP32, MemorySpace::Acc), lhs, rhs, I(1)}, {},
                  {"tile.matmul_acc", "'init_cond'", "BOOL"});
}

}  // namespace
}  // namespace tilesplit::ops::testing
