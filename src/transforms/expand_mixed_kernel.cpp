// ExpandMixedKernel: splits each mixed InCore function into an AIC function (cube work plus
// core-agnostic work), an AIV function (vector work plus core-agnostic work) and a Group function
// that names both, folding every cube<->vector crossing into a transport triple:
//
//   C->V  tile.aiv_shard(c, split=MODE)  or an Acc/Mat -> Vec tile.move
//         AIC: tile.tpush_to_aiv(c, split=CODE)          AIV: v = tile.tpop_from_aic(split=CODE)
//                                                         ... system.tfree_to_aic(v) after v's last
//                                                         use
//   V->C  tile.aic_gather(h, split=MODE)  or a Vec -> cube tile.move
//         AIV: tile.tpush_to_aic(h, split=CODE)          AIC: g = tile.tpop_from_aiv(split=CODE)
//                                                         ... system.tfree_to_aiv(g) after g's last
//                                                         use
//
// CODE comes from ops::ShardSplitCode / GatherSplitCode over the FULL tile (with lane_stride).
// Scopes and pl.split_aiv regions are consumed here; a region places its no-duplicate SHARED
// calls on the AIV. Non-mixed InCore functions become plain AIC or AIV functions.
//
// The Group function keeps the original name, parameters and (when they trace to parameters)
// results, so the kernel's entry point and its callers are unchanged; its body runs both parts:
//
//   self.F_aic(params...)
//   self.F_aiv(params...)
//   return P          # the parameter each result was stored into
//
// Its attrs size the pipes: {"slot_num": N, "c2v_slot_size": B, "v2c_slot_size": B}. The pipe
// depth comes from a consumed scope's pl.cross_core_slot(slot_num=N) or the function attr
// "slot_num" (rejected when the holds need more), else it is the default 2 grown to what the
// holds need. Releases and the demand: pipe_slots.h.
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/ops/split_code.h"
#include "tilesplit/transforms/pass.h"
#include "tilesplit/transforms/pipe_slots.h"

namespace tilesplit::pass {
namespace {

using analysis::CoreAffinity;
using ir::StmtPtr;
using ir::VarPtr;

enum class Side { AIC, AIV };

// The free that releases a popped slot of a pipe.
std::string FreeOpName(ops::PipeDirection dir) {
  return ops::PipeOp(ops::CrossCoreRole::TFree, dir).name();
}

int64_t TileBytes(const ir::TileType* t) {
  if (!t) return 0;
  int64_t n = 1;
  for (const ir::ExprPtr& d : t->shape) {
    auto v = ir::AsConstInt(d);
    if (!v) return 0;
    n *= *v;
  }
  return (n * ir::DataTypeBits(t->dtype) + 7) / 8;
}

// Which side a carried or merged value lives on, judged by its type: tiles by memory space,
// everything else (scalars, tensors) on both.
std::optional<Side> SideOfType(const ir::TypePtr& t) {
  if (const auto* tt = ir::AsTileType(t)) {
    if (tt->memory && ir::IsCubeMemorySpace(*tt->memory)) return Side::AIC;
    return Side::AIV;
  }
  if (const auto* tu = t ? t->As<ir::TupleType>() : nullptr)
    for (const ir::TypePtr& e : tu->elements)
      if (auto s = SideOfType(e)) return s;
  return std::nullopt;
}

bool OnSide(const ir::TypePtr& t, Side side) {
  auto s = SideOfType(t);
  return !s || *s == side;
}

// Ops whose statement must survive even when its result is unused.
bool HasEffect(const ir::Call& c) {
  const ops::OpDef& d = ops::Def(c);
  return d.cross_core_role() != ops::CrossCoreRole::None || d.has_side_effect();
}

// ---- Dead code per side: what one side's statements need of the other's is gone after the
// partition, so each side drops the definitions nothing it keeps reads. No expansion state.

std::vector<StmtPtr> Dce(const std::vector<StmtPtr>& in, std::unordered_set<const ir::Var*>& live);

bool Effectful(const StmtPtr& s) {
  if (!s) return false;
  // Scopes and regions are gone after unwrapping; anything not understood is kept.
  if (s->As<ir::ScopeStmt>() || s->As<ir::SplitAivStmt>() || s->As<ir::ReturnStmt>()) return true;
  if (ir::IsLeafStmt(*s)) {
    const ir::Call* c = analysis::TopLevelCall(*s);  // a yield has none: passing values on
    return c && HasEffect(*c);
  }
  return !ir::ForEachChild(*s, ir::kWalkAll, [&](const StmtPtr& c) { return !Effectful(c); });
}

StmtPtr DceBody(const StmtPtr& body) {
  if (!body) return body;
  std::unordered_set<const ir::Var*> live;
  return ir::MakeSeq(Dce(ir::FlattenStmts(body), live), body->span);
}

std::vector<StmtPtr> Dce(const std::vector<StmtPtr>& in, std::unordered_set<const ir::Var*>& live) {
  std::vector<StmtPtr> rev;
  for (size_t i = in.size(); i-- > 0;) {
    StmtPtr s = in[i];
    bool needed = Effectful(s);
    std::vector<VarPtr> defs;
    if (const ir::AssignStmt* a = s->As<ir::AssignStmt>()) {
      defs.push_back(a->var);
    } else if (auto loop = ir::AsLoop(*s)) {
      defs = *loop->return_vars;
      s = ir::MapChildren(s, ir::kWalkAll, [&](const StmtPtr& b) { return DceBody(b); });
    } else if (const ir::IfStmt* x = s->As<ir::IfStmt>()) {
      defs = x->return_vars;
      s = ir::MapChildren(s, ir::kWalkAll, [&](const StmtPtr& b) { return DceBody(b); });
    } else {
      needed = true;  // eval, return, yield
    }
    for (const VarPtr& v : defs) needed = needed || live.count(v.get());
    if (!needed) continue;
    for (const VarPtr& v : ir::FreeVars(s)) live.insert(v.get());
    rev.push_back(s);
  }
  return {rev.rbegin(), rev.rend()};
}

class Expander {
 public:
  explicit Expander(const ir::Function& f) : f_(f) {}

  std::vector<ir::FunctionPtr> Run(const std::set<std::string>& taken);
  // Each side's statements with the crossings folded and the releases placed.
  struct Sides {
    std::vector<StmtPtr> aic, aiv;
  };
  Sides BuildSides();
  // The ring depth for `sides`; throws when an explicit slot_num is too small.
  int64_t SizeRings(const std::vector<StmtPtr>& aic, const std::vector<StmtPtr>& aiv) const;
  // After Run: whether the Group returns what the kernel returned.
  bool group_results_traced() const { return group_results_traced_; }

 private:
  // ---- Consuming scopes and regions.
  std::vector<StmtPtr> Unwrap(const StmtPtr& s, bool in_region);
  StmtPtr UnwrapBody(const StmtPtr& s, bool in_region);
  void PlaceRegionCalls(const StmtPtr& s);
  void PlaceRegionCall(const ir::Stmt& s);

  // ---- Partitioning.
  std::vector<StmtPtr> Part(const StmtPtr& s, Side side, const std::vector<bool>* yield_keep);
  StmtPtr PartBody(const StmtPtr& s, Side side, const std::vector<bool>* yield_keep);
  std::vector<StmtPtr> PartReturn(const ir::ReturnStmt& ret, Side side);
  void Boundary(const ir::Stmt& s, const ir::Call& c, Side side, std::vector<StmtPtr>* out);
  CoreAffinity Affinity(const ir::Call& c) { return analysis::ClassifyCallAffinity(c, &placed_); }

  const ir::Function& f_;
  analysis::PlacedCalls placed_;
  std::optional<int64_t> slot_num_;
  std::optional<ir::SplitMode> region_mode_;
  int64_t c2v_bytes_ = 0, v2c_bytes_ = 0;
  bool group_results_traced_ = true;
  // Popped vars -> the tfree op and code that release them.
  pipe_slots::PoppedMap popped_;
};

// ---- Scopes and regions.

StmtPtr Expander::UnwrapBody(const StmtPtr& s, bool in_region) {
  if (!s) return s;
  return ir::MakeSeq(Unwrap(s, in_region), s->span);
}

std::vector<StmtPtr> Expander::Unwrap(const StmtPtr& s, bool in_region) {
  if (!s) return {};
  using Out = std::vector<StmtPtr>;
  return ir::VisitStmtKind(
      *s, ir::Overloaded{[&](const ir::SeqStmts& q) {
                           Out r;
                           for (const StmtPtr& c : q.stmts)
                             for (StmtPtr& x : Unwrap(c, in_region)) r.push_back(std::move(x));
                           return r;
                         },
                         [&](const ir::ScopeStmt& sc) {
                           for (const ir::ScopeOptimization& o : sc.optimizations)
                             if (o.kind == ir::ScopeOptimization::Kind::CrossCoreSlot)
                               slot_num_ = o.slot_num;
                           return Unwrap(sc.body, in_region);
                         },
                         [&](const ir::SplitAivStmt& r) {
                           if (!region_mode_) region_mode_ = r.mode;
                           PlaceRegionCalls(r.body);
                           return Unwrap(r.body, true);
                         },
                         [&](const auto&) -> Out {
                           // Loops and branches keep their shape around unwrapped bodies; leaves
                           // stay as they are.
                           if (ir::IsLeafStmt(*s)) return {s};
                           return {ir::MapChildren(
                               s, ir::kWalkOutsideScopes,
                               [&](const StmtPtr& b) { return UnwrapBody(b, in_region); })};
                         }});
}

// Region placement (ops.md 4.5): a no-duplicate SHARED call inside a region runs on the AIV only;
// cube compute has no place in a region.
void Expander::PlaceRegionCalls(const StmtPtr& s) {
  ir::ForEachStmt(s, ir::kWalkOutsideRegions, [&](const StmtPtr& x) {
    if (ir::IsLeafStmt(*x)) PlaceRegionCall(*x);
  });
}

void Expander::PlaceRegionCall(const ir::Stmt& s) {
  const ir::Call* c = analysis::TopLevelCall(s);
  if (!c) return;
  const CoreAffinity a = analysis::ClassifyIntrinsicCallAffinity(*c);
  const ops::OpDef& d = ops::Def(*c);
  if (a == CoreAffinity::CUBE)
    ir::ThrowUser(s.span, "expand-mixed-kernel: cube compute '" + c->op_name() +
                              "' inside a pl.split_aiv region; move it out of the region");
  if (a == CoreAffinity::SHARED && d.is_no_duplicate() && !analysis::IsLaneStated(d))
    placed_.insert(c);
}

// ---- Partitioning.

StmtPtr Expander::PartBody(const StmtPtr& s, Side side, const std::vector<bool>* keep) {
  if (!s) return s;
  return ir::MakeSeq(Part(s, side, keep), s->span);
}

template <typename T>
std::vector<T> Filter(const std::vector<T>& v, const std::vector<bool>& keep) {
  std::vector<T> r;
  for (size_t i = 0; i < v.size(); ++i)
    if (keep[i]) r.push_back(v[i]);
  return r;
}

std::vector<StmtPtr> Expander::Part(const StmtPtr& s, Side side, const std::vector<bool>* keep) {
  if (!s) return {};
  using Out = std::vector<StmtPtr>;
  // Assignments and evaluations go to the side of their call's affinity.
  auto leaf = [&](const ir::Stmt& st) -> Out {
    const ir::Call* c = analysis::TopLevelCall(st);
    if (!c) return {s};  // scalar work: both sides
    const CoreAffinity a = Affinity(*c);
    if (a == CoreAffinity::MIXED) {
      Out r;
      Boundary(st, *c, side, &r);
      return r;
    }
    if (a == CoreAffinity::SHARED) return {s};
    return (a == CoreAffinity::CUBE) == (side == Side::AIC) ? Out{s} : Out{};
  };
  return ir::VisitStmtKind(
      *s,
      ir::Overloaded{[&](const ir::SeqStmts& q) {
                       Out r;
                       for (const StmtPtr& c : q.stmts)
                         for (StmtPtr& x : Part(c, side, keep)) r.push_back(std::move(x));
                       return r;
                     },
                     [&](const ir::AssignStmt& a) { return leaf(a); },
                     [&](const ir::EvalStmt& e) { return leaf(e); },
                     [&](const ir::ReturnStmt& ret) { return PartReturn(ret, side); },
                     [&](const ir::YieldStmt& y) -> Out {
                       if (!keep) return {s};
                       return {ir::MakeYield(Filter(y.values, *keep), s->span)};
                     },
                     [&](const ir::ForStmt& x) -> Out {
                       std::vector<bool> k;
                       for (const ir::IterArg& ia : x.iter_args)
                         k.push_back(OnSide(ia.var->type, side));
                       return {std::make_shared<ir::ForStmt>(
                           x.loop_var, x.start, x.stop, x.step, x.for_kind, x.stage,
                           Filter(x.iter_args, k), PartBody(x.body, side, &k),
                           Filter(x.return_vars, k), x.span)};
                     },
                     [&](const ir::WhileStmt& x) -> Out {
                       std::vector<bool> k;
                       for (const ir::IterArg& ia : x.iter_args)
                         k.push_back(OnSide(ia.var->type, side));
                       return {std::make_shared<ir::WhileStmt>(x.cond, Filter(x.iter_args, k),
                                                               PartBody(x.body, side, &k),
                                                               Filter(x.return_vars, k), x.span)};
                     },
                     [&](const ir::IfStmt& x) -> Out {
                       std::vector<bool> k;
                       for (const VarPtr& v : x.return_vars) k.push_back(OnSide(v->type, side));
                       return {std::make_shared<ir::IfStmt>(x.cond, PartBody(x.then_body, side, &k),
                                                            PartBody(x.else_body, side, &k),
                                                            Filter(x.return_vars, k), x.span)};
                     },
                     [&](const auto&) -> Out {  // scopes and regions are gone after unwrapping
                       ir::ThrowInternal(
                           s->span, "expand-mixed-kernel: unexpected statement after unwrapping");
                     }});
}

// Outputs are written in place; each side evaluates the calls it owns and returns nothing.
std::vector<StmtPtr> Expander::PartReturn(const ir::ReturnStmt& ret, Side side) {
  std::vector<StmtPtr> r;
  for (const ir::ExprPtr& v : ret.values) {
    const ir::Call* c = v->As<ir::Call>();
    if (!c) continue;
    const CoreAffinity a = Affinity(*c);
    if (a == CoreAffinity::MIXED)
      ir::ThrowUser(ret.span,
                    "expand-mixed-kernel: a cube/vector crossing in a return value; "
                    "bind it to a name first");
    if (a == CoreAffinity::SHARED || (a == CoreAffinity::CUBE) == (side == Side::AIC))
      r.push_back(ir::MakeEval(v, ret.span));
  }
  r.push_back(ir::MakeReturn({}, ret.span));
  return r;
}

ir::AttrMap SplitKwargs(int64_t code, std::optional<int64_t> lane_stride) {
  ir::AttrMap kw = {{"split", code}};
  if (lane_stride) kw.push_back({"lane_stride", *lane_stride});
  return kw;
}

void Expander::Boundary(const ir::Stmt& s, const ir::Call& c, Side side,
                        std::vector<StmtPtr>* out) {
  const auto* assign = s.As<ir::AssignStmt>();
  if (!assign)
    ir::ThrowUser(s.span, "expand-mixed-kernel: the crossing '" + c.op_name() +
                              "' must bind its result to a name");
  const VarPtr& dst = assign->var;
  const ir::ExprPtr& src = c.args.empty() ? nullptr : c.args[0];
  const ir::TileType* src_t = src ? ir::TileTypeOf(src) : nullptr;
  const ir::TileType* dst_t = ir::TileTypeOf(dst);
  if (!src_t || !dst_t) ir::ThrowUser(s.span, "expand-mixed-kernel: a crossing moves a tile");
  const ir::Span sp = s.span;

  bool to_vector;
  int64_t code = 0;
  std::optional<int64_t> lane_stride;
  std::optional<ir::MemorySpace> move_target;
  const ops::OpDef& op = ops::Def(c);
  if (op.is_shard()) {
    to_vector = true;
    const int64_t mode = ir::AttrAsInt(*ir::FindAttr(c.kwargs, "split")).value_or(0);
    if (auto ls = ir::FindAttr(c.kwargs, "lane_stride")) lane_stride = ir::AttrAsInt(*ls);
    try {  // the split-code rules know no spans: locate their rejection at the crossing
      code = ops::ShardSplitCode(static_cast<ir::SplitMode>(mode), src_t->shape, src_t->valid(),
                                 lane_stride, op.name());
    } catch (const ir::UserError& e) {
      // lower-auto-vector-split transports the full box of any extent no code places, so only a
      // hand-written boundary gets here.
      throw e.WithSpanIfMissing(sp).WithNote(
          "shard the full box (tile.set_validshape to the whole box on the cube side) and "
          "narrow each lane's extent after the shard, as lower-auto-vector-split does");
    }
  } else if (op.is_gather()) {
    to_vector = false;
    const int64_t mode = ir::AttrAsInt(*ir::FindAttr(c.kwargs, "split")).value_or(0);
    // The placement depends on the lanes' own extents: lanes that fill their half boxes abut
    // whatever valid extent the joined tile then declares.
    std::vector<ir::ExprPtr> joined_valid = dst_t->valid();
    if (auto axis = ops::SplitAxisOfMode(static_cast<ir::SplitMode>(mode));
        axis && src_t->shape.size() == 2 && dst_t->shape.size() == 2 &&
        ops::ProvablyEqual(src_t->valid()[*axis], src_t->shape[*axis]))
      joined_valid[*axis] = dst_t->shape[*axis];
    try {
      code = ops::GatherSplitCode(static_cast<ir::SplitMode>(mode), dst_t->shape, joined_valid,
                                  op.name());
    } catch (const ir::UserError& e) {
      throw e.WithSpanIfMissing(sp);
    }
  } else if (op.is_memory_move()) {
    const auto dir = analysis::ClassifyMoveDirection(c);
    if (dir == analysis::MoveDirection::NONE)
      ir::ThrowInternal(sp, "expand-mixed-kernel: a MIXED move with no direction");
    to_vector = dir == analysis::MoveDirection::CUBE_TO_VECTOR;
    move_target = dst_t->memory;
  } else {
    ir::ThrowUser(sp, "expand-mixed-kernel: cannot fold the mixed call '" + c.op_name() + "'");
  }

  ir::ExprPtr span_src = src;
  if (to_vector) {
    c2v_bytes_ = std::max(c2v_bytes_, TileBytes(src_t));
    if (side == Side::AIC) {
      out->push_back(
          ir::MakeEval(ops::Create(ops::PipeOp(ops::CrossCoreRole::TPush, ops::PipeDirection::C2V),
                                   {src}, SplitKwargs(code, lane_stride), sp),
                       sp));
    } else {
      const ops::OpDef& pop = ops::PipeOp(ops::CrossCoreRole::TPop, ops::PipeDirection::C2V);
      out->push_back(ir::MakeAssign(
          dst, ops::CreateWithType(pop, {}, SplitKwargs(code, lane_stride), dst->type, sp), sp));
      popped_[dst.get()] = {FreeOpName(ops::PipeDirection::C2V), code};
    }
    return;
  }
  v2c_bytes_ = std::max(v2c_bytes_, TileBytes(dst_t));
  if (side == Side::AIV) {
    out->push_back(
        ir::MakeEval(ops::Create(ops::PipeOp(ops::CrossCoreRole::TPush, ops::PipeDirection::V2C),
                                 {src}, SplitKwargs(code, std::nullopt), sp),
                     sp));
    return;
  }
  const ops::OpDef& pop = ops::PipeOp(ops::CrossCoreRole::TPop, ops::PipeDirection::V2C);
  if (!move_target || *move_target == ir::MemorySpace::Mat) {
    out->push_back(ir::MakeAssign(
        dst, ops::CreateWithType(pop, {}, SplitKwargs(code, std::nullopt), dst->type, sp), sp));
    popped_[dst.get()] = {FreeOpName(ops::PipeDirection::V2C), code};
    return;
  }
  // The cube pops into L1 (Mat); a move to the final operand space follows.
  VarPtr landed = ir::MakeVar(dst->name + "_mat", ir::WithMemory(*dst_t, ir::MemorySpace::Mat), sp);
  out->push_back(ir::MakeAssign(
      landed, ops::CreateWithType(pop, {}, SplitKwargs(code, std::nullopt), landed->type, sp), sp));
  popped_[landed.get()] = {FreeOpName(ops::PipeDirection::V2C), code};
  out->push_back(ir::MakeAssign(
      dst, ops::Create(ops::MemoryMoveOp(), {landed}, {{"target_memory", *move_target}}, sp), sp));
}

// ---- Pipe slots.

// The ring depth (one slot_num serves both pipes): an explicit slot_num is kept when every
// consumer's holds fit in it and rejected at the first pop that would wait on a held slot when
// they do not; without one the default 2 grows to the most transfers a consumer holds apart.
int64_t Expander::SizeRings(const std::vector<StmtPtr>& aic,
                            const std::vector<StmtPtr>& aiv) const {
  const int64_t limit = slot_num_.value_or(pipe_slots::kUnbounded - 1);
  struct PipeDemand {
    const char* name;
    pipe_slots::Demand demand;
  };
  const PipeDemand pipes[] = {{"C2V", pipe_slots::MeasureDemand(aiv, popped_, limit)},
                              {"V2C", pipe_slots::MeasureDemand(aic, popped_, limit)}};
  int64_t need = 2;
  for (const PipeDemand& p : pipes) need = std::max(need, p.demand.slots);
  for (const PipeDemand& p : pipes)
    if (p.demand.slots >= pipe_slots::kUnbounded)
      ir::ThrowInternal(p.demand.first ? p.demand.first->held : f_.span,
                        std::string("expand-mixed-kernel: a popped tile is still held across a "
                                    "run-time loop of ") +
                            p.name + " transfers after its release was placed");
  for (const PipeDemand& p : pipes) {
    if (!p.demand.first) continue;
    const pipe_slots::Site& s = *p.demand.first;
    const std::string n = std::to_string(need);
    ir::ThrowUser(
        s.pop,
        "when '" + s.pop_name + "' crosses, the " + p.name + " ring needs " +
            std::to_string(s.slots) + " slots but slot_num is " + std::to_string(*slot_num_) +
            ": '" + s.held_name +
            "' is still held and the ring, used in order, wraps onto its slot, so "
            "the split program would deadlock",
        {{s.held, "'" + s.held_name + "' crosses here and is released after its last use"},
         {ir::Span{}, "slot_num=" + n + " is enough for this kernel (pl.cross_core_slot(slot_num=" +
                          n + ") on the scope, or attrs={\"slot_num\": " + n + "}); or use '" +
                          s.held_name + "' before '" + s.pop_name + "' crosses"}});
  }
  pipe_slots::RemarkRingSize(f_, pipes[0].demand.slots, pipes[1].demand.slots, slot_num_, need);
  return slot_num_.value_or(need);
}

// ---- Assembly.

std::string FreshName(const std::set<std::string>& taken, const std::string& hint) {
  if (!taken.count(hint)) return hint;
  for (int i = 1;; ++i) {
    std::string n = hint + "_" + std::to_string(i);
    if (!taken.count(n)) return n;
  }
}

// What a returned value of a kernel is in terms of its parameters: a parameter, or the result of
// an op writing into its reused input (a store returns the tensor it wrote), followed to the
// parameter; null when it is anything else.
ir::ExprPtr TraceToParam(const ir::ExprPtr& e, const ir::Function& f,
                         const std::unordered_map<const ir::Var*, ir::ExprPtr>& defs) {
  ir::ExprPtr cur = e;
  for (int guard = 0; cur && guard < 1024; ++guard) {
    if (const ir::Var* v = cur->As<ir::Var>()) {
      for (const ir::Param& p : f.params)
        if (p.var.get() == v) return p.var;
      auto it = defs.find(v);
      if (it == defs.end()) return nullptr;
      cur = it->second;
      continue;
    }
    const ir::Call* c = cur->As<ir::Call>();
    if (!c) return nullptr;
    auto r = ops::Def(*c).reused_input();
    if (!r || *r >= c->args.size()) return nullptr;
    cur = c->args[*r];
  }
  return nullptr;
}

void CollectAssignDefs(const StmtPtr& s, std::unordered_map<const ir::Var*, ir::ExprPtr>& defs) {
  // A branch's store still writes into what its operand traces to (a lane guard around a store,
  // `if extent > 0: o = store(..., out)`); merges are not followed, and values carried by loops
  // do not trace to a parameter, so loops are not entered.
  ir::ForEachStmt(s, ir::kWalkAll, [&](const StmtPtr& x) {
    if (ir::AsLoop(*x)) return ir::WalkStep::SkipChildren;
    if (const ir::AssignStmt* a = x->As<ir::AssignStmt>()) defs[a->var.get()] = a->value;
    return ir::WalkStep::Descend;
  });
}

// A branch left with nothing to do on one side but to pass the same values on (a lane guard
// around a vector store, seen from the cube once the store's tensor reads its parameter) is no
// branch there: its results are those values, and its condition, which may read a value of the
// other side, goes away.
class UniformBranchFolder : public ir::IRMutator {
 protected:
  StmtPtr MutateIf(const ir::IfStmtPtr& op) override {
    StmtPtr m = IRMutator::MutateIf(op);
    const ir::IfStmt* i = m->As<ir::IfStmt>();
    if (!i || !i->else_body) return m;
    const ir::YieldStmt* ty = OnlyYield(i->then_body);
    const ir::YieldStmt* ey = OnlyYield(i->else_body);
    if (!ty || !ey || ty->values.size() != i->return_vars.size() ||
        ey->values.size() != i->return_vars.size())
      return m;
    for (size_t k = 0; k < ty->values.size(); ++k)
      if (!ty->values[k]->As<ir::Var>() || !ir::ExprEqual(ty->values[k], ey->values[k])) return m;
    for (size_t k = 0; k < ty->values.size(); ++k)
      SetVarMapping(i->return_vars[k], std::static_pointer_cast<const ir::Var>(ty->values[k]));
    return ir::MakeSeq({}, i->span);
  }

 private:
  static const ir::YieldStmt* OnlyYield(const StmtPtr& body) {
    std::vector<StmtPtr> stmts = ir::FlattenStmts(body);
    return stmts.size() == 1 ? stmts[0]->As<ir::YieldStmt>() : nullptr;
  }
};

// The Group's results: each returned value of `f` traced to a parameter, or nullopt when one
// does not trace (the Group then returns nothing, as its parts do).
std::optional<std::vector<ir::ExprPtr>> GroupResults(const ir::Function& f) {
  std::vector<StmtPtr> body = ir::FlattenStmts(f.body);
  const ir::ReturnStmt* ret = body.empty() ? nullptr : body.back()->As<ir::ReturnStmt>();
  if (!ret) return std::vector<ir::ExprPtr>{};
  std::unordered_map<const ir::Var*, ir::ExprPtr> defs;
  CollectAssignDefs(f.body, defs);
  std::vector<ir::ExprPtr> out;
  for (const ir::ExprPtr& v : ret->values) {
    ir::ExprPtr p = TraceToParam(v, f, defs);
    if (!p) return std::nullopt;
    out.push_back(p);
  }
  return out;
}

// A tensor lives in global memory, which both sides share: the value a store returns on one side
// is the same buffer as the parameter it stores into. A side that reads such a value without
// running the store reads the parameter instead; the order of the two sides' accesses is not the
// SSA chain's business but the memory-order check's (lower-auto-vector-split), which accepts only
// accesses a pipe transfer orders.
ir::FunctionPtr ReadTensorsThroughParams(const ir::Function& orig, const ir::FunctionPtr& part) {
  std::unordered_set<const ir::Var*> orig_free;
  for (const VarPtr& v : ir::FreeVars(orig)) orig_free.insert(v.get());
  std::unordered_map<const ir::Var*, ir::ExprPtr> defs;
  CollectAssignDefs(orig.body, defs);
  ir::VarMap to_param;
  for (const VarPtr& v : ir::FreeVars(*part)) {
    if (orig_free.count(v.get()) || !v->type || !v->type->As<ir::TensorType>()) continue;
    if (ir::ExprPtr p = TraceToParam(v, orig, defs)) to_param[v.get()] = p;
  }
  if (to_param.empty()) return part;
  UniformBranchFolder fold;
  return fold.MutateFunction(ir::Substitute(part, to_param));
}

void CheckSideClosed(const ir::Function& orig, const ir::Function& part, const char* side) {
  std::unordered_set<const ir::Var*> orig_free;
  for (const VarPtr& v : ir::FreeVars(orig)) orig_free.insert(v.get());
  for (const VarPtr& v : ir::FreeVars(part)) {
    if (orig_free.count(v.get())) continue;
    ir::ThrowUser(v->span, "expand-mixed-kernel: '" + v->name +
                               "' is computed on the other side "
                               "but used on the " +
                               side + " of '" + orig.name +
                               "'; only tiles cross between cube and vector (through a boundary)");
  }
}

Expander::Sides Expander::BuildSides() {
  const StmtPtr body = UnwrapBody(f_.body, false);
  if (auto n = ir::GetAttr<int64_t>(f_.attrs, "slot_num")) slot_num_ = *n;
  if (slot_num_ && *slot_num_ < 1)
    ir::ThrowUser(f_.span, "expand-mixed-kernel: slot_num must be at least 1");
  ir::NameGenerator names(f_);
  auto build = [&](Side side) {
    std::unordered_set<const ir::Var*> live;
    std::vector<StmtPtr> stmts = Dce(ir::FlattenStmts(PartBody(body, side, nullptr)), live);
    return pipe_slots::PlaceReleases(stmts, popped_, names);
  };
  Sides s;
  s.aic = build(Side::AIC);
  s.aiv = build(Side::AIV);
  return s;
}

std::vector<ir::FunctionPtr> Expander::Run(const std::set<std::string>& taken) {
  const Sides sides = BuildSides();
  const std::vector<StmtPtr>& aic_stmts = sides.aic;
  const std::vector<StmtPtr>& aiv_stmts = sides.aiv;
  const int64_t slots = SizeRings(aic_stmts, aiv_stmts);
  const ir::Span body_span = f_.body ? f_.body->span : f_.span;
  StmtPtr aic_body = ir::MakeSeq(aic_stmts, body_span);
  StmtPtr aiv_body = ir::MakeSeq(aiv_stmts, body_span);

  ir::AttrMap common;
  ir::SetSortedAttr(common, "slot_num", slots);
  ir::AttrMap aiv_attrs = common;
  if (f_.BoolAttr("split_aiv")) {
    ir::SetSortedAttr(aiv_attrs, "split_aiv", true);
    ir::SplitMode mode = f_.split_mode().value_or(region_mode_.value_or(ir::SplitMode::None));
    ir::SetSortedAttr(aiv_attrs, "split", mode);
  }
  const std::string aic_name = FreshName(taken, f_.name + "_aic");
  const std::string aiv_name = FreshName(taken, f_.name + "_aiv");
  ir::FunctionPtr aic =
      std::make_shared<ir::Function>(aic_name, ir::FunctionType::AIC, f_.params,
                                     std::vector<ir::TypePtr>{}, common, aic_body, f_.span);
  ir::FunctionPtr aiv =
      std::make_shared<ir::Function>(aiv_name, ir::FunctionType::AIV, f_.params,
                                     std::vector<ir::TypePtr>{}, aiv_attrs, aiv_body, f_.span);
  aic = ReadTensorsThroughParams(f_, aic);
  aiv = ReadTensorsThroughParams(f_, aiv);
  CheckSideClosed(f_, *aic, "AIC");
  CheckSideClosed(f_, *aiv, "AIV");
  ir::AttrMap group_attrs = common;
  ir::SetSortedAttr(group_attrs, "c2v_slot_size", c2v_bytes_);
  ir::SetSortedAttr(group_attrs, "v2c_slot_size", v2c_bytes_);
  std::vector<ir::ExprPtr> params;
  for (const ir::Param& p : f_.params) params.push_back(p.var);
  const ir::TypePtr none = ir::CallResultType({});
  std::vector<StmtPtr> group_body = {
      ir::MakeEval(ir::MakeFunctionCall(aic_name, params, none, f_.span), f_.span),
      ir::MakeEval(ir::MakeFunctionCall(aiv_name, params, none, f_.span), f_.span)};
  std::optional<std::vector<ir::ExprPtr>> results = GroupResults(f_);
  std::vector<ir::TypePtr> group_returns;
  if (results && !results->empty()) {
    group_returns = f_.return_types;
    group_body.push_back(ir::MakeReturn(*results, f_.span));
  }
  group_results_traced_ = results.has_value();
  auto group = std::make_shared<ir::Function>(f_.name, ir::FunctionType::Group, f_.params,
                                              std::move(group_returns), group_attrs,
                                              ir::MakeSeq(std::move(group_body), f_.span), f_.span);
  return {ir::DeepClone(aic), ir::DeepClone(aiv), ir::DeepClone(group)};
}

// A non-mixed InCore function runs on one side; split attrs only survive for split_aiv kernels,
// which SplitVectorKernel dispatches to both lanes.
ir::FunctionPtr Retype(const ir::Function& f) {
  const bool cube = analysis::RollupAffinity(f) == CoreAffinity::CUBE;
  ir::AttrMap attrs = f.attrs;
  if (cube || !f.BoolAttr("split_aiv")) {
    ir::EraseAttr(attrs, "split");
    ir::EraseAttr(attrs, "split_aiv");
  }
  return std::make_shared<ir::Function>(f.name,
                                        cube ? ir::FunctionType::AIC : ir::FunctionType::AIV,
                                        f.params, f.return_types, attrs, f.body, f.span);
}

ir::ProgramPtr RunExpand(const ir::ProgramPtr& p) {
  struct CallFinder : ir::IRVisitor {
    std::unordered_set<std::string> callees;
    void VisitFunctionCall(const ir::FunctionCall& c) override {
      callees.insert(c.callee);
      ir::IRVisitor::VisitFunctionCall(c);
    }
  } finder;
  finder.VisitProgram(*p);
  const std::unordered_set<std::string>& called = finder.callees;
  std::set<std::string> taken;
  for (const ir::FunctionPtr& f : p->functions) taken.insert(f->name);
  std::vector<ir::FunctionPtr> out;
  for (const ir::FunctionPtr& f : p->functions) {
    if (f->func_type != ir::FunctionType::InCore) {
      out.push_back(f);
      continue;
    }
    if (!analysis::IsMixed(*f)) {
      out.push_back(Retype(*f));
      continue;
    }
    Expander e(*f);
    std::vector<ir::FunctionPtr> parts = e.Run(taken);
    if (!e.group_results_traced() && called.count(f->name))
      ir::ThrowUser(f->span,
                    "expand-mixed-kernel: '" + f->name +
                        "' is called, but a value it returns is not a parameter it stored into; "
                        "its Group could not return it",
                    {{ir::Span{}, "return the Out tensor the kernel stores into"}});
    for (ir::FunctionPtr& g : parts) {
      taken.insert(g->name);
      out.push_back(std::move(g));
    }
  }
  // A Group calls its parts, and calls are written inside a program class: bare functions
  // become one, named after the first Group.
  std::string name = p->name;
  for (const ir::FunctionPtr& f : out)
    if (name.empty() && f->func_type == ir::FunctionType::Group) name = f->name + "_program";
  return std::make_shared<ir::Program>(name, out, p->span);
}

Pass ExpandMixedKernel() {
  return Pass("expand-mixed-kernel", RunExpand, {"AivSplitLoweredValid", "CallsValid"},
              {"MixedKernelExpanded", "CallsValid"}, {"AivSplitLoweredValid"});
}

TILESPLIT_REGISTER_PASS(
    "expand-mixed-kernel",
    "Splits mixed InCore kernels into AIC/AIV/Group functions with tpush/tpop/tfree",
    ExpandMixedKernel);

}  // namespace

void CheckExplicitSlotNum(const ir::Function& f) {
  if (f.func_type != ir::FunctionType::InCore || !ir::GetAttr<int64_t>(f.attrs, "slot_num") ||
      !analysis::IsMixed(f))
    return;
  Expander e(f);
  Expander::Sides sides;
  try {
    sides = e.BuildSides();
  } catch (const ir::UserError&) {
    return;  // not a question of slots: expand-mixed-kernel reports it
  }
  e.SizeRings(sides.aic, sides.aiv);
}

}  // namespace tilesplit::pass
