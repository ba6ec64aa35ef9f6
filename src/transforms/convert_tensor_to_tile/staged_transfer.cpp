// convert-tensor-to-tile-ops: bulk transfers through staging tiles (staged_transfer.h).
#include "staged_transfer.h"

#include <variant>

#include "tile_builders.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ops/transfer.h"

namespace tilesplit::pass::to_tile {

using ir::ExprPtr;

namespace {

std::string NameOf(const ExprPtr& e, const char* fallback) {
  const auto* v = e ? e->As<ir::Var>() : nullptr;
  return v ? v->name : fallback;
}

}  // namespace

ExprPtr StagedTransfer(const ir::Call& c, const ops::TileForm& form,
                       const std::vector<ExprPtr>& args, const BindFn& bind,
                       const std::string& kernel) {
  // The transfer reads and writes GM itself (TPUT / TGET move GM to GM through the stage): an
  // operand the kernel computed on-core has no GM address to move.
  // A push (its dst may be added to, atomic=Add) of a computed value is remote_store's job.
  const ops::InPlaceUpdate* dst_update = ops::Def(c).in_place_update(0);
  const bool pushes = dst_update && dst_update->reads == ops::InPlaceUpdate::Reads::WhenKwarg;
  for (size_t i : {size_t{0}, size_t{2}}) {
    if (!ir::TileTypeOf(args[i])) continue;
    const std::string role = i == 0 ? "dst" : "src";
    ir::ThrowUser(
        c.span,
        c.op_name() + " " + role + " must be a GM tensor, but '" + NameOf(c.args[i], "it") +
            "' is computed inside InCore function '" + kernel +
            "' (on-core, a tile), and the transfer moves GM to GM",
        {{ir::Span{}, pushes && i == 2 ? "push the computed value with pld.tensor.remote_store(" +
                                             NameOf(c.args[2], "value") +
                                             ", dst, peer, offsets), which sends it from on-core "
                                             "memory; or store it into a GM tensor first"
                                       : "pass a GM tensor (a parameter or a window), or store the "
                                         "value into one first"}});
  }
  const auto plan = ops::PlanStage(args, c.kwargs);
  const auto* p = std::get_if<ops::StagePlan>(&plan);
  if (!p) ir::ThrowInternal(c.span, c.op_name() + ": a call that typed has no staging plan");
  const ir::DataType dt = TensorTypeOf(args[0])->dtype;
  std::vector<ExprPtr> call = {args[0], args[1], args[2]};
  for (int k = 0; k < p->count; ++k) {
    ExprPtr stage = Build(ops::AllocationOp(), {TupleOf({ir::Index(p->rows), ir::Index(p->cols)})},
                          {{"dtype", dt}, {"target_memory", ir::MemorySpace::Vec}}, c.span);
    const std::string name = form.scratch_name + (p->count == 1 ? "" : k == 0 ? "_ping" : "_pong");
    call.push_back(bind(name, stage));
  }
  for (size_t i = 3; i < args.size(); ++i) call.push_back(args[i]);
  // The tile op takes the kwargs it declares (atomic); the chunks are in the stage's shape.
  const ops::OpDef* tile_op = ops::FindOp(form.op);
  if (!tile_op) ir::ThrowInternal(c.span, c.op_name() + ": tile form " + form.op + " unknown");
  ir::AttrMap kwargs;
  for (const auto& kv : c.kwargs)
    if (tile_op->find_kwarg(kv.first)) kwargs.push_back(kv);
  return Build(*tile_op, std::move(call), std::move(kwargs), c.span);
}

}  // namespace tilesplit::pass::to_tile
