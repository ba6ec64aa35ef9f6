// AUTO region synthesis and region placement (spec: "Shared body admission and AUTO regions",
// "Region placement consumed by ExpandMixedKernel").
#include "crossing_rules.h"
#include "regions.h"
#include "split_remarks.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/lane.h"
#include "tilesplit/ops/split_code.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::vector_split {
using analysis::CoreAffinity;
using ir::StmtPtr;

// The side a flat lowered statement belongs to. The boundary ops sit on the vector phase: the
// region owns both ends of its crossings.
AutoRegionPlan::Phase AutoRegionPlan::PhaseOf(const ir::Stmt& s) {
  const ir::Call* c = analysis::TopLevelCall(s);
  if (!c) return Phase::Shared;
  if (ops::Def(*c).is_boundary()) return Phase::Vector;
  switch (analysis::ClassifyCallAffinity(*c)) {
    case CoreAffinity::VECTOR:
      return Phase::Vector;
    case CoreAffinity::CUBE:
      return Phase::Cube;
    case CoreAffinity::MIXED:
      return Phase::Vector;
    case CoreAffinity::SHARED:
      return Phase::Shared;
  }
  return Phase::Shared;
}

bool AutoRegionPlan::IsCall(const StmtPtr& s) {
  return analysis::TopLevelCall(*s) != nullptr;
}

AutoRegionPlan::AutoRegionPlan(ir::SplitMode mode, ir::VarPtr lane)
    : mode_(mode), lane_(std::move(lane)) {}

void AutoRegionPlan::Flat(ir::Span at, const char* why) {
  if (flat_because_) return;
  flat_because_ = why;
  flat_at_ = at;
}

// The lane's extent of what a statement defines, as the region repair
// (LocalizeExplicitBoundaryValid) reads it back from the printed region: a shard's extent is the
// lane's share of its source's valid cells; consumers keep their first operand's; a consumer
// that fixes the split-axis extent to a nonzero constant ends it. A store of a tile some lane
// holds no rows of is remembered, to be guarded in the region form.
void AutoRegionPlan::NoteExtents(const StmtPtr& s, size_t index) {
  auto guard_store = [&](const ExprPtr& e) {
    if (const LaneFact* f = facts_.Stored(e); f && f->may_be_empty) guards_[index] = f->extent;
  };
  if (const ir::EvalStmt* ev = s->As<ir::EvalStmt>()) return guard_store(ev->expr);
  const ir::AssignStmt* a = s->As<ir::AssignStmt>();
  if (!a) return;
  const ir::Call* c = a->value->As<ir::Call>();
  if (!c) {
    if (const LaneFact* f = facts_.Of(a->value)) facts_.Set(a->var.get(), *f);
    return;
  }
  const ops::OpDef& op = ops::Def(*c);
  if (op.is_shard()) {
    auto split = ir::GetAttr<int64_t>(c->kwargs, "split");
    const ir::TileType* src = ir::TileTypeOf(c->args[0]);
    const ir::TileType* rt = ir::AsTileType(c->type);
    if (!split || *split == 0 || !src || !rt || src->shape.size() != 2) return;
    const int axis = static_cast<int>(*split) - 1;
    auto b = ir::AsConstInt(src->shape[axis]);
    auto v = ir::AsConstInt(src->valid()[axis]);
    // The walk widens a crossing no code places to its full box first: its shard reads a fully
    // valid tile. Anything else would be repaired again when the region is read back.
    if (!b || !v || !PlacesBothLanes(*b, *v, std::nullopt))
      return Flat(s->span, "a crossing's lanes cannot be placed without widening it");
    if (std::optional<LaneFact> f = LaneExtentFacts::OfPlacedShard(
            lane_, axis, *b, *v, src->valid()[axis], rt->shape[axis]))
      facts_.Set(a->var.get(), *f);
    return;
  }
  if (op.is_gather()) return;
  if (IsGmWrite(*c)) return guard_store(a->value);
  const LaneFact* in = nullptr;
  for (const ExprPtr& arg : c->args)
    if ((in = facts_.Of(arg))) break;
  const ir::TileType* t = ir::AsTileType(c->type);
  if (!in || !t) return;
  // The region repair cannot follow a per-lane extent through a new shape, so the printed region
  // would be refused when read back; the flat form carries the extent in the reshape's own type
  // (the halving's), so it keeps the kernel instead of refusing it.
  if (op.rectangle_change() != ops::RectangleChange::None)
    return Flat(s->span, "a tile whose valid extent is the lane's own is given a new shape");
  if (std::optional<LaneFact> held = LaneExtentFacts::OfConsumer(*in, t))
    facts_.Set(a->var.get(), *held);
}

// The phases of the statements the walk makes of a call's nested operands: each is bound to its
// own statement first, innermost first (Halver::HoistNested), on its own side.
void AutoRegionPlan::NestedPhases(const ir::Call& c, std::vector<Phase>& out) {
  for (const ExprPtr& a : c.args)
    if (const ir::Call* inner = a ? a->As<ir::Call>() : nullptr) {
      NestedPhases(*inner, out);
      out.push_back(OwnPhase(*inner));
    }
}

// The side of a call whose operands are variables (a nested call hoisted, or the call left
// after hoisting its operands).
AutoRegionPlan::Phase AutoRegionPlan::OwnPhase(const ir::Call& c) {
  if (ops::Def(c).is_boundary()) return Phase::Vector;
  switch (analysis::ClassifyIntrinsicCallAffinity(c)) {
    case CoreAffinity::CUBE:
      return Phase::Cube;
    case CoreAffinity::SHARED:
      return Phase::Shared;
    case CoreAffinity::VECTOR:
    case CoreAffinity::MIXED:
      return Phase::Vector;
  }
  return Phase::Shared;
}

// The source's part of the decision, in program order: the first statement that keeps the flat
// form whatever the walk makes of the statements before it. The phases are those of the
// statements the walk makes of each source statement, known from the source: a cube->vector
// crossing becomes its shard (vector side), preceded by the widening of the cube tile (cube side)
// when no split code places the lanes of its static valid extent; a vector->cube crossing becomes
// the gather (vector side) and the placement move after it (cube side). Whether a crossing is
// split on another axis than the mode's is known from the source for a cube->vector one: a tile
// of extent 1 on the split axis is handed whole (split=0). A vector->cube crossing's axis is
// the axis its operand was halved on, which the halving's axis rules decide (a reshape or a
// transpose moves it; an operand of extent 1 on the split axis may or may not have been halved):
// the walk shows it (Add), so the walk runs through a vector->cube crossing the source decided on.
void AutoRegionPlan::Decide(const std::vector<StmtPtr>& source, std::optional<int64_t> lane_stride,
                            bool extensions) {
  const int d = SplitDimension(mode_);
  bool vector_seen = false, cube_after_vector = false;
  std::vector<Phase> phases;
  for (size_t i = 0; i < source.size(); ++i) {
    const StmtPtr& s = source[i];
    const char* why = nullptr;
    const ir::Call* c = analysis::TopLevelCall(*s);
    if (!ir::IsLeafStmt(*s) || s->As<ir::YieldStmt>()) {
      why = "the body has control flow";
    } else if (const ir::ReturnStmt* r = s->As<ir::ReturnStmt>()) {
      // A returned vector call (return pl.store(...)) would be vector work outside the region.
      for (const ir::ExprPtr& v : r->values)
        if (const ir::Call* rc = v->As<ir::Call>();
            rc && analysis::ClassifyCallAffinity(*rc) != CoreAffinity::CUBE &&
            analysis::ClassifyCallAffinity(*rc) != CoreAffinity::SHARED)
          why =
              "the return statement holds vector work (return pl.store(...)); bind it to a name "
              "first";
    } else if (lane_stride && c && analysis::ClassifyCallAffinity(*c) == CoreAffinity::MIXED) {
      // Every crossing of a rebalanced body is a shard carrying the stride (ResolveLaneStride).
      why = "a crossing is rebalanced (lane_stride)";
    } else if (c) {
      phases.clear();
      NestedPhases(*c, phases);
      const analysis::MoveDirection dir = analysis::ClassifyMoveDirection(*c);
      const ir::TileType* src =
          dir == analysis::MoveDirection::NONE ? nullptr : ir::TileTypeOf(c->args[0]);
      bool gather = false;
      if (dir == analysis::MoveDirection::CUBE_TO_VECTOR && src &&
          (static_cast<int>(src->shape.size()) <= d || ir::IsConstInt(src->shape[d], 1))) {
        phases.push_back(Phase::Split0);  // split=0: both lanes take the whole tile
      } else if (dir == analysis::MoveDirection::CUBE_TO_VECTOR && src) {
        // The full box crosses, widened on the cube side first (EmitFullBoxShard).
        if (ShardsFullBox(*src, d, lane_stride, extensions)) phases.push_back(Phase::Cube);
        phases.push_back(Phase::Vector);
      } else if (dir == analysis::MoveDirection::VECTOR_TO_CUBE) {
        gather = true;
        phases.push_back(Phase::Vector);
        phases.push_back(Phase::Cube);
      } else {
        phases.push_back(OwnPhase(*c));
      }
      for (Phase p : phases) {
        if (p == Phase::Split0) {
          why = "a crossing is split on another axis than the mode's";
        } else if (p == Phase::Vector) {
          if (cube_after_vector) why = "cube work lies between two vector phases";
          vector_seen = true;
        } else if (p == Phase::Cube && vector_seen) {
          cube_after_vector = true;
        }
        if (why) break;
      }
      // The gather's own axis, which the walk shows, comes before this reason.
      walk_decides_axis_ = why && gather;
    }
    if (!why) continue;
    decided_at_ = i;
    decided_because_ = why;
    decided_span_ = s->span;
    return;
  }
}

void AutoRegionPlan::Add(const StmtPtr& s, size_t index) {
  const size_t i = added_++;
  phases_.push_back(Phase::Shared);
  if (flat_because_ || !Wants(index)) return;
  const int64_t code = static_cast<int64_t>(mode_);
  // The axis of a crossing the walk made: a gather follows its operand's halved axis.
  if (const ir::Call* c = analysis::TopLevelCall(*s))
    if (ops::Def(*c).is_boundary())
      if (ir::GetAttr<int64_t>(c->kwargs, "split").value_or(code) != code)
        return Flat(s->span, "a crossing is split on another axis than the mode's");
  const Phase p = s->As<ir::ReturnStmt>() ? Phase::Return : PhaseOf(*s);
  if (index == decided_at_) {
    // The statement the source decided on, walked for its gather's axis only: the first of its
    // vector-side statements is where the source's reason holds.
    if (p == Phase::Vector) walk_decides_axis_ = false;
    return;
  }
  phases_[i] = p;
  if (p == Phase::Vector) {
    if (first_ < 0) first_ = static_cast<long>(i);
    last_ = static_cast<long>(i);
  }
  NoteExtents(s, i);
}

// The function as it was, with the remark saying why no region was made around its phase.
ir::FunctionPtr AutoRegionPlan::KeepFlat(const ir::FunctionPtr& flat, ir::Span at,
                                         const std::string& why) const {
  RemarkFlat(at.valid() ? at : flat->span, why);
  return flat;
}

ir::FunctionPtr AutoRegionPlan::Finish(const ir::FunctionPtr& flat) const {
  // A reason the walk found lies before the one the source showed.
  if (flat_because_) return KeepFlat(flat, flat_at_, flat_because_);
  if (decided_because_) return KeepFlat(flat, decided_span_, decided_because_);
  if (first_ < 0) return flat;
  std::vector<StmtPtr> body = ir::FlattenStmts(flat->body);
  // body[0] is the lane binding; statement i of the plan is body[i + 1].
  if (body.size() != phases_.size() + 1)
    ir::ThrowInternal(flat->span, "AutoRegionPlan: the plan saw another body than the function's");
  const size_t first = static_cast<size_t>(first_) + 1;
  // Trailing SHARED calls before the next compute phase or the return join the phase.
  size_t end = static_cast<size_t>(last_) + 2;
  while (end < body.size() && phases_[end - 1] == Phase::Shared && IsCall(body[end])) ++end;
  bool lane_outside = false;
  for (size_t k = 1; k < body.size() && !lane_outside; ++k)
    if (k < first || k >= end) lane_outside = ir::UsesVar(body[k], lane_.get());

  std::vector<StmtPtr> region_body;
  if (!lane_outside) region_body.push_back(body.front());
  for (size_t k = first; k < end; ++k) {
    const StmtPtr& s = body[k];
    auto g = guards_.find(k - 1);
    if (g == guards_.end()) {
      region_body.push_back(s);
    } else if (const ir::AssignStmt* a = s->As<ir::AssignStmt>()) {
      region_body.push_back(GuardedStore(a->var, a->value, g->second, s->span));
    } else {
      region_body.push_back(GuardedStoreEffect(s->As<ir::EvalStmt>()->expr, g->second, s->span));
    }
  }
  auto region = std::make_shared<ir::SplitAivStmt>(
      mode_, ir::MakeSeq(std::move(region_body), body[first]->span), body[first]->span);
  // The printed region is read back as a written one, whose admission knows only the region's
  // text: a generator the walk halved (tile.full) is lane-local to the walk but neutral there, and
  // so is every value computed from it alone, so such a value (even one nobody reads) would make
  // the printed output refused when lowered again. The form must be one the pass accepts when
  // read back, so the same admission decides it; the flat form is read back as written.
  if (AdmissionReport r = AnalyzeWrittenRegion(*region); !r.ok()) {
    if (r.full_width_vec_ops.empty())  // a straight-line phase carries nothing around a loop
      return KeepFlat(flat, r.carry_mismatches.front().span,
                      "a loop carry of the region would lose its per-lane fact when read back");
    const FullWidthOp& op = r.full_width_vec_ops.front();
    return KeepFlat(flat, op.span,
                    op.op_name + " -> '" + op.result +
                        "' reads only values the region's own text does not show per lane (a "
                        "generator, or a value computed from one), so the region, read back, "
                        "would be refused");
  }

  std::vector<StmtPtr> out;
  if (lane_outside) out.push_back(body.front());
  out.insert(out.end(), body.begin() + 1, body.begin() + static_cast<long>(first));
  out.push_back(region);
  out.insert(out.end(), body.begin() + static_cast<long>(end), body.end());
  return ir::WithBody(*flat, ir::MakeSeq(std::move(out), flat->body->span));
}

analysis::PlacedCalls RegionPlacedCalls(const ir::Function& f) {
  analysis::PlacedCalls placed;
  struct Walker {
    analysis::PlacedCalls& placed;
    void Stmt(const StmtPtr& s, bool in_region) {
      if (!s) return;
      if (!ir::IsLeafStmt(*s)) {
        const bool inner = in_region || s->As<ir::SplitAivStmt>() != nullptr;
        ir::ForEachChild(*s, ir::kWalkAll, [&](const StmtPtr& c) { Stmt(c, inner); });
        return;
      }
      if (!in_region) return;
      const ir::Call* c = analysis::TopLevelCall(*s);
      if (!c) return;
      const ops::OpDef& op = ops::Def(*c);
      // Only a once-only SHARED call moves: duplicate-safe calls keep both lanes, stated lanes
      // keep their declaration, VECTOR work is AIV already and boundary ops keep both ends.
      if (!analysis::IsLaneStated(op) && op.is_no_duplicate() &&
          analysis::ClassifyIntrinsicCallAffinity(*c) == CoreAffinity::SHARED)
        placed.insert(c);
    }
  };
  Walker{placed}.Stmt(f.body, false);
  return placed;
}

}  // namespace tilesplit::vector_split
