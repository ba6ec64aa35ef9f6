// .npy input in either memory order (sim/npy.h).
#include <gtest/gtest.h>

#include <cstring>

#include "tilesplit/ir/error.h"
#include "tilesplit/sim/npy.h"

namespace tilesplit::sim {
namespace {

// A version 1.0 .npy of float32 `values` stored in the file in the given order.
std::string Npy(const std::string& order, const std::string& shape,
                const std::vector<float>& values) {
  std::string header = "{'descr': '<f4', 'fortran_order': " + order + ", 'shape': " + shape + ", }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string bytes = "\x93NUMPY";
  bytes += '\x01';
  bytes += '\x00';
  bytes += static_cast<char>(header.size() & 0xff);
  bytes += static_cast<char>(header.size() >> 8);
  bytes += header;
  for (float v : values) {
    char b[4];
    std::memcpy(b, &v, 4);
    bytes.append(b, 4);
  }
  return bytes;
}

TEST(NpyOrderTest, FortranOrderIsTransposedIntoRowMajor) {
  // The 2x3 array [[0, 1, 2], [3, 4, 5]]: row-major 0 1 2 3 4 5, column-major 0 3 1 4 2 5.
  const TensorPtr c =
      DecodeNpy(Npy("False", "(2, 3)", {0, 1, 2, 3, 4, 5}), "c.npy", "x", DataType::FP32, {2, 3});
  const TensorPtr f =
      DecodeNpy(Npy("True", "(2, 3)", {0, 3, 1, 4, 2, 5}), "f.npy", "x", DataType::FP32, {2, 3});
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(c->data.f[i], static_cast<float>(i));
    EXPECT_EQ(f->data.f[i], static_cast<float>(i)) << i;
  }
  // Three dimensions: element [i][j][k] of a 2x2x2 array holds 4i + 2j + k.
  std::vector<float> column_major;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 2; ++j)
      for (int i = 0; i < 2; ++i) column_major.push_back(static_cast<float>(4 * i + 2 * j + k));
  const TensorPtr g =
      DecodeNpy(Npy("True", "(2, 2, 2)", column_major), "g.npy", "x", DataType::FP32, {2, 2, 2});
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(g->data.f[i], static_cast<float>(i)) << i;
}

TEST(NpyOrderTest, AnUnreadableOrderIsAUserError) {
  EXPECT_THROW(DecodeNpy(Npy("Maybe", "(1,)", {0}), "m.npy", "x", DataType::FP32, {1}),
               ir::UserError);
}

}  // namespace
}  // namespace tilesplit::sim
