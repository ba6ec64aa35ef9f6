// Windows addressed in a lane-local tile (halving_parts.h): a slice, extract or indexed read of
// a tile each lane holds one band of.
#include <algorithm>

#include "halving_parts.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::vector_split {

using analysis::CoreAffinity;

// The window an addressing op reads on axis `axis` of its source, when the registry declares its
// tile window (slice, extract, read); nullopt for any other op.
std::optional<WindowRules::AddressedWindow> WindowRules::WindowOn(const Call& call, int axis) {
  const std::optional<ops::TileWindow>& w = ops::Def(call).tile_window();
  if (!w) return std::nullopt;
  const size_t a = static_cast<size_t>(axis);
  auto elem = [](const ExprPtr& tuple, size_t i) -> ExprPtr {
    std::vector<ExprPtr> e = TupleElems(tuple);
    return i < e.size() ? e[i] : nullptr;
  };
  const size_t last =
      std::max(w->offsets + (w->form == ops::TileWindow::Offsets::Scalars), w->extents.value_or(0));
  if (call.args.size() <= last) return std::nullopt;
  ExprPtr extent = w->extents ? elem(call.args[*w->extents], a) : ir::Index(1);
  if (w->form == ops::TileWindow::Offsets::Tuple)
    return AddressedWindow{w->source, elem(call.args[w->offsets], a), extent};
  if (a >= 2) return std::nullopt;
  return AddressedWindow{w->source, call.args[w->offsets + a], extent};
}

WindowRules::WindowFit WindowRules::Fit(const AddressedWindow& w, const LaneBox& src) const {
  auto o = ir::AsConstInt(w.offset), n = ir::AsConstInt(w.extent);
  auto b = ir::AsConstInt(src.full_box), h = ir::AsConstInt(src.box);
  if (!o || !n || !b || !h) return WindowFit::Misaligned;
  if (*o == 0 && *n == *b) return WindowFit::Whole;
  if (!ctx_.lane_stride && *b == 2 * *h && *n > 0 && *n % 2 == 0 && *o + *n / 2 == *h)
    return WindowFit::Centred;
  return WindowFit::Misaligned;
}

// The addressed source operand of an op with address_args that is lane-local, if any (the
// operand a DPS op writes into is its destination, not an addressed source).
std::optional<size_t> WindowRules::LaneLocalAddressedSource(const Call& call) const {
  const ops::OpDef& op = ops::Def(call);
  if (op.address_arg_positions().empty()) return std::nullopt;
  for (size_t i = 0; i < call.args.size(); ++i) {
    if (op.reused_input() == i || !ir::TileTypeOf(call.args[i])) continue;
    if (OperandSplitInfo(ctx_, call.args[i])) return i;
  }
  return std::nullopt;
}

std::optional<size_t> WindowRules::MisalignedSource(const Call& call) const {
  std::optional<size_t> src = LaneLocalAddressedSource(call);
  if (!src || !call.args[*src]->As<ir::Var>()) return std::nullopt;
  if (analysis::ClassifyCallAffinity(call) != CoreAffinity::VECTOR) return std::nullopt;
  const LaneBox& info = *OperandSplitInfo(ctx_, call.args[*src]);
  const std::optional<AddressedWindow> w = WindowOn(call, info.axis);
  if (!w || w->source != *src || Fit(*w, info) != WindowFit::Misaligned) return std::nullopt;
  // From the whole tile, lane L reads [o + L * ceil(n / 2), ...) of ceil(n / 2) cells: inside the
  // source when n is even (the window is) or 1 (not halved); an odd n needs room for the pad.
  const std::optional<int64_t> n = ir::AsConstInt(w->extent);
  if (!n) return std::nullopt;
  if (*n % 2 == 1 && *n != 1) {
    const std::optional<int64_t> o = ir::AsConstInt(w->offset);
    const std::optional<int64_t> box = ir::AsConstInt(info.full_box);
    if (!o || !box || *o + *n + 1 > *box) return std::nullopt;
  }
  return src;
}

// An addressing op over a lane-local tile reads coordinates of the full tile, which each lane
// holds only one band of. Windows that fit are translated by RewriteShapeArgs; anything else
// would read the other lane's rows from this lane's band, so it is rejected.
void WindowRules::CheckAddressedWindow(const Call& call, ir::Span span) const {
  std::optional<size_t> src = LaneLocalAddressedSource(call);
  if (!src) return;
  const LaneBox& info = *OperandSplitInfo(ctx_, call.args[*src]);
  const std::optional<AddressedWindow> w = WindowOn(call, info.axis);
  const bool tile_result = ir::AsTileType(call.type) != nullptr;
  const bool vector = analysis::ClassifyCallAffinity(call) == CoreAffinity::VECTOR;
  if (w && w->source == *src && tile_result && vector && Fit(*w, info) != WindowFit::Misaligned)
    return;
  const ops::OpDef& op = ops::Def(call);
  const std::string axis = std::to_string(info.axis);
  std::string where;
  if (w && w->offset && w->extent)
    where = " reads [" + ir::ExprToString(w->offset) + ", " + ir::ExprToString(w->offset) + " + " +
            ir::ExprToString(w->extent) + ") of axis " + axis;
  else
    where = " addresses axis " + axis + " (argument(s) " + [&] {
      std::string l;
      for (size_t p : op.address_arg_positions())
        l += (l.empty() ? "" : ", ") + Quote(ArgLabel(op, p));
      return l;
    }() + ")";
  const std::string box = ir::ExprToString(info.full_box), half = ir::ExprToString(info.box);
  if (!vector)
    Reject(ctx_, span,
           call.op_name() + where + " of " + OperandRef(op, *src, call.args[*src]) +
               " into cube memory, but the split halved that operand: the cube holds no lane's "
               "band",
           "move the value to the cube first (a tile.move to Mat, which the split turns into a "
           "gather of both lanes' halves), and address the gathered tile");
  Reject(ctx_, span,
         call.op_name() + where + " of " + OperandRef(op, *src, call.args[*src]) +
             ", which the split halved on that axis (box " + box + ": lane 0 holds [0, " + half +
             "), lane 1 [" + half + ", " + box +
             ")); the window is not lane-aligned, so a lane would read rows it does not hold",
         "address a value both lanes hold in full (load the window from its tensor, or take "
         "it before the split), or use a window that spans the whole axis [0, " +
             box + ") or is centred on the lane boundary (offset " + half + " - extent / 2)");
}

// The lane's offset of a window (RewriteWindowArgs).
ExprPtr WindowRules::LaneWindowOffset(const Call& call, const ExprPtr& offset,
                                      const ExprPtr& stride) const {
  const LaneBox* src = OperandSplitInfo(ctx_, call.args[0]);
  if (!src) return LocalizeOffset(ctx_, offset, stride);
  std::optional<AddressedWindow> w = WindowOn(call, src->axis);
  if (!w || Fit(*w, *src) != WindowFit::Centred) return offset;
  return ir::Sub(offset, ir::Mul(ctx_.lane, offset));
}

}  // namespace tilesplit::vector_split
