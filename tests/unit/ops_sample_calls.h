// One valid sample call per registered operator (several for a variadic op), kept in a single
// table so that a newly registered op without a sample fails the registry-wide tests. The tile
// operands are shaped like a lane's half where the op is typically split, so doubling an operand
// on an axis models the full-width operand the split pass asks about.
#pragma once

#include <string>
#include <vector>

#include "ops_test_util.h"

namespace tilesplit::ops::testing {

struct SampleCall {
  std::string op;
  std::vector<ExprPtr> args;
  ir::AttrMap kwargs;
};

inline std::vector<SampleCall> SampleCalls() {
  auto f = [](std::initializer_list<int64_t> s, DataType dt = DataType::FP32) {
    return Tile(s, dt);
  };
  auto in = [](std::initializer_list<int64_t> s, MemorySpace m, DataType dt = DataType::FP32) {
    return Tile(s, dt, m);
  };
  auto fs = ir::MakeConstFloat(1.0);
  auto idx = Scalar(DataType::INDEX, "i");
  auto gm = Tensor(Dims({512, 128}));
  auto t2 = Tensor(Dims({16, 32}));
  auto row = Tensor(Dims({1, 32}));
  auto ti = Tensor(Dims({16, 32}), DataType::INT32);
  auto split = [](int64_t s) { return ir::AttrMap{{"split", s}}; };
  const auto left = in({128, 64}, MemorySpace::Left, DataType::FP16);
  const auto right = in({64, 256}, MemorySpace::Right, DataType::FP16);
  return {
      // ops.md 2.1
      {"tile.load", {gm, Tup({0, 0}), Tup({128, 128})}, {{"target_memory", MemorySpace::Vec}}},
      {"tile.store", {f({128, 128}), Tup({0, 0}), gm}, {}},
      {"tile.move", {in({128, 128}, MemorySpace::Acc)}, {{"target_memory", MemorySpace::Vec}}},
      {"tile.read", {f({128, 128}), Tup({0, 0})}, {}},
      {"tensor.read", {gm, Tup({0, 0})}, {}},
      {"tile.assemble", {f({128, 128}), f({64, 128}), Tup({64, 0})}, {}},
      // 2.2
      {"tile.full", {Tup({128, 128}), I(0)}, {{"dtype", DataType::FP32}}},
      {"tile.create", {Tup({128, 128})}, {{"dtype", DataType::FP32}}},
      {"tile.ci", {I(0), Tup({1, 128})}, {{"dtype", DataType::INT32}}},
      {"tile.random",
       {I(1), I(2), I(0), I(0), I(0), I(0), Tup({16, 128})},
       {{"dtype", DataType::INT32}}},
      // 2.3
      {"tile.add", {f({128, 128}), f({128, 128})}, {}},
      {"tile.sub", {f({128, 128}), f({128, 128})}, {}},
      {"tile.mul", {f({128, 128}), f({128, 128})}, {}},
      {"tile.maximum", {f({128, 128}), f({128, 128})}, {}},
      {"tile.minimum", {f({128, 128}), f({128, 128})}, {}},
      {"tile.div", {f({128, 128}), f({128, 128})}, {}},
      {"tile.adds", {f({128, 128}), fs}, {}},
      {"tile.subs", {f({128, 128}), fs}, {}},
      {"tile.muls", {f({128, 128}), fs}, {}},
      {"tile.divs", {f({128, 128}), fs}, {}},
      {"tile.maximums", {f({128, 128}), fs}, {}},
      {"tile.minimums", {f({128, 128}), fs}, {}},
      {"tile.exp", {f({128, 128})}, {}},
      {"tile.neg", {f({128, 128})}, {}},
      {"tile.sqrt", {f({128, 128})}, {}},
      {"tile.abs", {f({128, 128})}, {}},
      {"tile.relu", {f({128, 128})}, {}},
      {"tile.log", {f({128, 128})}, {}},
      {"tile.recip", {f({128, 128})}, {}},
      {"tile.rsqrt", {f({128, 128}), f({128, 128})}, {}},
      {"tile.cast", {f({128, 128})}, {{"target_type", DataType::FP16}, {"mode", int64_t{2}}}},
      // 2.4
      {"tile.slice", {f({128, 128}), Tup({64, 128}), Tup({0, 0})}, {}},
      {"tile.reshape", {f({128, 128}), Tup({16384})}, {}},
      {"tile.reinterpret_view", {f({128, 128})}, {{"dtype", DataType::INT32}}},
      {"tile.extract", {f({128, 128}), I(0), I(0), Tup({16, 128})}, {}},
      {"tile.set_validshape", {f({128, 128}), I(64), I(128)}, {}},
      {"tile.transpose", {f({128, 64}), I(0), I(1), f({128, 64})}, {}},
      {"tile.transpose_view", {f({128, 64})}, {}},
      {"tile.concat", {f({128, 64}), f({128, 32})}, {}},
      // 2.5
      {"tile.gather_row", {f({16, 128}), gm, Tup({0, 0}), Tup({0, 0}), Tup({16, 128})}, {}},
      {"tile.gather", {f({128, 1024}), f({128, 64}, DataType::INT32), f({128, 64})}, {}},
      {"tile.gatherb", {f({128, 64}), f({128, 8}, DataType::UINT32)}, {}},
      {"tile.scatter", {f({128, 64}), f({8, 16}), f({8, 16}, DataType::INT32)}, {}},
      {"tile.scatter_update", {f({256, 64}), f({2, 4}, DataType::INT32), f({8, 64})}, {}},
      {"tile.sel",
       {f({128, 128}, DataType::UINT8), f({128, 128}), f({128, 128}), f({128, 128})},
       {}},
      {"tile.sels", {f({128, 16}, DataType::UINT8), f({128, 128}), f({128, 128}), fs}, {}},
      // 2.6
      {"tile.row_sum", {f({128, 128}), f({128, 128})}, {}},
      {"tile.row_max", {f({128, 128}), f({128, 128})}, {}},
      {"tile.row_min", {f({128, 128}), f({128, 128})}, {}},
      {"tile.row_argmax", {f({128, 128}), f({128, 128})}, {}},
      {"tile.row_argmin", {f({128, 128}), f({128, 128})}, {}},
      {"tile.col_sum", {f({128, 128}), f({128, 128})}, {}},
      {"tile.col_max", {f({128, 128})}, {}},
      {"tile.col_min", {f({128, 128})}, {}},
      // 2.7
      {"tile.gather_compare",
       {f({64, 128}), fs, f({64, 128})},
       {{"cmp_mode", int64_t{0}}, {"out_cols", int64_t{16}}}},
      {"tile.mrgsort_format2", {f({1, 256}), f({1, 256}), f({1, 512})}, {}},
      {"tile.mrgsort_format2", {f({1, 256}), f({1, 256}), f({1, 256}), f({1, 1024})}, {}},
      {"tile.mrgsort_format2",
       {f({1, 256}), f({1, 256}), f({1, 256}), f({1, 256}), f({1, 1024})},
       {}},
      // 2.8
      {"tile.tquant_mx", {f({64, 128})}, {}},
      {"tile.tquant_mx_raw", {f({64, 128}), f({1, 256})}, {}},
      // 2.9
      {"tile.matmul", {left, right}, {}},
      {"tile.matmul_acc", {in({128, 256}, MemorySpace::Acc), left, right}, {}},
      // 2.10
      {"tile.aiv_shard", {in({128, 128}, MemorySpace::Acc)}, split(1)},
      {"tile.aic_gather", {f({64, 128})}, split(1)},
      {"tile.col_expand_mul", {f({128, 128}), f({1, 128})}, {}},
      {"system.reserve_buffer", {}, {{"name", std::string("b")}, {"size", int64_t{4096}}}},
      {"system.import_peer_buffer",
       {},
       {{"name", std::string("b")}, {"peer_func", std::string("f")}}},
      {"system.aic_initialize_pipe",
       {Scalar(DataType::INT32, "c"), Scalar(DataType::INT32, "v")},
       {{"dir_mask", int64_t{3}}, {"slot_size", int64_t{512}}}},
      {"system.aiv_initialize_pipe",
       {Scalar(DataType::INT32, "c"), Scalar(DataType::INT32, "v")},
       {{"dir_mask", int64_t{3}}, {"slot_size", int64_t{512}}}},
      {"tensor.aiv_shard", {gm}, split(1)},
      {"tensor.aic_gather", {gm}, split(1)},
      {"tile.get_subblock_idx", {}, {}},
      {"tile.tpush_to_aiv", {in({128, 128}, MemorySpace::Acc)}, split(1)},
      {"tile.tpop_from_aic", {}, split(1)},
      {"tile.tpush_to_aic", {f({64, 128})}, split(1)},
      {"tile.tpop_from_aiv", {}, split(1)},
      {"system.tfree_to_aic", {f({64, 128})}, split(1)},
      {"system.tfree_to_aiv", {in({128, 128}, MemorySpace::Mat)}, split(1)},
      // 2.11
      {"pld.system.notify", {gm, idx, Tup({0, 0}), I(1)}, {{"op", int64_t{1}}}},
      {"pld.system.wait", {gm, Tup({0, 0}), I(1)}, {{"cmp", int64_t{0}}}},
      {"system.syncall", {}, {{"core_type", std::string("aiv_only")}}},
      {"system.fence", {}, {}},
      {"tile.get_block_idx", {}, {}},
      {"tile.get_block_num", {}, {}},
      // Tensor level (tensor_ops.cpp)
      {"tensor.add", {t2, t2}, {}},
      {"tensor.sub", {t2, t2}, {}},
      {"tensor.mul", {t2, row}, {}},
      {"tensor.div", {t2, t2}, {}},
      {"tensor.maximum", {t2, t2}, {}},
      {"tensor.minimum", {t2, t2}, {}},
      {"tensor.adds", {t2, fs}, {}},
      {"tensor.subs", {t2, fs}, {}},
      {"tensor.muls", {t2, fs}, {}},
      {"tensor.divs", {t2, fs}, {}},
      {"tensor.maximums", {t2, fs}, {}},
      {"tensor.minimums", {t2, fs}, {}},
      {"tensor.exp", {t2}, {}},
      {"tensor.neg", {t2}, {}},
      {"tensor.abs", {t2}, {}},
      {"tensor.sqrt", {t2}, {}},
      {"tensor.rsqrt", {t2}, {}},
      {"tensor.log", {t2}, {}},
      {"tensor.recip", {t2}, {}},
      {"tensor.cast", {t2}, {{"target_type", DataType::FP16}, {"mode", int64_t{1}}}},
      {"tensor.create", {Tup({16, 32})}, {{"dtype", DataType::FP32}}},
      {"tensor.full", {Tup({16, 32}), fs}, {{"dtype", DataType::FP32}}},
      {"tensor.slice", {t2, Tup({8, 32}), Tup({8, 0})}, {}},
      {"tensor.assemble", {t2, Tensor(Dims({8, 32})), Tup({8, 0})}, {}},
      {"tensor.reshape", {t2, Tup({32, 16})}, {}},
      {"tensor.matmul", {t2, Tensor(Dims({32, 16}))}, {}},
      {"tensor.row_sum", {t2}, {}},
      {"tensor.row_max", {t2}, {}},
      {"tensor.row_min", {t2}, {}},
      {"tensor.col_sum", {t2}, {}},
      {"tensor.col_max", {t2}, {}},
      {"tensor.col_min", {t2}, {}},
      {"tensor.write", {t2, Tup({1, 2}), fs}, {}},
      {"tensor.dim", {t2, I(1)}, {}},
      {"tensor.transpose", {t2, I(0), I(1)}, {}},
      {"tensor.concat", {t2, t2}, {}},
      {"tensor.set_validshape", {t2, I(8), I(16)}, {}},
      {"tensor.matmul_acc", {Tensor(Dims({16, 16})), t2, Tensor(Dims({32, 16}))}, {}},
      {"tensor.not", {ti}, {}},
      {"tensor.view", {t2, Tup({512})}, {}},
      {"tensor.reinterpret_view", {t2}, {{"dtype", DataType::INT16}}},
      {"tile.not", {f({128, 128}, DataType::INT32)}, {}},
      // Expansions, sin / cos, fmod, bitwise, arg-reductions (expand_math_ops.cpp)
      {"tile.row_expand_add", {f({128, 128}), f({128, 1})}, {}},
      {"tile.row_expand_sub", {f({128, 128}), f({128, 1})}, {}},
      {"tile.row_expand_mul", {f({128, 128}), f({128, 1})}, {}},
      {"tile.row_expand_div", {f({128, 128}), f({128, 1})}, {}},
      {"tile.row_expand_max", {f({128, 128}), f({128, 1})}, {}},
      {"tile.row_expand_min", {f({128, 128}), f({128, 1})}, {}},
      {"tile.row_expand_expdif", {f({128, 128}), f({128, 1})}, {}},
      {"tile.row_expand", {f({128, 128}), f({128, 1})}, {}},
      {"tile.col_expand_add", {f({128, 128}), f({1, 128})}, {}},
      {"tile.col_expand_sub", {f({128, 128}), f({1, 128})}, {}},
      {"tile.col_expand_div", {f({128, 128}), f({1, 128})}, {}},
      {"tile.col_expand_max", {f({128, 128}), f({1, 128})}, {}},
      {"tile.col_expand_min", {f({128, 128}), f({1, 128})}, {}},
      {"tile.col_expand_expdif", {f({128, 128}), f({1, 128})}, {}},
      {"tile.col_expand", {f({128, 128}), f({1, 128})}, {}},
      {"tile.sin", {f({128, 128})}, {}},
      {"tile.cos", {f({128, 128})}, {}},
      {"tile.fmod", {f({128, 128}), f({128, 128})}, {}},
      {"tile.fmods", {f({128, 128}), fs}, {}},
      {"tile.and", {f({128, 128}, DataType::INT32), f({128, 128}, DataType::INT32)}, {}},
      {"tile.ands", {f({128, 128}, DataType::INT32), ir::MakeConstInt(2, DataType::INT32)}, {}},
      {"tile.or", {f({128, 128}, DataType::INT32), f({128, 128}, DataType::INT32)}, {}},
      {"tile.ors", {f({128, 128}, DataType::INT32), ir::MakeConstInt(2, DataType::INT32)}, {}},
      {"tile.shl", {f({128, 128}, DataType::INT32), f({128, 128}, DataType::INT32)}, {}},
      {"tile.shls", {f({128, 128}, DataType::INT32), ir::MakeConstInt(2, DataType::INT32)}, {}},
      {"tile.shr", {f({128, 128}, DataType::INT32), f({128, 128}, DataType::INT32)}, {}},
      {"tile.shrs", {f({128, 128}, DataType::INT32), ir::MakeConstInt(2, DataType::INT32)}, {}},
      {"tile.xor",
       {f({128, 128}, DataType::INT32), f({128, 128}, DataType::INT32),
        f({128, 128}, DataType::INT32)},
       {}},
      {"tile.xors",
       {f({128, 128}, DataType::INT32), ir::MakeConstInt(2, DataType::INT32),
        f({128, 128}, DataType::INT32)},
       {}},
      {"tile.col_argmax", {f({128, 128}), f({128, 128})}, {}},
      {"tile.col_argmin", {f({128, 128}), f({128, 128})}, {}},
      {"tensor.row_expand_add", {t2, Tensor(Dims({16, 1}))}, {}},
      {"tensor.row_expand_sub", {t2, Tensor(Dims({16, 1}))}, {}},
      {"tensor.row_expand_mul", {t2, Tensor(Dims({16, 1}))}, {}},
      {"tensor.row_expand_div", {t2, Tensor(Dims({16, 1}))}, {}},
      {"tensor.row_expand_max", {t2, Tensor(Dims({16, 1}))}, {}},
      {"tensor.row_expand_min", {t2, Tensor(Dims({16, 1}))}, {}},
      {"tensor.row_expand_expdif", {t2, Tensor(Dims({16, 1}))}, {}},
      {"tensor.row_expand", {t2, Tensor(Dims({16, 1}))}, {}},
      {"tensor.col_expand_add", {t2, row}, {}},
      {"tensor.col_expand_sub", {t2, row}, {}},
      {"tensor.col_expand_mul", {t2, row}, {}},
      {"tensor.col_expand_div", {t2, row}, {}},
      {"tensor.col_expand_max", {t2, row}, {}},
      {"tensor.col_expand_min", {t2, row}, {}},
      {"tensor.col_expand_expdif", {t2, row}, {}},
      {"tensor.col_expand", {t2, row}, {}},
      {"tensor.sin", {t2}, {}},
      {"tensor.cos", {t2}, {}},
      {"tensor.fmod", {t2, t2}, {}},
      {"tensor.fmods", {t2, fs}, {}},
      {"tensor.xor", {ti, ti}, {}},
      {"tensor.xors", {ti, ir::MakeConstInt(2, DataType::INT32)}, {}},
      {"tensor.and", {ti, ti}, {}},
      {"tensor.ands", {ti, ir::MakeConstInt(2, DataType::INT32)}, {}},
      {"tensor.or", {ti, ti}, {}},
      {"tensor.ors", {ti, ir::MakeConstInt(2, DataType::INT32)}, {}},
      {"tensor.shl", {ti, ti}, {}},
      {"tensor.shls", {ti, ir::MakeConstInt(2, DataType::INT32)}, {}},
      {"tensor.shr", {ti, ti}, {}},
      {"tensor.shrs", {ti, ir::MakeConstInt(2, DataType::INT32)}, {}},
      {"tensor.row_argmax", {t2}, {}},
      {"tensor.row_argmin", {t2}, {}},
      {"tensor.col_argmax", {t2}, {}},
      {"tensor.col_argmin", {t2}, {}},
  };
}

}  // namespace tilesplit::ops::testing
