// AnalyzeSplitBody and ReportAdmission (admission.h), on the lane facts of the body.
#include "admission.h"

#include "tilesplit/ir/error.h"

namespace tilesplit::vector_split {
namespace {

std::string Line(ir::Span s) {
  return s.valid() ? " (line " + std::to_string(s.line) + ")" : "";
}

}  // namespace

AdmissionReport AdmissionOf(const LaneFacts& facts) {
  return {facts.FullWidthOps(), facts.CarryMismatches()};
}

AdmissionReport AnalyzeSplitBody(const std::vector<ir::StmtPtr>& body, const AdmissionInput& in) {
  LaneFacts facts(in);
  facts.Walk(body);
  return AdmissionOf(facts);
}

void ReportAdmission(const AdmissionReport& report, BodyOrigin origin, const std::string& what,
                     const std::string& lane_name) {
  if (report.ok()) return;
  const bool user = origin == BodyOrigin::Explicit;
  const std::string lane =
      lane_name.empty() ? std::string("the lane index") : "'" + lane_name + "'";
  if (!report.carry_mismatches.empty()) {
    const CarryMismatch& m = report.carry_mismatches.front();
    std::string msg = what + ": the loop carry '" + m.carry +
                      "' starts from a per-lane value but its backedge yields '" + m.yielded +
                      "', which is full width, so the carry loses the shard fact of its initial "
                      "value";
    for (size_t i = 1; i < report.carry_mismatches.size(); ++i)
      msg += (i == 1 ? "; also: '" : ", '") + report.carry_mismatches[i].carry + "'" +
             Line(report.carry_mismatches[i].span);
    if (!user) ir::ThrowInternal(m.span, "after automatic halving, " + msg);
    ir::ThrowUser(m.span, msg,
                  {{ir::Span{},
                    "yield a lane-local value: one derived from the carry or from a "
                    "tile.aiv_shard result of this region"}});
  }
  const FullWidthOp& first = report.full_width_vec_ops.front();
  std::string names;
  for (const FullWidthOp& op : report.full_width_vec_ops)
    names += (names.empty() ? "" : ", ") + op.op_name + " -> '" + op.result + "'" + Line(op.span);
  std::string msg = what +
                    " leaves vector operations at full width (it mixes explicit per-lane work "
                    "with whole-tile work), so both AIV lanes would compute the same whole "
                    "tile: " +
                    names;
  if (!user) ir::ThrowInternal(first.span, "after automatic halving, " + msg);
  ir::ThrowUser(
      first.span, msg,
      {{ir::Span{},
        "give each of them a lane-local operand (derived from a "
        "tile.aiv_shard result of this region), or localize its read "
        "address by " +
            lane + " (e.g. pl.load(t, [base + " +
            (lane_name.empty() ? std::string("aiv_id") : lane_name) + " * HALF, 0], ...))"}});
}

}  // namespace tilesplit::vector_split
