// Remarks of the halving walk (split_remarks.h).
#include "split_remarks.h"

#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/type.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::vector_split {

namespace {
std::string Text(const ExprPtr& e) {
  return e ? ir::ExprToString(e) : std::string("?");
}
}  // namespace

void RemarkLaneLocal(const ir::Var& v, const LaneBox& info) {
  if (!pass::RemarksEnabled()) return;
  const std::string axis = std::to_string(info.axis);
  pass::EmitRemark(pass::RemarkKind::Passed, v.span,
                   "'" + v.name + "' is lane-local: halved on axis " + axis +
                       ", each lane holds a box of " + Text(info.box) + " of " +
                       Text(info.full_box),
                   {{"value", v.name},
                    {"axis", axis},
                    {"half", Text(info.box)},
                    {"full_box", Text(info.full_box)},
                    {"full_valid", Text(info.full_valid)}});
}

void RemarkKeptWhole(const ir::Var& v, const std::string& why) {
  if (!pass::RemarksEnabled() || !ir::AsTileType(v.type)) return;
  pass::EmitRemark(pass::RemarkKind::Analysis, v.span,
                   "'" + v.name + "' is kept full width: " + why,
                   {{"value", v.name}, {"why", why}});
}

void RemarkKeptWhole(const ir::Var& v, const ir::Call& call) {
  if (!pass::RemarksEnabled()) return;
  RemarkKeptWhole(v, analysis::ClassifyCallAffinity(call) == analysis::CoreAffinity::CUBE
                         ? "cube work runs once, on the AIC"
                         : "shared work, replicated on every core");
}

void RemarkExtension(const ir::Var& v, const std::string& extension, const std::string& what,
                     const std::string& cost) {
  if (!pass::RemarksEnabled()) return;
  pass::EmitRemark(pass::RemarkKind::Passed, v.span,
                   "split extension (" + extension + "): '" + v.name + "' " + what +
                       "; cost: " + cost + " (--split-extensions=off refuses it, as the spec does)",
                   {{"value", v.name}, {"extension", extension}, {"cost", cost}});
}

void RemarkOddGather(const ir::Var& v, int64_t box, int64_t half) {
  RemarkExtension(v, "odd gather",
                  "crosses to the cube with the odd box " + std::to_string(box) +
                      ": each lane hands over its band of " + std::to_string(half) +
                      ", the join of " + std::to_string(2 * half) +
                      " is sliced back to the box on the cube",
                  "one pad cell per column (or row) in the transfer, and a tile.slice on the cube");
}

void RemarkFullBoxExtension(const ir::Var& v, const ir::TileType& full) {
  if (!pass::RemarksEnabled()) return;
  std::string valid;
  for (const ExprPtr& e : full.valid()) valid += (valid.empty() ? "" : ", ") + Text(e);
  RemarkExtension(v, "full-box crossing",
                  "crosses to the lanes with valid extents [" + valid +
                      "] no shard carries: the full box crosses and each lane is narrowed to "
                      "its own extents right after the pop",
                  "the invalid cells of the box in the transfer, a tile.set_validshape on each "
                  "side");
}

}  // namespace tilesplit::vector_split
