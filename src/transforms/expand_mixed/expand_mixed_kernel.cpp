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

#include "assembly.h"
#include "crossings.h"
#include "pipe_slots.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/ops/split_code.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/transforms/passes.h"

namespace tilesplit::pass {
namespace {

using analysis::CoreAffinity;
using expand_mixed::Side;
using expand_mixed::Sides;
using ir::StmtPtr;
using ir::VarPtr;

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

// A leaf statement inside a pl.split_aiv region (ops.md 4.5): cube compute has no place there; a
// no-duplicate SHARED call runs on the AIV only (recorded in `placed`).
void PlaceRegionLeaf(const ir::Stmt& s, analysis::PlacedCalls& placed) {
  const ir::Call* c = analysis::TopLevelCall(s);
  if (!c) return;
  const CoreAffinity a = analysis::ClassifyIntrinsicCallAffinity(*c);
  const ops::OpDef& d = ops::Def(*c);
  if (a == CoreAffinity::CUBE)
    ir::ThrowUser(s.span, "expand-mixed-kernel: cube compute '" + c->op_name() +
                              "' inside a pl.split_aiv region; move it out of the region");
  if (a == CoreAffinity::SHARED && d.is_no_duplicate() && !analysis::IsLaneStated(d))
    placed.insert(c);
}

// The refusal of a statement the partition cannot give to one side: a call nested in another
// that runs on the other side or crosses.
[[noreturn]] void RejectNestedCrossCoreWork(const ir::Stmt& st, const ir::Call& c) {
  ir::ThrowUser(st.span,
                "expand-mixed-kernel: '" + c.op_name() +
                    "' has a call nested in its operands that runs on the other side (or "
                    "crosses between cube and vector), so no one core can run the statement",
                {{ir::Span{},
                  "bind the nested call to a name in a statement of its own, so each "
                  "statement runs on one side and the crossing is a statement of its own"}});
}

[[noreturn]] void RejectCrossingInReturn(ir::Span span) {
  ir::ThrowUser(span,
                "expand-mixed-kernel: a cube/vector crossing in a return value; "
                "bind it to a name first");
}

class Expander {
 public:
  explicit Expander(const ir::Function& f) : f_(f) {}

  expand_mixed::Parts Run(const std::set<std::string>& taken);
  // Each side's statements with the crossings folded and the releases placed.
  Sides BuildSides();
  // The ring depth for `sides`; throws when an explicit slot_num is too small.
  int64_t SizeRings(const Sides& sides) const {
    return pipe_slots::SizeRings(f_, sides.aic, sides.aiv, popped_, slot_num_);
  }

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
  CoreAffinity Affinity(const ir::Call& c) { return analysis::ClassifyCallAffinity(c, &placed_); }

  const ir::Function& f_;
  analysis::PlacedCalls placed_;
  std::optional<int64_t> slot_num_;
  std::optional<ir::SplitMode> region_mode_;
  expand_mixed::PipeTraffic traffic_;
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
  PlaceRegionLeaf(s, placed_);
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
    if (analysis::NestsCrossCoreWork(*c, &placed_)) RejectNestedCrossCoreWork(st, *c);
    const CoreAffinity a = Affinity(*c);
    if (a == CoreAffinity::MIXED) {
      Out r;
      expand_mixed::EmitCrossing(expand_mixed::DecodeCrossing(st, *c), side, r, popped_, traffic_);
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
    if (a == CoreAffinity::MIXED) RejectCrossingInReturn(ret.span);
    if (a == CoreAffinity::SHARED || (a == CoreAffinity::CUBE) == (side == Side::AIC))
      r.push_back(ir::MakeEval(v, ret.span));
  }
  r.push_back(ir::MakeReturn({}, ret.span));
  return r;
}

Sides Expander::BuildSides() {
  const StmtPtr body = UnwrapBody(f_.body, false);
  ir::RequireValidFunctionAttrs(f_, "expand-mixed-kernel");
  if (auto n = ir::GetAttr(f_.attrs, ir::fattr::kSlotNum)) slot_num_ = *n;
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

expand_mixed::Parts Expander::Run(const std::set<std::string>& taken) {
  const Sides sides = BuildSides();
  expand_mixed::AssemblyInput in;
  in.sides = &sides;
  in.slot_num = SizeRings(sides);
  in.region_mode = region_mode_;
  in.traffic = traffic_;
  in.taken = &taken;
  return expand_mixed::AssembleParts(f_, in);
}

// A non-mixed InCore function runs on one side; split attrs only survive for split_aiv kernels,
// which SplitVectorKernel dispatches to both lanes.
ir::FunctionPtr Retype(const ir::Function& f) {
  const bool cube = analysis::RollupAffinity(f) == CoreAffinity::CUBE;
  ir::AttrMap attrs = f.attrs;
  if (cube || !f.BoolAttr(ir::fattr::kSplitAiv)) {
    ir::EraseAttr(attrs, ir::fattr::kSplit);
    ir::EraseAttr(attrs, ir::fattr::kSplitAiv);
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
    // An external kernel's body is not ours to see: which cores it uses is its source's business.
    if (f->func_type != ir::FunctionType::InCore || ir::ExternalSource(*f)) {
      out.push_back(f);
      continue;
    }
    if (!analysis::IsMixed(*f)) {
      out.push_back(Retype(*f));
      continue;
    }
    Expander e(*f);
    expand_mixed::Parts parts = e.Run(taken);
    if (!parts.results_traced && called.count(f->name))
      ir::ThrowUser(f->span,
                    "expand-mixed-kernel: '" + f->name +
                        "' is called, but a value it returns is not a parameter it stored into; "
                        "its Group could not return it",
                    {{ir::Span{}, "return the Out tensor the kernel stores into"}});
    for (ir::FunctionPtr& g : parts.functions) {
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
  return Pass(
      "expand-mixed-kernel", RunExpand, {Property::AivSplitLoweredValid, Property::CallsValid},
      {Property::MixedKernelExpanded, Property::CallsValid}, {Property::AivSplitLoweredValid});
}

TILESPLIT_REGISTER_PASS(
    "expand-mixed-kernel",
    "Splits mixed InCore kernels into AIC/AIV/Group functions with tpush/tpop/tfree",
    ExpandMixedKernel);

// What expand-mixed-kernel refuses in a function, checked on the function as written, in the
// order the expansion meets it, without building the sides: cube compute in a region (and the
// calls a region places), a ring of no slots, a statement no one side can run (a nested call of
// the other side, a crossing in a return value), a crossing no transport code carries, the ring
// depth the author asked for, and a value one side reads that only the other computes. The rules
// are the expansion's own functions; the last two need the sides, which are built for them.
class ExpandableCheck {
 public:
  explicit ExpandableCheck(const ir::Function& f) : f_(f) {}

  void Run() {
    Regions(f_.body, false);
    ir::RequireValidFunctionAttrs(f_, "expand-mixed-kernel");
    if (auto n = ir::GetAttr(f_.attrs, ir::fattr::kSlotNum)) slot_num_ = *n;
    if (slot_num_ && *slot_num_ < 1)  // a scope's pl.cross_core_slot built by hand
      ir::ThrowUser(f_.span, "expand-mixed-kernel: slot_num must be at least 1");
    ir::ForEachStmt(f_.body, ir::kWalkAll, [&](const StmtPtr& s) {
      if (ir::IsLeafStmt(*s)) Leaf(*s);
    });
    // The sides are built once, by the expansion's own partition: only a depth the author fixed
    // can be too small (otherwise the ring takes the demand), and no side may read what only
    // the other computes.
    Expander e(f_);
    const Sides sides = e.BuildSides();
    if (slot_num_) e.SizeRings(sides);
    expand_mixed::CheckSidesClosed(f_, sides);
  }

 private:
  void Regions(const StmtPtr& s, bool in_region) {
    if (!s) return;
    if (const ir::ScopeStmt* sc = s->As<ir::ScopeStmt>())
      for (const ir::ScopeOptimization& o : sc->optimizations)
        if (o.kind == ir::ScopeOptimization::Kind::CrossCoreSlot) slot_num_ = o.slot_num;
    if (ir::IsLeafStmt(*s)) {
      if (in_region) PlaceRegionLeaf(*s, placed_);
      return;
    }
    const bool inner = in_region || s->As<ir::SplitAivStmt>() != nullptr;
    ir::ForEachChild(*s, ir::kWalkAll, [&](const StmtPtr& c) { Regions(c, inner); });
  }

  void Leaf(const ir::Stmt& st) {
    if (const ir::ReturnStmt* ret = st.As<ir::ReturnStmt>()) {
      for (const ir::ExprPtr& v : ret->values)
        if (const ir::Call* c = v->As<ir::Call>();
            c && analysis::ClassifyCallAffinity(*c, &placed_) == CoreAffinity::MIXED)
          RejectCrossingInReturn(ret->span);
      return;
    }
    const ir::Call* c = analysis::TopLevelCall(st);
    if (!c) return;
    if (analysis::NestsCrossCoreWork(*c, &placed_)) RejectNestedCrossCoreWork(st, *c);
    if (analysis::ClassifyCallAffinity(*c, &placed_) == CoreAffinity::MIXED)
      expand_mixed::DecodeCrossing(st, *c);
  }

  const ir::Function& f_;
  analysis::PlacedCalls placed_;
  std::optional<int64_t> slot_num_;
};

// The ExpansionAccepted verifier: each mixed InCore function checked with the expansion's own
// rules, in the order the expansion meets them, without running it (no remarks: it is a check).
// The split pass enforces it (Pass::Enforce), so that a kernel it accepts is one the pipeline
// lowers.
void VerifyExpansionAccepted(const ir::ProgramPtr& p) {
  pass::RemarkScope quiet(nullptr, "");
  for (const ir::FunctionPtr& f : p->functions)
    if (f && f->func_type == ir::FunctionType::InCore && analysis::IsMixed(*f))
      ExpandableCheck(*f).Run();
}

TILESPLIT_REGISTER_VERIFIER(ExpansionAccepted, VerifyExpansionAccepted);

}  // namespace

}  // namespace tilesplit::pass
