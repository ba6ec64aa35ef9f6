// Kernels shared by several unit tests.
#pragma once

#include "tilesplit/dsl/parser.h"

namespace tilesplit::testing {

// A kernel with a dynamic dimension, a lane-dependent valid shape, a loop carry and a branch
// merge: every place a variable can hide.
inline constexpr const char* kEveryVarKernel = R"(import pypto.language as pl

M = pl.dynamic("M")

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[M, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[M, 64], pl.FP32]]) -> pl.Tensor[[M, 64], pl.FP32]:
    t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 64])] = pl.load(x, [0, 0], [64, 64])
    k = n * 2
    acc = t
    for i in pl.range(k):
        acc = pl.add(acc, t)
    if n > 3:
        r = pl.store(acc, [0, 0], out)
        s = pl.yield_(r)
    else:
        r2 = pl.store(t, [0, 0], out)
        s = pl.yield_(r2)
    return s
)";

inline ir::FunctionPtr ParseEveryVarKernel(const char* filename) {
  return dsl::Parse(kEveryVarKernel, filename)->functions.at(0);
}

}  // namespace tilesplit::testing
