// The halving walk's public entry points and the helpers its pieces share (halving.h,
// halving_parts.h). See docs/split-lowering.md for the rules and their reasons.
#include "halving.h"

#include <algorithm>

#include "crossing_rules.h"
#include "halving_parts.h"
#include "split_remarks.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/lane.h"

namespace tilesplit::vector_split {

using analysis::CoreAffinity;

std::string ArgLabel(const ops::OpDef& op, size_t i) {
  if (i < op.args().size()) return op.args()[i].name;
  return "#" + std::to_string(i);
}

// "operand 'mask'" or, when the value's name differs from the argument's, "operand 'mask' ('m')".
std::string OperandRef(const ops::OpDef& op, size_t i, const ExprPtr& value) {
  std::string label = ArgLabel(op, i), name = OperandName(value);
  return "operand " + Quote(label) + (label == name ? "" : " (" + Quote(name) + ")");
}

std::vector<ExprPtr> TupleElems(const ExprPtr& e) {
  if (e)
    if (const ir::MakeTuple* t = e->As<ir::MakeTuple>()) return t->elements;
  return {};
}

ExprPtr WithElem(const ExprPtr& tuple, size_t i, ExprPtr v) {
  std::vector<ExprPtr> elems = TupleElems(tuple);
  if (i >= elems.size()) return tuple;
  elems[i] = std::move(v);
  return ir::MakeTupleExpr(std::move(elems), tuple->span);
}

[[noreturn]] void Reject(const SplitContext& ctx, ir::Span span, const std::string& msg,
                         const std::string& fix) {
  ir::ThrowUser(span, "LowerAutoVectorSplit: " + msg, {{ir::Span{}, fix}});
}

namespace {

// The copy a detached walk makes of input expressions and types (SplitContext::detach): every
// node rebuilt, variables resolved through the replacements, free variables kept as
// ir::DeepClone keeps them.
class Detacher : public ir::IRMutator {
 public:
  explicit Detacher(const SplitContext& ctx)
      : IRMutator(/*always_rebuild=*/true), map_(ctx.replacements), memo_(ctx.detached_types) {}

  ir::TypePtr MutateType(const ir::TypePtr& t) override {
    if (!t || t->kind == ir::TypeKind::Scalar) return t;
    auto it = memo_.find(t.get());
    if (it != memo_.end()) return it->second.second;
    ir::TypePtr out = IRMutator::MutateType(t);
    if (ConstantGeometry(*t)) memo_.emplace(t.get(), std::make_pair(t, out));
    return out;
  }

 protected:
  ExprPtr MutateVar(const VarPtr& v) override {
    const ExprPtr* to = map_.Find(v.get());
    return to ? *to : v;
  }
  VarPtr MutateVarDef(const VarPtr& v) override {
    ir::ThrowInternal(v->span, "split_axis: a definition reached the expression copier");
  }

 private:
  const ir::FlatVarMap& map_;
  std::unordered_map<const ir::Type*, std::pair<ir::TypePtr, ir::TypePtr>>& memo_;

  static bool AllConstant(const std::vector<ExprPtr>& es) {
    for (const ExprPtr& e : es)
      if (!ir::AsConstInt(e)) return false;
    return true;
  }
  static bool ConstantGeometry(const ir::Type& t) {
    if (const ir::TileType* tt = t.As<ir::TileType>())
      return AllConstant(tt->shape) &&
             (!tt->view || (AllConstant(tt->view->valid_shape) && AllConstant(tt->view->stride) &&
                            !tt->view->start_offset));
    if (const ir::TensorType* tt = t.As<ir::TensorType>())
      return AllConstant(tt->shape) &&
             (!tt->view || (AllConstant(tt->view->valid_shape) && AllConstant(tt->view->stride)));
    return false;  // a tuple: its elements are looked up one by one
  }
};

}  // namespace

ir::TypePtr DetachType(const SplitContext& ctx, const ir::TypePtr& t) {
  if (!ctx.detach || !t) return t;
  return Detacher(ctx).MutateType(t);
}

VarPtr DetachDef(SplitContext& ctx, const VarPtr& v) {
  VarPtr fresh = ir::MakeVar(v->name, DetachType(ctx, v->type), v->span);
  ctx.replacements.InsertOrAssign(v.get(), fresh);
  return fresh;
}

const LaneBox* OperandSplitInfo(const SplitContext& ctx, const ExprPtr& operand) {
  return ctx.facts->BoxOf(operand);
}

ExprPtr ComputeHalfDimSize(const ExprPtr& n) {
  if (auto c = ir::AsConstInt(n)) return ir::MakeConstInt(ops::LaneHalf(*c), *ir::ScalarDType(n));
  return ir::MakeBinary(ir::BinaryOp::FloorDiv, n, ir::Index(2));
}

ExprPtr LaneStrideFor(const SplitContext& ctx, int axis, const ExprPtr& half) {
  if (ctx.lane_stride && axis == ctx.split_dim) return ir::Index(*ctx.lane_stride);
  return half;
}

ExprPtr LaneValidExtent(const SplitContext& ctx, const ExprPtr& valid, const ExprPtr& half,
                        const ExprPtr& stride) {
  return LaneExtent(ctx.lane, valid, stride);
}

ExprPtr LocalizeOffset(const SplitContext& ctx, const ExprPtr& offset, const ExprPtr& stride) {
  // An author's offset, 0 included, is moved by the lane's band start and keeps its own term
  // (`0 + subblock_idx * 64`), as the spec and PyPTO print it.
  return ir::Add(offset, ir::Mul(ctx.lane, stride));
}

std::shared_ptr<const TileType> HalveTileShape(const SplitContext& ctx, const TileType& t, int axis,
                                               LaneBox* info) {
  std::vector<ExprPtr> shape = t.shape;
  std::vector<ExprPtr> valid = t.valid();
  ExprPtr half = ComputeHalfDimSize(shape[axis]);
  ExprPtr stride = LaneStrideFor(ctx, axis, half);
  if (info) *info = LaneBox{axis, half, shape[axis], valid[axis]};
  valid[axis] = LaneValidExtent(ctx, valid[axis], half, stride);
  shape[axis] = half;
  if (ir::ExprListEqual(valid, shape)) valid.clear();
  return ir::WithShape(t, std::move(shape), std::move(valid));
}

std::shared_ptr<const TileType> HalveTypeOf(SplitContext& ctx, const TypePtr& t, int axis,
                                            LaneBox* info) {
  auto it = ctx.halved_types.find(t.get());
  if (it != ctx.halved_types.end() && it->second.axis == axis) {
    if (info) *info = it->second.info;
    return it->second.half;
  }
  LaneBox own;
  std::shared_ptr<const TileType> half = HalveTileShape(ctx, *ir::AsTileType(t), axis, &own);
  if (info) *info = own;
  ctx.halved_types[t.get()] = SplitContext::HalvedType{t, axis, half, std::move(own)};
  return half;
}

int ReducedPartOnSplitAxis(const Call& call, int axis,
                           const std::function<bool(const ExprPtr&)>& per_lane) {
  const ops::OpDef& op = ops::Def(call);
  if (!op.has_combined_axes()) return -1;
  for (size_t i = 0; i < call.args.size(); ++i) {
    const TileType* t = ir::TileTypeOf(call.args[i]);
    if (t && op.CombinesAlong(i, call.args.size(), axis, static_cast<int>(t->shape.size())) &&
        per_lane(call.args[i]))
      return static_cast<int>(i);
  }
  return -1;
}

size_t SplitContext::WordsHash::operator()(std::span<const void* const> words) const {
  size_t h = words.size();
  for (const void* w : words)
    h = (h ^ reinterpret_cast<uintptr_t>(w)) * 0x9E3779B97F4A7C15ull + (h >> 29);
  return h;
}

VarPtr MakeLaneVar(ir::NameGenerator& names, const std::string& hint) {
  return ir::MakeVar(names.Fresh(hint), ir::MakeScalarType(ir::DataType::INDEX));
}

ExprPtr HalvingState::Sub(const ExprPtr& e) const {
  if (!e) return e;
  if (ctx.detach) return Detacher(ctx).MutateExpr(e);
  return ir::Substitute(e, ctx.replacements);
}

VarPtr HalvingState::Rebind(const VarPtr& old, const TypePtr& type, bool fresh, bool deduced) {
  TypePtr t = type;
  if (!deduced) {
    auto [it, added] = ctx.declared_layouts.try_emplace({old->type.get(), type.get()});
    if (added) it->second = {old->type, type, ir::WithDeclaredLayout(old->type, type)};
    t = it->second.result;
  }
  return vector_split::Rebind(old, t, ctx.replacements, fresh || ctx.detach);
}

void HalvingState::Track(const VarPtr& v, LaneBox info) {
  RemarkLaneLocal(*v, info);
  ctx.facts->SetBox(v.get(), std::move(info));
}

bool HalvingState::EmitLaneBand(const VarPtr& var, const VarPtr& whole, const TileType& rt,
                                int axis, ir::Span span, std::vector<StmtPtr>& out) {
  const std::optional<int64_t> extent = ir::AsConstInt(rt.shape[axis]);
  if (!extent) return false;
  LaneBox info;
  const std::shared_ptr<const TileType> half_t = HalveTileShape(ctx, rt, axis, &info);
  // An odd extent (15 rows: bands of 8 and 7) leaves lane 1's band one row past the tile. With
  // the split extensions the whole tile is first padded to twice the band (tile.fillpad_expand,
  // a vector op), so both bands lie inside it, and each band states its lane's valid extent of
  // the tile's valid one: the pad row is never valid.
  const bool odd = *extent % 2 != 0;
  ExprPtr source = whole;
  if (odd) {
    const ops::OpDef* pad = ops::FindOp("tile.fillpad_expand");
    if (!ctx.extensions || ctx.lane_stride || !pad || rt.shape.size() != 2 ||
        rt.memory != ir::MemorySpace::Vec)
      return false;
    std::vector<ExprPtr> padded = rt.shape;
    padded[axis] = ir::Index(2 * ops::LaneHalf(*extent));
    ExprPtr call = ops::Create(*pad, {whole, ir::MakeTupleExpr(std::move(padded))}, {}, span);
    VarPtr p = ir::MakeVar(FreshName(var->name + "_padded"), call->type, var->span);
    out.push_back(BindAs(p, call, span));
    source = p;
  }
  std::vector<ExprPtr> shape = rt.shape, offs;
  shape[axis] = info.box;
  for (size_t i = 0; i < rt.shape.size(); ++i) offs.push_back(ir::Index(0));
  // The slice is the pass's own, so its offset is the lane's band start with no author term.
  offs[axis] = ir::Mul(ctx.lane, LaneStrideFor(ctx, axis, info.box));
  std::vector<ExprPtr> args = {source, ir::MakeTupleExpr(shape), ir::MakeTupleExpr(offs)};
  // A slice without a valid shape is valid in full: a band of a tile with narrowed valid extents
  // (runtime rows, say) states its lane's part of them, or the band's invalid cells would be
  // read as data (a reduction over them is poison where the whole tile's is defined).
  bool narrowed = false;
  const std::vector<ExprPtr> valid = rt.valid();
  for (size_t i = 0; i < rt.shape.size() && i < valid.size(); ++i)
    narrowed = narrowed || !ir::ExprEqual(valid[i], rt.shape[i]);
  if (odd || narrowed) args.push_back(ir::MakeTupleExpr(half_t->valid()));
  ExprPtr slice = ops::Create(ops::SliceWindowOp(), std::move(args), {}, span);
  const TileType* st = ir::TileTypeOf(slice);
  VarPtr v = ir::MakeVar(var->name, slice->type, var->span);
  ctx.replacements.InsertOrAssign(var.get(), v);
  info.box = st->shape[axis];
  Track(v, std::move(info));
  out.push_back(BindAs(v, slice, span));
  if (odd)
    RemarkExtension(*v, "padded band",
                    "has the odd extent " + std::to_string(*extent) + " on the split axis " +
                        std::to_string(axis) + ": the whole tile is padded to " +
                        std::to_string(2 * ops::LaneHalf(*extent)) +
                        " and each lane takes its band of it (lane 1's last row is the pad)",
                    "a tile.fillpad_expand of the whole tile on both lanes");
  return true;
}

std::string HalvingState::FreshName(const std::string& hint) {
  if (ctx.names) return ctx.names->Fresh(hint);
  if (!own_names_) own_names_.emplace();
  return own_names_->Fresh(hint);
}

namespace {

void CheckNoCubeTileHalvedIn(const StmtPtr& s, const SplitContext& ctx) {
  if (!s) return;
  if (!ir::IsLeafStmt(*s)) {
    // Loops and branches are looked into; scopes and regions do not occur in a split body.
    ir::ForEachChild(*s, ir::kWalkOutsideScopes,
                     [&](const StmtPtr& c) { CheckNoCubeTileHalvedIn(c, ctx); });
    return;
  }
  const Call* c = analysis::TopLevelCall(*s);
  if (!c || analysis::ClassifyCallAffinity(*c) != CoreAffinity::CUBE) return;
  const ir::AssignStmt* as = s->As<ir::AssignStmt>();
  const std::string where = as ? "in the statement defining " + Quote(as->var->name) : "here";
  for (const ExprPtr& a : c->args)
    if (OperandSplitInfo(ctx, a))
      ir::ThrowInternal(s->span, "LowerAutoVectorSplit: cube operation " + c->op_name() + " " +
                                     where + " consumes the halved tile " +
                                     Quote(ir::ExprToString(a)));
  if (as && OperandSplitInfo(ctx, as->var))
    ir::ThrowInternal(s->span, "LowerAutoVectorSplit: cube operation " + c->op_name() + " " +
                                   where + " produces a halved tile");
}

}  // namespace

void CheckNoCubeTileHalved(const std::vector<StmtPtr>& body, const SplitContext& ctx) {
  for (const StmtPtr& s : body) CheckNoCubeTileHalvedIn(s, ctx);
}

std::vector<StmtPtr> ProcessStmts(const std::vector<StmtPtr>& stmts, SplitContext& ctx) {
  return Halver(ctx).Stmts(stmts);
}

StmtPtr ProcessStmt(const StmtPtr& stmt, SplitContext& ctx) {
  return Halver(ctx).One(stmt);
}

}  // namespace tilesplit::vector_split
