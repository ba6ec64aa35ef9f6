// The region path of LowerAutoVectorSplit: lowers each pl.split_aiv region of an InCore
// function by its own mode (regions.h).
#include "regions.h"

#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "admission.h"
#include "halving.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/split_code.h"

namespace tilesplit::vector_split {
namespace {

// Whether `e` is or holds (in call arguments, tuple elements) a boundary call.
bool ExprHasBoundary(const ExprPtr& e) {
  if (!e) return false;
  return ir::VisitExprKind(*e, ir::Overloaded{
                                   [](const ir::Call& c) {
                                     if (ops::Def(c).is_boundary()) return true;
                                     for (const ExprPtr& x : c.args)
                                       if (ExprHasBoundary(x)) return true;
                                     return false;
                                   },
                                   [](const ir::MakeTuple& t) {
                                     for (const ExprPtr& x : t.elements)
                                       if (ExprHasBoundary(x)) return true;
                                     return false;
                                   },
                                   [](const auto&) { return false; },
                               });
}

// Whether `s` holds a boundary call outside any region (inside scopes too).
bool StmtHasBoundary(const StmtPtr& s) {
  return ir::AnyStmt(s, ir::kWalkOutsideRegions, [&](const StmtPtr& c) {
    return !ir::ForEachLeafExpr(*c, /*yields=*/false,
                                [&](const ExprPtr& e) { return !ExprHasBoundary(e); });
  });
}

// The first region inside `s`, if any.
const ir::SplitAivStmt* FirstRegion(const StmtPtr& s) {
  return ir::FirstOfKind<ir::SplitAivStmt>(s, ir::kWalkAll);
}

// Regions must be scope-free: lowering recurses through for / while / if but never into a
// scope, whose outlining and visibility semantics region-local halving must not cross.
void CheckScopeFree(const StmtPtr& s, const ir::Function& f, bool hidden_regions_pass) {
  if (!s) return;
  if (const ir::ScopeStmt* sc = s->As<ir::ScopeStmt>()) {
    if (hidden_regions_pass) {
      if (const ir::SplitAivStmt* r = FirstRegion(sc->body))
        ir::ThrowUser(r->span,
                      "this pl.split_aiv region sits behind a pl.at scope (it is nested inside a "
                      "scope) in the InCore function " +
                          Quote(f.name) +
                          "; region lowering does not reach through a scope, so the region "
                          "would be left unsplit",
                      {{sc->span, "the scope is here"},
                       {ir::Span{},
                        "drop the redundant scope, or write the kernel as a plain "
                        "@pl.function (Opaque) so OutlineIncoreScopes lifts the "
                        "scope into its own function"}});
      return CheckScopeFree(sc->body, f, true);
    }
    ir::ThrowUser(sc->span,
                  "a pl.at scope survives in the split function " + Quote(f.name) +
                      " (a scope survives inside a pl.split_aiv region body); region lowering "
                      "steps over scopes, so the vector work inside would run full width on "
                      "both AIV lanes",
                  {{ir::Span{},
                    "remove the scope, or let OutlineIncoreScopes lift it into its "
                    "own function before lowering"}});
  }
  ir::ForEachChild(*s, ir::WalkOptions{.into_scopes = false, .into_regions = true},
                   [&](const StmtPtr& c) { CheckScopeFree(c, f, hidden_regions_pass); });
}

// ---------------------------------------------------------------------------------------------
// The region path.

// Every variable read anywhere in a statement (in expressions and in the types written inside
// it), as ir::UsesVar sees a use.
class UseCollector : public ir::IRVisitor {
 public:
  std::unordered_set<const Var*> used;

 protected:
  void VisitVar(const VarPtr& v) override {
    if (v) used.insert(v.get());
  }
};

// Finds the first variable of `halved` an expression reads, in first-use order, looking into
// the type of each variable it meets (its dimensions are read with it, as ir::FreeVars has it).
class HalvedUseFinder : public ir::IRVisitor {
 public:
  explicit HalvedUseFinder(const std::unordered_map<const Var*, ir::Span>& halved)
      : halved_(halved) {}
  VarPtr Find(const ExprPtr& e) {
    VisitExpr(e);
    return found_;
  }

  void VisitExpr(const ExprPtr& e) override {
    if (!found_) IRVisitor::VisitExpr(e);
  }

 protected:
  void VisitVar(const VarPtr& v) override {
    if (found_ || !v) return;
    if (halved_.count(v.get())) {
      found_ = v;
      return;
    }
    VisitType(v->type);
  }

 private:
  const std::unordered_map<const Var*, ir::Span>& halved_;
  VarPtr found_;
};

class RegionLowerer {
 public:
  explicit RegionLowerer(const ir::FunctionPtr& f) : f_(f), names_(*f) {}

  StmtPtr Lower(const StmtPtr& s) {
    if (!s) return s;
    if (const ir::SplitAivStmt* r = s->As<ir::SplitAivStmt>()) return Region(*r);
    if (const ir::SeqStmts* q = s->As<ir::SeqStmts>()) {
      std::vector<StmtPtr> out;  // an empty region lowers to nothing
      for (const StmtPtr& c : q->stmts)
        if (StmtPtr l = Lower(c)) out.push_back(l);
      return ir::MakeSeq(std::move(out), s->span);
    }
    // Loops and branches are rebuilt around their lowered bodies; a scope is not entered
    // (CheckScopeFree has refused the ones that hide regions).
    return ir::MapChildren(s, ir::kWalkOutsideScopes, [&](const StmtPtr& b) { return Body(b); });
  }

  // The variables an explicit region's repair retyped, old -> new: a use after the region must
  // read the new variable (the old one has no definition left).
  const ir::VarMap& Renamed() const { return renamed_; }

  // Values a full-width region halved keep their old variables outside it: a later use would
  // read a variable with no definition.
  void CheckNoHalvedLeak(const StmtPtr& body) const {
    if (halved_.empty()) return;
    LeakScan(body, nullptr);
  }

 private:
  ir::FunctionPtr f_;
  ir::NameGenerator names_;
  std::unordered_map<const Var*, ir::Span> halved_;  // old variable -> its region
  ir::VarMap renamed_;
  // The variables the function reads, collected at the first empty region: asking ir::UsesVar
  // for each empty region walked the whole function each time, quadratic in the regions.
  std::optional<std::unordered_set<const Var*>> used_;

  bool UsedInFunction(const Var* v) {
    if (!used_) {
      UseCollector c;
      c.VisitStmt(f_->body);
      used_ = std::move(c.used);
    }
    return used_->count(v) > 0;
  }

  StmtPtr Body(const StmtPtr& b) {
    StmtPtr l = Lower(b);
    return l ? l : ir::MakeSeq({}, b->span);
  }

  StmtPtr Region(const ir::SplitAivStmt& r) {
    VarPtr lane = ir::LaneVar(r);
    std::vector<StmtPtr> body = BodyWithoutLane(r, lane);
    if (body.empty()) {
      // An empty region does nothing; keep only a lane binding something else reads.
      if (lane && UsedInFunction(lane.get())) return LaneBinding(lane, r.span);
      return nullptr;
    }
    if (r.mode == ir::SplitMode::None)
      return std::make_shared<ir::SplitAivStmt>(r.mode, r.body, r.span);
    if (RegionBodyHasExplicitBoundary(r)) {
      ValidateMixedExplicitRegion(r);
      return LocalizeExplicitBoundaryValid(r, renamed_);
    }
    if (ir::RegionReadsLane(r)) {
      // A body that reads its lane binding is already written per lane (the form this pass
      // prints for a region it halved): halving it again would halve its tiles twice. It is
      // admitted like an explicit body and kept as written.
      vector_split::ReportAdmission(
          AnalyzeWrittenRegion(r), vector_split::BodyOrigin::Explicit,
          "this pl.split_aiv region (mode " + std::string(ir::SplitModeName(r.mode)) +
              ", kept as written because its body reads the lane index '" + lane->name + "')",
          lane->name);
      return LocalizeExplicitBoundaryValid(r, renamed_);
    }
    // Data-parallel, full width: halve through the shared machinery with region-local state.
    vector_split::SplitContext ctx;
    ctx.mode = r.mode;
    ctx.split_dim = vector_split::SplitDimension(r.mode);
    ctx.auto_arm = false;
    // The region path injects a per-region subblock_idx (spec): a fresh lane binding of its own,
    // distinct across sibling regions; the author's binding, which this body does not read,
    // stays as written.
    std::vector<StmtPtr> out;
    const VarPtr injected = vector_split::MakeLaneVar(names_);
    ctx.lane = injected;
    ctx.names = &names_;
    ctx.facts = std::make_unique<vector_split::LaneFacts>(
        vector_split::LaneFactsInput{r.mode, injected.get()});
    out.push_back(LaneBinding(injected, r.span));
    if (lane) out.push_back(LaneBinding(lane, r.span));
    for (StmtPtr& s : vector_split::ProcessStmts(body, ctx)) out.push_back(std::move(s));
    ctx.replacements.ForEach(
        [&](const ir::Var* old, const ExprPtr&) { halved_.emplace(old, r.span); });
    auto halved = std::make_shared<ir::SplitAivStmt>(
        r.mode, ir::MakeSeq(std::move(out), r.body->span), r.span);
    // A halved body that never reads its lane has nothing per lane to observe (no store it
    // places, no boundary): both lanes may as well run it whole. Its halved form would print as
    // a body that does not read the lane either, which a second lowering would halve again, so
    // the body is kept as written and the printed output lowers to itself.
    if (!ir::RegionReadsLane(*halved))
      return std::make_shared<ir::SplitAivStmt>(r.mode, r.body, r.span);
    // The halved body reads its lane, so its printed form is read back as a written region,
    // whose admission sees a halved generator and what is computed from it alone as neutral
    // work (it knows only the region's text). The output must lower to itself, and the author's
    // region has no other form: such a value is refused here, located, not at the round trip.
    if (AdmissionReport rep = AnalyzeWrittenRegion(*halved); !rep.full_width_vec_ops.empty()) {
      const FullWidthOp& op = rep.full_width_vec_ops.front();
      ir::ThrowUser(op.span,
                    "LowerAutoVectorSplit: " + op.op_name + " -> " + Quote(op.result) +
                        " in this pl.split_aiv region (mode " +
                        std::string(ir::SplitModeName(r.mode)) +
                        ") is computed only from generators or broadcast reads: once halved, "
                        "nothing in the region's per-lane text shows it per lane, so the lowered "
                        "region would be refused when read back",
                    {{r.span, "the region is here"},
                     {ir::Span{},
                      "compute it from a value the region loads or receives, or remove it if "
                      "nothing reads it"}});
    }
    return halved;
  }

  void LeakScan(const StmtPtr& s, const ir::SplitAivStmt* region) const {
    if (!s) return;
    // A sibling region must not read another region's halves.
    if (const ir::SplitAivStmt* r = s->As<ir::SplitAivStmt>()) return LeakScan(r->body, r);
    // What the statement reads itself (loop inits, conditions, a leaf's values), then its bodies.
    if (auto loop = ir::AsLoop(*s))
      for (const ir::IterArg& ia : *loop->iter_args) LeakExpr(ia.init, s->span);
    if (const ir::WhileStmt* w = s->As<ir::WhileStmt>()) LeakExpr(w->cond, s->span);
    if (const ir::IfStmt* i = s->As<ir::IfStmt>()) LeakExpr(i->cond, s->span);
    ir::ForEachLeafExpr(*s, /*yields=*/true, [&](const ExprPtr& e) { LeakExpr(e, s->span); });
    ir::ForEachChild(*s, ir::kWalkOutsideScopes, [&](const StmtPtr& c) { LeakScan(c, region); });
  }

  void LeakExpr(const ExprPtr& e, ir::Span span) const {
    if (VarPtr v = HalvedUseFinder(halved_).Find(e)) {
      auto it = halved_.find(v.get());
      ir::ThrowUser(span,
                    Quote(v->name) +
                        " is halved by the pl.split_aiv region above (each lane holds "
                        "only its part), but this statement outside the region reads it "
                        "as the full tile",
                    {{it->second, "the region is here"},
                     {ir::Span{},
                      "move this use into the region, or write the region with "
                      "explicit tile.aiv_shard / tile.aic_gather boundaries"}});
    }
  }
};

}  // namespace

// The region's statements without its leading lane binding.
std::vector<StmtPtr> BodyWithoutLane(const ir::SplitAivStmt& r, const VarPtr& lane) {
  std::vector<StmtPtr> stmts = ir::FlattenStmts(r.body);
  if (lane && !stmts.empty())
    if (const ir::AssignStmt* a = stmts.front()->As<ir::AssignStmt>(); a && a->var == lane)
      stmts.erase(stmts.begin());
  return stmts;
}

StmtPtr LaneBinding(const VarPtr& lane, ir::Span span) {
  return ir::MakeAssign(lane, ops::Create(ops::LaneIndexOp(), {}, {}, span), span);
}

bool HasSplitRegion(const ir::StmtPtr& s) {
  return FirstRegion(s) != nullptr;
}

bool RegionBodyHasExplicitBoundary(const ir::SplitAivStmt& region) {
  return StmtHasBoundary(region.body);
}

AdmissionReport AnalyzeWrittenRegion(const ir::SplitAivStmt& region) {
  AdmissionInput in;
  in.mode = region.mode;
  const VarPtr lane = ir::LaneVar(region);
  in.lane = lane.get();
  return AnalyzeSplitBody(ir::FlattenStmts(region.body), in);
}

void ValidateMixedExplicitRegion(const ir::SplitAivStmt& region) {
  if (region.mode == ir::SplitMode::None) return;  // task-parallel: everything is full width
  VarPtr lane = ir::LaneVar(region);
  vector_split::ReportAdmission(AnalyzeWrittenRegion(region), vector_split::BodyOrigin::Explicit,
                                "this pl.split_aiv region (mode " +
                                    std::string(ir::SplitModeName(region.mode)) +
                                    ", kept as written because it carries explicit boundary ops)",
                                lane ? lane->name : std::string());
}

namespace {

// The regions of `f` lowered in place, sharing every other node with `f`.
ir::FunctionPtr LowerRegionsInPlace(const ir::FunctionPtr& f) {
  RegionLowerer lowerer(f);
  StmtPtr body = lowerer.Lower(f->body);
  if (!body) body = ir::MakeSeq({}, f->body->span);
  lowerer.CheckNoHalvedLeak(body);
  if (!lowerer.Renamed().empty()) body = ir::Substitute(body, lowerer.Renamed());
  ir::AttrMap attrs = f->attrs;
  ir::SetAttr(attrs, ir::fattr::kSplitAiv, true);
  return std::make_shared<ir::Function>(f->name, f->func_type, f->params, f->return_types,
                                        std::move(attrs), body, f->span);
}

}  // namespace

ir::FunctionPtr LowerExplicitRegionFunction(const ir::FunctionPtr& f) {
  CheckScopeFree(f->body, *f, /*hidden_regions_pass=*/true);
  CheckScopeFree(f->body, *f, /*hidden_regions_pass=*/false);
  // The statements outside the regions are the input's own: the clone keeps the output apart.
  return ir::DeepClone(LowerRegionsInPlace(f));
}

}  // namespace tilesplit::vector_split
