// The no-split dual-dispatch replay of SplitVectorKernel (PyPTO's dev page 23, "No-split dual-AIV
// dispatch"): an AIV function marked dual_aiv_dispatch without a split runs on both lanes, but
// only lane 0 computes. Lane 1 replays the body with every tile empty (valid extent 0) so that
// its pipe handshakes (tpush / tpop / tfree) stay balanced with the cube's, and writes nothing.
#include "no_split_replay.h"

#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::pass {
namespace {

using ir::ExprPtr;
using ir::StmtPtr;
using ir::TypePtr;
using ir::VarPtr;

// The tile type with an empty valid extent on every axis; other types as they are.
TypePtr Emptied(const TypePtr& t) {
  const ir::TileType* tt = t ? t->As<ir::TileType>() : nullptr;
  if (!tt) return t;
  ir::TileView view = tt->EffectiveView();
  view.valid_shape.assign(tt->shape.size(), ir::MakeConstInt(0));
  return ir::MakeTileType(tt->shape, tt->dtype, tt->memory, view);
}

const ir::Call* CallOf(const ExprPtr& e) {
  return e ? e->As<ir::Call>() : nullptr;
}

// Lane 1's copy of a statement list: fresh variables, tiles emptied, stores and once-only effects
// dropped, pipe traffic kept.
class Lane1Replay : public ir::IRMutator {
 public:
  Lane1Replay() : ir::IRMutator(/*always_rebuild=*/true) {}

 protected:
  TypePtr MutateType(const TypePtr& t) override { return Emptied(ir::IRMutator::MutateType(t)); }

 public:
  // Lane 1's copy of a variable the replay defined.
  ExprPtr Lane1Of(const VarPtr& v) { return MutateExpr(v); }
  // Variables defined outside the replayed statements (parameters, the shared pipe set-up) are
  // the same on both lanes.
  void KeepFree(const StmtPtr& s) {
    for (const VarPtr& v : ir::FreeVars(s)) SetVarMapping(v, v);
  }

 protected:
  VarPtr MutateVarDef(const VarPtr& v) override {
    VarPtr fresh = ir::MakeVar(v->name, MutateType(v->type), v->span);
    SetVarMapping(v, fresh);
    return fresh;
  }

  StmtPtr MutateEval(const ir::EvalStmtPtr& op) override {
    if (const ir::Call* c = CallOf(op->expr); c && Dropped(*c)) return nullptr;
    return ir::IRMutator::MutateEval(op);
  }

  StmtPtr MutateAssign(const ir::AssignStmtPtr& op) override {
    const ir::Call* c = CallOf(op->value);
    const ops::OpDef* def = c ? ops::RegisteredDef(*c) : nullptr;
    if (!def) return ir::IRMutator::MutateAssign(op);
    const std::optional<ops::GmWindow>& gm = def->gm_window();
    if (gm && gm->access == ops::GmWindow::Access::Write) {
      // The store's value is its destination, unwritten: later uses still see a tensor.
      ExprPtr dest = MutateExpr(c->args.at(gm->tensor));
      return ir::MakeAssign(MutateVarDef(op->var), dest, op->span);
    }
    if (def->cross_core_role() == ops::CrossCoreRole::TPop) {
      // Popped as pushed: the handshake is the point of the replay.
      bool changed = false;
      std::vector<ExprPtr> args = MutateExprs(c->args, &changed);
      ExprPtr call = ir::MakeCall(c->op, std::move(args), c->kwargs, c->type, c->span);
      VarPtr v = ir::MakeVar(op->var->name, op->var->type, op->var->span);
      SetVarMapping(op->var, v);
      return ir::MakeAssign(v, call, op->span);
    }
    if (gm && gm->access == ops::GmWindow::Access::Read && c->type && c->type->As<ir::TileType>()) {
      // A load reads nothing on lane 1: an empty tile of its geometry stands in for it.
      const ir::TileType& tt = *c->type->As<ir::TileType>();
      ir::AttrMap kwargs{{"dtype", tt.dtype}};
      if (tt.memory) kwargs.emplace_back("target_memory", *tt.memory);
      ExprPtr alloc = ops::CreateWithType(ops::AllocationOp(), {ir::MakeTupleExpr(tt.shape)},
                                          std::move(kwargs), Emptied(c->type), c->span);
      return ir::MakeAssign(MutateVarDef(op->var), alloc, op->span);
    }
    if (def->is_valid_shape_setter()) {
      // Its extents are the result's valid extent: lane 1's is empty.
      bool changed = false;
      std::vector<ExprPtr> args = MutateExprs(c->args, &changed);
      for (size_t i = 1; i < args.size(); ++i) args[i] = ir::MakeConstInt(0);
      ExprPtr call = ir::MakeCall(c->op, std::move(args), c->kwargs, Emptied(c->type), c->span);
      return ir::MakeAssign(MutateVarDef(op->var), call, op->span);
    }
    return ir::IRMutator::MutateAssign(op);
  }

 private:
  // Effects lane 1 must not have: GM writes (lane 0 makes them) and once-only signals.
  static bool Dropped(const ir::Call& c) {
    const ops::OpDef* def = ops::RegisteredDef(c);
    if (!def || def->cross_core_role() != ops::CrossCoreRole::None) return false;
    const std::optional<ops::GmWindow>& gm = def->gm_window();
    return (gm && gm->access == ops::GmWindow::Access::Write) || def->is_no_duplicate();
  }
};

bool IsPipeSetup(const StmtPtr& s) {
  const ir::Call* c = analysis::TopLevelCall(*s);
  const ops::OpDef* def = c ? ops::RegisteredDef(*c) : nullptr;
  return def && def->is_pipe_setup();
}

}  // namespace

ir::FunctionPtr ReplayNoSplitOnLane1(const ir::Function& f) {
  std::vector<StmtPtr> stmts;
  if (const ir::SeqStmts* seq = f.body ? f.body->As<ir::SeqStmts>() : nullptr)
    stmts = seq->stmts;
  else if (f.body)
    stmts = {f.body};
  const ir::ReturnStmt* ret = !stmts.empty() ? stmts.back()->As<ir::ReturnStmt>() : nullptr;
  StmtPtr ret_stmt = ret ? stmts.back() : nullptr;
  if (ret) stmts.pop_back();
  size_t setup = 0;
  while (setup < stmts.size() && IsPipeSetup(stmts[setup])) ++setup;
  std::vector<StmtPtr> lane0(stmts.begin() + static_cast<std::ptrdiff_t>(setup), stmts.end());
  const StmtPtr lane0_body = ir::MakeSeq(lane0, f.span);

  // Values the return reads from the body merge out of the two branches.
  std::vector<VarPtr> merged_from;
  if (ret) {
    const std::vector<VarPtr> defined = ir::DefinedVars(lane0_body);
    for (const ExprPtr& v : ret->values) {
      const ir::Var* var = v ? v->As<ir::Var>() : nullptr;
      if (!var) continue;
      for (const VarPtr& d : defined)
        if (d.get() == var) {
          if (d->type->As<ir::TileType>())
            ir::ThrowUser(ret->span,
                          "split-vector-kernel: '" + f.name + "' returns the tile '" + d->name +
                              "' it computes; under no-split dual dispatch lane 1 "
                              "computes no tiles, so it could not return one",
                          {{{}, "store the tile into an Out tensor and return that"}});
          merged_from.push_back(d);
        }
    }
  }

  Lane1Replay replay;
  replay.KeepFree(lane0_body);
  const StmtPtr lane1_body = replay.MutateStmt(lane0_body);
  std::vector<ExprPtr> yield0, yield1;
  std::vector<VarPtr> merges;
  ir::VarMap after;
  for (const VarPtr& v : merged_from) {
    yield0.push_back(v);
    yield1.push_back(replay.Lane1Of(v));
    merges.push_back(ir::MakeVar(v->name, v->type, v->span));
    after.emplace(v.get(), merges.back());
  }
  auto branch = [&](const StmtPtr& body, std::vector<ExprPtr> yields) {
    if (yields.empty()) return body;
    std::vector<StmtPtr> b = body->As<ir::SeqStmts>()->stmts;
    b.push_back(ir::MakeYield(std::move(yields), f.span));
    return ir::MakeSeq(std::move(b), f.span);
  };

  const ops::OpDef& lane_op = ops::LaneIndexOp();
  ExprPtr lane_call = ops::Create(lane_op, {}, {}, f.span);
  VarPtr lane = ir::MakeVar("subblock_idx", lane_call->type, f.span);
  std::vector<StmtPtr> body;
  body.push_back(ir::MakeAssign(lane, lane_call, f.span));
  body.insert(body.end(), stmts.begin(), stmts.begin() + static_cast<std::ptrdiff_t>(setup));
  ExprPtr is_lane0 = ir::MakeBinary(ir::BinaryOp::Eq, lane, ir::MakeConstInt(0), f.span);
  body.push_back(std::make_shared<ir::IfStmt>(is_lane0, branch(lane0_body, std::move(yield0)),
                                              branch(lane1_body, std::move(yield1)), merges,
                                              f.span));
  if (ret_stmt) body.push_back(ir::Substitute(ret_stmt, after));
  return ir::WithBody(f, ir::MakeSeq(std::move(body), f.span));
}

}  // namespace tilesplit::pass
