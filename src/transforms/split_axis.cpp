// Per-op halving on the split axis (the shared machinery of include/tilesplit/transforms/
// split_axis.h). See docs/split-lowering.md for the rules and their reasons.
#include "tilesplit/transforms/split_axis.h"

#include <algorithm>

#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/slice_axes.h"
#include "tilesplit/ops/split_code.h"
#include "tilesplit/transforms/split_remarks.h"

namespace tilesplit::split_axis {

using analysis::CoreAffinity;
using ir::Call;
using ir::TileType;
using ir::TypePtr;

int SplitDimension(ir::SplitMode mode) {
  switch (mode) {
    case ir::SplitMode::UpDown:
      return 0;
    case ir::SplitMode::LeftRight:
      return 1;
    case ir::SplitMode::None:
      break;
  }
  ir::ThrowInternal({}, "SplitDimension asked for SplitMode.NONE, which has no split axis");
}

namespace {

std::string Q(const std::string& s) {
  return "'" + s + "'";
}

std::string OperandName(const ExprPtr& e) {
  if (!e) return "<absent>";
  if (const ir::Var* v = e->As<ir::Var>()) return v->name;
  return ir::ExprToString(e);
}

std::string ArgLabel(const ops::OpDef& op, size_t i) {
  if (i < op.args().size()) return op.args()[i].name;
  return "#" + std::to_string(i);
}

// "operand 'mask'" or, when the value's name differs from the argument's, "operand 'mask' ('m')".
std::string OperandRef(const ops::OpDef& op, size_t i, const ExprPtr& value) {
  std::string label = ArgLabel(op, i), name = OperandName(value);
  return "operand " + Q(label) + (label == name ? "" : " (" + Q(name) + ")");
}

std::optional<int64_t> CeilHalf(const ExprPtr& n) {
  auto c = ir::AsConstInt(n);
  if (!c) return std::nullopt;
  return (*c + 1) / 2;
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

// A call writing a GM window (a store): the lane's part of it is localized.
bool IsGmWrite(const Call& c) {
  const auto& w = ops::Def(c).gm_window();
  return w && w->access == ops::GmWindow::Access::Write;
}

// A call reading a GM window into a tile (a load).
bool IsGmRead(const Call& c) {
  const auto& w = ops::Def(c).gm_window();
  return w && w->access == ops::GmWindow::Access::Read && ir::AsTileType(c.type);
}

// A user's own lane query (tile.get_subblock_idx) anywhere in an expression.
class LaneQueryFinder : public ir::IRVisitor {
 public:
  bool found = false;

  void VisitExpr(const ExprPtr& e) override {
    if (e && e->kind != ir::ExprKind::Var) ir::IRVisitor::VisitExpr(e);
  }

 protected:
  void VisitCall(const Call& c) override {
    if (ops::Def(c).is_lane_index()) found = true;
    ir::IRVisitor::VisitCall(c);
  }
  // A type holds no address: a lane query in an extent came from an operand, which is visited.
  // Skipping types, and variables (the base class copies a pointer for each), keeps this check,
  // which runs on every statement, cheap.
  void VisitType(const ir::TypePtr&) override {}
};

// The copy a detached walk makes of input expressions and types (SplitContext::detach): every
// node rebuilt, variables resolved through the replacements, free variables kept as
// ir::DeepClone keeps them.
class Detacher : public ir::IRMutator {
 public:
  explicit Detacher(const ir::VarMap& m) : IRMutator(/*always_rebuild=*/true), map_(m) {}

 protected:
  ExprPtr MutateVar(const VarPtr& v) override {
    auto it = map_.find(v.get());
    return it == map_.end() ? v : it->second;
  }
  VarPtr MutateVarDef(const VarPtr& v) override {
    ir::ThrowInternal(v->span, "split_axis: a definition reached the expression copier");
  }

 private:
  const ir::VarMap& map_;
};

}  // namespace

ir::TypePtr DetachType(const SplitContext& ctx, const ir::TypePtr& t) {
  if (!ctx.detach || !t) return t;
  return Detacher(ctx.replacements).MutateType(t);
}

VarPtr DetachDef(SplitContext& ctx, const VarPtr& v) {
  VarPtr fresh = ir::MakeVar(v->name, DetachType(ctx, v->type), v->span);
  ctx.replacements[v.get()] = fresh;
  return fresh;
}

const TileInfo* OperandSplitInfo(const SplitContext& ctx, const ExprPtr& operand) {
  if (!operand) return nullptr;
  if (const ir::Var* v = operand->As<ir::Var>()) {
    return ctx.tile_vars.Find(v);
  }
  if (const ir::TupleGetItem* g = operand->As<ir::TupleGetItem>()) {
    if (const ir::Var* tv = g->tuple->As<ir::Var>()) {
      const std::vector<TileInfo>* infos = ctx.tuple_vars.Find(tv);
      if (infos && static_cast<size_t>(g->index) < infos->size()) return &(*infos)[g->index];
    }
  }
  return nullptr;
}

ExprPtr ComputeHalfDimSize(const ExprPtr& n) {
  if (auto h = CeilHalf(n)) return ir::MakeConstInt(*h, *ir::ScalarDType(n));
  return ir::MakeBinary(ir::BinaryOp::FloorDiv, n, ir::Index(2));
}

ExprPtr LaneStrideFor(const SplitContext& ctx, int axis, const ExprPtr& half) {
  if (ctx.lane_stride && axis == ctx.split_dim) return ir::Index(*ctx.lane_stride);
  return half;
}

ExprPtr LaneValidExtent(const SplitContext& ctx, const ExprPtr& valid, const ExprPtr& half,
                        const ExprPtr& stride) {
  auto v = ir::AsConstInt(valid);
  auto s = ir::AsConstInt(stride);
  if (v && s) {
    const int64_t e0 = std::min(*v, *s);
    const int64_t e1 = std::clamp<int64_t>(*v - *s, 0, *s);
    if (e0 == e1) return ir::MakeConstInt(e0);
  }
  // clamp(V - L*S, 0, S) written as min(max(V, L*S) - L*S, S): no negative intermediate.
  ExprPtr ls = ir::Mul(ctx.lane, stride);
  return ir::Min(ir::Sub(ir::Max(valid, ls), ls), stride);
}

ExprPtr LocalizeOffset(const SplitContext& ctx, const ExprPtr& offset, const ExprPtr& stride) {
  // A fresh offset is the lane's band start itself; an author's offset is moved by it.
  if (ir::IsConstInt(offset, 0)) return ir::Mul(ctx.lane, stride);
  return ir::Add(offset, ir::Mul(ctx.lane, stride));
}

std::shared_ptr<const TileType> HalveTileShape(const SplitContext& ctx, const TileType& t, int axis,
                                               TileInfo* info) {
  std::vector<ExprPtr> shape = t.shape;
  std::vector<ExprPtr> valid = t.valid();
  ExprPtr half = ComputeHalfDimSize(shape[axis]);
  ExprPtr stride = LaneStrideFor(ctx, axis, half);
  if (info) *info = TileInfo{axis, half, shape[axis], valid[axis]};
  valid[axis] = LaneValidExtent(ctx, valid[axis], half, stride);
  shape[axis] = half;
  if (ir::ExprListEqual(valid, shape)) valid.clear();
  return ir::WithShape(t, std::move(shape), std::move(valid));
}

bool IsReduceOnSplitAxis(const Call& call, int axis) {
  const ops::OpDef& op = ops::Def(call);
  if (!op.has_combined_axes()) return false;
  for (size_t i = 0; i < call.args.size(); ++i) {
    const TileType* t = ir::TileTypeOf(call.args[i]);
    if (t && op.CombinesAlong(i, call.args.size(), axis, static_cast<int>(t->shape.size())))
      return true;
  }
  return false;
}

VarPtr MakeLaneVar(ir::NameGenerator& names, const std::string& hint) {
  return ir::MakeVar(names.Fresh(hint), ir::MakeScalarType(ir::DataType::INDEX));
}

namespace {

// ---------------------------------------------------------------------------------------------
// The walker.

class Halver {
 public:
  explicit Halver(SplitContext& ctx) : ctx_(ctx) {}

  std::vector<StmtPtr> Stmts(const std::vector<StmtPtr>& in) {
    std::vector<StmtPtr> out;
    out.reserve(in.size());
    for (const StmtPtr& s : in) Emit(s, out);
    return out;
  }

  StmtPtr One(const StmtPtr& s) {
    std::vector<StmtPtr> out;
    Emit(s, out);
    if (out.size() == 1) return out[0];
    return ir::MakeSeq(std::move(out), s->span);
  }

 private:
  SplitContext& ctx_;
  ir::NameGenerator own_names_;

  ExprPtr Sub(const ExprPtr& e) const {
    if (!e) return e;
    if (ctx_.detach) return Detacher(ctx_.replacements).MutateExpr(e);
    return ir::Substitute(e, ctx_.replacements);
  }

  // A definition whose value's type changed gets a new variable; uses are rewritten after it.
  // A detached walk gives every definition a new variable.
  VarPtr Rebind(const VarPtr& old, const TypePtr& type) {
    if (!ctx_.detach && ir::TypeEqual(old->type, type)) return old;
    VarPtr v = ir::MakeVar(old->name, type, old->span);
    ctx_.replacements[old.get()] = v;
    return v;
  }

  void Track(const VarPtr& v, TileInfo info) {
    RemarkLaneLocal(*v, info);
    ctx_.tile_vars.Set(v.get(), std::move(info));
  }

  std::string FreshName(const std::string& hint) {
    return ctx_.names ? ctx_.names->Fresh(hint) : own_names_.Fresh(hint);
  }

  // A call nested as an operand of another call (pl.store(pl.add(y, y), ...), pl.add(pl.exp(y),
  // y)) is bound to a fresh name and emitted first, innermost first, so it is halved, localized
  // or rejected exactly as the form with a named intermediate would be.
  ExprPtr HoistNested(const ExprPtr& e, ir::Span span, std::vector<StmtPtr>& out) {
    const Call* c = e ? e->As<Call>() : nullptr;
    if (!c) return e;
    std::vector<ExprPtr> args = c->args;
    bool changed = false;
    for (ExprPtr& a : args) {
      const Call* inner = a ? a->As<Call>() : nullptr;
      if (!inner || !a->type) continue;
      const std::string& op = inner->op_name();
      VarPtr t = ir::MakeVar(FreshName(op.substr(op.rfind('.') + 1)), a->type, span);
      Emit(ir::MakeAssign(t, HoistNested(a, span, out), span), out);
      a = t;
      changed = true;
    }
    if (!changed) return e;
    return ops::CreateWithType(ops::Def(*c), std::move(args), c->kwargs, c->type, c->span);
  }

  // The unsplit program the split is checked against runs once, with no lane: a user's lane
  // query inside a body the pass halves has no meaning there, and after the split it would
  // shift every address it feeds a second time on top of the pass's own localisation.
  void RejectLaneQuery(const ir::Stmt& s) {
    LaneQueryFinder f;
    // What the statement reads itself: a leaf's values, a loop's bounds, a condition. Bodies
    // are checked statement by statement as they are emitted.
    ir::ForEachLeafExpr(s, /*yields=*/true, [&](const ExprPtr& e) { f.VisitExpr(e); });
    if (const ir::ForStmt* fs = s.As<ir::ForStmt>()) {
      f.VisitExpr(fs->start);
      f.VisitExpr(fs->stop);
      f.VisitExpr(fs->step);
    }
    if (const ir::WhileStmt* w = s.As<ir::WhileStmt>()) f.VisitExpr(w->cond);
    if (const ir::IfStmt* i = s.As<ir::IfStmt>()) f.VisitExpr(i->cond);
    if (!f.found) return;
    Reject(
        ctx_, s.span,
        "pl.tile.get_subblock_idx() in a body the pass splits " +
            std::string(ctx_.auto_arm ? "automatically" : "as a full-width region") +
            ": the unsplit program it is checked against has no lane, and the split already "
            "moves every address by the lane on its own",
        std::string("drop the lane query and write full-width offsets (the split localizes them), "
                    "or ") +
            (ctx_.auto_arm ? "write the per-lane code in a pl.split_aiv region, whose loop "
                             "variable is the lane"
                           : "name the region's loop variable (for aiv in pl.split_aiv(...)) "
                             "and use it: a body that reads it is kept as written, per lane"));
  }

  void Emit(const StmtPtr& s, std::vector<StmtPtr>& out) {
    RejectLaneQuery(*s);
    switch (s->kind) {
      case ir::StmtKind::Seq:
        for (const StmtPtr& c : s->As<ir::SeqStmts>()->stmts) Emit(c, out);
        return;
      case ir::StmtKind::Assign: {
        const ir::AssignStmt* a = s->As<ir::AssignStmt>();
        ExprPtr value = HoistNested(a->value, s->span, out);
        if (value == a->value) return EmitAssign(*a, s, out);
        StmtPtr flat = ir::MakeAssign(a->var, value, s->span);
        return EmitAssign(*flat->As<ir::AssignStmt>(), flat, out);
      }
      case ir::StmtKind::Eval: {
        ExprPtr e = Sub(HoistNested(s->As<ir::EvalStmt>()->expr, s->span, out));
        if (const Call* c = e->As<Call>()) e = RewriteEffectCall(e, *c, s->span);
        out.push_back(ir::MakeEval(e, s->span));
        return;
      }
      case ir::StmtKind::Return: {
        std::vector<ExprPtr> vals;
        for (const ExprPtr& v : s->As<ir::ReturnStmt>()->values) {
          ExprPtr e = Sub(HoistNested(v, s->span, out));
          // `return pl.store(v, ...)` is ordinary DSL: its store is localized like any other.
          if (const Call* c = e->As<Call>()) e = RewriteEffectCall(e, *c, s->span);
          vals.push_back(e);
        }
        out.push_back(ir::MakeReturn(std::move(vals), s->span));
        return;
      }
      case ir::StmtKind::Yield: {
        std::vector<ExprPtr> vals;
        for (const ExprPtr& v : s->As<ir::YieldStmt>()->values) vals.push_back(Sub(v));
        out.push_back(ir::MakeYield(std::move(vals), s->span));
        return;
      }
      case ir::StmtKind::For:
        return EmitFor(*s->As<ir::ForStmt>(), out);
      case ir::StmtKind::While:
        return EmitWhile(*s->As<ir::WhileStmt>(), out);
      case ir::StmtKind::If:
        return EmitIf(*s->As<ir::IfStmt>(), out);
      case ir::StmtKind::Scope:
        Reject(ctx_, s->span,
               "a pl.at scope inside a split body: halving does not cross a scope boundary",
               "remove the scope, or let the outliner lift it into its own function first");
      case ir::StmtKind::SplitAiv:
        Reject(ctx_, s->span, "a pl.split_aiv region cannot nest inside a split body",
               "split_aiv regions do not nest; write the vector work directly in the region");
    }
  }

  // ---- Leaf assignments.

  void EmitAssign(const ir::AssignStmt& a, const StmtPtr& s, std::vector<StmtPtr>& out) {
    ExprPtr value = Sub(a.value);
    if (const Call* c = value->As<Call>()) return EmitCallAssign(a.var, *c, value, s->span, out);
    // Aliases and projections carry their source's partition.
    const TileInfo* info = OperandSplitInfo(ctx_, value);
    VarPtr v = Rebind(a.var, value->type);
    if (info) Track(v, *info);
    if (const ir::Var* src = value->As<ir::Var>()) ctx_.tuple_vars.CopyTo(src, v.get());
    out.push_back(ir::MakeAssign(v, value, s->span));
  }

  void EmitCallAssign(const VarPtr& var, const Call& call, const ExprPtr& value, ir::Span span,
                      std::vector<StmtPtr>& out) {
    const analysis::MoveDirection dir = analysis::ClassifyMoveDirection(call);
    if (dir == analysis::MoveDirection::CUBE_TO_VECTOR) return EmitShard(var, call, span, out);
    if (dir == analysis::MoveDirection::VECTOR_TO_CUBE) return EmitGather(var, call, span, out);
    if (analysis::ClassifyCallAffinity(call) == CoreAffinity::VECTOR)
      return EmitHalved(var, call, span, out);
    // CUBE work stays full; SHARED work (scratch tile.create, scalar reads) is replicated. A
    // cube-side extract still addresses its source by coordinates.
    CheckAddressedWindow(call, span);
    VarPtr v = Rebind(var, value->type);
    RemarkKeptWhole(*v, call);
    out.push_back(ir::MakeAssign(v, value, span));
  }

  // C->V boundary: the cube tile stays full; each lane receives its half.
  void EmitShard(const VarPtr& var, const Call& move, ir::Span span, std::vector<StmtPtr>& out) {
    const ops::OpDef* shard = &ops::ShardOp();
    const ExprPtr& src = move.args[0];
    const TileType* full = ir::TileTypeOf(src);
    const int d = ctx_.split_dim;
    if (static_cast<int>(full->shape.size()) <= d || ir::IsConstInt(full->shape[d], 1)) {
      // A singleton split axis has no halves: both lanes receive the whole tile (split=0), which
      // stays neutral like any broadcast read.
      ir::AttrMap kw0{{"split", int64_t{0}}};
      ExprPtr e = ops::Create(*shard, {src}, kw0, span);
      RemarkKeptWhole(
          *var, "its split axis has extent 1, so both lanes receive the whole tile (split=0)");
      out.push_back(ir::MakeAssign(Rebind(var, e->type), e, span));
      return;
    }
    ir::AttrMap kw{{"split", static_cast<int64_t>(ctx_.mode)}};
    if (ctx_.lane_stride) kw.emplace_back("lane_stride", *ctx_.lane_stride);
    const std::optional<int64_t> box = ir::AsConstInt(full->shape[d]);
    if (!box)
      Reject(ctx_, span,
             "the C->V boundary tile.move here moves " + Q(OperandName(src)) +
                 ", whose box on split axis " + std::to_string(d) + " is the runtime value " +
                 ir::ExprToString(full->shape[d]) +
                 ": lane 1's band starts at the box half rounded up, and which split code "
                 "places it there depends on the box being odd or even, known only at run time",
             "give the split axis a static box (the largest one the kernel takes) and make its "
             "valid extent the runtime value instead; a runtime valid extent is split correctly");
    const std::optional<int64_t> static_valid = ir::AsConstInt(full->valid()[d]);
    if (full->shape.size() == 2 && (!static_valid || !Placeable(*box, *static_valid)))
      return EmitFullBoxShard(var, src, *full, kw, span, out);
    TypePtr deduced = ops::DeduceType(*shard, {src}, kw, span);
    const TileType* half_t = ir::AsTileType(deduced);
    TileInfo info{d, half_t->shape[d], full->shape[d], full->valid()[d]};
    // The deducer can only guess a lane-agnostic ceil half of the valid extent; each lane's own
    // extent depends on the lane index (LocalizeShardValidForLane).
    std::vector<ExprPtr> valid = half_t->valid();
    valid[d] = LaneValidExtent(ctx_, info.full_valid, info.half, LaneStrideFor(ctx_, d, info.half));
    if (ir::ExprListEqual(valid, half_t->shape)) valid.clear();
    TypePtr type = LaneHalfType(var, *half_t, std::move(valid));
    VarPtr v = ir::MakeVar(var->name, type, var->span);
    ctx_.replacements[var.get()] = v;
    Track(v, std::move(info));
    out.push_back(ir::MakeAssign(v, ops::CreateWithType(*shard, {src}, kw, type, span), span));
  }

  // The lane's half of a crossing keeps the view the move declared (a move to Vec gives a
  // col-major one, which the shard's own deducer cannot know); only the extents are the half's.
  static TypePtr LaneHalfType(const VarPtr& move_var, const TileType& half,
                              std::vector<ExprPtr> valid) {
    const TileType* declared = ir::AsTileType(move_var->type);
    if (declared && declared->shape.size() == half.shape.size() && declared->memory == half.memory)
      return ir::WithShape(*declared, half.shape, std::move(valid));
    return ir::WithValid(half, std::move(valid));
  }

  // Whether a split code places both lanes' bands of a static extent (core-group.md 2.1).
  bool Placeable(int64_t box, int64_t valid) const {
    const ops::LaneExtentPair e = ops::LaneExtents(box, valid, ctx_.lane_stride);
    return e.e0 == e.e1 || e.e0 == e.e1 + 1 || e.e1 == 0;
  }

  // A runtime split-axis extent (no compile-time code fits every value: 12 of 16 rows leaves the
  // lanes 8 and 4, 16 leaves them 8 and 8), or a static one no code places (25 of 32 rows next
  // to a full-box load: 16 and 9): the crossing transports the FULL box, whose lanes are 8/8 or
  // 9/8 and always placeable, and the lane's own extent is applied right after the pop by a
  // tile.set_validshape, the first consumer of the shard.
  void EmitFullBoxShard(const VarPtr& var, const ExprPtr& src, const TileType& full,
                        const ir::AttrMap& kw, ir::Span span, std::vector<StmtPtr>& out) {
    const int d = ctx_.split_dim;
    const ExprPtr lane_valid_src = full.valid()[d];
    std::vector<ExprPtr> box_valid = full.valid();
    box_valid[d] = full.shape[d];
    ExprPtr widened =
        ops::Create(ops::ValidShapeSetterOp(), {src, box_valid[0], box_valid[1]}, {}, span);
    VarPtr box = ir::MakeVar(var->name + "_box", widened->type, var->span);
    out.push_back(ir::MakeAssign(box, widened, span));
    const ops::OpDef* shard = &ops::ShardOp();
    const TypePtr deduced = ops::DeduceType(*shard, {box}, kw, span);
    const TileType* half_t = ir::AsTileType(deduced);
    TileInfo info{d, half_t->shape[d], full.shape[d], lane_valid_src};
    const ExprPtr stride = LaneStrideFor(ctx_, d, info.half);
    // The pop's own extent is the lane's share of the full box (9 and 8 of an odd 17): the
    // placement rule reads lane 1's start from it, so the deducer's lane-agnostic guess (9 for
    // both) would start lane 1 one row late.
    std::vector<ExprPtr> pop_valid = half_t->valid();
    pop_valid[d] = LaneValidExtent(ctx_, full.shape[d], info.half, stride);
    if (ir::ExprListEqual(pop_valid, half_t->shape)) pop_valid.clear();
    TypePtr pop_type = LaneHalfType(var, *half_t, std::move(pop_valid));
    VarPtr pop = ir::MakeVar(var->name + "_pop", pop_type, var->span);
    out.push_back(
        ir::MakeAssign(pop, ops::CreateWithType(*shard, {box}, kw, pop_type, span), span));
    std::vector<ExprPtr> lane_valid = half_t->valid();
    lane_valid[d] = LaneValidExtent(ctx_, lane_valid_src, info.half, stride);
    ExprPtr narrowed =
        ops::Create(ops::ValidShapeSetterOp(), {pop, lane_valid[0], lane_valid[1]}, {}, span);
    VarPtr v = ir::MakeVar(var->name, narrowed->type, var->span);
    ctx_.replacements[var.get()] = v;
    Track(pop, info);
    Track(v, std::move(info));
    out.push_back(ir::MakeAssign(v, narrowed, span));
  }

  // V->C boundary: reassemble the lanes' halves, then keep the author's placement move.
  void EmitGather(const VarPtr& var, const Call& move, ir::Span span, std::vector<StmtPtr>& out) {
    const ExprPtr& operand = move.args[0];
    const TileInfo* info = OperandSplitInfo(ctx_, operand);
    const TileType* ot = ir::TileTypeOf(operand);
    const size_t d = static_cast<size_t>(ctx_.split_dim);
    if (!info && ot && ot->shape.size() > d && ir::IsConstInt(ot->shape[d], 1)) {
      // A singleton split axis was never halved: both lanes hold the same whole value, so the
      // cube takes it once through a split=0 gather (the transport checks the lanes agree).
      ir::AttrMap kw0{{"split", int64_t{0}}};
      ExprPtr joined = ops::Create(ops::GatherOp(), {operand}, kw0, span);
      VarPtr mat = ir::MakeVar(var->name + "_mat", joined->type, var->span);
      out.push_back(ir::MakeAssign(mat, joined, span));
      ExprPtr placed = ops::Create(ops::Def(move), {mat}, move.kwargs, span);
      out.push_back(ir::MakeAssign(Rebind(var, placed->type), placed, span));
      return;
    }
    if (!info)
      Reject(ctx_, span,
             "the V->C boundary tile.move here carries a full-width vector operand " +
                 Q(OperandName(operand)) +
                 ". tile.aic_gather reassembles the two AIV lanes' per-lane halves into the full "
                 "tile the cube expects, so its operand must be a value the split halved (a "
                 "tile.load / tile.slice / elementwise result inside the vector sub-region); an "
                 "un-halved value has no half to gather",
             "derive the per-lane half first (load or slice the value inside the split function) "
             "and move that to the cube side; a value whose split dimension is 1 is handed over "
             "whole");
    if (info->split_dim != 0 && info->split_dim != 1)
      Reject(ctx_, span,
             "the V->C boundary operand " + Q(OperandName(operand)) + " is split on axis " +
                 std::to_string(info->split_dim) +
                 ", which a 2D tile.aic_gather cannot express (its split attr names axis 0 or 1)",
             "reshape the value so that its split axis is dim 0 or dim 1 before moving it to the "
             "cube side");
    const TileType* half_t = ir::TileTypeOf(operand);
    const int a = info->split_dim;
    auto box = ir::AsConstInt(info->full_box);
    auto half = ir::AsConstInt(info->half);
    if (box && half && *box != 2 * *half)
      Reject(ctx_, span,
             "the V->C boundary operand " + Q(OperandName(operand)) + " has an odd box of " +
                 std::to_string(*box) + " on axis " + std::to_string(a) +
                 ": the lanes would hold " + std::to_string(*half) + " and " +
                 std::to_string(*box - *half) +
                 " cells and tile.aic_gather has no odd form (lane 1 lands at the half box)",
             "pad the split axis to an even extent and narrow the valid extent on the cube side");
    // Lane l lands at l * half: the join is a rectangle only when lane 0 fills its band or lane
    // 1 holds nothing. A static partial extent shared by both lanes leaves a hole.
    if (auto lv = ir::AsConstInt(half_t->valid()[a]); lv && half && *lv != *half && *lv != 0)
      Reject(ctx_, span,
             "the V->C boundary operand " + Q(OperandName(operand)) + " is valid for " +
                 std::to_string(*lv) + " of " + std::to_string(*half) + " cells on axis " +
                 std::to_string(a) + " in both lanes; the gathered bands would not abut",
             "gather a tile whose lanes fill their half boxes, or keep the ragged value on the "
             "vector side");
    const ops::OpDef* gather = &ops::GatherOp();
    ir::AttrMap kw{{"split", static_cast<int64_t>(a + 1)}};
    // Lane 1 lands at its own extent, so a lane extent that depends on the lane index (a runtime
    // or ragged one: 11 of 16 rows leaves 8 and 3) would put lane 1 at row 3. Such a join
    // transports both lanes' full half boxes, which abut, and narrows to the pre-split extent on
    // the cube side after the pop.
    const bool widen = half_t->valid().size() == 2 && !ir::AsConstInt(half_t->valid()[a]) &&
                       !ops::ProvablyEqual(half_t->valid()[a], info->half);
    ExprPtr lanes = operand;
    if (widen) {
      std::vector<ExprPtr> box_valid = half_t->valid();
      box_valid[a] = info->half;
      ExprPtr full_lane =
          ops::Create(ops::ValidShapeSetterOp(), {operand, box_valid[0], box_valid[1]}, {}, span);
      VarPtr lane_box = ir::MakeVar(var->name + "_lanes", full_lane->type, var->span);
      out.push_back(ir::MakeAssign(lane_box, full_lane, span));
      lanes = lane_box;
    }
    TypePtr deduced = ops::DeduceType(*gather, {lanes}, kw, span);
    const TileType* gt = ir::AsTileType(deduced);
    std::vector<ExprPtr> valid = gt->valid();
    valid[a] = info->full_valid;  // bands abut, so the join is exactly the pre-split extent
    if (ir::ExprListEqual(valid, gt->shape)) valid.clear();
    TypePtr type = ir::WithValid(*gt, std::move(valid));
    VarPtr mat;
    if (widen) {
      VarPtr join = ir::MakeVar(var->name + "_join", deduced, var->span);
      out.push_back(ir::MakeAssign(join, ops::Create(*gather, {lanes}, kw, span), span));
      const std::vector<ExprPtr> v = ir::AsTileType(type)->valid();
      ExprPtr narrowed = ops::Create(ops::ValidShapeSetterOp(), {join, v[0], v[1]}, {}, span);
      mat = ir::MakeVar(var->name + "_mat", narrowed->type, var->span);
      out.push_back(ir::MakeAssign(mat, narrowed, span));
    } else {
      mat = ir::MakeVar(var->name + "_mat", type, var->span);
      out.push_back(
          ir::MakeAssign(mat, ops::CreateWithType(*gather, {lanes}, kw, type, span), span));
    }
    ExprPtr placed = ops::Create(ops::Def(move), {mat}, move.kwargs, span);
    out.push_back(ir::MakeAssign(Rebind(var, placed->type), placed, span));
  }

  // Stores and other result-less vector calls: a store of a partitioned tile writes this
  // lane's rows (LocalizeStoreOffset).
  ExprPtr RewriteEffectCall(const ExprPtr& e, const Call& call, ir::Span span) {
    if (!IsGmWrite(call)) return e;
    return LocalizeStore(call, span);
  }

  ExprPtr LocalizeStore(const Call& call, ir::Span span) {
    const TileInfo* info = OperandSplitInfo(ctx_, call.args[0]);
    std::vector<ExprPtr> args = call.args;
    if (info) {
      std::vector<ExprPtr> offs = TupleElems(args[1]);
      if (static_cast<size_t>(info->split_dim) < offs.size())
        args[1] = WithElem(args[1], info->split_dim,
                           LocalizeOffset(ctx_, offs[info->split_dim],
                                          LaneStrideFor(ctx_, info->split_dim, info->half)));
    }
    return ops::Create(ops::Def(call), std::move(args), call.kwargs, span);
  }

  // ---- Vector calls with a result.

  // A bit mask halved on its last axis hands lane L the bytes at L * (mask half), while the
  // lane's data columns start at L * (data half), i.e. at bit L * (data half) of the row. The two
  // agree only when the mask holds exactly one bit per data column; an oversized mask (which the
  // coverage check accepts) would give lane 1 the bits of columns past the data.
  void CheckBitMaskAlignment(const Call& call, ir::Span span) {
    const std::optional<std::pair<size_t, size_t>> bm = ops::Def(call).bit_mask();
    if (!bm || bm->first >= call.args.size() || bm->second >= call.args.size()) return;
    const TileInfo* mask = OperandSplitInfo(ctx_, call.args[bm->first]);
    const TileType* mt = ir::TileTypeOf(call.args[bm->first]);
    const TileType* dt = ir::TileTypeOf(call.args[bm->second]);
    if (!mt || !dt) return;
    const int last = static_cast<int>(mt->shape.size()) - 1;
    const TileInfo* data = OperandSplitInfo(ctx_, call.args[bm->second]);
    if (!mask && data && data->split_dim == static_cast<int>(dt->shape.size()) - 1)
      // One mask element holds the bits of several columns, so even a one-column mask is no
      // broadcast: lane 1's columns need the bits from L * (data half) on, and a whole mask
      // hands every lane the bits of the first columns.
      Reject(ctx_, span,
             call.op_name() + ": the bit mask " + Q(OperandName(call.args[bm->first])) +
                 " is whole on its columns while the data columns are halved: each lane would "
                 "select with the bits of the first columns, not of its own",
             "give each lane its own part of the mask (load it inside the split function with "
             "one bit per data column), or split UP_DOWN");
    if (!mask || mask->split_dim != last) return;
    const ExprPtr data_cols = data && data->split_dim == last ? data->full_box : dt->shape.back();
    const std::optional<int64_t> mc = ir::AsConstInt(mask->full_box);
    const std::optional<int64_t> dc = ir::AsConstInt(data_cols);
    const int bits = ir::DataTypeBits(mt->dtype);
    if (mc && dc && *mc * bits == *dc) return;
    const std::string mask_name = Q(OperandName(call.args[bm->first]));
    Reject(ctx_, span,
           call.op_name() + ": the bit mask " + mask_name + " is split on its columns, but its " +
               (mc ? std::to_string(*mc) : ir::ExprToString(mask->full_box)) + " " +
               std::string(ir::DataTypeName(mt->dtype)) + " elements per row hold " +
               (mc ? std::to_string(*mc * bits) : std::string("a runtime number of")) +
               " bits for " + (dc ? std::to_string(*dc) : ir::ExprToString(data_cols)) +
               " data columns: each lane's half of the mask would not hold the bits of its own "
               "columns",
           "size the mask to one bit per data column (" +
               (dc ? std::to_string((*dc + bits - 1) / bits) : std::string("columns / bits")) +
               " elements per row), or split UP_DOWN");
  }

  void EmitHalved(const VarPtr& var, const Call& call, ir::Span span, std::vector<StmtPtr>& out) {
    const ops::OpDef& op = ops::Def(call);
    CheckAbsoluteIndexGate(call, span);
    CheckAddressedWindow(call, span);
    if (IsGmWrite(call)) {
      ExprPtr e = LocalizeStore(call, span);
      out.push_back(ir::MakeAssign(Rebind(var, e->type), e, span));
      return;
    }
    if (call.type->kind == ir::TypeKind::Tuple) return EmitHalvedTuple(var, call, span, out);
    const TileType* rt = ir::AsTileType(call.type);
    if (!rt) {
      // Scalar results (tile.read, ...) pass through with their operands rewritten.
      ExprPtr e = ops::CreateWithType(op, call.args, call.kwargs, call.type, span);
      out.push_back(ir::MakeAssign(Rebind(var, e->type), e, span));
      return;
    }
    // Each operand's partition, looked up once for the checks below.
    std::vector<const TileInfo*> parts(call.args.size());
    for (size_t i = 0; i < call.args.size(); ++i) parts[i] = OperandSplitInfo(ctx_, call.args[i]);
    if (op.has_combined_axes())
      for (size_t i = 0; i < call.args.size(); ++i) {
        const TileInfo* in = parts[i];
        const TileType* it = in ? ir::TileTypeOf(call.args[i]) : nullptr;
        if (it && op.CombinesAlong(i, call.args.size(), in->split_dim,
                                   static_cast<int>(it->shape.size())))
          Reject(ctx_, span,
                 call.op_name() + " " + op.combine_verb() + " axis " +
                     std::to_string(in->split_dim) + " of " + Q(OperandName(call.args[i])) +
                     ", which is the split axis: an op that " +
                     op.combine_verb().substr(0, op.combine_verb().find(' ')) +
                     " on the split axis leaves each lane only a partial result",
                 "split along an axis " + call.op_name() +
                     " does not combine (the other split mode), or use pl.split_aiv(2, "
                     "mode=pl.SplitMode.NONE) so it runs full width on each lane");
      }
    CheckBitMaskAlignment(call, span);
    const std::string& name = call.op_name();
    if (ops::Def(call).rectangle_change() == ops::RectangleChange::OrderKept)
      return EmitView(var, call, *rt, span, out);

    int axis = ResultAxis(call, *rt, parts);
    // A rank-1 value (a rank-1 load staging a reshape) stays whole: the 2D view built from it
    // takes the per-lane slice instead.
    const bool singleton = rt->shape.size() < 2 || axis >= static_cast<int>(rt->shape.size()) ||
                           ir::IsConstInt(rt->shape[axis], 1);
    if (ops::Def(call).is_position_dependent() && !singleton)
      Reject(
          ctx_, span,
          name + " generates position-dependent values along the split axis (extent " +
              ir::ExprToString(rt->shape[axis]) +
              "); automatic split-axis halving of its result type alone would give both lanes the "
              "first half's values",
          "move the generator outside the automatically-halved split function, or generate a "
          "shape whose split dimension is 1");
    if (name == "tile.transpose") CheckTransposeHazard(call, axis, span);
    if (singleton) {
      // A singleton split dim is a broadcast along the split: the value stays whole and neutral.
      ExprPtr e = ops::CreateWithType(op, call.args, call.kwargs, call.type, span);
      RemarkKeptWhole(
          *var,
          "its extent on the split axis is 1 (or it has rank 1): a broadcast along the split");
      out.push_back(ir::MakeAssign(Rebind(var, e->type), e, span));
      return;
    }
    TileInfo info;
    auto half_t = HalveTileShape(ctx_, *rt, axis, &info);
    std::vector<ExprPtr> args = RewriteShapeArgs(call, axis, info, span);
    TypePtr deduced;
    TypePtr type = CheckTypeConsistency(call, args, *half_t, span, &deduced);
    CheckBlindOperands(call, args, parts, axis, deduced, span);
    VarPtr v = ir::MakeVar(var->name, type, var->span);
    ctx_.replacements[var.get()] = v;
    Track(v, std::move(info));
    out.push_back(ir::MakeAssign(v, ops::CreateWithType(op, args, call.kwargs, type, span), span));
  }

  // The axis a result is halved on: its partitioned operand's axis when one is tracked (so a
  // migrated axis is followed), else the function's split axis.
  int ResultAxis(const Call& call, const TileType& rt, const std::vector<const TileInfo*>& parts) {
    const int rrank = static_cast<int>(rt.shape.size());
    if (call.op_name() == "tile.slice") {
      // The split axis is recorded in the source's (pre-drop) axes; the result is indexed after
      // the drop and the 2D clamp.
      // A partitioned source records its axis in the source's (pre-drop) axes, which the
      // result indexes only after the drop and the 2D clamp; a full-width source is halved on
      // the function's axis of the result.
      const TileInfo* in = parts[0];
      if (!in) return ctx_.split_dim;
      if (auto r = ops::SliceAxesOf(call).ResultAxis(static_cast<size_t>(in->split_dim)))
        return static_cast<int>(*r);
      return rrank;  // the split axis was dropped: nothing to halve
    }
    for (size_t i = 0; i < call.args.size(); ++i) {
      if (const TileInfo* in = parts[i]) {
        const TileType* t = ir::TileTypeOf(call.args[i]);
        const int shift = rrank - static_cast<int>(t->shape.size());
        return in->split_dim + shift;
      }
    }
    return ctx_.split_dim;
  }

  // tile.load / tile.full / tile.slice describe their result with their own operands, which must
  // be rewritten in lockstep with the halved type.
  std::vector<ExprPtr> RewriteShapeArgs(const Call& call, int axis, const TileInfo& info,
                                        ir::Span span) {
    std::vector<ExprPtr> args = call.args;
    const std::string& name = call.op_name();
    const ExprPtr stride = LaneStrideFor(ctx_, axis, info.half);
    auto lane_valid = [&](const ExprPtr& full_valid) {
      return LaneValidExtent(ctx_, full_valid, info.half, stride);
    };
    if (IsGmRead(call)) {  // a load: its window into GM moves with the lane
      std::vector<ExprPtr> offs = TupleElems(args[1]);
      if (static_cast<size_t>(axis) < offs.size()) {
        args[1] = WithElem(args[1], axis, LocalizeOffset(ctx_, offs[axis], stride));
        args[2] = WithElem(args[2], axis, info.half);
        if (args.size() > 3 && args[3]) {
          std::vector<ExprPtr> vs = TupleElems(args[3]);
          if (static_cast<size_t>(axis) < vs.size())
            args[3] = WithElem(args[3], axis, lane_valid(vs[axis]));
        }
      }
    } else if (name == "tile.full") {
      args[0] = WithElem(args[0], axis, info.half);
    } else if (name == "tile.slice") {
      ops::SliceAxes m = ops::SliceAxesOf(call);
      auto pre_axis = m.PreDropAxis(static_cast<size_t>(axis));
      if (!pre_axis) ir::ThrowInternal(span, "halving a synthetic unit axis of tile.slice");
      // (a synthetic axis has extent 1, and singleton results are never halved)
      const size_t pre = *pre_axis;
      args[1] = WithElem(args[1], pre, info.half);
      if (args.size() > 3 && args[3]) {
        std::vector<ExprPtr> vs = TupleElems(args[3]);
        if (pre < vs.size()) args[3] = WithElem(args[3], pre, lane_valid(vs[pre]));
      }
      // A full-width source: this lane's half of the window starts L * half further on. A
      // lane-local source (CheckAddressedWindow admitted its window): a window over the whole
      // axis keeps its offset, a centred one moves back onto lane 1's band.
      std::vector<ExprPtr> offs = TupleElems(args[2]);
      if (pre < offs.size())
        args[2] = WithElem(args[2], pre, LaneWindowOffset(call, offs[pre], stride));
    } else if (name == "tile.extract" && axis < 2) {
      args[3] = WithElem(args[3], axis, info.half);
      args[1 + axis] = LaneWindowOffset(call, args[1 + axis], stride);
    } else if (ops::Def(call).is_valid_shape_setter() && axis < 2 &&
               OperandSplitInfo(ctx_, args[0])) {
      // The new extent is the full tile's; each lane keeps its own part of it.
      args[1 + axis] = lane_valid(args[1 + axis]);
    }
    return args;
  }

  // The lane's offset of a slice / extract window (RewriteShapeArgs).
  ExprPtr LaneWindowOffset(const Call& call, const ExprPtr& offset, const ExprPtr& stride) {
    const TileInfo* src = OperandSplitInfo(ctx_, call.args[0]);
    if (!src) return LocalizeOffset(ctx_, offset, stride);
    std::optional<AddressedWindow> w = WindowOn(call, src->split_dim);
    if (!w || Fit(*w, *src) != WindowFit::Centred) return offset;
    return ir::Sub(offset, ir::Mul(ctx_.lane, offset));
  }

  // Condition 1: the halved node must still type-check against the arguments it will carry.
  // Returns the halved node's type: what the operator deduces from those arguments (so layouts
  // follow the per-lane operands), with this lane's valid extent, which deduction cannot know.
  TypePtr CheckTypeConsistency(const Call& call, const std::vector<ExprPtr>& args,
                               const TileType& half_t, ir::Span span,
                               TypePtr* raw_deduced = nullptr) {
    TypePtr deduced;
    std::string refusal;
    try {
      deduced = ops::DeduceType(ops::Def(call), args, call.kwargs, span);
    } catch (const ir::UserError& e) {
      refusal = e.message();
    }
    if (raw_deduced) *raw_deduced = deduced;
    const TileType* dt = ir::AsTileType(deduced);
    // The per-lane result is what the operator deduces from the per-lane operands (so the
    // printed form, whose types the parser deduces again, reads back the same), with the lane's
    // valid extent. The declared view reaches it through the operands: the shard keeps the view
    // the move declared (EmitShard), and the deducers pass it on.
    if (dt && ir::ExprListEqual(dt->shape, half_t.shape)) {
      std::shared_ptr<const TileType> t = ir::WithValid(*dt, half_t.valid());
      if (!t->memory && half_t.memory) t = ir::WithMemory(*t, *half_t.memory);
      return t;
    }
    std::string full_ops;
    for (size_t i = 0; i < call.args.size(); ++i)
      if (ir::IsTileTyped(call.args[i]) && !OperandSplitInfo(ctx_, call.args[i]) &&
          full_ops.find(Q(OperandName(call.args[i]))) == std::string::npos)
        full_ops += (full_ops.empty() ? "" : ", ") + Q(OperandName(call.args[i]));
    std::string msg = "cannot halve " + call.op_name() + ": its per-lane result " +
                      ir::ShapeToString(half_t.shape) + " contradicts ";
    msg += refusal.empty() ? "the type the operator deduces from its operands, " +
                                 (dt ? ir::ShapeToString(dt->shape) : std::string("not a tile"))
                           : "the operator, which refuses the per-lane operands (" + refusal + ")";
    if (!full_ops.empty()) msg += "; full-width operand(s): " + full_ops;
    Reject(ctx_, span, msg,
           "derive the per-lane half first (tile.load / tile.slice inside the split function, or "
           "an explicit pl.tile.aiv_shard), or keep a value both lanes share outside the split "
           "function");
  }

  // Condition 2: an operand the deducer never reads must be lane-local, broadcast along the
  // split axis, or declared lane-invariant; anything else is lane data left full width.
  void CheckBlindOperands(const Call& call, const std::vector<ExprPtr>& args,
                          const std::vector<const TileInfo*>& parts, int axis, const TypePtr& base,
                          ir::Span span) {
    const ops::OpDef& op = ops::Def(call);
    const std::string& name = call.op_name();
    if (name == "tile.slice" || name == "tile.extract") return;  // windows localized above
    const TileType* rt = ir::AsTileType(call.type);
    const int rrank = static_cast<int>(rt->shape.size());
    // `base` is condition 1's deduction over the same arguments, which accepted them.
    for (size_t i = 0; i < args.size(); ++i) {
      const TileType* t = ir::TileTypeOf(args[i]);
      if (!t || op.lane_invariant_kind(i)) continue;
      // Shape-describing operands were rewritten; a tile operand is the caller's own.
      const bool partitioned = i < parts.size() && args[i] == call.args[i]
                                   ? parts[i] != nullptr
                                   : OperandSplitInfo(ctx_, args[i]) != nullptr;
      if (partitioned) continue;
      const int a = axis - (rrank - static_cast<int>(t->shape.size()));
      if (a < 0 || a >= static_cast<int>(t->shape.size()) || ir::IsConstInt(t->shape[a], 1))
        continue;  // broadcast along the split axis
      std::vector<ExprPtr> shape = t->shape;
      shape[a] = ir::Mul(shape[a], ir::Index(2));
      std::vector<ExprPtr> probe_args = args;
      probe_args[i] = ir::MakeVar("probe", ir::WithShape(*t, shape, {}));
      bool pinned = false;
      try {
        TypePtr p = ops::DeduceType(op, probe_args, call.kwargs, span);
        pinned = !ir::TypeEqual(p, base);
      } catch (const ir::UserError&) {
        pinned = true;
      }
      if (pinned) continue;
      Reject(ctx_, span,
             call.op_name() + " " + OperandRef(op, i, args[i]) +
                 " is full width on the split axis, and the operator's type deduction never "
                 "reads its extent, so nothing shows each lane reading only its own half",
             "pass a per-lane operand (load or slice it inside the split function), or a value "
             "whose split dimension is 1");
    }
  }

  // ---- Ops that address a lane-local tile by coordinates (the registry's address_args).

  // Where a window [offset, offset + extent) of the full tile falls against the lanes' bands
  // [L*H, L*H + H) of a lane-local source: each lane can compute its half of the window from its
  // own band only when the window spans the whole split axis (the lane's offset is unchanged) or
  // is centred on the band boundary (lane 0 reads [o, H), lane 1 reads [0, n/2): offset o - L*o).
  enum class WindowFit { Whole, Centred, Misaligned };

  struct AddressedWindow {
    size_t source = 0;  // the addressed tile operand
    ExprPtr offset;     // the window's offset on the source's split axis
    ExprPtr extent;     // its extent there
  };

  // The window an addressing op reads on axis `axis` of its source, when the op's addressing is
  // a window this pass can translate (slice, extract, read); nullopt for any other op.
  static std::optional<AddressedWindow> WindowOn(const Call& call, int axis) {
    const std::string& name = call.op_name();
    const size_t a = static_cast<size_t>(axis);
    auto elem = [](const ExprPtr& tuple, size_t i) -> ExprPtr {
      std::vector<ExprPtr> e = TupleElems(tuple);
      return i < e.size() ? e[i] : nullptr;
    };
    if (name == "tile.slice" && call.args.size() > 2)
      return AddressedWindow{0, elem(call.args[2], a), elem(call.args[1], a)};
    if (name == "tile.extract" && call.args.size() > 3 && a < 2)
      return AddressedWindow{0, call.args[1 + a], elem(call.args[3], a)};
    if (name == "tile.read" && call.args.size() > 1)
      return AddressedWindow{0, elem(call.args[1], a), ir::Index(1)};
    return std::nullopt;
  }

  WindowFit Fit(const AddressedWindow& w, const TileInfo& src) const {
    auto o = ir::AsConstInt(w.offset), n = ir::AsConstInt(w.extent);
    auto b = ir::AsConstInt(src.full_box), h = ir::AsConstInt(src.half);
    if (!o || !n || !b || !h) return WindowFit::Misaligned;
    if (*o == 0 && *n == *b) return WindowFit::Whole;
    if (!ctx_.lane_stride && *b == 2 * *h && *n > 0 && *n % 2 == 0 && *o + *n / 2 == *h)
      return WindowFit::Centred;
    return WindowFit::Misaligned;
  }

  // The addressed source operand of an op with address_args that is lane-local, if any (the
  // operand a DPS op writes into is its destination, not an addressed source).
  std::optional<size_t> LaneLocalAddressedSource(const Call& call) const {
    const ops::OpDef& op = ops::Def(call);
    if (op.address_arg_positions().empty()) return std::nullopt;
    for (size_t i = 0; i < call.args.size(); ++i) {
      if (op.reused_input() == i || !ir::TileTypeOf(call.args[i])) continue;
      if (OperandSplitInfo(ctx_, call.args[i])) return i;
    }
    return std::nullopt;
  }

  // An addressing op over a lane-local tile reads coordinates of the full tile, which each lane
  // holds only one band of. Windows that fit are translated by RewriteShapeArgs; anything else
  // would read the other lane's rows from this lane's band, so it is rejected.
  void CheckAddressedWindow(const Call& call, ir::Span span) {
    std::optional<size_t> src = LaneLocalAddressedSource(call);
    if (!src) return;
    const TileInfo& info = *OperandSplitInfo(ctx_, call.args[*src]);
    const std::optional<AddressedWindow> w = WindowOn(call, info.split_dim);
    const bool tile_result = ir::AsTileType(call.type) != nullptr;
    const bool vector = analysis::ClassifyCallAffinity(call) == CoreAffinity::VECTOR;
    if (w && w->source == *src && tile_result && vector && Fit(*w, info) != WindowFit::Misaligned)
      return;
    const ops::OpDef& op = ops::Def(call);
    const std::string axis = std::to_string(info.split_dim);
    std::string where;
    if (w && w->offset && w->extent)
      where = " reads [" + ir::ExprToString(w->offset) + ", " + ir::ExprToString(w->offset) +
              " + " + ir::ExprToString(w->extent) + ") of axis " + axis;
    else
      where = " addresses axis " + axis + " (argument(s) " + [&] {
        std::string l;
        for (size_t p : op.address_arg_positions())
          l += (l.empty() ? "" : ", ") + Q(ArgLabel(op, p));
        return l;
      }() + ")";
    const std::string box = ir::ExprToString(info.full_box), half = ir::ExprToString(info.half);
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

  // Absolute-index operands address the whole table: a halved producer breaks every index.
  void CheckAbsoluteIndexGate(const Call& call, ir::Span span) {
    const ops::OpDef& op = ops::Def(call);
    for (const auto& [pos, kind] : op.lane_invariant_args()) {
      if (kind == ops::LaneInvariantKind::Scratch || pos >= call.args.size()) continue;
      if (!OperandSplitInfo(ctx_, call.args[pos])) continue;
      const bool src = kind == ops::LaneInvariantKind::IndexAddressedSource;
      Reject(ctx_, span,
             call.op_name() + " " + OperandRef(op, pos, call.args[pos]) + " was halved, but " +
                 call.op_name() +
                 (src ? " reads it at absolute indices, so lane 1 would read the wrong rows"
                      : " writes it at absolute indices, so lane 1 would write the wrong rows"),
             "produce the " + ArgLabel(op, pos) +
                 " outside the split function and pass it in at full width");
    }
  }

  void CheckTransposeHazard(const Call& call, int axis, ir::Span span) {
    const TileType* in = ir::TileTypeOf(call.args[0]);
    if (!in || call.args.size() < 3) return;
    const int rank = static_cast<int>(in->shape.size());
    auto norm = [&](const ExprPtr& e) -> int {
      auto c = ir::AsConstInt(e);
      if (!c) return -1;
      return static_cast<int>(*c < 0 ? *c + rank : *c);
    };
    const int a1 = norm(call.args[1]), a2 = norm(call.args[2]);
    if (a1 == axis || a2 == axis)
      Reject(ctx_, span,
             "tile.transpose swaps the split axis " + std::to_string(axis) + " with axis " +
                 std::to_string(a1 == axis ? a2 : a1) +
                 ": each lane's half would land on the other axis",
             "transpose outside the split function, or choose the split mode along an axis the "
             "transpose keeps");
  }

  // tile.reshape / tile.reinterpret_view.
  void EmitView(const VarPtr& var, const Call& call, const TileType& rt, ir::Span span,
                std::vector<StmtPtr>& out) {
    const ops::OpDef& op = ops::Def(call);
    const std::string& name = call.op_name();
    const TileInfo* in = OperandSplitInfo(ctx_, call.args[0]);
    const TileType* src = ir::TileTypeOf(call.args[0]);
    if (in) {
      // The source is this lane's half: the view keeps it, possibly on a migrated axis.
      if (name == "tile.reinterpret_view" && call.args.size() > 1 && call.args[1])
        Reject(ctx_, span,
               "tile.reinterpret_view with an explicit shape over the per-lane half " +
                   Q(OperandName(call.args[0])) + ": the new shape cannot be halved reliably",
               "reinterpret without a shape (the contiguous axis scales), or reinterpret the "
               "full tile outside the split function");
      std::vector<ExprPtr> full_src = src->shape;  // the source as it was before halving
      full_src[in->split_dim] = in->full_box;
      std::optional<int> axis = MigratedAxis(full_src, rt.shape, in->split_dim);
      const bool fully_valid = ir::ExprListEqual(src->valid(), src->shape) &&
                               ir::ExprEqual(in->full_valid, in->full_box);
      if (!axis && name == "tile.reshape" && fully_valid && !ctx_.lane_stride &&
          ir::AsConstInt(in->half) && ir::AsConstInt(in->full_box) &&
          *ir::AsConstInt(in->full_box) == 2 * *ir::AsConstInt(in->half))
        axis = ContiguousBlockAxis(full_src, rt.shape, in->split_dim);
      // A reinterpretation without a shape keeps the rank and scales only the contiguous axis:
      // each lane's rows (or its columns, scaled) are still its own, on the same axis. The
      // deduction over the halved operand below confirms the per-lane shape (an odd box whose
      // halves do not scale to whole elements is refused there).
      if (!axis && name == "tile.reinterpret_view" && rt.shape.size() == full_src.size())
        axis = in->split_dim;
      if (!axis)
        Reject(ctx_, span,
               name + " of the per-lane half " + Q(OperandName(call.args[0])) +
                   " moves the split axis " + std::to_string(in->split_dim) +
                   " across non-unit axes (" + ir::ShapeToString(src->shape) + " -> " +
                   ir::ShapeToString(rt.shape) + "), so a lane's rows no longer form its half",
               "reshape only by adding or removing unit axes inside the split function, or so "
               "that each lane's band stays one contiguous run (every axis before the split axis "
               "is 1, and the new first non-unit axis has an even extent)");
      if (*axis != in->split_dim && ctx_.lane_stride)
        Reject(ctx_, span,
               name +
                   " migrates the split axis inside a body whose ragged boundary is "
                   "rebalanced (lane_stride=" +
                   std::to_string(*ctx_.lane_stride) +
                   "): a migrated axis carries its own half and cannot follow that partition",
               "pad the boundary tile to a fully valid box, or reshape outside the split "
               "function");
      TileInfo info;
      auto half_t = HalveTileShape(ctx_, rt, *axis, &info);
      std::vector<ExprPtr> args = call.args;
      if (name == "tile.reshape") args[1] = WithElem(args[1], *axis, info.half);
      TypePtr type = CheckTypeConsistency(call, args, *half_t, span);
      VarPtr v = ir::MakeVar(var->name, type, var->span);
      ctx_.replacements[var.get()] = v;
      Track(v, info);
      out.push_back(
          ir::MakeAssign(v, ops::CreateWithType(op, args, call.kwargs, type, span), span));
      return;
    }
    const int axis = ctx_.split_dim;
    if (axis >= static_cast<int>(rt.shape.size()) || ir::IsConstInt(rt.shape[axis], 1)) {
      ExprPtr e = ops::CreateWithType(op, call.args, call.kwargs, call.type, span);
      out.push_back(ir::MakeAssign(Rebind(var, e->type), e, span));
      return;
    }
    // A full-width source: keep the view whole, then take this lane's half with a slice, so
    // each lane reads its own half rather than both reading the first.
    if (!ir::AsConstInt(rt.shape[axis]))
      Reject(ctx_, span,
             name + " of the full-width " + Q(OperandName(call.args[0])) +
                 " has a dynamic split extent " + ir::ExprToString(rt.shape[axis]) +
                 "; the per-lane slice needs a static half",
             "give the view a static extent on the split axis, or view a per-lane value");
    if (const std::optional<int64_t> box = ir::AsConstInt(rt.shape[axis]); box && *box % 2 != 0)
      Reject(ctx_, span,
             name + " of the full-width " + Q(OperandName(call.args[0])) +
                 " gives the split axis " + std::to_string(axis) + " the odd extent " +
                 std::to_string(*box) + ": each lane would take its half with a slice of " +
                 std::to_string((*box + 1) / 2) + ", and lane 1's would reach past the view",
             "give the view an even extent on the split axis, or view a value the split already "
             "halved");
    if (ctx_.lane_stride)
      Reject(ctx_, span,
             name + " of a full-width value inside a rebalanced body (lane_stride=" +
                 std::to_string(*ctx_.lane_stride) + ")",
             "derive the viewed value from the boundary tile");
    ExprPtr whole_call = ops::CreateWithType(op, call.args, call.kwargs, call.type, span);
    VarPtr whole = ir::MakeVar(var->name + "_full", call.type, var->span);
    out.push_back(ir::MakeAssign(whole, whole_call, span));
    TileInfo info;
    auto half_t = HalveTileShape(ctx_, rt, axis, &info);
    std::vector<ExprPtr> shape = rt.shape, offs;
    shape[axis] = info.half;
    for (size_t i = 0; i < rt.shape.size(); ++i) offs.push_back(ir::Index(0));
    offs[axis] = LocalizeOffset(ctx_, offs[axis], LaneStrideFor(ctx_, axis, info.half));
    ExprPtr slice = ops::Create(
        "tile.slice", {whole, ir::MakeTupleExpr(shape), ir::MakeTupleExpr(offs)}, {}, span);
    const TileType* st = ir::TileTypeOf(slice);
    VarPtr v = ir::MakeVar(var->name, slice->type, var->span);
    ctx_.replacements[var.get()] = v;
    info.half = st->shape[axis];
    Track(v, std::move(info));
    (void)half_t;
    out.push_back(ir::MakeAssign(v, slice, span));
  }

  // Where the split axis lands after a reshape that only adds or removes unit axes.
  static std::optional<int> MigratedAxis(const std::vector<ExprPtr>& from,
                                         const std::vector<ExprPtr>& to, int axis) {
    if (ir::ExprListEqual(from, to)) return axis;
    std::vector<int> from_nu, to_nu;
    for (size_t i = 0; i < from.size(); ++i)
      if (!ir::IsConstInt(from[i], 1)) from_nu.push_back(static_cast<int>(i));
    for (size_t i = 0; i < to.size(); ++i)
      if (!ir::IsConstInt(to[i], 1)) to_nu.push_back(static_cast<int>(i));
    if (from_nu.size() != to_nu.size()) return std::nullopt;
    for (size_t k = 0; k < from_nu.size(); ++k)
      if (!ir::ExprEqual(from[from_nu[k]], to[to_nu[k]])) return std::nullopt;
    for (size_t k = 0; k < from_nu.size(); ++k)
      if (from_nu[k] == axis) return to_nu[k];
    return std::nullopt;
  }

  // Where the split axis lands after a row-major reshape that keeps each lane's band one
  // contiguous run of the flat tile: every axis before the split axis is a unit axis, so lane L's
  // band is the L-th half of the elements, and the target's first non-unit axis has an even
  // static extent, whose two halves are exactly those runs ([16, 16] -> [256, 1] under UP_DOWN).
  static std::optional<int> ContiguousBlockAxis(const std::vector<ExprPtr>& from,
                                                const std::vector<ExprPtr>& to, int axis) {
    for (int i = 0; i < axis; ++i)
      if (!ir::IsConstInt(from[static_cast<size_t>(i)], 1)) return std::nullopt;
    for (size_t i = 0; i < to.size(); ++i) {
      if (ir::IsConstInt(to[i], 1)) continue;
      auto e = ir::AsConstInt(to[i]);
      if (!e || *e % 2 != 0) return std::nullopt;
      return static_cast<int>(i);
    }
    return std::nullopt;
  }

  // Tuple results: each element's axis is discovered by re-deducing over per-lane operands.
  void EmitHalvedTuple(const VarPtr& var, const Call& call, ir::Span span,
                       std::vector<StmtPtr>& out) {
    const ops::OpDef& op = ops::Def(call);
    const ir::TupleType* orig = call.type->As<ir::TupleType>();
    TypePtr deduced;
    try {
      deduced = ops::DeduceType(op, call.args, call.kwargs, span);
    } catch (const ir::UserError& e) {
      Reject(ctx_, span,
             "cannot halve " + call.op_name() + ": the operator refuses the per-lane operands (" +
                 e.message() + ")",
             "keep this operation outside the split function, or give it operands whose halves "
             "satisfy its constraints");
    }
    const ir::TupleType* dt = deduced->As<ir::TupleType>();
    std::vector<TypePtr> elems;
    std::vector<TileInfo> infos;
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
      TileInfo info;
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
    VarPtr v = ir::MakeVar(var->name, type, var->span);
    ctx_.replacements[var.get()] = v;
    ctx_.tuple_vars.Set(v.get(), std::move(infos));
    out.push_back(
        ir::MakeAssign(v, ops::CreateWithType(op, call.args, call.kwargs, type, span), span));
  }

  // ---- Control flow.

  std::vector<ir::IterArg> CarryIterArgs(const std::vector<ir::IterArg>& ias) {
    std::vector<ir::IterArg> out;
    for (const ir::IterArg& ia : ias) {
      ExprPtr init = Sub(ia.init);
      VarPtr v = Rebind(ia.var, init->type);
      if (auto info = OperandSplitInfo(ctx_, init)) Track(v, *info);
      // A tuple carry keeps its init's per-element axes, or the exit (and every store after
      // the loop) would lose them.
      if (const ir::Var* iv = init->As<ir::Var>()) ctx_.tuple_vars.CopyTo(iv, v.get());
      out.push_back({v, init});
    }
    return out;
  }

  // The value yielded back into a carry must be lane-local exactly when the carry is.
  void ValidateCarryBackedge(const std::vector<ir::IterArg>& ias, const StmtPtr& body) {
    std::vector<StmtPtr> stmts = ir::FlattenStmts(body);
    const ir::YieldStmt* y = stmts.empty() ? nullptr : stmts.back()->As<ir::YieldStmt>();
    if (!y) return;
    for (size_t i = 0; i < ias.size() && i < y->values.size(); ++i) {
      const bool carry = OperandSplitInfo(ctx_, ias[i].var) != nullptr;
      const ExprPtr& val = y->values[i];
      const bool yielded = OperandSplitInfo(ctx_, val) != nullptr;
      if (carry == yielded) continue;
      if (val->kind == ir::ExprKind::Call)
        Reject(ctx_, stmts.back()->span,
               "the loop carry " + Q(ias[i].var->name) + " is fed an unbound expression (" +
                   Q(ir::ExprToString(val)) + ") that the split never reaches",
               "bind the value to a name first (x = ...; pl.yield_(x)) so it is split like any "
               "other statement");
      Reject(ctx_, stmts.back()->span,
             "the loop carry " + Q(ias[i].var->name) + " is " +
                 (carry ? "per-lane (its initial value was halved)" : "full width") +
                 " but the value yielded into it, " + Q(OperandName(val)) + ", is " +
                 (yielded ? "per-lane" : "full width"),
             carry ? "yield a lane-local value (derived from the carry or another per-lane value)"
                   : "yield a full-width value, or start the carry from a per-lane value");
    }
  }

  std::vector<VarPtr> RepairReturnVars(const std::vector<VarPtr>& rvs,
                                       const std::vector<ir::IterArg>& ias) {
    std::vector<VarPtr> out;
    for (size_t i = 0; i < rvs.size(); ++i) {
      if (i >= ias.size()) {
        out.push_back(ctx_.detach ? DetachDef(ctx_, rvs[i]) : rvs[i]);
        continue;
      }
      VarPtr v = Rebind(rvs[i], ias[i].var->type);
      if (auto info = OperandSplitInfo(ctx_, ias[i].var)) Track(v, *info);
      ctx_.tuple_vars.CopyTo(ias[i].var.get(), v.get());
      out.push_back(v);
    }
    return out;
  }

  void EmitFor(const ir::ForStmt& f, std::vector<StmtPtr>& out) {
    std::vector<ir::IterArg> ias = CarryIterArgs(f.iter_args);
    VarPtr loop_var = ctx_.detach ? DetachDef(ctx_, f.loop_var) : f.loop_var;
    StmtPtr body = One(f.body);
    ValidateCarryBackedge(ias, body);
    std::vector<VarPtr> rvs = RepairReturnVars(f.return_vars, ias);
    out.push_back(std::make_shared<ir::ForStmt>(loop_var, Sub(f.start), Sub(f.stop), Sub(f.step),
                                                f.for_kind, f.stage, std::move(ias), body,
                                                std::move(rvs), f.span));
  }

  void EmitWhile(const ir::WhileStmt& w, std::vector<StmtPtr>& out) {
    std::vector<ir::IterArg> ias = CarryIterArgs(w.iter_args);
    ExprPtr cond = Sub(w.cond);
    StmtPtr body = One(w.body);
    ValidateCarryBackedge(ias, body);
    std::vector<VarPtr> rvs = RepairReturnVars(w.return_vars, ias);
    out.push_back(
        std::make_shared<ir::WhileStmt>(cond, std::move(ias), body, std::move(rvs), w.span));
  }

  void EmitIf(const ir::IfStmt& s, std::vector<StmtPtr>& out) {
    ExprPtr cond = Sub(s.cond);
    StmtPtr then_b = One(s.then_body);
    StmtPtr else_b = s.else_body ? One(s.else_body) : nullptr;
    std::vector<VarPtr> rvs;
    auto yields = [](const StmtPtr& b) -> const ir::YieldStmt* {
      std::vector<StmtPtr> st = ir::FlattenStmts(b);
      return st.empty() ? nullptr : st.back()->As<ir::YieldStmt>();
    };
    const ir::YieldStmt* ty = then_b ? yields(then_b) : nullptr;
    const ir::YieldStmt* ey = else_b ? yields(else_b) : nullptr;
    for (size_t i = 0; i < s.return_vars.size(); ++i) {
      const VarPtr& rv = s.return_vars[i];
      if (!ty || !ey || i >= ty->values.size() || i >= ey->values.size()) {
        rvs.push_back(ctx_.detach ? DetachDef(ctx_, rv) : rv);
        continue;
      }
      const ExprPtr &a = ty->values[i], &b = ey->values[i];
      auto ia = OperandSplitInfo(ctx_, a), ib = OperandSplitInfo(ctx_, b);
      const bool ta = ia || ctx_.tuple_vars.Contains(a->As<ir::Var>());
      const bool tb = ib || ctx_.tuple_vars.Contains(b->As<ir::Var>());
      if (ta != tb)
        Reject(ctx_, s.span,
               "the branches of this if disagree on " + Q(rv->name) +
                   ": the then-branch yields a " + (ta ? "per-lane" : "full-width") +
                   " value and the else-branch a " + (tb ? "per-lane" : "full-width") +
                   " one, so the merge has no single type",
               "make both branches yield per-lane values (or both full-width ones)");
      if (ta && !ir::TypeEqual(a->type, b->type))
        Reject(ctx_, s.span,
               "the branches of this if yield per-lane values of different types for " +
                   Q(rv->name) + " (" + ir::TypeToString(a->type) + " vs " +
                   ir::TypeToString(b->type) + ")",
               "make both branches produce the same per-lane shape");
      VarPtr v = Rebind(rv, a->type);
      if (ia) Track(v, *ia);
      if (const ir::Var* av = a->As<ir::Var>()) ctx_.tuple_vars.CopyTo(av, v.get());
      rvs.push_back(v);
    }
    out.push_back(std::make_shared<ir::IfStmt>(cond, then_b, else_b, std::move(rvs), s.span));
  }
};

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
  const std::string where = as ? "in the statement defining " + Q(as->var->name) : "here";
  for (const ExprPtr& a : c->args)
    if (OperandSplitInfo(ctx, a))
      ir::ThrowInternal(s->span, "LowerAutoVectorSplit: cube operation " + c->op_name() + " " +
                                     where + " consumes the halved tile " + Q(ir::ExprToString(a)));
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

}  // namespace tilesplit::split_axis
