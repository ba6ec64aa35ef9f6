// Shared body admission (spec: "Shared body admission and AUTO regions"): decides whether every
// vector operation of a split body works on this lane's part of the data. It runs on explicit
// pl.split_aiv bodies the author already wrote per lane (a failure is the author's mistake) and
// on bodies the compiler halved (a failure is a compiler bug).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "tilesplit/ir/stmt.h"

namespace tilesplit::vector_split {

// Who made the body per-lane: decides the diagnostic kind.
enum class BodyOrigin : uint8_t { Explicit, Automatic };

struct AdmissionInput {
  ir::SplitMode mode = ir::SplitMode::UpDown;  // never None: a task-parallel body is full width
  const ir::Var* lane = nullptr;               // the lane index variable, if the body has one
  // Tiles already known to be lane-local (the AUTO halving's tracked tiles). Asked rather than
  // copied: the halving tracks about one tile per statement.
  std::function<bool(const ir::Var*)> seeded_lane_local;
};

// A VECTOR operation none of whose admission rules holds: it would run at full width on both
// lanes.
struct FullWidthOp {
  std::string op_name;
  std::string result;  // the assigned variable's name
  ir::Span span;
};

// A loop carry whose initial value is lane-local but whose backedge yields a full-width value.
struct CarryMismatch {
  std::string carry;
  std::string yielded;
  ir::Span span;  // the yield
};

struct AdmissionReport {
  std::vector<FullWidthOp> full_width_vec_ops;
  std::vector<CarryMismatch> carry_mismatches;
  bool ok() const { return full_width_vec_ops.empty() && carry_mismatches.empty(); }
};

// One forward walk in program order. A tile is lane-local when it is a tile.aiv_shard result, a
// seeded tile, a result computed from a lane-local operand, or the result of an addressing op
// whose read offset references the lane index. Generators, broadcast reads (a singleton split
// dimension), rank-1 loads and views of full values are neutral: accepted, never vouching for a
// consumer. Facts flow through aliases, tuple projections, loop carries (kept from the initial
// value) and if merges (intersected per tuple element).
AdmissionReport AnalyzeSplitBody(const std::vector<ir::StmtPtr>& body, const AdmissionInput& in);

// The same walk fed in program order, one piece of the body at a time; after the last piece the
// report equals AnalyzeSplitBody over the whole body. The AUTO path admits each statement right
// after halving it, while it is still in cache, instead of re-reading the whole body.
class SplitBodyAdmission {
 public:
  explicit SplitBodyAdmission(AdmissionInput in);
  ~SplitBodyAdmission();
  SplitBodyAdmission(const SplitBodyAdmission&) = delete;
  SplitBodyAdmission& operator=(const SplitBodyAdmission&) = delete;
  void Walk(const std::vector<ir::StmtPtr>& stmts);
  const AdmissionReport& report() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Throws when `report` is not ok: a UserError with authoring advice for an Explicit body, an
// InternalError for an Automatic one. Carry mismatches are reported before operators. `what`
// names the body in the message (e.g. "this pl.split_aiv region").
void ReportAdmission(const AdmissionReport& report, BodyOrigin origin, const std::string& what,
                     const std::string& lane_name);

}  // namespace tilesplit::vector_split
