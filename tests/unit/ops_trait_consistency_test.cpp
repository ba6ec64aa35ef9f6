// Registry-wide consistency of the operators' traits (docs/architecture.md, "Operator traits"):
// every registered operator is walked and its declarations are checked against each other and
// against what its sample call (ops_sample_calls.h) deduces, so that a forgotten or mistyped
// trait fails here, at the op, rather than as a wrong split far from it. Removing `.combines` from
// tile.row_argmax, for instance, fails OpsTraitConsistency.AnOpThatCollapsesAnAxisCombines.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include "ops_sample_calls.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops::testing {
namespace {

bool Contains(const std::vector<size_t>& v, size_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Every operand position a trait names is an argument of the op.
TEST(OpsTraitConsistency, TraitPositionsNameArguments) {
  for (const OpDef* op : OpRegistry::Global().All()) {
    SCOPED_TRACE(op->name());
    const size_t n = op->max_args();
    auto arg = [&](std::optional<size_t> p, const char* what) {
      if (p) {
        EXPECT_LT(*p, n) << what;
      }
    };
    for (size_t p : op->address_arg_positions()) arg(p, "address_args");
    for (size_t p : op->gm_operand_positions()) arg(p, "gm_operands");
    for (size_t p : op->cube_operand_positions()) arg(p, "cube_operands");
    for (const auto& [p, kind] : op->lane_invariant_args()) arg(p, "lane_invariant_arg");
    if (auto m = op->bit_mask()) {
      arg(m->first, "bit_mask_arg");
      arg(m->second, "bit_mask_arg data");
    }
    arg(op->shape_arg(), "shape_arg");
    if (auto a = op->swapped_axes_args()) {
      arg(a->first, "swaps_axes");
      arg(a->second, "swaps_axes");
    }
    arg(op->reused_input(), "reuses_input");
    arg(op->transfer_arg(), "transfer_paths");
    if (const auto& w = op->gm_window()) {
      arg(w->tensor, "gm_window tensor");
      arg(w->offsets, "gm_window offsets");
      arg(w->extents, "gm_window extents");
      arg(w->bounds, "gm_window bounds");
    }
    if (const auto& w = op->tile_window()) {
      arg(w->source, "tile_window source");
      arg(w->offsets, "tile_window offsets");
      arg(w->extents, "tile_window extents");
      arg(w->valid, "tile_window valid");
    }
  }
}

// A window op names its offset operands: the offsets of a tile window (one tuple, or a scalar
// per axis for the first two axes) address the tile, which a split makes lane-local, so they are
// address-carrying operands (admission asks address_args).
TEST(OpsTraitConsistency, AWindowOpNamesItsOffsetOperands) {
  size_t windows = 0;
  for (const OpDef* op : OpRegistry::Global().All()) {
    SCOPED_TRACE(op->name());
    const std::vector<size_t>& addr = op->address_arg_positions();
    if (const auto& w = op->tile_window()) {
      ++windows;
      EXPECT_TRUE(Contains(addr, w->offsets)) << "the window's offsets are no address_args";
      if (w->form == TileWindow::Offsets::Scalars) {
        EXPECT_TRUE(Contains(addr, w->offsets + 1)) << "the second offset is no address_arg";
      }
    }
  }
  EXPECT_GE(windows, 3u);
}

// An op whose result collapses an axis of its first tile operand to one element (a reduction)
// declares how it combines, unless another trait says what it does instead (a window, a
// reshape, a generator's shape, a boundary, a transfer). Checked on every sample call.
TEST(OpsTraitConsistency, AnOpThatCollapsesAnAxisCombines) {
  size_t collapsing = 0;
  for (const SampleCall& sc : SampleCalls()) {
    const OpDef* op = FindOp(sc.op);
    ASSERT_NE(op, nullptr) << sc.op;
    SCOPED_TRACE(sc.op);
    if (op->tile_window() || op->gm_window() || op->rectangle_change() != RectangleChange::None ||
        op->shape_arg() || op->is_boundary() || op->is_memory_move() ||
        op->cross_core_role() != CrossCoreRole::None || op->is_generator())
      continue;
    TypePtr t = DeduceType(*op, sc.args, sc.kwargs);
    const auto* result = t ? t->As<ir::TileType>() : nullptr;
    const ir::TileType* operand = nullptr;
    for (const ExprPtr& a : sc.args)
      if (a && a->type && (operand = a->type->As<ir::TileType>())) break;
    if (!result || !operand || result->shape.size() != operand->shape.size()) continue;
    bool collapses = false;
    for (size_t d = 0; d < result->shape.size(); ++d) {
      auto r = ir::AsConstInt(result->shape[d]), o = ir::AsConstInt(operand->shape[d]);
      collapses |= r && o && *r == 1 && *o > 1;
    }
    if (!collapses) continue;
    ++collapsing;
    EXPECT_TRUE(op->has_combined_axes()) << "collapses an axis but declares no .combines(...)";
  }
  EXPECT_GE(collapsing, 8u);  // the row and column reductions at least
}

// The split extension for a reduction on the split axis combines the lanes' partials with the op
// itself: an op declaring that its partials combine exactly must combine its operand along one
// axis only (a partial over one lane's band of a tile combined on every axis is no partial of the
// result). Removing the declaration from tile.row_max fails the count.
TEST(OpsTraitConsistency, AnOpWhosePartialsCombineExactlyReducesOneOperandOnOneAxis) {
  size_t exact = 0;
  for (const OpDef* op : OpRegistry::Global().All()) {
    if (!op->combines_partials_exactly()) continue;
    ++exact;
    SCOPED_TRACE(op->name());
    EXPECT_TRUE(op->has_combined_axes()) << "declares exact partials but combines nothing";
    EXPECT_FALSE(op->CombinesAlong(0, 2, 0, 2) && op->CombinesAlong(0, 2, 1, 2))
        << "combines both axes: a partial of one lane's band is no partial of the result";
  }
  EXPECT_EQ(exact, 4u);  // row_max, row_min, col_max, col_min; the sums are not exact
}

// Traits that come in pairs, and the kwargs a trait implies.
TEST(OpsTraitConsistency, PairedTraitsAndTheirKwargs) {
  for (const OpDef* op : OpRegistry::Global().All()) {
    SCOPED_TRACE(op->name());
    // A pipe end works one pipe, and an op on a pipe is one of its ends.
    EXPECT_EQ(op->cross_core_role() != CrossCoreRole::None,
              op->pipe_direction() != PipeDirection::None);
    if (op->has_combined_axes()) {
      EXPECT_FALSE(op->combine_verb().empty()) << ".combines verb";
    }
    if (op->is_position_dependent()) {
      EXPECT_TRUE(op->is_generator()) << "position_dependent";
    }
    if (op->is_lane_index()) {
      EXPECT_EQ(op->declared_affinity(), CoreAffinity::VECTOR);
    }
    // `split` is a split mode on a boundary and a transport code on a pipe op; nowhere else.
    const KwargSpec* split = op->find_kwarg("split");
    if (op->is_boundary()) {
      ASSERT_NE(split, nullptr) << "a boundary takes its split mode";
      EXPECT_EQ(split->kind, KwargKind::SplitMode);
      EXPECT_TRUE(split->required);
    } else if (op->cross_core_role() != CrossCoreRole::None) {
      ASSERT_NE(split, nullptr) << "a pipe op takes its transport code";
      EXPECT_EQ(split->kind, KwargKind::TransportCode);
    }
    for (const KwargSpec& k : op->kwargs()) {
      if (k.kind == KwargKind::SplitMode) {
        EXPECT_TRUE(op->is_boundary()) << k.name;
      }
      if (k.kind == KwargKind::TransportCode) {
        EXPECT_NE(op->cross_core_role(), CrossCoreRole::None) << k.name;
      }
    }
  }
}

// A GM operand is a tensor in the sample call; a cube operand is one of them (the op loads it into
// Mat itself, so it is not a tile at entry); a tensor-level GM window is one of its GM operands;
// an op whose memory follows its operand has a first operand and a result.
TEST(OpsTraitConsistency, GmAndCubeOperandsAreTensors) {
  size_t checked = 0;
  for (const SampleCall& sc : SampleCalls()) {
    const OpDef* op = FindOp(sc.op);
    ASSERT_NE(op, nullptr) << sc.op;
    SCOPED_TRACE(sc.op);
    for (size_t p : op->gm_operand_positions()) {
      ++checked;
      ASSERT_LT(p, sc.args.size());
      EXPECT_NE(sc.args[p]->type->As<ir::TensorType>(), nullptr) << "GM operand " << p;
    }
    for (size_t p : op->cube_operand_positions()) {
      EXPECT_TRUE(op->addresses_gm_operand(p)) << "cube operand " << p << " is no GM operand";
    }
    if (const auto& w = op->gm_window(); w && !op->gm_operand_positions().empty()) {
      EXPECT_TRUE(op->addresses_gm_operand(w->tensor)) << "the GM window's tensor";
    }
    if (op->has_memory_following_operand()) {
      EXPECT_GE(op->min_args(), 1u);
      EXPECT_TRUE(op->has_result());
    }
  }
  EXPECT_GE(checked, 10u);
}

// A tensor op's tile form (convert-tensor-to-tile-ops asks it instead of the op's name): every
// tensor op declares one and no tile op does; the tile ops it names are registered tile ops; an
// op form's tile op takes the tensor op's operands, plus the scratch tile where the form gives
// one; a row-broadcast variant takes two operands. Leaving `.tile_form` off a tensor op, or
// misspelling a tile op in it, fails here.
TEST(OpsTraitConsistency, ATensorOpsTileFormNamesRegisteredTileOps) {
  using Kind = TileForm::Kind;
  size_t forms = 0;
  for (const OpDef* op : OpRegistry::Global().All()) {
    SCOPED_TRACE(op->name());
    const bool tensor_op =
        op->name().rfind("tensor.", 0) == 0 || op->name().rfind("pld.tensor.", 0) == 0;
    const TileForm* form = op->tile_form();
    EXPECT_EQ(form != nullptr, tensor_op) << (tensor_op ? "no .tile_form" : "a tile form");
    if (!form) continue;
    ++forms;
    const bool names_op = form->kind != Kind::None && form->kind != Kind::Write &&
                          form->kind != Kind::View && form->kind != Kind::Keep;
    EXPECT_EQ(!form->op.empty(), names_op) << TileFormKindName(form->kind);
    auto tile_op = [](const std::string& name) -> const OpDef* {
      const OpDef* t = FindOp(name);
      EXPECT_NE(t, nullptr) << name << " is not registered";
      if (t) {
        EXPECT_EQ(t->tile_form(), nullptr) << name << " is no tile op";
      }
      return t;
    };
    const OpDef* to = names_op ? tile_op(form->op) : nullptr;
    const bool op_form = form->kind == Kind::Op || form->kind == Kind::Reinterpret;
    if (to && op_form) {
      // The tile op needs no operand the form does not give, and takes every one it gives.
      const size_t extra = form->scratch == TileForm::Scratch::None ? 0 : 1;
      EXPECT_LE(to->min_args(), op->min_args() + extra) << form->op << " needs more operands";
      EXPECT_LE(op->max_args() + extra, to->max_args()) << form->op << " takes fewer operands";
      if (extra) {
        // The scratch follows the operands, at one position: the tensor op has no optional one,
        // or the tile op is variadic and takes it last at every arity (a merge's tmp).
        EXPECT_FALSE(form->scratch_name.empty());
        if (!to->is_variadic()) {
          EXPECT_EQ(op->min_args(), op->max_args()) << "a scratch after optional operands";
        }
      } else {
        EXPECT_TRUE(form->scratch_name.empty());
      }
    } else {
      EXPECT_EQ(form->scratch, TileForm::Scratch::None) << "a scratch outside an op form";
    }
    // A row-broadcast variant: of an op form (two operands), or the row expansion of a
    // broadcast into a target.
    if (!form->row_broadcast.empty()) {
      EXPECT_TRUE(form->kind == Kind::Op || form->kind == Kind::BroadcastInto);
      EXPECT_EQ(op->max_args(), 2u);
      if (const OpDef* rb = tile_op(form->row_broadcast)) {
        EXPECT_LE(rb->min_args(), 2u) << form->row_broadcast;
        EXPECT_GE(rb->max_args(), 2u) << form->row_broadcast;
      }
    }
  }
  EXPECT_GE(forms, 60u);
}

// Each op form's tile op types the tensor op's sample call with its tensors as Vec tiles (and the
// scratch the form gives): the same shape as the tensor result. A row-broadcast variant types
// an [M, N] tile with an [M, 1] column.
TEST(OpsTraitConsistency, ATileFormTypesTheSampleCall) {
  auto as_tile = [](const ExprPtr& e, std::optional<ir::ExprPtr> last = std::nullopt) {
    const auto* t = e->type->As<ir::TensorType>();
    std::vector<ExprPtr> shape = t->shape;
    if (last) shape.back() = *last;
    return Tile(shape, t->dtype, MemorySpace::Vec);
  };
  size_t typed = 0;
  for (const SampleCall& sc : SampleCalls()) {
    const OpDef* op = FindOp(sc.op);
    ASSERT_NE(op, nullptr) << sc.op;
    const TileForm* form = op->tile_form();
    if (!form || (form->kind != TileForm::Kind::Op && form->kind != TileForm::Kind::Reinterpret))
      continue;
    SCOPED_TRACE(sc.op);
    const OpDef* to = FindOp(form->op);
    ASSERT_NE(to, nullptr) << form->op;
    // An operand the op addresses in GM itself stays a tensor (a remote store's target window).
    std::vector<ExprPtr> args;
    for (size_t i = 0; i < sc.args.size(); ++i) {
      const ExprPtr& a = sc.args[i];
      const bool tensor = a && a->type && a->type->As<ir::TensorType>();
      args.push_back(tensor && !op->addresses_gm_operand(i) ? as_tile(a) : a);
    }
    if (form->scratch == TileForm::Scratch::LikeOperand) args.push_back(as_tile(sc.args[0]));
    if (form->scratch == TileForm::Scratch::RowPadded128) {
      const auto& shape = sc.args[0]->type->As<ir::TensorType>()->shape;
      const int64_t n = *ir::AsConstInt(shape.back());
      args.push_back(as_tile(sc.args[0], I((n + 127) / 128 * 128)));
    }
    if (form->scratch == TileForm::Scratch::SumOfLastAxes) {
      int64_t n = 0;
      for (const ExprPtr& a : sc.args)
        n += *ir::AsConstInt(a->type->As<ir::TensorType>()->shape.back());
      args.push_back(as_tile(sc.args[0], I(n)));
    }
    TypePtr tensor_result = DeduceType(*op, sc.args, sc.kwargs);
    TypePtr tile_result;
    EXPECT_NO_THROW(tile_result = DeduceType(*to, args, sc.kwargs)) << form->op;
    if (!tile_result) continue;
    ++typed;
    const auto* rt = tensor_result->As<ir::TensorType>();
    const auto* tt = tile_result->As<ir::TileType>();
    if (rt && tt) {
      EXPECT_TRUE(ir::TypeEqual(ir::MakeTensorType(tt->shape, tt->dtype),
                                ir::MakeTensorType(rt->shape, rt->dtype)))
          << ir::TypeToString(tile_result) << " vs " << ir::TypeToString(tensor_result);
    }
    if (!form->row_broadcast.empty()) {
      const OpDef* rb = FindOp(form->row_broadcast);
      ASSERT_NE(rb, nullptr);
      const auto* l = sc.args[0]->type->As<ir::TensorType>();
      const ExprPtr col = Tile({l->shape[0], I(1)}, l->dtype, MemorySpace::Vec);
      EXPECT_NO_THROW(DeduceType(*rb, {as_tile(sc.args[0]), col}, sc.kwargs))
          << form->row_broadcast;
    }
  }
  EXPECT_GE(typed, 50u);
}

}  // namespace
}  // namespace tilesplit::ops::testing
