// LowerAutoVectorSplit, the AUTO whole-function path: rewrites a mixed cube/vector InCore
// function carrying a function-level split mode into the explicit split_aiv form (shard at
// cube->vector crossings, gather at vector->cube crossings, vector work halved per lane).
#include <set>
#include <tuple>

#include "admission.h"
#include "halving.h"
#include "lane_memory_order.h"
#include "regions.h"
#include "split_remarks.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/pass/function_pass.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/pass/remarks.h"
#include "tilesplit/transforms/passes.h"

namespace tilesplit::vector_split {
namespace {

using pass::EmitRemark;
using pass::RemarkFunction;
using pass::RemarkKind;
using pass::RemarksEnabled;

using analysis::CoreAffinity;
using ir::FunctionPtr;

// Why a function is left as it is; the same conditions, in the same order, as the gate in Run.
std::string UnsplitReason(const ir::Function& f, std::optional<ir::SplitMode> mode) {
  if (f.func_type != ir::FunctionType::InCore) return "it is not an InCore function";
  if (!mode) return "it has no split attribute";
  if (*mode == ir::SplitMode::None)
    return "its split mode is NONE (task-parallel: the author dispatches by lane)";
  if (f.BoolAttr(ir::fattr::kSplitAiv))
    return "it is already split_aiv (a hand-written split kernel)";
  // A tensor op has no core yet: its cube work (a tensor-level matmul) is not seen as such.
  struct TensorOp : ir::IRVisitor {
    const ir::Call* found = nullptr;
    void VisitCall(const ir::Call& c) override {
      if (!found && ops::TileFormOf(c)) found = &c;
      ir::IRVisitor::VisitCall(c);
    }
  } tensor_op;
  if (f.body) tensor_op.VisitStmt(f.body);
  if (tensor_op.found)
    return "its body is still at tensor level (" + tensor_op.found->op_name() +
           " has no tile form yet): run the passes before the split first (--pipeline "
           "default-pipeline)";
  return "it is not mixed: without cube work there is no crossing to split at";
}

// The remark naming the AUTO path's form: a synthesized region, or flat.
void RemarkAutoPath(const ir::Function& f, ir::SplitMode mode, const ir::Function& lowered) {
  if (!DecisionsWanted()) return;
  const bool region = ir::FirstOfKind<ir::SplitAivStmt>(lowered.body, ir::kWalkAll) != nullptr;
  RemarkPath(f.span, region ? "AUTO region" : "AUTO flat",
             "'" + f.name + "' is split on " +
                 (mode == ir::SplitMode::UpDown ? "rows (UP_DOWN)" : "columns (LEFT_RIGHT)") +
                 " by the AUTO path" +
                 (region ? ", its vector phase wrapped in a pl.split_aiv region" : ", flat"),
             true);
}

ir::AttrMap WithSplitAivAttrs(const ir::AttrMap& attrs, ir::SplitMode mode) {
  ir::AttrMap out = attrs;
  ir::EraseAttr(out, ir::fattr::kSplit);
  ir::EraseAttr(out, ir::fattr::kSplitAiv);
  ir::EraseAttr(out, ir::fattr::kDualAivDispatch);
  ir::SetAttr(out, ir::fattr::kSplit, mode);
  ir::SetAttr(out, ir::fattr::kSplitAiv, true);
  return out;
}

// The memory order across the cores (CheckLaneMemoryOrder), on the lane facts of `f`. With the
// split extensions, accesses the pipes leave unordered are ordered by a token transfer
// (OrderByTransfer), one pair at a time, until none is left or a pair cannot be ordered that way
// (a pair seen before: an order across loop iterations) and the spec's refusal stands.
FunctionPtr OrderAcrossCores(FunctionPtr f, const LaneFacts& facts, bool extensions) {
  std::set<std::tuple<const ir::Stmt*, int, const ir::Stmt*, int>> ordered_pairs;
  for (;;) {
    try {
      CheckLaneMemoryOrder(*f, facts);
      return f;
    } catch (const MemoryDisorder& d) {
      if (!extensions ||
          !ordered_pairs.emplace(d.first, d.first_core, d.second, d.second_core).second)
        throw;
      FunctionPtr ordered = OrderByTransfer(f, d);
      if (!ordered) throw;
      f = std::move(ordered);
    }
  }
}

// A function the split rewrote, and the lane facts the AUTO walk recorded while writing it (with
// each halved tile's box; null on the other paths, whose facts are the function's own).
struct Lowered {
  FunctionPtr function;
  std::unique_ptr<LaneFacts> facts;
};

// Whatever the split accepts, the pipeline lowers (docs/split-lowering.md): a kernel
// expand-mixed-kernel would refuse is refused here, by the expansion's own verifier. The AUTO
// path's output holds the property by construction (a produced property, verified after the pass
// in the suite), except the ring depth an author fixed, which only the sides can tell.
void RequireExpansionAccepts(const FunctionPtr& f) {
  pass::EnforceOn(pass::Property::ExpansionAccepted, f,
                  "lower-auto-vector-split accepts only what the rest of the pipeline lowers: "
                  "this kernel is left for expand-mixed-kernel as written, which rejects it as "
                  "above");
}

// The AUTO path of `f`, lowered in one walk; the memory order and the rules of the expansion are
// checked on the result by Run and the pass's enforced property.
Lowered LowerFunction(const FunctionPtr& f, ir::SplitMode mode, const pass::SplitOptions& options) {
  // Equal tile types built by the walk share one node, as the parser's do: most values of a body
  // have one of a few types, and the walk's memos (SplitContext::halved_types, typed_calls) are
  // keyed by type node. The table is this walk's own, so nothing is shared with the input.
  ir::TileTypeInterning interning;
  SplitContext ctx;
  ctx.mode = mode;
  ctx.split_dim = SplitDimension(mode);  // 1. the axis; the boundary op carries the mode
  ir::NameGenerator names(*f);
  ir::VarPtr lane = MakeLaneVar(names);  // 2. the lane index, a fresh name
  ctx.lane = lane;
  ctx.names = &names;
  // The lane facts of the lowered body: the halving records each tile's per-lane box in them, the
  // admission walks each lowered statement into them, and the memory order reads them.
  ctx.facts = std::make_unique<LaneFacts>(LaneFactsInput{mode, lane.get()});
  LaneFacts& facts = *ctx.facts;
  ctx.auto_arm = true;
  ctx.extensions = options.extensions;
  ctx.lane_stride = ResolveLaneStride(f->body, ctx.split_dim);  // 2a. partition
  if (ctx.lane_stride)
    EmitRemark(RemarkKind::Analysis, f->span,
               "'" + f->name + "' takes the balanced partition: lane 1 starts at row/column " +
                   std::to_string(*ctx.lane_stride) +
                   " of the ragged crossing (lane_stride=" + std::to_string(*ctx.lane_stride) + ")",
               {{"lane_stride", std::to_string(*ctx.lane_stride)}});
  // 5. The result shares no node with the input: the walk builds it detached (fresh parameters
  // first, so that every use in the body follows them) rather than deep-cloning it afterwards.
  ctx.detach = true;
  const std::vector<ir::StmtPtr> stmts = ir::FlattenStmts(f->body);
  ctx.replacements.Reserve(stmts.size() + f->params.size());
  facts.ReserveBoxes(stmts.size());
  std::vector<ir::Param> params;
  params.reserve(f->params.size());
  for (const ir::Param& p : f->params) params.push_back({DetachDef(ctx, p.var), p.direction});
  std::vector<ir::TypePtr> returns;
  returns.reserve(f->return_types.size());
  for (const ir::TypePtr& t : f->return_types) returns.push_back(DetachType(ctx, t));
  // 3. The walk, 4. the cube-operand backstop and the admission, which judges hand-written
  // bodies too, on the facts the halving recorded its boxes in (a vector op it still finds full
  // width is a compiler bug, reported as an internal error). Both postconditions read each
  // lowered statement right after the walk built it, while it is still in cache; the lane facts
  // are one forward walk, so feeding them in order is the same as giving them the whole body.
  // 3a. The form: the reasons to keep it flat are decided on the source before the walk; up to
  // the statement that decided it, each lowered statement is placed in a phase as it is built, so
  // that a single straight-line vector phase is wrapped in a region (with the lane guards its
  // stores need) without reading the lowered body again.
  AutoRegionPlan plan(mode, lane);
  plan.Decide(stmts, ctx.lane_stride, ctx.extensions);
  std::vector<ir::StmtPtr> body;
  body.reserve(stmts.size() + 1);
  body.push_back(ir::MakeAssign(lane, ops::Create(ops::LaneIndexOp(), {}, {}, f->span), f->span));
  for (size_t i = 0; i < stmts.size(); ++i) {
    std::vector<ir::StmtPtr> piece = ProcessStmts({stmts[i]}, ctx);
    CheckNoCubeTileHalved(piece, ctx);
    facts.Walk(piece);
    const bool planned = plan.Wants(i);
    for (ir::StmtPtr& p : piece) {
      if (planned) plan.Add(p, i);
      body.push_back(std::move(p));
    }
  }
  ReportAdmission(AdmissionOf(facts), BodyOrigin::Automatic,
                  "the automatically halved body of '" + f->name + "'", lane->name);
  // 6. Stamp the split_aiv form; 7. wrap the vector phase in a region when the plan holds.
  FunctionPtr flat = std::make_shared<ir::Function>(
      f->name, f->func_type, std::move(params), std::move(returns),
      WithSplitAivAttrs(f->attrs, mode), ir::MakeSeq(std::move(body), f->body->span), f->span);
  FunctionPtr lowered = plan.Finish(flat);
  RemarkAutoPath(*f, mode, *lowered);
  // The region the plan may wrap around the vector phase binds the same lane and defines
  // nothing: the facts of the flat body are the lowered function's.
  return {std::move(lowered), std::move(ctx.facts)};
}

// Which of the three paths takes `f`, and what it makes of it: the explicit regions lowered, the
// AUTO path's halving, or (for a mixed kernel left unsplit) the function as written; null for a
// function the pass hands on without a look at its cores.
Lowered LowerOrKeep(const FunctionPtr& f, const pass::SplitOptions& options) {
  // The region path is checked first: each pl.split_aiv region carries its own mode.
  if (f->func_type == ir::FunctionType::InCore && HasSplitRegion(f->body)) {
    WarnDuplicatedEffects(*f);
    Lowered out{LowerExplicitRegionFunction(f), nullptr};
    RemarkPath(f->span, "explicit regions",
               "'" + f->name + "' is split by its explicit pl.split_aiv regions", true);
    return out;
  }
  std::optional<ir::SplitMode> mode = f->split_mode();
  // An InCore function reaching here holds no region (HasSplitRegion above): whole-function
  // halving applies.
  const bool in_scope = f->func_type == ir::FunctionType::InCore && mode &&
                        *mode != ir::SplitMode::None && !f->BoolAttr(ir::fattr::kSplitAiv);
  if (!in_scope || !analysis::IsMixed(*f)) {
    if (DecisionsWanted())
      RemarkPath(f->span, "untouched", "'" + f->name + "' is not split: " + UnsplitReason(*f, mode),
                 false);
    // A mixed kernel left unsplit still runs its cube and vector parts on different cores
    // (expand-mixed-kernel), joined by the same rings and under the same memory order.
    CheckFlatShardExtents(*f);
    if (f->func_type == ir::FunctionType::InCore && analysis::IsMixed(*f)) return {f, nullptr};
    return {nullptr, nullptr};
  }
  if (const ir::ScopeStmt* scope = ir::FirstOfKind<ir::ScopeStmt>(f->body, ir::kWalkAll))
    ir::ThrowUser(
        scope->span,
        "LowerAutoVectorSplit: the mixed split function '" + f->name +
            "' still holds a pl.at scope: its body still contains a scope, and whole-function "
            "halving does not cross a scope boundary",
        {{ir::Span{},
          "remove the scope from the InCore function, or write the kernel "
          "in an Opaque function so the outliner lifts the scope"}});
  // One walk lowers the body and plans its form: a single straight-line vector phase is
  // wrapped in a region, with the lane guards a hand-written region of that form gets, so that
  // the printed output, read back and lowered again, is the same program.
  return LowerFunction(f, *mode, options);
}

ir::ProgramPtr Run(const ir::ProgramPtr& p, const pass::SplitOptions& options,
                   pass::PassContext& pc) {
  pass::AnalysisManager& analyses = pc.analyses();
  return pass::MapFunctions(p, [&](const FunctionPtr& f) -> FunctionPtr {
    RemarkFunction remark_function(f->name);
    std::unique_ptr<SplitDecisions> decisions;
    if (pc.record_decisions) decisions = std::make_unique<SplitDecisions>();
    DecisionScope decision_scope(decisions.get());
    Lowered lowered = LowerOrKeep(f, options);
    if (!lowered.function) {
      if (decisions) analyses.Put(f, std::move(decisions));
      return f;
    }
    // The cores must keep the sequential memory order; its tokens cross in the same rings (the
    // enforced ExpansionAccepted, checked on the output). The AUTO walk asks the facts it
    // recorded while halving (they know each halved tile's box); the other paths the function's
    // lane facts, from the context, which keeps them for the verifiers of the same function.
    const LaneFacts& facts =
        lowered.facts ? *lowered.facts : analyses.Get<LaneFacts>(lowered.function);
    FunctionPtr ordered = OrderAcrossCores(lowered.function, facts, options.extensions);
    if (!lowered.facts || ir::GetAttr(ordered->attrs, ir::fattr::kSlotNum))
      RequireExpansionAccepts(ordered);
    // A function the ordering changed is a new function: like every lowered one, it shares no
    // node with the input.
    if (lowered.function == f && ordered != f) ordered = ir::DeepClone(ordered);
    if (decisions) analyses.Put(ordered, std::move(decisions));
    return ordered;
  });
}

}  // namespace
}  // namespace tilesplit::vector_split

namespace tilesplit::pass {

Pass LowerAutoVectorSplit() {
  return LowerAutoVectorSplit(SplitOptions{});
}

Pass LowerAutoVectorSplit(const SplitOptions& options) {
  Pass pass("lower-auto-vector-split",
            Pass::RunFn([options](const ir::ProgramPtr& p, PassContext& ctx) {
              // The run's options, when its caller set them, over those the pass was built with.
              const SplitOptions* set = ctx.Option<SplitOptions>();
              return vector_split::Run(p, set ? *set : options, ctx);
            }),
            {Property::SSAForm, Property::IncoreTileOps, Property::TileOps2D,
             Property::TileMemoryInferred, Property::AivSplitValid},
            {Property::SSAForm, Property::IncoreTileOps, Property::TileOps2D,
             Property::TileMemoryInferred, Property::AivSplitLoweredValid,
             Property::LaneMemoryOrdered, Property::ExpansionAccepted},
            {Property::AivSplitValid});
  return pass;
}

TILESPLIT_REGISTER_PASS("lower-auto-vector-split",
                        "Splits the vector work of mixed cube/vector split functions across the "
                        "two AIV lanes",
                        [] { return LowerAutoVectorSplit(); });

}  // namespace tilesplit::pass
