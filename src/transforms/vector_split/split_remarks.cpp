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
thread_local SplitDecisions* current_decisions = nullptr;

void Record(const ir::Var& v, SplitDecisions::Value value) {
  if (SplitDecisions* d = current_decisions) d->values[v.name] = std::move(value);
}
}  // namespace

DecisionScope::DecisionScope(SplitDecisions* record) : saved_(current_decisions) {
  current_decisions = record;
}
DecisionScope::~DecisionScope() {
  current_decisions = saved_;
}
SplitDecisions* CurrentDecisions() {
  return current_decisions;
}
bool DecisionsWanted() {
  return current_decisions || pass::RemarksEnabled();
}

void RemarkPath(ir::Span span, const std::string& path, const std::string& message, bool passed) {
  if (SplitDecisions* d = current_decisions) {
    d->path = path;
    d->path_message = message;
  }
  if (!pass::RemarksEnabled()) return;
  pass::EmitRemark(passed ? pass::RemarkKind::Passed : pass::RemarkKind::Missed, span, message,
                   {{"path", path}});
}

void RemarkFlat(ir::Span span, const std::string& why) {
  if (SplitDecisions* d = current_decisions) d->flat_because = why;
  if (!pass::RemarksEnabled()) return;
  pass::EmitRemark(pass::RemarkKind::Missed, span,
                   "no pl.split_aiv region is synthesized around the vector phase: " + why,
                   {{"flat_because", why}});
}

void RemarkLaneLocal(const ir::Var& v, const LaneBox& info) {
  if (!DecisionsWanted()) return;
  const std::string axis = std::to_string(info.axis);
  SplitDecisions::Value d;
  d.axis = info.axis;
  d.half = Text(info.box);
  d.full_box = Text(info.full_box);
  d.full_valid = Text(info.full_valid);
  d.message = "'" + v.name + "' is lane-local: halved on axis " + axis +
              ", each lane holds a box of " + d.half + " of " + d.full_box;
  if (pass::RemarksEnabled())
    pass::EmitRemark(pass::RemarkKind::Passed, v.span, d.message,
                     {{"value", v.name},
                      {"axis", axis},
                      {"half", d.half},
                      {"full_box", d.full_box},
                      {"full_valid", d.full_valid}});
  Record(v, std::move(d));
}

void RemarkKeptWhole(const ir::Var& v, const std::string& why) {
  if (!DecisionsWanted() || !ir::AsTileType(v.type)) return;
  SplitDecisions::Value d;
  d.why = why;
  d.message = "'" + v.name + "' is kept full width: " + why;
  if (pass::RemarksEnabled())
    pass::EmitRemark(pass::RemarkKind::Analysis, v.span, d.message,
                     {{"value", v.name}, {"why", why}});
  Record(v, std::move(d));
}

void RemarkKeptWhole(const ir::Var& v, const ir::Call& call) {
  if (!DecisionsWanted()) return;
  RemarkKeptWhole(v, analysis::ClassifyCallAffinity(call) == analysis::CoreAffinity::CUBE
                         ? "cube work runs once, on the AIC"
                         : "shared work, replicated on every core");
}

void RemarkExtension(const ir::Var& v, const std::string& extension, const std::string& what,
                     const std::string& cost) {
  if (!DecisionsWanted()) return;
  SplitDecisions::Value d;
  d.message = "split extension (" + extension + "): '" + v.name + "' " + what + "; cost: " + cost +
              " (--split-extensions=off refuses it, as the spec does)";
  if (pass::RemarksEnabled())
    pass::EmitRemark(pass::RemarkKind::Passed, v.span, d.message,
                     {{"value", v.name}, {"extension", extension}, {"cost", cost}});
  Record(v, std::move(d));
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
  if (!DecisionsWanted()) return;
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
