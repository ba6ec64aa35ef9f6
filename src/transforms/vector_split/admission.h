// Shared body admission (spec: "Shared body admission and AUTO regions"): decides whether every
// vector operation of a split body works on this lane's part of the data. It runs on explicit
// pl.split_aiv bodies the author already wrote per lane (a failure is the author's mistake) and
// on bodies the compiler halved (a failure is a compiler bug).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lane_facts.h"
#include "tilesplit/ir/stmt.h"

namespace tilesplit::vector_split {

// Who made the body per-lane: decides the diagnostic kind.
enum class BodyOrigin : uint8_t { Explicit, Automatic };

// What the admission is told: the body's mode (never None: a task-parallel body is full width)
// and its lane index variable. The tiles the AUTO halving already made lane-local are the boxes
// of the facts it walks (AdmissionOf).
using AdmissionInput = LaneFactsInput;

struct AdmissionReport {
  std::vector<FullWidthOp> full_width_vec_ops;
  std::vector<CarryMismatch> carry_mismatches;
  bool ok() const { return full_width_vec_ops.empty() && carry_mismatches.empty(); }
};

// The lane facts of the body (LaneFacts, lane_facts.h): every VECTOR op must produce a lane-local
// tile or a neutral one (generators, broadcast reads, rank-1 loads, views of full values), and no
// loop carry may lose the lane-local fact of its initial value on its backedge.
AdmissionReport AnalyzeSplitBody(const std::vector<ir::StmtPtr>& body, const AdmissionInput& in);

// The report of facts already walked. The AUTO path walks the halving's own LaneFacts (the one
// its SplitContext records boxes in) one statement at a time, right after halving it, while it
// is still in cache; fed in program order, the facts equal one walk over the whole body.
AdmissionReport AdmissionOf(const LaneFacts& facts);

// Throws when `report` is not ok: a UserError with authoring advice for an Explicit body, an
// InternalError for an Automatic one. Carry mismatches are reported before operators. `what`
// names the body in the message (e.g. "this pl.split_aiv region").
void ReportAdmission(const AdmissionReport& report, BodyOrigin origin, const std::string& what,
                     const std::string& lane_name);

}  // namespace tilesplit::vector_split
