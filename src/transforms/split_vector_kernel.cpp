// SplitVectorKernel: after ExpandMixedKernel, the AIV function of a split_aiv kernel is stamped
// with its split mode and dual_aiv_dispatch, so both AIV lanes run it. The halving itself happened
// before the expansion (LowerAutoVectorSplit or the author's explicit regions); this arm only
// stamps attributes (spec: "its split_aiv arm"). An AIV function marked dual_aiv_dispatch with no
// split (PyPTO's no-split dual dispatch) gets the lane-1 replay instead (no_split_replay.cpp).
#include "no_split_replay.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ops/lane.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/pass/function_pass.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::pass {
namespace {

ir::FunctionPtr SplitVectorFunction(const ir::FunctionPtr& f) {
  if (f->func_type == ir::FunctionType::AIV && !f->BoolAttr(ir::fattr::kSplitAiv) &&
      f->BoolAttr(ir::fattr::kDualAivDispatch) && !ir::ExternalSource(*f) &&
      f->split_mode().value_or(ir::SplitMode::None) == ir::SplitMode::None)
    // A body that reads the lane index already says what each lane does (a hand-written
    // per-lane body, or the replay's own output) and is left as written.
    return ops::BodyReadsLaneIndex(f->body) ? f : ReplayNoSplitOnLane1(*f);
  if (f->func_type == ir::FunctionType::AIV && !f->BoolAttr(ir::fattr::kSplitAiv) &&
      f->split_mode().value_or(ir::SplitMode::None) != ir::SplitMode::None &&
      !ir::ExternalSource(*f))
    // Its transfers carry a split but nothing halved its body: dispatched to both lanes it would
    // run the whole body twice, on one lane it would take half of each transfer.
    ir::ThrowUser(f->span,
                  "split-vector-kernel: the AIV function '" + f->name +
                      "' has split=" + std::string(ir::SplitModeName(*f->split_mode())) +
                      " but is not split_aiv, so its body is not in per-lane form and cannot be "
                      "dispatched to the two lanes",
                  {{{},
                    "split the mixed kernel before expanding it (lower-auto-vector-split, or "
                    "--pipeline check-pipeline), or mark the function split_aiv if its body is "
                    "already written per lane"}});
  if (f->func_type != ir::FunctionType::AIV || !f->BoolAttr(ir::fattr::kSplitAiv)) return f;
  ir::AttrMap attrs = f->attrs;
  if (!f->split_mode()) ir::SetAttr(attrs, ir::fattr::kSplit, ir::SplitMode::None);
  ir::SetAttr(attrs, ir::fattr::kDualAivDispatch, true);
  return ir::WithAttrs(*f, attrs);
}

Pass SplitVectorKernel() {
  return FunctionPass("split-vector-kernel", SplitVectorFunction, {},
                      {Property::AivDispatchStamped});
}

TILESPLIT_REGISTER_PASS(
    "split-vector-kernel",
    "Stamps split and dual_aiv_dispatch on the AIV functions of split_aiv kernels; replays a "
    "no-split dual-dispatched AIV function on lane 1 with empty tiles",
    SplitVectorKernel);

}  // namespace
}  // namespace tilesplit::pass
