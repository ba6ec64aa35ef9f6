// SplitVectorKernel: after ExpandMixedKernel, the AIV function of a split_aiv kernel is stamped
// with its split mode and dual_aiv_dispatch, so both AIV lanes run it. The halving itself happened
// before the expansion (LowerAutoVectorSplit or the author's explicit regions); this pass only
// stamps attributes (spec: "its split_aiv arm").
#include "tilesplit/ir/error.h"
#include "tilesplit/transforms/pass.h"

namespace tilesplit::pass {
namespace {

ir::ProgramPtr RunSplitVector(const ir::ProgramPtr& p) {
  std::vector<ir::FunctionPtr> out;
  for (const ir::FunctionPtr& f : p->functions) {
    if (f->func_type != ir::FunctionType::AIV || !f->BoolAttr("split_aiv")) {
      out.push_back(f);
      continue;
    }
    ir::AttrMap attrs = f->attrs;
    if (!f->split_mode()) ir::SetSortedAttr(attrs, "split", ir::SplitMode::None);
    ir::SetSortedAttr(attrs, "dual_aiv_dispatch", true);
    out.push_back(ir::WithAttrs(*f, attrs));
  }
  return std::make_shared<ir::Program>(p->name, out, p->span);
}

Pass SplitVectorKernel() {
  return Pass("split-vector-kernel", RunSplitVector, {}, {"AivDispatchStamped"}, {});
}

TILESPLIT_REGISTER_PASS(
    "split-vector-kernel",
    "Stamps split and dual_aiv_dispatch on the AIV functions of split_aiv kernels",
    SplitVectorKernel);

}  // namespace
}  // namespace tilesplit::pass
