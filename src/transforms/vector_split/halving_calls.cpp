// Vector calls of the halving (halving_parts.h): the result halved on its operands' axis, the
// operands that describe it rewritten in lockstep, stores localized.
#include <array>
#include <cstdint>
#include <cstring>
#include <span>

#include "halving_parts.h"
#include "halving_rules.h"
#include "split_remarks.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/slice_axes.h"

namespace tilesplit::vector_split {

ExprPtr CallHalving::LocalizeStore(const Call& call, ir::Span span) {
  const LaneBox* info = OperandSplitInfo(ctx_, call.args[0]);
  std::vector<ExprPtr> args = call.args;
  if (info) {
    std::vector<ExprPtr> offs = TupleElems(args[1]);
    if (static_cast<size_t>(info->axis) < offs.size())
      args[1] = WithElem(
          args[1], info->axis,
          LocalizeOffset(ctx_, offs[info->axis], LaneStrideFor(ctx_, info->axis, info->box)));
  }
  return ops::Create(ops::Def(call), std::move(args), call.kwargs, span);
}

void CallHalving::EmitHalvedAsSpec(const VarPtr& var, const Call& call, ir::Span span,
                                   std::vector<StmtPtr>& out) {
  const ops::OpDef& op = ops::Def(call);
  conditions_.CheckAbsoluteIndexGate(call, span);
  windows_.CheckAddressedWindow(call, span);
  if (IsGmWrite(call)) {
    ExprPtr e = LocalizeStore(call, span);
    out.push_back(BindAs(s_.Rebind(var, e->type), e, span));
    return;
  }
  if (call.type->kind == ir::TypeKind::Tuple) return EmitHalvedTuple(var, call, span, out);
  const TileType* rt = ir::AsTileType(call.type);
  if (!rt) {
    // Scalar results (tile.read, ...) pass through with their operands rewritten.
    ExprPtr e = ops::CreateWithType(op, call.args, call.kwargs, call.type, span);
    out.push_back(BindAs(s_.Rebind(var, e->type), e, span));
    return;
  }
  // Each operand's partition, looked up once for the rule.
  std::vector<const LaneBox*> parts(call.args.size());
  for (size_t i = 0; i < call.args.size(); ++i) parts[i] = OperandSplitInfo(ctx_, call.args[i]);
  (this->*HalvingRuleOf(op).emit)(var, call, *rt, parts, span, out);
}

void CallHalving::HalveView(const VarPtr& var, const Call& call, const TileType& rt,
                            const std::vector<const LaneBox*>& parts, ir::Span span,
                            std::vector<StmtPtr>& out) {
  conditions_.CheckCombinedAxes(call, parts, span);
  conditions_.CheckBitMaskAlignment(call, span);
  views_.EmitView(var, call, rt, span, out);
}

void CallHalving::HalvePartialReduction(const VarPtr& var, const Call& call, const TileType& rt,
                                        const std::vector<const LaneBox*>& parts, ir::Span span,
                                        std::vector<StmtPtr>& out) {
  if (!EmitPartialReduction(var, call, parts, span, out))
    HalveOnResultAxis(var, call, rt, parts, span, out);
}

void CallHalving::HalveOnResultAxis(const VarPtr& var, const Call& call, const TileType& rt_ref,
                                    const std::vector<const LaneBox*>& parts, ir::Span span,
                                    std::vector<StmtPtr>& out) {
  const ops::OpDef& op = ops::Def(call);
  const TileType* rt = &rt_ref;
  conditions_.CheckCombinedAxes(call, parts, span);
  conditions_.CheckBitMaskAlignment(call, span);
  const std::string& name = call.op_name();
  int axis = ResultAxis(call, *rt, parts);
  // A rank-1 value (a rank-1 load staging a reshape) stays whole: the 2D view built from it
  // takes the per-lane slice instead.
  const bool singleton = rt->shape.size() < 2 || axis >= static_cast<int>(rt->shape.size()) ||
                         ir::IsConstInt(rt->shape[axis], 1);
  if (ops::Def(call).is_position_dependent() && !singleton)
    Reject(ctx_, span,
           name + " generates position-dependent values along the split axis (extent " +
               ir::ExprToString(rt->shape[axis]) +
               "); automatic split-axis halving of its result type alone would give both lanes the "
               "first half's values",
           "move the generator outside the automatically-halved split function, or generate a "
           "shape whose split dimension is 1");
  if (auto swapped = op.swapped_axes_args())
    conditions_.CheckTransposeHazard(call, axis, *swapped, span);
  if (singleton) {
    // A singleton split dim is a broadcast along the split: the value stays whole and neutral.
    // Its halved operands must still give that whole type (the transpose of a lane's half does
    // not: condition 1 rejects it, fuzz/registry_transpose_view_of_lane_half).
    for (const LaneBox* p : parts)
      if (p) {
        conditions_.CheckTypeConsistency(call, call.args, *rt, span, nullptr);
        break;
      }
    ExprPtr e = ops::CreateWithType(op, call.args, call.kwargs, call.type, span);
    RemarkKeptWhole(
        *var, "its extent on the split axis is 1 (or it has rank 1): a broadcast along the split");
    out.push_back(BindAs(s_.Rebind(var, e->type), e, span));
    return;
  }
  LaneBox info;
  auto half_t = HalveTypeOf(ctx_, call.type, axis, &info);
  std::vector<ExprPtr> args = RewriteShapeArgs(call, axis, info, span);
  TypePtr deduced;
  TypePtr type = TypeOfHalved(call, args, half_t, span, &deduced);
  conditions_.CheckBlindOperands(call, args, parts, axis, deduced, span);
  VarPtr v = s_.Rebind(var, type, /*fresh=*/true);
  s_.Track(v, std::move(info));
  out.push_back(BindAs(v, ops::CreateWithType(op, args, call.kwargs, type, span), span));
}

// Condition 1 through ctx.typed_calls: most calls of a body repeat an operator over operands of
// one type, and the deduction is the largest cost of the walk.
TypePtr CallHalving::TypeOfHalved(const Call& call, const std::vector<ExprPtr>& args,
                                  const std::shared_ptr<const TileType>& half_t, ir::Span span,
                                  TypePtr* deduced) {
  // The key: the operator, the halved type and each operand (two words and a tag per literal);
  // a call too wide for the buffer is not remembered.
  std::array<const void*, 32> key;
  size_t n = 0;
  bool memo = call.kwargs.empty() && 2 + 3 * args.size() <= key.size();
  if (memo) {
    key[n++] = &ops::Def(call);
    key[n++] = half_t.get();
    for (const ExprPtr& a : args) {
      if (const ir::Var* v = a ? a->As<ir::Var>() : nullptr) {
        key[n++] = ir::IsTileTyped(a) ? static_cast<const void*>(v->type.get()) : v;
        continue;
      }
      // A literal operand is its value and dtype, whatever node holds it: the same literal is a
      // new node in every statement (`pl.adds(x, 1.0)`). The tag keeps the two words that
      // follow it from being read as nodes.
      const ir::ScalarType* st = a && a->type ? a->type->As<ir::ScalarType>() : nullptr;
      const ir::ConstFloat* f = st ? a->As<ir::ConstFloat>() : nullptr;
      const ir::ConstInt* i = st ? a->As<ir::ConstInt>() : nullptr;
      if (!f && !i) {
        memo = false;
        break;
      }
      uint64_t bits = static_cast<uint64_t>(i ? i->value : 0);
      if (f) std::memcpy(&bits, &f->value, sizeof bits);
      static const char kLiteral = 0;
      key[n++] = &kLiteral;
      key[n++] = reinterpret_cast<const void*>(static_cast<uintptr_t>(bits));
      key[n++] = reinterpret_cast<const void*>(static_cast<uintptr_t>(st->dtype) * 2 + (f ? 1 : 0));
    }
  }
  const std::span<const void* const> words(key.data(), n);
  if (memo) {
    auto it = ctx_.typed_calls.find(words);
    if (it != ctx_.typed_calls.end()) {
      *deduced = it->second.deduced;
      return it->second.type;
    }
  }
  TypePtr type = conditions_.CheckTypeConsistency(call, args, *half_t, span, deduced);
  if (memo)
    ctx_.typed_calls.emplace(std::vector<const void*>(words.begin(), words.end()),
                             SplitContext::TypedCall{args, half_t, type, *deduced});
  return type;
}

// The axis a result is halved on: its partitioned operand's axis when one is tracked (so a
// migrated axis is followed), else the function's split axis.
int CallHalving::ResultAxis(const Call& call, const TileType& rt,
                            const std::vector<const LaneBox*>& parts) {
  const int rrank = static_cast<int>(rt.shape.size());
  if (ops::Def(call).is_slice_window()) {
    // The split axis is recorded in the source's (pre-drop) axes; the result is indexed after
    // the drop and the 2D clamp.
    // A partitioned source records its axis in the source's (pre-drop) axes, which the
    // result indexes only after the drop and the 2D clamp; a full-width source is halved on
    // the function's axis of the result.
    const LaneBox* in = parts[0];
    if (!in) return ctx_.split_dim;
    if (auto r = ops::SliceAxesOf(call).ResultAxis(static_cast<size_t>(in->axis)))
      return static_cast<int>(*r);
    return rrank;  // the split axis was dropped: nothing to halve
  }
  for (size_t i = 0; i < call.args.size(); ++i) {
    if (const LaneBox* in = parts[i]) {
      const TileType* t = ir::TileTypeOf(call.args[i]);
      const int shift = rrank - static_cast<int>(t->shape.size());
      return in->axis + shift;
    }
  }
  return ctx_.split_dim;
}

// A window op's operands for the lane's half of its window on `axis`: the extent is the half,
// the valid extent the lane's, and the offset moves onto the lane's band (LaneWindowOffset).
template <typename LaneValid>
void CallHalving::RewriteWindowArgs(const Call& call, const ops::TileWindow& w, int axis,
                                    const ExprPtr& half, const ExprPtr& stride,
                                    const LaneValid& lane_valid, ir::Span span,
                                    std::vector<ExprPtr>& args) {
  size_t a = static_cast<size_t>(axis);
  if (w.slice_axes) {
    auto pre_axis = ops::SliceAxesOf(call).PreDropAxis(a);
    // (a synthetic axis has extent 1, and singleton results are never halved)
    if (!pre_axis) ir::ThrowInternal(span, "halving a synthetic unit axis of " + call.op_name());
    a = *pre_axis;
  }
  if (w.form == ops::TileWindow::Offsets::Scalars && a >= 2) return;  // no operand to move
  args[*w.extents] = WithElem(args[*w.extents], a, half);
  if (w.valid && args.size() > *w.valid && args[*w.valid]) {
    std::vector<ExprPtr> vs = TupleElems(args[*w.valid]);
    if (a < vs.size()) args[*w.valid] = WithElem(args[*w.valid], a, lane_valid(vs[a]));
  }
  // A full-width source: this lane's half of the window starts L * half further on. A
  // lane-local source (CheckAddressedWindow admitted its window): a window over the whole
  // axis keeps its offset, a centred one moves back onto lane 1's band.
  if (w.form == ops::TileWindow::Offsets::Scalars) {
    args[w.offsets + a] = windows_.LaneWindowOffset(call, args[w.offsets + a], stride);
    return;
  }
  std::vector<ExprPtr> offs = TupleElems(args[w.offsets]);
  if (a < offs.size())
    args[w.offsets] =
        WithElem(args[w.offsets], a, windows_.LaneWindowOffset(call, offs[a], stride));
}

// tile.load / tile.full / tile.slice describe their result with their own operands, which must
// be rewritten in lockstep with the halved type.
std::vector<ExprPtr> CallHalving::RewriteShapeArgs(const Call& call, int axis, const LaneBox& info,
                                                   ir::Span span) {
  std::vector<ExprPtr> args = call.args;
  const ops::OpDef& op = ops::Def(call);
  const ExprPtr stride = LaneStrideFor(ctx_, axis, info.box);
  auto lane_valid = [&](const ExprPtr& full_valid) {
    return LaneValidExtent(ctx_, full_valid, info.box, stride);
  };
  if (IsGmRead(call)) {  // a load: its window into GM moves with the lane
    std::vector<ExprPtr> offs = TupleElems(args[1]);
    if (static_cast<size_t>(axis) < offs.size()) {
      args[1] = WithElem(args[1], axis, LocalizeOffset(ctx_, offs[axis], stride));
      args[2] = WithElem(args[2], axis, info.box);
      if (args.size() > 3 && args[3]) {
        std::vector<ExprPtr> vs = TupleElems(args[3]);
        if (static_cast<size_t>(axis) < vs.size())
          args[3] = WithElem(args[3], axis, lane_valid(vs[axis]));
      }
    }
  } else if (std::optional<size_t> shape = op.shape_arg()) {  // a generator's own shape
    args[*shape] = WithElem(args[*shape], axis, info.box);
  } else if (const std::optional<ops::TileWindow>& w = op.tile_window(); w && w->extents) {
    RewriteWindowArgs(call, *w, axis, info.box, stride, lane_valid, span, args);
  } else if (op.is_valid_shape_setter() && axis < 2 && OperandSplitInfo(ctx_, args[0])) {
    // The new extent is the full tile's; each lane keeps its own part of it.
    args[1 + axis] = lane_valid(args[1 + axis]);
  }
  return args;
}

// Tuple results: each element's axis is discovered by re-deducing over per-lane operands.
void CallHalving::EmitHalvedTuple(const VarPtr& var, const Call& call, ir::Span span,
                                  std::vector<StmtPtr>& out) {
  const ops::OpDef& op = ops::Def(call);
  const ir::TupleType* orig = call.type->As<ir::TupleType>();
  const ops::Deduced d = ops::TryDeduceType(op, call.args, call.kwargs, span);
  if (!d.ok())
    Reject(ctx_, span,
           "cannot halve " + call.op_name() + ": the operator refuses the per-lane operands (" +
               d.error->message() + ")",
           "keep this operation outside the split function, or give it operands whose halves "
           "satisfy its constraints");
  const TypePtr& deduced = d.type;
  const ir::TupleType* dt = deduced->As<ir::TupleType>();
  std::vector<TypePtr> elems;
  std::vector<LaneBox> infos;
  for (size_t i = 0; i < orig->elements.size(); ++i) {
    const TileType* o = ir::AsTileType(orig->elements[i]);
    const TileType* n = dt ? ir::AsTileType(dt->elements[i]) : nullptr;
    if (!o || !n || o->shape.size() != n->shape.size())
      ir::ThrowInternal(span, "tuple re-deduction changed element kinds of " + call.op_name());
    std::vector<int> moved;
    for (size_t a = 0; a < o->shape.size(); ++a)
      if (!ir::ExprEqual(o->shape[a], n->shape[a])) moved.push_back(static_cast<int>(a));
    if (moved.size() != 1)
      Reject(ctx_, span,
             call.op_name() + " result element " + std::to_string(i) + " " +
                 ir::ShapeToString(o->shape) +
                 (moved.empty() ? " does not move with the split: it would be a full-width "
                                  "output computed from per-lane operands"
                                : " moves on more than one axis under the split"),
             "use a split mode along which every result element halves, or keep this "
             "operation outside the split function");
    LaneBox info;
    auto half_t = HalveTileShape(ctx_, *o, moved[0], &info);
    if (!ir::ExprListEqual(half_t->shape, n->shape))
      Reject(ctx_, span,
             call.op_name() + " result element " + std::to_string(i) + " deduces " +
                 ir::ShapeToString(n->shape) + " from the per-lane operands, not the half " +
                 ir::ShapeToString(half_t->shape),
             "keep this operation outside the split function");
    // The element takes the re-deduced type (layouts follow the per-lane operands) with this
    // lane's valid extent.
    elems.push_back(ir::WithValid(*n, half_t->valid()));
    infos.push_back(info);
  }
  TypePtr type = ir::MakeTupleType(std::move(elems));
  VarPtr v = s_.Rebind(var, type, /*fresh=*/true);
  ctx_.facts->SetTupleBoxes(v.get(), std::move(infos));
  out.push_back(BindAs(v, ops::CreateWithType(op, call.args, call.kwargs, type, span), span));
}

}  // namespace tilesplit::vector_split
