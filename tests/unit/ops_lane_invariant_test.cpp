// ops.md 3.2 registry test: which tile operands is a deducer blind to? An operand is blind when
// re-deducing with it doubled on the split axis neither fails nor changes the result. A Scratch
// declaration at a pinned position would be unreachable, and the blind undeclared operands are
// pinned here so a new op or a loosened deducer must be classified.
#include <set>

#include "ops_test_util.h"

namespace tilesplit::ops::testing {
namespace {

struct Sample {
  std::string op;
  std::vector<ExprPtr> args;
  ir::AttrMap kwargs;
};

std::vector<Sample> Samples() {
  auto f = [](std::initializer_list<int64_t> s, DataType dt = DataType::FP32) {
    return Tile(s, dt);
  };
  auto acc = Tile({128, 256}, DataType::FP32, MemorySpace::Acc);
  auto left = Tile({128, 64}, DataType::FP16, MemorySpace::Left);
  auto right = Tile({64, 256}, DataType::FP16, MemorySpace::Right);
  auto fs = ir::MakeConstFloat(1.0);
  return {
      {"tile.add", {f({128, 128}), f({128, 128})}, {}},
      {"tile.div", {f({128, 128}), f({128, 128})}, {}},
      {"tile.adds", {f({128, 128}), fs}, {}},
      {"tile.exp", {f({128, 128})}, {}},
      {"tile.rsqrt", {f({128, 128}), f({128, 128})}, {}},
      {"tile.cast", {f({128, 128})}, {{"target_type", DataType::FP16}, {"mode", int64_t{2}}}},
      {"tile.store", {f({128, 128}), Tup({0, 0}), Tensor(Dims({512, 128}))}, {}},
      {"tile.move", {f({128, 128})}, {{"target_memory", MemorySpace::Mat}}},
      {"tile.read", {f({128, 128}), Tup({0, 0})}, {}},
      {"tile.slice", {f({128, 128}), Tup({64, 128}), Tup({0, 0})}, {}},
      {"tile.reshape", {f({128, 128}), Tup({16384})}, {}},
      {"tile.extract", {f({128, 128}), I(0), I(0), Tup({16, 128})}, {}},
      {"tile.set_validshape", {f({128, 128}), I(64), I(128)}, {}},
      {"tile.transpose", {f({128, 64}), I(0), I(1), f({128, 64})}, {}},
      {"tile.transpose_view", {f({128, 64})}, {}},
      {"tile.gather", {f({128, 1024}), f({128, 64}, DataType::INT32), f({128, 64})}, {}},
      {"tile.gatherb", {f({128, 64}), f({128, 8}, DataType::UINT32)}, {}},
      {"tile.scatter", {f({128, 64}), f({8, 16}), f({8, 16}, DataType::INT32)}, {}},
      {"tile.scatter_update", {f({256, 64}), f({2, 4}, DataType::INT32), f({8, 64})}, {}},
      {"tile.sel",
       {f({128, 128}, DataType::UINT8), f({128, 128}), f({128, 128}), f({128, 128})},
       {}},
      {"tile.sels", {f({128, 16}, DataType::UINT8), f({128, 128}), f({128, 128}), fs}, {}},
      {"tile.row_sum", {f({128, 128}), f({128, 128})}, {}},
      {"tile.row_max", {f({128, 128}), f({128, 128})}, {}},
      {"tile.row_min", {f({128, 128}), f({128, 128})}, {}},
      {"tile.row_argmax", {f({128, 128}), f({128, 128})}, {}},
      {"tile.col_sum", {f({128, 128}), f({128, 128})}, {}},
      {"tile.col_max", {f({128, 128})}, {}},
      {"tile.mrgsort_format2", {f({1, 256}), f({1, 256}), f({1, 512})}, {}},
      {"tile.mrgsort_format2", {f({1, 256}), f({1, 256}), f({1, 256}), f({1, 1024})}, {}},
      {"tile.matmul", {left, right}, {}},
      {"tile.matmul_acc", {acc, left, right}, {}},
      {"tile.aiv_shard", {acc}, {{"split", int64_t{1}}}},
      {"tile.aic_gather", {f({64, 128})}, {{"split", int64_t{1}}}},
  };
}

// The operand doubled on axis 0 (the UP_DOWN split axis), valid extent included.
ExprPtr Doubled(const ExprPtr& e) {
  const ir::TileType& t = TileOf(e);
  std::vector<ExprPtr> shape = t.shape, valid = t.valid();
  shape[0] = ir::Mul(shape[0], I(2));
  valid[0] = ir::Mul(valid[0], I(2));
  return Tile(shape, t.dtype, t.memory, valid);
}

bool IsBlind(const Sample& s, size_t pos, const TypePtr& base) {
  std::vector<ExprPtr> args = s.args;
  args[pos] = Doubled(args[pos]);
  try {
    return ir::TypeEqual(DeduceType(*FindOp(s.op), args, s.kwargs), base);
  } catch (const ir::UserError&) {
    return false;
  }
}

TEST(OpsLaneInvariant, DeclarationsAndBlindSet) {
  std::set<std::string> blind_undeclared;
  std::set<std::string> covered;
  for (const Sample& s : Samples()) {
    const OpDef& op = *FindOp(s.op);
    TypePtr base = DeduceType(op, s.args, s.kwargs);
    if (base && base->As<ir::TupleType>()) continue;  // tuple results skip the check
    for (size_t pos = 0; pos < s.args.size(); ++pos) {
      if (!ir::IsTileTyped(s.args[pos])) continue;
      std::string key = s.op + ":" + std::to_string(pos);
      bool blind = IsBlind(s, pos, base);
      auto kind = op.lane_invariant_kind(pos);
      if (kind == LaneInvariantKind::Scratch) {
        EXPECT_TRUE(blind) << key << " declares Scratch but the deducer pins it";
        covered.insert(key);
      } else if (!kind && blind) {
        blind_undeclared.insert(key);
      }
    }
  }
  // Masks stay lane data on purpose (spec); mrgsort's sorted inputs must be sharded; a column
  // reduction over the split axis is rejected by the pass itself (ops.md 2.6); the rest read only
  // a window or element of their operand.
  std::set<std::string> expected{
      "tile.sel:0",
      "tile.sels:0",
      "tile.mrgsort_format2:0",
      "tile.mrgsort_format2:1",
      "tile.mrgsort_format2:2",
      "tile.extract:0",
      "tile.slice:0",
      "tile.store:0",
      "tile.read:0",
      "tile.gatherb:0",
      "tile.gather:0",
      "tile.col_sum:0",
      "tile.col_max:0",
  };
  // gather/gatherb src are declared IndexAddressedSource; they are blind but declared.
  expected.erase("tile.gatherb:0");
  expected.erase("tile.gather:0");
  EXPECT_EQ(blind_undeclared, expected);
  std::set<std::string> scratch{"tile.transpose:3", "tile.gather:2",  "tile.sel:3",
                                "tile.sels:2",      "tile.row_sum:1", "tile.row_max:1",
                                "tile.row_min:1",   "tile.col_sum:1"};
  EXPECT_EQ(covered, scratch);
}

TEST(OpsLaneInvariant, DeclarationTable) {
  struct Row {
    const char* op;
    size_t pos;
    LaneInvariantKind kind;
  };
  const Row rows[] = {
      {"tile.row_sum", 1, LaneInvariantKind::Scratch},
      {"tile.row_max", 1, LaneInvariantKind::Scratch},
      {"tile.row_min", 1, LaneInvariantKind::Scratch},
      {"tile.col_sum", 1, LaneInvariantKind::Scratch},
      {"tile.sel", 3, LaneInvariantKind::Scratch},
      {"tile.sels", 2, LaneInvariantKind::Scratch},
      {"tile.gather", 0, LaneInvariantKind::IndexAddressedSource},
      {"tile.gather", 2, LaneInvariantKind::Scratch},
      {"tile.gatherb", 0, LaneInvariantKind::IndexAddressedSource},
      {"tile.scatter", 0, LaneInvariantKind::AbsoluteIndexedDestination},
      {"tile.scatter_update", 0, LaneInvariantKind::AbsoluteIndexedDestination},
      {"tile.transpose", 3, LaneInvariantKind::Scratch},
  };
  size_t total = 0;
  for (const Row& r : rows) EXPECT_EQ(FindOp(r.op)->lane_invariant_kind(r.pos), r.kind) << r.op;
  for (const OpDef* d : OpRegistry::Global().All()) total += d->lane_invariant_args().size();
  EXPECT_EQ(total, std::size(rows));
}

TEST(OpsFlags, GeneratorsAddressArgsNoDuplicate) {
  std::set<std::string> gens, nodup;
  for (const OpDef* d : OpRegistry::Global().All()) {
    if (d->is_generator()) gens.insert(d->name());
    if (d->is_no_duplicate()) nodup.insert(d->name());
  }
  EXPECT_EQ(gens, (std::set<std::string>{"tile.ci", "tile.create", "tile.full", "tile.random"}));
  EXPECT_EQ(nodup, std::set<std::string>{"pld.system.notify"});
  EXPECT_EQ(FindOp("tile.extract")->address_arg_positions(), (std::vector<size_t>{1, 2}));
  EXPECT_EQ(FindOp("tile.gather_row")->address_arg_positions(), std::vector<size_t>{3});
}

TEST(OpsFlags, DeclaredAffinityOnlyWhereDocumented) {
  std::set<std::string> declared;
  for (const OpDef* d : OpRegistry::Global().All())
    if (d->declared_affinity()) declared.insert(d->name());
  EXPECT_EQ(declared, (std::set<std::string>{"system.tfree_to_aic", "system.tfree_to_aiv",
                                             "tile.create", "tile.get_subblock_idx",
                                             "tile.tpop_from_aic", "tile.tpop_from_aiv",
                                             "tile.tpush_to_aic", "tile.tpush_to_aiv"}));
}

}  // namespace
}  // namespace tilesplit::ops::testing
