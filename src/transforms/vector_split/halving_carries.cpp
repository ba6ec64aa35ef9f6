// Loop carries and if merges of the halving (halving_parts.h).
#include "halving_parts.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"

namespace tilesplit::vector_split {

std::vector<ir::IterArg> CarryHalving::CarryIterArgs(const std::vector<ir::IterArg>& ias) {
  std::vector<ir::IterArg> out;
  for (const ir::IterArg& ia : ias) {
    ExprPtr init = s_.Sub(ia.init);
    VarPtr v = s_.Rebind(ia.var, init->type, false, /*deduced=*/true);
    if (auto info = OperandSplitInfo(ctx_, init)) s_.Track(v, *info);
    // A tuple carry keeps its init's per-element axes, or the exit (and every store after
    // the loop) would lose them.
    if (const ir::Var* iv = init->As<ir::Var>()) ctx_.facts->CopyTupleBoxes(iv, v.get());
    out.push_back({v, init});
  }
  return out;
}

// The value yielded back into a carry must be lane-local exactly when the carry is.
void CarryHalving::ValidateCarryBackedge(const std::vector<ir::IterArg>& ias, const StmtPtr& body) {
  const ir::YieldStmt* y = ir::TrailingYield(body);
  if (!y) return;
  for (size_t i = 0; i < ias.size() && i < y->values.size(); ++i) {
    const bool carry = OperandSplitInfo(ctx_, ias[i].var) != nullptr;
    const ExprPtr& val = y->values[i];
    const LaneBox* yielded_box = OperandSplitInfo(ctx_, val);
    const bool yielded = yielded_box != nullptr;
    if (carry && yielded) {
      // Both per-lane, but halved the same way? A carry halved on one axis (a reshape moved it)
      // fed a value halved on another (the band the split extensions keep on the function's
      // axis) would change the carry's per-lane type on the backedge.
      const LaneBox& cb = *OperandSplitInfo(ctx_, ias[i].var);
      const ir::TileType* ct = ir::TileTypeOf(ias[i].var);
      const ir::TileType* yt = ir::TileTypeOf(val);
      if (ct && yt && (cb.axis != yielded_box->axis || !ir::ExprListEqual(ct->shape, yt->shape)))
        Reject(ctx_, y->span,
               "the loop carry " + Quote(ias[i].var->name) + " is halved on axis " +
                   std::to_string(cb.axis) + " (" + ir::TypeToString(ias[i].var->type) +
                   " per lane) but the value yielded into it, " + Quote(OperandName(val)) +
                   ", is halved on axis " + std::to_string(yielded_box->axis) + " (" +
                   ir::TypeToString(val->type) + "): the backedge would change the carry's type",
               "yield a value computed from the carry the way the carry is split, or start the "
               "carry from a value halved on the function's split axis");
      continue;
    }
    if (carry == yielded) continue;
    if (val->kind == ir::ExprKind::Call)
      Reject(ctx_, y->span,
             "the loop carry " + Quote(ias[i].var->name) + " is fed an unbound expression (" +
                 Quote(ir::ExprToString(val)) + ") that the split never reaches",
             "bind the value to a name first (x = ...; pl.yield_(x)) so it is split like any "
             "other statement");
    Reject(ctx_, y->span,
           "the loop carry " + Quote(ias[i].var->name) + " is " +
               (carry ? "per-lane (its initial value was halved)" : "full width") +
               " but the value yielded into it, " + Quote(OperandName(val)) + ", is " +
               (yielded ? "per-lane" : "full width"),
           carry ? "yield a lane-local value (derived from the carry or another per-lane value)"
                 : "yield a full-width value, or start the carry from a per-lane value");
  }
}

std::vector<VarPtr> CarryHalving::RepairReturnVars(const std::vector<VarPtr>& rvs,
                                                   const std::vector<ir::IterArg>& ias) {
  std::vector<VarPtr> out;
  for (size_t i = 0; i < rvs.size(); ++i) {
    if (i >= ias.size()) {
      out.push_back(ctx_.detach ? DetachDef(ctx_, rvs[i]) : rvs[i]);
      continue;
    }
    VarPtr v = s_.Rebind(rvs[i], ias[i].var->type, false, /*deduced=*/true);
    if (auto info = OperandSplitInfo(ctx_, ias[i].var)) s_.Track(v, *info);
    ctx_.facts->CopyTupleBoxes(ias[i].var.get(), v.get());
    out.push_back(v);
  }
  return out;
}

std::vector<VarPtr> CarryHalving::MergeIfReturnVars(const ir::IfStmt& s, const StmtPtr& then_b,
                                                    const StmtPtr& else_b) {
  std::vector<VarPtr> rvs;
  const ir::YieldStmt* ty = ir::TrailingYield(then_b);
  const ir::YieldStmt* ey = ir::TrailingYield(else_b);
  for (size_t i = 0; i < s.return_vars.size(); ++i) {
    const VarPtr& rv = s.return_vars[i];
    if (!ty || !ey || i >= ty->values.size() || i >= ey->values.size()) {
      rvs.push_back(ctx_.detach ? DetachDef(ctx_, rv) : rv);
      continue;
    }
    const ExprPtr &a = ty->values[i], &b = ey->values[i];
    // A merged tile lives in one memory, on one core: branches that yield it in two spaces (a
    // matmul's Acc result and a vector op's Vec tile) have no merge the expansion can place.
    const ir::TileType *at = ir::AsTileType(a->type), *bt = ir::AsTileType(b->type);
    if (at && bt && at->memory && bt->memory && *at->memory != *bt->memory)
      Reject(ctx_, s.span,
             "the branches of this if yield " + Quote(rv->name) + " in " +
                 std::string(ir::MemorySpaceName(*at->memory)) + " (then) and in " +
                 std::string(ir::MemorySpaceName(*bt->memory)) +
                 " (else): a merged tile lives in one memory, on one core",
             "move one branch's value into the other's space with pl.tile.move before its yield "
             "(an Acc result to Vec), or compute " +
                 Quote(rv->name) + " in the same space on both branches");
    auto ia = OperandSplitInfo(ctx_, a), ib = OperandSplitInfo(ctx_, b);
    const bool ta = ia || ctx_.facts->HasTupleBoxes(a->As<ir::Var>());
    const bool tb = ib || ctx_.facts->HasTupleBoxes(b->As<ir::Var>());
    if (ta != tb)
      Reject(ctx_, s.span,
             "the branches of this if disagree on " + Quote(rv->name) +
                 ": the then-branch yields a " + (ta ? "per-lane" : "full-width") +
                 " value and the else-branch a " + (tb ? "per-lane" : "full-width") +
                 " one, so the merge has no single type",
             "make both branches yield per-lane values (or both full-width ones)");
    if (ta && !ir::TypeEqual(a->type, b->type))
      Reject(ctx_, s.span,
             "the branches of this if yield per-lane values of different types for " +
                 Quote(rv->name) + " (" + ir::TypeToString(a->type) + " vs " +
                 ir::TypeToString(b->type) + ")",
             "make both branches produce the same per-lane shape");
    VarPtr v = s_.Rebind(rv, a->type, false, /*deduced=*/true);
    if (ia) s_.Track(v, *ia);
    if (const ir::Var* av = a->As<ir::Var>()) ctx_.facts->CopyTupleBoxes(av, v.get());
    rvs.push_back(v);
  }
  return rvs;
}

}  // namespace tilesplit::vector_split
