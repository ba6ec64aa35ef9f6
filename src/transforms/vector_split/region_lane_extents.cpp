// LocalizeExplicitBoundaryValid (regions.h): the lane-agnostic valid extents of an explicit-
// boundary region's shards are repaired with the author's lane index, a store a lane may hold no
// rows of is guarded, and gathers are handed full half boxes. The facts about per-lane extents are
// one ExtentState; the crossings (BoundaryExtents) and the walk around them (Localizer) share it.
#include <optional>
#include <unordered_map>

#include "crossing_rules.h"
#include "lane_extents.h"
#include "regions.h"
#include "rewrite_util.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/split_code.h"

namespace tilesplit::vector_split {
namespace {

// An op that reshapes the logical rectangle of a tile whose valid extent on the split axis is
// the lane's own (`extent`) in a hand-written region: the per-lane extent cannot follow it
// through the new shape. (The AUTO plan keeps such a body flat instead.)
[[noreturn]] void RejectReshapeOfLaneExtent(ir::Span span, const std::string& op,
                                            const ExprPtr& extent) {
  ir::ThrowUser(span,
                op +
                    " reshapes the logical rectangle of a tile whose valid extent on the "
                    "split axis is this lane's own (" +
                    ir::ExprToString(extent) +
                    "), which cannot follow the per-lane extent through the new shape",
                {{ir::Span{},
                  "apply it to a tile both lanes hold fully valid, or before the "
                  "tile.aiv_shard on the cube side"}});
}

// What the crossings and the walk share: the lane, the facts, the rebinding.
struct ExtentState {
  VarPtr lane;
  std::vector<StmtPtr> hoisted;  // cube-side statements that must run before the region
  ir::VarMap repl;
  LaneExtentFacts facts;

  const LaneFact* FactOf(const ExprPtr& e) const { return facts.Of(e); }

  // A retyped value keeps its declared layout (the author's view, or the one its deduction gave
  // when it was written): only its extents follow the lane, as on the flat path.
  VarPtr Retype(const VarPtr& old, const ir::TypePtr& t) {
    return Rebind(old, ir::WithDeclaredLayout(old->type, t), repl);
  }
  // A carry, a merge or an alias is typed by the value flowing into it, as the parser types it.
  VarPtr RetypeAsValue(const VarPtr& old, const ir::TypePtr& t) { return Rebind(old, t, repl); }
};

// The crossings of the region: a shard's per-lane extent placed (or the full box popped and
// narrowed after the pop), a gather's lanes widened to their half boxes where they would not abut.
class BoundaryExtents {
 public:
  explicit BoundaryExtents(ExtentState& st) : st_(st) {}

  // A runtime extent (no code fits every value) or a static one no code places (13 of 16 rows
  // leaves 8 and 5): the transport carries the FULL box, whose lanes always place, and the
  // lane's own extent is applied right after the pop. The widening is cube work, so it runs just
  // before the region; the shard then reads a fully valid tile, which its text states exactly.
  void EmitFullBoxShard(const ir::AssignStmt& a, const ir::Call& c, const ir::TileType& src,
                        int axis, LaneFact fact, std::vector<StmtPtr>& out) {
    FullBoxShard x = BuildFullBoxShard(
        a.var, ops::Def(c), c.args[0], src, axis, c.kwargs, st_.lane, std::nullopt,
        [](const ir::TileType& half, std::vector<ExprPtr> valid) {
          return ir::WithValid(half, std::move(valid));
        },
        a.span);
    st_.hoisted.push_back(x.widen);
    out.push_back(x.pop_stmt);
    VarPtr nv = st_.Retype(a.var, x.narrowed->type);
    if (auto v = ir::AsConstInt(fact.full_valid)) {
      const ops::LaneExtentPair p =
          ops::LaneExtents(*ir::AsConstInt(src.shape[axis]), *v, std::nullopt);
      fact.may_be_empty = p.e0 == 0 || p.e1 == 0;
    }
    st_.facts.Set(nv.get(), fact);
    out.push_back(BindAs(nv, x.narrowed, a.span));
  }

  void EmitShard(const ir::AssignStmt& a, const ir::Call& c, std::vector<StmtPtr>& out) {
    auto split = ir::GetAttr<int64_t>(c.kwargs, "split");
    const ir::TileType* src = ir::TileTypeOf(c.args[0]);
    const ir::TileType* rt = ir::AsTileType(c.type);
    ExprPtr call = ops::Create(ops::Def(c), c.args, c.kwargs, a.span);
    if (!split || *split == 0 || !src || !rt || src->shape.size() != 2) {
      return out.push_back(BindAs(st_.Retype(a.var, call->type), call, a.span));
    }
    const int axis = static_cast<int>(*split) - 1;
    const ExprPtr box = src->shape[axis];
    const ExprPtr full_valid = src->valid()[axis];
    const ir::TileType* dt = ir::AsTileType(call->type);
    const ExprPtr half = dt->shape[axis];
    auto b = ir::AsConstInt(box);
    auto v = ir::AsConstInt(full_valid);
    if (!b)
      RejectRuntimeShardBox(a.span, "", "tile.aiv_shard of " + Quote(ir::ExprToString(c.args[0])),
                            axis, box);
    ExprPtr lane_extent = LaneExtent(st_.lane, full_valid, half);
    std::vector<ExprPtr> valid = dt->valid();
    LaneFact fact{axis, lane_extent, full_valid, true, false};
    if (!v || !PlacesBothLanes(*b, *v, std::nullopt))
      return EmitFullBoxShard(a, c, *src, axis, fact, out);
    try {  // the column rules of the boundary (the placement itself is settled above)
      ops::ShardSplitCode(static_cast<ir::SplitMode>(*split), src->shape, src->valid(),
                          std::nullopt);
    } catch (const ir::UserError& e) {
      throw e.WithSpanIfMissing(a.span);
    }
    const std::optional<LaneFact> placed =
        LaneExtentFacts::OfPlacedShard(st_.lane, axis, *b, *v, full_valid, half);
    valid[axis] = placed ? placed->extent : half;
    if (ir::ExprListEqual(valid, dt->shape)) valid.clear();
    ir::TypePtr type = ir::WithValid(*dt, std::move(valid));
    VarPtr nv = st_.Retype(a.var, type);
    if (placed) st_.facts.Set(nv.get(), *placed);
    out.push_back(
        BindAs(nv, ops::CreateWithType(ops::Def(c), c.args, c.kwargs, type, a.span), a.span));
  }

  // Lane l lands at l * half: the join is a rectangle only when the bands abut.
  void EmitGather(const ir::AssignStmt& a, const ir::Call& c, const ExprPtr& value,
                  std::vector<StmtPtr>& out) {
    auto split = ir::GetAttr<int64_t>(c.kwargs, "split");
    const ir::TileType* in = ir::TileTypeOf(c.args[0]);
    if (!split || *split == 0 || !in || in->shape.size() != 2) {
      ExprPtr e = value == a.value ? value : ops::Create(ops::Def(c), c.args, c.kwargs, a.span);
      return out.push_back(BindAs(st_.Retype(a.var, e->type), e, a.span));
    }
    const int axis = static_cast<int>(*split) - 1;
    ExprPtr e = ops::Create(ops::Def(c), c.args, c.kwargs, a.span);
    const LaneFact* lf = st_.FactOf(c.args[0]);
    if (lf && lf->axis == axis && !ops::ProvablyEqual(lf->extent, in->shape[axis])) {
      // Lane 1 lands at its own extent, so a lane extent below the half box (8 and 7 of 15
      // rows, or a runtime one) would put it early: both lanes hand over their full half boxes,
      // which abut, and the join keeps the type the author's program gives it (the rows past
      // the pre-shard extent are undefined there too), so later uses keep their variable.
      VarPtr lanes = WidenLanesToHalfBox(a.var, c.args[0], *in, axis, in->shape[axis], a.span, out);
      ExprPtr joined = ops::Create(ops::Def(c), {lanes}, c.kwargs, a.span);
      e = ops::CreateWithType(ops::Def(c), {lanes}, c.kwargs, DeclaredIfSameBox(a, joined->type),
                              a.span);
      return out.push_back(BindAs(st_.Retype(a.var, e->type), e, a.span));
    }
    if (const LaneFact* f = lf; f && f->axis == axis) {
      // Fed by a localized shard: the bands abut, so the join is exactly the pre-shard extent.
      const ir::TileType* gt = ir::AsTileType(e->type);
      std::vector<ExprPtr> valid = gt->valid();
      valid[axis] = f->full_valid;
      if (ir::ExprListEqual(valid, gt->shape)) valid.clear();
      e = ops::CreateWithType(ops::Def(c), c.args, c.kwargs, ir::WithValid(*gt, std::move(valid)),
                              a.span);
    } else {
      auto lv = ir::AsConstInt(in->valid()[axis]);
      auto hb = ir::AsConstInt(in->shape[axis]);
      if (lv && hb && *lv != *hb && *lv != 0)
        RejectUnabuttedGather(
            a.span, "", "the operand " + Quote(ir::ExprToString(c.args[0])) + " of tile.aic_gather",
            axis, *lv, *hb);
      // Nothing localized flows in: the join is what the author's program typed it as. Reading
      // this pass's own output back (a gather of lanes it widened to their full half boxes)
      // must not retype, and so rename, the joined tile.
      e = ops::CreateWithType(ops::Def(c), c.args, c.kwargs, DeclaredIfSameBox(a, e->type), a.span);
    }
    out.push_back(BindAs(st_.Retype(a.var, e->type), e, a.span));
  }

 private:
  ExtentState& st_;

  // The type the author's program gives the gather's result when it has the box and memory of
  // the deduced join (its valid extent is the author's statement about the joined rows, read the
  // same way by the reference), else the deduced join.
  static ir::TypePtr DeclaredIfSameBox(const ir::AssignStmt& a, const ir::TypePtr& joined) {
    const ir::TileType* jt = ir::AsTileType(joined);
    const ir::TileType* old_t = ir::AsTileType(a.var->type);
    if (jt && old_t && ir::ExprListEqual(old_t->shape, jt->shape) && old_t->memory == jt->memory)
      return a.var->type;
    return joined;
  }
};

// The walk: stores of a lane that may hold no rows are guarded, loop carries and if merges keep
// the facts of what flows into them, other consumers are retyped from their operands.
class Localizer {
 public:
  explicit Localizer(VarPtr lane) : boundary_(st_) { st_.lane = std::move(lane); }

  std::vector<StmtPtr> Stmts(const std::vector<StmtPtr>& in) {
    std::vector<StmtPtr> out;
    out.reserve(in.size());
    for (const StmtPtr& s : in) Emit(s, out);
    return out;
  }

  const std::vector<StmtPtr>& Hoisted() const { return st_.hoisted; }
  const ir::VarMap& Renamed() const { return st_.repl; }

 private:
  ExtentState st_;
  BoundaryExtents boundary_;
  // Conditions of the branches being emitted. A store already inside its own lane guard (a
  // region this pass printed and reads back) needs no second one.
  std::vector<ExprPtr> enclosing_;

  bool NeedsGuard(const LaneFact* f) const {
    if (!f || !f->may_be_empty) return false;
    const ExprPtr g = LaneHoldsRows(f->extent);
    for (const ExprPtr& c : enclosing_)
      if (ir::ExprEqual(c, g)) return false;
    return true;
  }

  ExprPtr Sub(const ExprPtr& e) const {
    if (!e) return e;
    ExprPtr s = ir::Substitute(e, st_.repl);
    const ir::Call* c = s->As<ir::Call>();
    if (!c) return s;
    // A call nested in an operand (`add(add(h, s), s)`) is typed again from its operands, as
    // the parser types it when it reads the printed form back; the outer call is retyped by
    // its own statement.
    std::vector<ExprPtr> args;
    bool changed = false;
    for (const ExprPtr& a : c->args) {
      args.push_back(RetypeNested(a));
      changed = changed || args.back() != a;
    }
    return changed ? ops::CreateWithType(ops::Def(*c), std::move(args), c->kwargs, c->type, s->span)
                   : s;
  }

  static ExprPtr RetypeNested(const ExprPtr& e) {
    const ir::Call* c = e ? e->As<ir::Call>() : nullptr;
    if (!c) return e;
    std::vector<ExprPtr> args;
    for (const ExprPtr& a : c->args) args.push_back(RetypeNested(a));
    ExprPtr again = ops::Create(ops::Def(*c), std::move(args), c->kwargs, e->span);
    return ir::TypeEqual(again->type, e->type) && again->As<ir::Call>()->args == c->args ? e
                                                                                         : again;
  }

  void Emit(const StmtPtr& s, std::vector<StmtPtr>& out) {
    ir::VisitStmtKind(
        *s,
        ir::Overloaded{[&](const ir::SeqStmts& q) {
                         for (const StmtPtr& c : q.stmts) Emit(c, out);
                       },
                       [&](const ir::AssignStmt& a) { EmitAssign(a, out); },
                       [&](const ir::EvalStmt& ev) {
                         ExprPtr e = Sub(ev.expr);
                         if (const LaneFact* f = StoredFact(e); NeedsGuard(f))
                           return out.push_back(GuardedStoreEffect(e, f->extent, s->span));
                         out.push_back(ir::MakeEval(e, s->span));
                       },
                       [&](const ir::ReturnStmt& r) { EmitReturn(r, out); },
                       [&](const ir::YieldStmt& y) {
                         std::vector<ExprPtr> vals;
                         for (const ExprPtr& v : y.values) vals.push_back(Sub(v));
                         out.push_back(ir::MakeYield(std::move(vals), s->span));
                       },
                       [&](const ir::ForStmt& f) {
                         std::vector<ir::IterArg> ias = IterArgs(f.iter_args);
                         StmtPtr body = ir::MakeSeq(Stmts(ir::FlattenStmts(f.body)), f.body->span);
                         out.push_back(std::make_shared<ir::ForStmt>(
                             f.loop_var, Sub(f.start), Sub(f.stop), Sub(f.step), f.for_kind,
                             f.stage, ias, body, ReturnVars(f.return_vars, ias), f.span));
                       },
                       [&](const ir::WhileStmt& w) {
                         std::vector<ir::IterArg> ias = IterArgs(w.iter_args);
                         ExprPtr cond = Sub(w.cond);
                         StmtPtr body = ir::MakeSeq(Stmts(ir::FlattenStmts(w.body)), w.body->span);
                         out.push_back(std::make_shared<ir::WhileStmt>(
                             cond, ias, body, ReturnVars(w.return_vars, ias), w.span));
                       },
                       [&](const ir::IfStmt& i) { EmitIf(i, out); },
                       [&](const auto&) { out.push_back(s); }});  // scopes and regions: kept
  }

  void EmitReturn(const ir::ReturnStmt& r, std::vector<StmtPtr>& out) {
    std::vector<ExprPtr> vals;
    for (const ExprPtr& v : r.values) {
      ExprPtr e = Sub(v);
      if (const LaneFact* f = StoredFact(e); NeedsGuard(f)) {
        VarPtr stored = ir::MakeVar("stored", e->type, r.span);
        out.push_back(GuardedStore(stored, e, f->extent, r.span));
        e = stored;
      }
      vals.push_back(e);
    }
    out.push_back(ir::MakeReturn(std::move(vals), r.span));
  }

  void EmitIf(const ir::IfStmt& i, std::vector<StmtPtr>& out) {
    ExprPtr cond = Sub(i.cond);
    enclosing_.push_back(cond);
    StmtPtr t = ir::MakeSeq(Stmts(ir::FlattenStmts(i.then_body)), i.then_body->span);
    enclosing_.pop_back();
    StmtPtr e = i.else_body ? ir::MakeSeq(Stmts(ir::FlattenStmts(i.else_body)), i.else_body->span)
                            : nullptr;
    std::vector<StmtPtr> ts = ir::FlattenStmts(t);
    const ir::YieldStmt* ty = ts.empty() ? nullptr : ts.back()->As<ir::YieldStmt>();
    std::vector<VarPtr> rvs;
    for (size_t k = 0; k < i.return_vars.size(); ++k)
      rvs.push_back(ty && k < ty->values.size()
                        ? st_.RetypeAsValue(i.return_vars[k], ty->values[k]->type)
                        : i.return_vars[k]);
    out.push_back(std::make_shared<ir::IfStmt>(cond, t, e, rvs, i.span));
  }

  std::vector<ir::IterArg> IterArgs(const std::vector<ir::IterArg>& in) {
    std::vector<ir::IterArg> out;
    for (const ir::IterArg& ia : in) {
      ExprPtr init = Sub(ia.init);
      VarPtr v = st_.RetypeAsValue(ia.var, init->type);
      if (const LaneFact* f = st_.FactOf(init)) st_.facts.Set(v.get(), *f);
      out.push_back({v, init});
    }
    return out;
  }

  std::vector<VarPtr> ReturnVars(const std::vector<VarPtr>& rvs,
                                 const std::vector<ir::IterArg>& ias) {
    std::vector<VarPtr> out;
    for (size_t i = 0; i < rvs.size(); ++i) {
      if (i >= ias.size()) {
        out.push_back(rvs[i]);
        continue;
      }
      VarPtr v = st_.RetypeAsValue(rvs[i], ias[i].var->type);
      if (const LaneFact* f = st_.FactOf(ias[i].var)) st_.facts.Set(v.get(), *f);
      out.push_back(v);
    }
    return out;
  }

  // A window over a lane's extent at a lane-dependent offset is one the deducer cannot bound: it
  // types it fully valid (the requested extent, ops.md 0 [D]). The valid extent the program
  // states for it on the split axis (the author's, or this pass's exact one read back) then
  // stands, as the parser read it: dropping it would claim rows the lane does not hold, and
  // would change this pass's own output when run on it again.
  static ExprPtr KeepStatedWindowValid(const ir::AssignStmt& a, const ir::Call& c, const ExprPtr& e,
                                       int axis) {
    const ir::TileType* t = ir::AsTileType(e->type);
    const ir::TileType* stated = ir::AsTileType(a.var->type);
    if (!t || !stated || t->memory != stated->memory || axis >= static_cast<int>(t->shape.size()) ||
        !ir::ExprListEqual(t->shape, stated->shape))
      return e;
    const size_t d = static_cast<size_t>(axis);
    std::vector<ExprPtr> valid = t->valid();
    const ExprPtr& says = stated->valid()[d];
    if (!ir::ExprEqual(valid[d], t->shape[d]) || ir::ExprEqual(says, stated->shape[d])) return e;
    valid[d] = says;
    if (ir::ExprListEqual(valid, t->shape)) valid.clear();
    return ops::CreateWithType(ops::Def(c), c.args, c.kwargs, ir::WithValid(*t, std::move(valid)),
                               a.span);
  }

  // The lane fact of the tile a tile.store call writes, if the store is one.
  const LaneFact* StoredFact(const ExprPtr& e) const { return st_.facts.Stored(e); }

  void EmitAssign(const ir::AssignStmt& a, std::vector<StmtPtr>& out) {
    ExprPtr value = Sub(a.value);
    const ir::Call* c = value->As<ir::Call>();
    if (!c) {
      VarPtr v = st_.RetypeAsValue(a.var, value->type);
      if (const LaneFact* f = st_.FactOf(value)) st_.facts.Set(v.get(), *f);
      return out.push_back(BindAs(v, value, a.span));
    }
    const ops::OpDef& op = ops::Def(*c);
    if (op.is_shard()) return boundary_.EmitShard(a, *c, out);
    if (op.is_gather()) return boundary_.EmitGather(a, *c, value, out);
    if (IsGmWrite(*c)) {
      if (const LaneFact* f = StoredFact(value); NeedsGuard(f)) {
        VarPtr v = st_.Retype(a.var, value->type);
        return out.push_back(GuardedStore(v, value, f->extent, a.span));
      }
      return out.push_back(BindAs(st_.Retype(a.var, value->type), value, a.span));
    }
    const LaneFact* in = nullptr;
    for (const ExprPtr& arg : c->args)
      if ((in = st_.FactOf(arg))) break;
    if (!in || !ir::AsTileType(c->type)) {
      // Untouched by any localized extent: re-typed only when an operand was.
      ExprPtr e = value;
      if (value != a.value) e = ops::Create(ops::Def(*c), c->args, c->kwargs, a.span);
      return out.push_back(BindAs(st_.Retype(a.var, e->type), e, a.span));
    }
    if (op.rectangle_change() != ops::RectangleChange::None)
      RejectReshapeOfLaneExtent(a.span, op.name(), in->extent);
    // Consumers that pass valid_shape through take the lane's extent from their operand; a
    // pending runtime extent lands on this, its first consumer.
    LaneFact fact = *in;
    ExprPtr e = ops::Create(ops::Def(*c), c->args, c->kwargs, a.span);
    const ir::TileType* t = ir::AsTileType(e->type);
    if (fact.pending && t && fact.axis < static_cast<int>(t->shape.size())) {
      std::vector<ExprPtr> valid = t->valid();
      valid[fact.axis] = fact.extent;
      ir::TypePtr nt = ir::WithValid(*t, std::move(valid));
      e = ops::CreateWithType(ops::Def(*c), c->args, c->kwargs, nt, a.span);
      fact.pending = false;
    }
    if (op.tile_window()) {
      e = KeepStatedWindowValid(a, *c, e, fact.axis);
      t = ir::AsTileType(e->type);  // the earlier type may have gone with the earlier call
    }
    VarPtr v = st_.Retype(a.var, e->type);
    if (std::optional<LaneFact> held = LaneExtentFacts::OfConsumer(fact, t))
      st_.facts.Set(v.get(), *held);
    out.push_back(BindAs(v, e, a.span));
  }
};

}  // namespace

ir::StmtPtr LocalizeExplicitBoundaryValid(const ir::SplitAivStmt& region, ir::VarMap& renamed) {
  VarPtr lane = ir::LaneVar(region);
  const bool injected = !lane;
  if (injected) lane = ir::MakeVar("aiv_id", ir::MakeScalarType(ir::DataType::INDEX), region.span);
  std::vector<StmtPtr> body = BodyWithoutLane(region, injected ? nullptr : lane);
  Localizer loc(lane);
  std::vector<StmtPtr> out = loc.Stmts(body);
  for (const auto& [old, nv] : loc.Renamed()) renamed[old] = nv;
  // A fresh lane binding is kept only when the repair referenced it.
  std::vector<StmtPtr> with_lane;
  StmtPtr seq = ir::MakeSeq(out, region.body->span);
  if (!injected || ir::UsesVar(seq, lane.get()))
    with_lane.push_back(LaneBinding(lane, region.span));
  for (StmtPtr& s : out) with_lane.push_back(std::move(s));
  StmtPtr localized = std::make_shared<ir::SplitAivStmt>(
      region.mode, ir::MakeSeq(std::move(with_lane), region.body->span), region.span);
  if (loc.Hoisted().empty()) return localized;
  std::vector<StmtPtr> with_hoisted = loc.Hoisted();
  with_hoisted.push_back(std::move(localized));
  return ir::MakeSeq(std::move(with_hoisted), region.span);
}

}  // namespace tilesplit::vector_split
