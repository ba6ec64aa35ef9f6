// ops.md 3.2 registry test: which tile operands is a deducer blind to? An operand is blind on an
// axis when re-deducing with it doubled on that axis neither fails nor changes the result. Every
// blind (op, position, axis) is classified here and in docs/blind-operands.md, so a new op or a
// loosened deducer must be classified; a Scratch declaration the deducer pins on every axis is
// unreachable and fails.
#include <map>
#include <set>

#include "ops_sample_calls.h"

namespace tilesplit::ops::testing {
namespace {

// Why a blind position is acceptable (docs/blind-operands.md explains each row).
enum class Why {
  Declared,      // a lane-invariant declaration covers it
  LaneData,      // undeclared on purpose: the pass halves it with the data (masks, sorted lists)
  WindowRead,    // read through an explicit window or element; the address args are rewritten
  Reduced,       // the axis the op collapses to one; the pass rejects splitting it
  TensorResult,  // the result is the tensor written into, not the tile
  ScalarResult,  // the result is one element
  NoResult,      // transport / release ops: no result to stay consistent with
  TupleResult,   // the pass skips the blind check for tuple results (ops.md 3.2)
};

struct BlindRow {
  std::string op;
  size_t pos;
  std::vector<size_t> axes;  // the blind axes, ascending
  Why why;
};

// The blind positions of the sample calls: doubling the operand on each listed axis neither
// fails nor changes the deduced result.
std::vector<BlindRow> Inventory() {
  const std::vector<size_t> both{0, 1}, rows{0};
  return {
      // Declared (ops.md 3.2): blind, so the declaration is what lets them stay full width.
      {"tile.gather", 0, both, Why::Declared},
      {"tile.gather", 2, both, Why::Declared},
      {"tile.gatherb", 0, both, Why::Declared},
      {"tile.row_sum", 1, both, Why::Declared},
      {"tile.row_max", 1, both, Why::Declared},
      {"tile.row_min", 1, both, Why::Declared},
      {"tile.col_sum", 1, both, Why::Declared},
      {"tile.sel", 3, both, Why::Declared},
      {"tile.sels", 2, both, Why::Declared},
      {"tile.transpose", 3, both, Why::Declared},
      {"tile.row_prod", 1, both, Why::Declared},
      {"tile.rem", 2, both, Why::Declared},
      {"tile.rems", 2, both, Why::Declared},
      {"tile.prelu", 2, both, Why::Declared},
      {"tile.sort32", 2, both, Why::Declared},
      // Lane data on purpose: a full-width mask or sorted list beside halved data is rejected.
      {"tile.sel", 0, both, Why::LaneData},
      {"tile.sels", 0, both, Why::LaneData},
      {"tile.mrgsort_format2", 0, both, Why::LaneData},
      {"tile.mrgsort_format2", 1, both, Why::LaneData},
      {"tile.mrgsort_format2", 2, both, Why::LaneData},
      {"tile.mrgsort_format2", 3, both, Why::LaneData},
      // The result is a window or an element of the operand.
      {"tile.slice", 0, both, Why::WindowRead},
      {"tile.extract", 0, both, Why::WindowRead},
      {"tile.read", 0, both, Why::ScalarResult},
      {"tile.store", 0, rows, Why::TensorResult},
      // Column reductions collapse axis 0.
      {"tile.col_sum", 0, rows, Why::Reduced},
      {"tile.col_max", 0, rows, Why::Reduced},
      {"tile.col_min", 0, rows, Why::Reduced},
      {"tile.col_prod", 0, rows, Why::Reduced},
      // The fill into a larger box combines all its axes (the split refuses to halve them).
      {"tile.fillpad_expand", 0, {1}, Why::Reduced},
      {"tile.gather_compare", 0, {1}, Why::TupleResult},
      {"tile.gather_compare", 2, both, Why::TupleResult},
      {"tile.tpush_to_aiv", 0, both, Why::NoResult},
      {"tile.tpush_to_aic", 0, both, Why::NoResult},
      {"system.tfree_to_aic", 0, both, Why::NoResult},
      {"system.tfree_to_aiv", 0, both, Why::NoResult},
      // A transfer's staging tile is a chunk of the GM-to-GM move: its size is free.
      {"pld.tile.put", 3, both, Why::NoResult},
      {"pld.tile.get", 3, both, Why::NoResult},
      {"pld.tile.get", 4, both, Why::NoResult},
  };
}

// The operand doubled on `axis`, valid extent included; the rest of its view is kept.
ExprPtr DoubledOn(const ExprPtr& e, size_t axis) {
  const ir::TileType& t = TileOf(e);
  std::vector<ExprPtr> shape = t.shape;
  ir::TileView v = t.EffectiveView();
  v.valid_shape = t.valid();
  shape[axis] = ir::Mul(shape[axis], I(2));
  v.valid_shape[axis] = ir::Mul(v.valid_shape[axis], I(2));
  return ir::MakeVar("doubled", ir::MakeTileType(shape, t.dtype, t.memory, v));
}

bool SameResult(const TypePtr& a, const TypePtr& b) {
  if (!a || !b) return !a && !b;
  return ir::TypeEqual(a, b);
}

// Blind axes of argument `pos`: re-deducing with it doubled on the axis neither throws nor
// changes the result.
std::vector<size_t> BlindAxes(const OpDef& op, const SampleCall& s, size_t pos,
                              const TypePtr& base) {
  std::vector<size_t> out;
  const size_t rank = TileOf(s.args[pos]).shape.size();
  for (size_t axis = 0; axis < rank; ++axis) {
    std::vector<ExprPtr> args = s.args;
    args[pos] = DoubledOn(args[pos], axis);
    try {
      if (SameResult(DeduceType(op, args, s.kwargs), base)) out.push_back(axis);
    } catch (const ir::UserError&) {
    }
  }
  return out;
}

std::string Key(const std::string& op, size_t pos, size_t axis) {
  return op + ":" + std::to_string(pos) + ":axis" + std::to_string(axis);
}

// Everything wrong with the inventory of `ops` under `samples` and `inventory`; empty when the
// registry, the samples, the table and the declarations agree.
std::vector<std::string> InventoryProblems(const std::vector<const OpDef*>& ops,
                                           const std::vector<SampleCall>& samples,
                                           const std::vector<BlindRow>& inventory) {
  std::vector<std::string> problems;
  std::map<std::string, const OpDef*> by_name;
  for (const OpDef* d : ops) by_name[d->name()] = d;

  std::set<std::string> measured;        // every blind (op, position, axis)
  std::map<std::string, size_t> pinned;  // "op:pos" -> samples where every axis is pinned
  std::map<std::string, size_t> probed;  // "op:pos" -> samples that probed it
  std::set<std::string> sampled;
  for (const SampleCall& s : samples) {
    auto it = by_name.find(s.op);
    if (it == by_name.end()) {
      problems.push_back("sample for unregistered op " + s.op);
      continue;
    }
    const OpDef& op = *it->second;
    sampled.insert(s.op);
    TypePtr base;
    try {
      base = DeduceType(op, s.args, s.kwargs);
    } catch (const ir::UserError& e) {
      problems.push_back("sample call of " + s.op + " does not deduce: " + e.message());
      continue;
    }
    for (size_t pos = 0; pos < s.args.size(); ++pos) {
      if (!ir::IsTileTyped(s.args[pos])) continue;
      std::string at = s.op + ":" + std::to_string(pos);
      std::vector<size_t> blind = BlindAxes(op, s, pos, base);
      ++probed[at];
      if (blind.empty()) ++pinned[at];
      for (size_t axis : blind) measured.insert(Key(s.op, pos, axis));
    }
  }
  // (d) Every op is probed: a new op without a sample call cannot slip past the inventory.
  for (const OpDef* d : ops)
    if (!sampled.count(d->name()))
      problems.push_back(d->name() + " has no sample call in tests/unit/ops_sample_calls.h");

  // (a) + (c): the measured set is exactly the classified one, so a new op or a loosened
  // deducer that opens a blind position fails until this table and docs/blind-operands.md
  // classify it.
  std::set<std::string> classified;
  for (const BlindRow& r : inventory) {
    for (size_t axis : r.axes) classified.insert(Key(r.op, r.pos, axis));
    auto it = by_name.find(r.op);
    auto kind = it == by_name.end() ? std::nullopt : it->second->lane_invariant_kind(r.pos);
    if (kind.has_value() != (r.why == Why::Declared))
      problems.push_back(r.op + ":" + std::to_string(r.pos) + " is classified " +
                         (kind ? "as undeclared but the registry declares it"
                               : "Declared but the registry declares nothing"));
  }
  for (const std::string& k : measured)
    if (!classified.count(k)) problems.push_back(k + " is blind but not classified");
  for (const std::string& k : classified)
    if (!measured.count(k)) problems.push_back(k + " is classified blind but the deducer pins it");

  // (b) A Scratch declaration only lets a full-width operand through when the deducer is blind
  // to it; on a position pinned on every axis it is unreachable. The absolute-index kinds also
  // reject a halved producer before any halving (ops.md 3.1), so they stay meaningful there.
  for (const OpDef* d : ops) {
    for (const auto& [pos, kind] : d->lane_invariant_args()) {
      std::string at = d->name() + ":" + std::to_string(pos);
      if (!probed[at]) problems.push_back(at + " is declared but no sample passes a tile there");
      if (kind == LaneInvariantKind::Scratch && pinned[at])
        problems.push_back(at + " declares Scratch but the deducer pins every axis");
    }
  }
  return problems;
}

std::string Lines(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += "  " + s + "\n";
  return out;
}

TEST(OpsLaneInvariant, BlindOperandInventory) {
  auto problems = InventoryProblems(OpRegistry::Global().All(), SampleCalls(), Inventory());
  EXPECT_TRUE(problems.empty()) << Lines(problems);
}

// The checker itself: each way the inventory can go stale is reported.
struct Fixture {
  OpRegistry reg;
  Fixture() {
    // Pins its tmp (the result is tmp's type) yet declares it Scratch: unreachable.
    reg.Register("tile.pinned_scratch")
        .arg("tile")
        .arg("tmp")
        .deduce([](const CallInfo& c) {
          c.tile_arg(0);
          return c.arg(1)->type;
        })
        .lane_invariant_arg(1, LaneInvariantKind::Scratch);
    // Reads only its first operand: the second is blind and undeclared.
    reg.Register("tile.loose").arg("tile").arg("other").deduce([](const CallInfo& c) {
      c.tile_arg(1);
      return c.arg(0)->type;
    });
  }
  std::vector<SampleCall> Samples() const {
    return {{"tile.pinned_scratch", {Tile({8, 8}), Tile({8, 8})}, {}},
            {"tile.loose", {Tile({8, 8}), Tile({8, 8})}, {}}};
  }
  static bool Has(const std::vector<std::string>& ps, const std::string& frag) {
    for (const auto& p : ps)
      if (p.find(frag) != std::string::npos) return true;
    return false;
  }
};

TEST(OpsLaneInvariant, CheckerFlagsPinnedScratchAndUnclassifiedBlind) {
  Fixture f;
  auto ps = InventoryProblems(f.reg.All(), f.Samples(), {});
  EXPECT_TRUE(Fixture::Has(ps, "tile.pinned_scratch:1 declares Scratch but the deducer pins"))
      << Lines(ps);
  EXPECT_TRUE(Fixture::Has(ps, "tile.loose:1:axis0 is blind but not classified")) << Lines(ps);
  EXPECT_TRUE(Fixture::Has(ps, "tile.loose:1:axis1 is blind but not classified")) << Lines(ps);
  // Classified, the loose operand passes; the pinned Scratch still fails.
  std::vector<BlindRow> inv{{"tile.loose", 1, {0, 1}, Why::LaneData},
                            {"tile.pinned_scratch", 0, {0, 1}, Why::WindowRead}};
  ps = InventoryProblems(f.reg.All(), f.Samples(), inv);
  ASSERT_EQ(ps.size(), 1u) << Lines(ps);
  EXPECT_TRUE(Fixture::Has(ps, "declares Scratch but the deducer pins"));
}

TEST(OpsLaneInvariant, CheckerFlagsMissingSampleAndStaleRows) {
  Fixture f;
  f.reg.Register("tile.new_op").arg("tile").deduce([](const CallInfo& c) {
    return c.arg(0)->type;
  });
  std::vector<BlindRow> inv{{"tile.loose", 1, {0, 1}, Why::LaneData},
                            {"tile.loose", 0, {0}, Why::WindowRead},
                            {"tile.pinned_scratch", 1, {0}, Why::LaneData}};
  auto ps = InventoryProblems(f.reg.All(), f.Samples(), inv);
  EXPECT_TRUE(Fixture::Has(ps, "tile.new_op has no sample call")) << Lines(ps);
  EXPECT_TRUE(Fixture::Has(ps, "tile.loose:0:axis0 is classified blind but the deducer pins it"))
      << Lines(ps);
  EXPECT_TRUE(Fixture::Has(ps,
                           "tile.pinned_scratch:1 is classified as undeclared but the "
                           "registry declares it"))
      << Lines(ps);
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
      {"tile.row_prod", 1, LaneInvariantKind::Scratch},
      {"tile.rem", 2, LaneInvariantKind::Scratch},
      {"tile.rems", 2, LaneInvariantKind::Scratch},
      {"tile.prelu", 2, LaneInvariantKind::Scratch},
      {"tile.sort32", 2, LaneInvariantKind::Scratch},
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
  EXPECT_EQ(gens, (std::set<std::string>{"tile.ci", "tile.create", "tile.full", "tile.random",
                                         "tile.tri"}));
  // A signal deposit and every communication between ranks happen once, not once per lane.
  EXPECT_EQ(nodup, (std::set<std::string>{
                       "pld.system.notify", "pld.tensor.all_to_all", "pld.tensor.all_to_all_v",
                       "pld.tensor.allgather", "pld.tensor.allreduce", "pld.tensor.barrier",
                       "pld.tensor.broadcast", "pld.tensor.get", "pld.tensor.put",
                       "pld.tensor.reduce_scatter", "pld.tensor.remote_store", "pld.tile.get",
                       "pld.tile.put", "pld.tile.remote_store"}));
  EXPECT_EQ(FindOp("tile.extract")->address_arg_positions(), (std::vector<size_t>{1, 2}));
  EXPECT_EQ(FindOp("tile.gather_row")->address_arg_positions(), std::vector<size_t>{3});
  // The split judges a read of a lane-local tile by its indices like any other window.
  EXPECT_EQ(FindOp("tile.read")->address_arg_positions(), std::vector<size_t>{1});
}

// What convert-tensor-to-tile-ops asks of a tensor op instead of its name: the operands it
// addresses in GM itself (not loaded at entry), the matmul factors it loads into Mat, and the
// relabelling ops through which a Mat demand reaches the window they relabel.
TEST(OpsFlags, GmCubeAndMemoryFollowingOperands) {
  std::map<std::string, std::vector<size_t>> gm, cube;
  std::set<std::string> follows;
  for (const OpDef* d : OpRegistry::Global().All()) {
    if (!d->gm_operand_positions().empty()) gm[d->name()] = d->gm_operand_positions();
    if (!d->cube_operand_positions().empty()) cube[d->name()] = d->cube_operand_positions();
    if (d->has_memory_following_operand()) follows.insert(d->name());
  }
  const std::map<std::string, std::vector<size_t>> want_gm = {
      {"pld.tensor.all_to_all", {0, 1, 2}},
      {"pld.tensor.all_to_all_v", {0, 1, 2, 3, 4}},
      {"pld.tensor.allgather", {0, 1, 2}},
      {"pld.tensor.allreduce", {0, 1}},
      {"pld.tensor.barrier", {0}},
      {"pld.tensor.broadcast", {0, 1}},
      {"pld.tensor.get", {0, 2}},
      {"pld.tensor.put", {0, 2}},
      {"pld.tensor.reduce_scatter", {0, 1}},
      {"pld.tensor.remote_store", {1}},
      {"tensor.assemble", {0}},
      {"tensor.dim", {0}},
      {"tensor.expand_clone", {0, 1}},
      {"tensor.matmul", {0, 1}},
      {"tensor.matmul_acc", {1, 2}},
      {"tensor.read", {0}},
      {"tensor.slice", {0}},
      {"tensor.view", {0}},
      {"tensor.write", {0}}};
  EXPECT_EQ(gm, want_gm);
  EXPECT_EQ(cube, (std::map<std::string, std::vector<size_t>>{{"tensor.matmul", {0, 1}},
                                                              {"tensor.matmul_acc", {1, 2}}}));
  EXPECT_EQ(follows,
            (std::set<std::string>{"tensor.reinterpret_view", "tensor.reshape",
                                   "tensor.set_validshape", "tensor.slice", "tensor.view"}));
  EXPECT_TRUE(FindOp("tensor.matmul_acc")->is_cube_operand(2));
  EXPECT_FALSE(FindOp("tensor.matmul_acc")->is_cube_operand(0));
}

// The tile forms convert-tensor-to-tile-ops switches on: every tensor op not listed here becomes
// the tile op of its name, without a row-broadcast variant or a scratch tile.
TEST(OpsFlags, TensorOpTileForms) {
  using Kind = TileForm::Kind;
  std::map<std::string, std::pair<Kind, std::string>> special;
  std::map<std::string, std::string> row_broadcast, scratch;
  for (const OpDef* d : OpRegistry::Global().All()) {
    const TileForm* f = d->tile_form();
    if (!f) continue;
    if (f->kind != Kind::Op) special[d->name()] = {f->kind, f->op};
    if (f->kind == Kind::Op) {
      EXPECT_EQ(f->op, TileForm::Namesake(d->name()).op) << d->name();
    }
    if (!f->row_broadcast.empty()) row_broadcast[d->name()] = f->row_broadcast;
    if (f->scratch != TileForm::Scratch::None)
      scratch[d->name()] =
          std::string(f->scratch == TileForm::Scratch::LikeOperand    ? "like operand "
                      : f->scratch == TileForm::Scratch::RowPadded128 ? "row padded to 128 "
                                                                      : "sum of last axes ") +
          f->scratch_name + (f->scratch_kwarg.empty() ? "" : " when " + f->scratch_kwarg);
  }
  const std::map<std::string, std::pair<Kind, std::string>> want_special = {
      // The collectives stay one call (PyPTO lowers them later); put / get go through staging.
      {"pld.tensor.all_to_all", {Kind::Keep, ""}},
      {"pld.tensor.all_to_all_v", {Kind::Keep, ""}},
      {"pld.tensor.allgather", {Kind::Keep, ""}},
      {"pld.tensor.allreduce", {Kind::Keep, ""}},
      {"pld.tensor.barrier", {Kind::Keep, ""}},
      {"pld.tensor.broadcast", {Kind::Keep, ""}},
      {"pld.tensor.get", {Kind::Transfer, "pld.tile.get"}},
      {"pld.tensor.put", {Kind::Transfer, "pld.tile.put"}},
      {"pld.tensor.reduce_scatter", {Kind::Keep, ""}},
      {"tensor.assemble", {Kind::Assemble, "tile.assemble"}},
      {"tensor.create", {Kind::Create, "tile.create"}},
      {"tensor.dim", {Kind::Keep, ""}},
      // No tile form yet: refused inside an InCore function (docs/pypto-ops-coverage.md).
      {"tensor.dump_tag", {Kind::None, ""}},
      {"tensor.expand_clone", {Kind::BroadcastInto, "tile.col_expand"}},
      {"tensor.gather", {Kind::FlatGather, "tile.gather"}},
      {"tensor.scatter", {Kind::FlatScatter, "tile.scatter"}},
      {"tensor.matmul", {Kind::Matmul, "tile.matmul"}},
      {"tensor.matmul_acc", {Kind::MatmulAcc, "tile.matmul_acc"}},
      {"tensor.read", {Kind::Read, "tile.read"}},
      {"tensor.reinterpret_view", {Kind::Reinterpret, "tile.reinterpret_view"}},
      {"tensor.scatter_update", {Kind::RowScatter, "tile.scatter"}},
      {"tensor.slice", {Kind::Window, "tile.slice"}},
      {"tensor.view", {Kind::View, ""}},
      {"tensor.write", {Kind::Write, ""}}};
  EXPECT_EQ(special, want_special);
  // The operands a tile op reads over one box, named by their roles: the division only (TDIV).
  std::map<std::string, std::string> one_box;
  for (const OpDef* d : OpRegistry::Global().All())
    if (const TileForm* f = d->tile_form(); f && !f->one_box_roles[0].empty())
      one_box[d->name()] = f->one_box_roles[0] + " / " + f->one_box_roles[1];
  EXPECT_EQ(one_box, (std::map<std::string, std::string>{{"tensor.div", "dividend / divisor"}}));
  EXPECT_EQ(row_broadcast,
            (std::map<std::string, std::string>{{"tensor.add", "tile.row_expand_add"},
                                                {"tensor.div", "tile.row_expand_div"},
                                                {"tensor.expand_clone", "tile.row_expand"},
                                                {"tensor.maximum", "tile.row_expand_max"},
                                                {"tensor.minimum", "tile.row_expand_min"},
                                                {"tensor.mul", "tile.row_expand_mul"},
                                                {"tensor.sub", "tile.row_expand_sub"}}));
  EXPECT_EQ(scratch, (std::map<std::string, std::string>{
                         {"tensor.col_argmax", "like operand tmp_tile"},
                         {"tensor.col_argmin", "like operand tmp_tile"},
                         {"tensor.row_argmax", "like operand tmp_tile"},
                         {"tensor.row_argmin", "like operand tmp_tile"},
                         {"tensor.mrgsort_format2", "sum of last axes mrgsort2_tmp"},
                         {"tensor.row_max", "row padded to 128 tmp_tile"},
                         {"tensor.row_min", "row padded to 128 tmp_tile"},
                         {"tensor.row_prod", "row padded to 128 tmp_tile"},
                         {"tensor.row_sum", "row padded to 128 tmp_tile"},
                         {"tensor.rsqrt", "like operand rsqrt_tmp when high_precision"},
                         {"tensor.xor", "like operand xor_tmp"},
                         {"tensor.xors", "like operand xor_tmp"}}));
}

// The traits the passes ask instead of op names (op_def.h): exactly these ops carry each, so an op
// added without its traits, or a trait put on the wrong op, fails here.
TEST(OpsFlags, TraitsThePassesQuery) {
  std::set<std::string> shard, gather, kept, permuted, windows, sync;
  for (const OpDef* d : OpRegistry::Global().All()) {
    if (d->is_shard()) shard.insert(d->name());
    if (d->is_gather()) gather.insert(d->name());
    if (d->rectangle_change() == RectangleChange::OrderKept) kept.insert(d->name());
    if (d->rectangle_change() == RectangleChange::OrderPermuted) permuted.insert(d->name());
    if (d->gm_window()) windows.insert(d->name());
    if (d->is_synchronization()) sync.insert(d->name());
  }
  EXPECT_EQ(sync,
            (std::set<std::string>{"pld.system.defer_wait", "pld.system.notify", "pld.system.wait",
                                   "system.cacheinvalid", "system.fence", "system.syncall"}));
  // The tensor-level boundary carries the trait too; the passes emit the tile-level one.
  EXPECT_EQ(shard, (std::set<std::string>{"tensor.aiv_shard", "tile.aiv_shard"}));
  EXPECT_EQ(gather, (std::set<std::string>{"tensor.aic_gather", "tile.aic_gather"}));
  EXPECT_EQ(ShardOp().name(), "tile.aiv_shard");
  // The no-split replay's stand-in for a load, and the set-up it leaves before the lane branch.
  std::set<std::string> alloc, setup;
  for (const OpDef* d : OpRegistry::Global().All()) {
    if (d->is_allocation()) alloc.insert(d->name());
    if (d->is_pipe_setup()) setup.insert(d->name());
  }
  EXPECT_EQ(alloc, std::set<std::string>{"tile.create"});
  EXPECT_EQ(AllocationOp().name(), "tile.create");
  EXPECT_EQ(setup,
            (std::set<std::string>{"system.aic_initialize_pipe", "system.aiv_initialize_pipe",
                                   "system.import_peer_buffer", "system.reserve_buffer"}));
  EXPECT_EQ(GatherOp().name(), "tile.aic_gather");
  EXPECT_EQ(kept, (std::set<std::string>{"tile.reinterpret_view", "tile.reshape"}));
  EXPECT_EQ(permuted, (std::set<std::string>{"tile.transpose", "tile.transpose_view"}));
  EXPECT_EQ(windows, (std::set<std::string>{"tensor.read", "tile.load", "tile.store"}));
  EXPECT_EQ(LaneIndexOp().name(), "tile.get_subblock_idx");
  EXPECT_EQ(ValidShapeSetterOp().name(), "tile.set_validshape");
  EXPECT_EQ(MemoryMoveOp().name(), "tile.move");
  EXPECT_EQ(ShardOp().name(), "tile.aiv_shard");
  EXPECT_EQ(GatherOp().name(), "tile.aic_gather");
  EXPECT_EQ(PipeOp(CrossCoreRole::TPush, PipeDirection::C2V).name(), "tile.tpush_to_aiv");
  EXPECT_EQ(PipeOp(CrossCoreRole::TPop, PipeDirection::C2V).name(), "tile.tpop_from_aic");
  EXPECT_EQ(PipeOp(CrossCoreRole::TFree, PipeDirection::C2V).name(), "system.tfree_to_aic");
  EXPECT_EQ(PipeOp(CrossCoreRole::TPush, PipeDirection::V2C).name(), "tile.tpush_to_aic");
  EXPECT_EQ(PipeOp(CrossCoreRole::TPop, PipeDirection::V2C).name(), "tile.tpop_from_aiv");
  EXPECT_EQ(PipeOp(CrossCoreRole::TFree, PipeDirection::V2C).name(), "system.tfree_to_aiv");
  std::set<std::string> ramps, effects;
  for (const OpDef* d : OpRegistry::Global().All()) {
    if (d->is_position_dependent()) ramps.insert(d->name());
    if (d->has_side_effect() && d->has_result()) effects.insert(d->name());
  }
  EXPECT_EQ(ramps, (std::set<std::string>{"tile.ci", "tile.random", "tile.tri"}));
  // Effects with a result; every op without one is an effect too.
  // (The buffer handles of the pipe scaffolding reserve hardware resources, and a fence's token
  // marks an ordering point: never dropped.)
  EXPECT_EQ(effects, (std::set<std::string>{"system.fence", "system.import_peer_buffer",
                                            "system.reserve_buffer", "tile.store"}));
  // A store writes the window its tensor operand (the third) names; a load reads its first.
  EXPECT_EQ(FindOp("tile.store")->gm_window()->access, GmWindow::Access::Write);
  EXPECT_EQ(FindOp("tile.store")->gm_window()->tensor, 2u);
  EXPECT_EQ(FindOp("tile.load")->gm_window()->access, GmWindow::Access::Read);
  EXPECT_EQ(FindOp("tile.load")->gm_window()->tensor, 0u);
}

// The halving walk's per-operator rules read these instead of operator names: which operands
// describe a window, the result's shape, the swapped axes, a byte reinterpretation.
TEST(OpsFlags, HalvingTraits) {
  std::set<std::string> tile_windows, shapes, swaps, bytes;
  for (const OpDef* d : OpRegistry::Global().All()) {
    if (d->tile_window()) tile_windows.insert(d->name());
    if (d->shape_arg()) shapes.insert(d->name());
    if (d->swapped_axes_args()) swaps.insert(d->name());
    if (d->is_byte_reinterpretation()) bytes.insert(d->name());
  }
  EXPECT_EQ(tile_windows, (std::set<std::string>{"tile.extract", "tile.read", "tile.slice"}));
  EXPECT_EQ(shapes, (std::set<std::string>{"tile.ci", "tile.create", "tile.full", "tile.random",
                                           "tile.reinterpret_view", "tile.reshape", "tile.tri"}));
  EXPECT_EQ(swaps, std::set<std::string>{"tile.transpose"});
  EXPECT_EQ(bytes, std::set<std::string>{"tile.reinterpret_view"});
  EXPECT_EQ(SliceWindowOp().name(), "tile.slice");
  // Every declared position names an argument of the op.
  for (const OpDef* d : OpRegistry::Global().All()) {
    const size_t n = d->max_args();
    if (auto s = d->shape_arg()) {
      EXPECT_LT(*s, n) << d->name();
    }
    if (auto w = d->swapped_axes_args()) {
      EXPECT_LT(std::max(w->first, w->second), n) << d->name();
    }
    if (const auto& w = d->tile_window()) {
      EXPECT_LT(w->source, n) << d->name();
      EXPECT_LT(w->offsets + (w->form == TileWindow::Offsets::Scalars), n) << d->name();
      EXPECT_LT(w->extents.value_or(0), n) << d->name();
      EXPECT_LT(w->valid.value_or(0), n) << d->name();
    }
  }
  const auto& extract = FindOp("tile.extract")->tile_window();
  EXPECT_EQ(extract->form, TileWindow::Offsets::Scalars);
  EXPECT_EQ(extract->offsets, 1u);
  EXPECT_EQ(extract->extents, std::optional<size_t>(3));
  EXPECT_FALSE(FindOp("tile.read")->tile_window()->extents);
  EXPECT_TRUE(FindOp("tile.slice")->tile_window()->slice_axes);
}

TEST(OpsFlags, DeclaredAffinityOnlyWhereDocumented) {
  std::set<std::string> declared;
  for (const OpDef* d : OpRegistry::Global().All())
    if (d->declared_affinity()) declared.insert(d->name());
  // The pipe ends state their lane: transport, tfree and the scaffolding that opens a pipe.
  EXPECT_EQ(declared,
            (std::set<std::string>{
                "system.aic_initialize_pipe", "system.aiv_initialize_pipe", "system.tfree_to_aic",
                "system.tfree_to_aiv", "tile.create", "tile.get_subblock_idx", "tile.tpop_from_aic",
                "tile.tpop_from_aiv", "tile.tpush_to_aic", "tile.tpush_to_aiv"}));
  // A barrier states its lane through its core_type kwarg.
  std::set<std::string> by_kwarg;
  for (const OpDef* d : OpRegistry::Global().All())
    if (!d->affinity_table().empty()) by_kwarg.insert(d->name());
  EXPECT_EQ(by_kwarg, std::set<std::string>{"system.syncall"});
}

}  // namespace
}  // namespace tilesplit::ops::testing
