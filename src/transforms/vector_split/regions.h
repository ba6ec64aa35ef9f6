// The pl.split_aiv region path of LowerAutoVectorSplit (spec: "Explicit SplitAivScopeStmt region
// path"), AUTO region synthesis, region placement and the AivSplitValid checks. Every region is
// lowered on its own, with its own split mode and its own halving state.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "admission.h"
#include "lane_extents.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/ir/transform.h"

namespace tilesplit::vector_split {

// Whether `s` holds a pl.split_aiv region anywhere (also behind scopes).
bool HasSplitRegion(const ir::StmtPtr& s);

// Lowers every region of an InCore function in place (nested in for / while / if too), keeps
// the wrappers and stamps the function split_aiv. Statements outside regions stay full width.
// Rejects regions hidden behind a pl.at scope and scopes surviving inside a region.
ir::FunctionPtr LowerExplicitRegionFunction(const ir::FunctionPtr& f);

// Warns (pass::EmitWarning), located, at each effect that must happen once (a no_duplicate op,
// a notify) which `f`'s body runs outside every region: both lanes run it.
void WarnDuplicatedEffects(const ir::Function& f);

// Whether the region already carries tile.aiv_shard / tile.aic_gather (the author split it).
bool RegionBodyHasExplicitBoundary(const ir::SplitAivStmt& region);

// The admission of a region read as written (a hand-written one, or the printed form of one
// this pass synthesized, read back): the lane facts of its body alone, seeded by nothing but its
// own text. A tile the AUTO walk halved is lane-local to the walk; read back, only what the text
// shows makes it so (a shard, a lane-addressed read, a consumer of either), so a halved
// generator and its consumers are neutral here.
AdmissionReport AnalyzeWrittenRegion(const ir::SplitAivStmt& region);

// The acceptance table of an explicit-boundary region: every tile-producing VECTOR op must be
// per-lane already. Throws a located UserError naming the full-width operators.
void ValidateMixedExplicitRegion(const ir::SplitAivStmt& region);

// Repairs the lane-agnostic valid extents of an explicit-boundary region's shards with the
// author's lane index (a placeable static extent on the shard; a runtime or unplaceable one pops
// the full box, widened just before the region, and is applied right after the shard), guards an
// empty lane's store and hands gathers full half boxes. Returns the region, preceded by the
// widening statements when there are any. A variable the repair had to retype gets a new
// variable; `renamed` receives each such old -> new pair, so that the caller can rename the uses
// after the region (a gather's result is read on the cube side after it).
ir::StmtPtr LocalizeExplicitBoundaryValid(const ir::SplitAivStmt& region, ir::VarMap& renamed);

// Rejects a hand-written flat split_aiv kernel (no region) whose shard result type does not
// state each lane's own valid extent on the split axis: the split program gives each lane what
// the type states, the lanes hold clamp(V - L*S, 0, S) of the V valid cells.
void CheckFlatShardExtents(const ir::Function& f);

// The AUTO path's choice between the flat form and a pl.split_aiv region around the body's vector
// phase. A region is made around a single straight-line vector phase (trailing SHARED calls join
// it; the lane binding moves in only when nothing outside reads it); control flow, interleaved
// phases, a rebalanced crossing and one on another axis keep the flat form. A store of a tile
// some lane may hold no rows of is guarded in the region form, as the region repair
// (LocalizeExplicitBoundaryValid) guards it when the printed region is read back, so that the
// output lowers to itself.
//
// The reasons to keep the flat form are decided on the source, before the walk (Decide): control
// flow, a rebalanced partition, vector work in a return, cube work between two vector phases (the
// phases of the statements the walk makes of each source statement are known from the source)
// and a cube->vector crossing handed whole (split=0). Two things only the walk shows: the axis a
// vector->cube crossing's gather follows (the axis the halving's rules moved its operand's split
// to), and the lanes' extents. The walk hands each statement it built from a source statement
// before the one the source decided on (Wants; through it, when that is a vector->cube crossing
// whose gather may name another axis) to Add; Finish then builds the form from the statements,
// with no check of its own output (the form is valid by construction). The first reason in
// program order wins.
class AutoRegionPlan {
 public:
  AutoRegionPlan(ir::SplitMode mode, ir::VarPtr lane);
  // The source's part of the decision, for the body statements `source` of the function the walk
  // lowers under the partition `lane_stride`, with the split extensions or without.
  void Decide(const std::vector<ir::StmtPtr>& source, std::optional<int64_t> lane_stride,
              bool extensions);
  // Whether the statements built from source statement `index` still matter to the plan.
  bool Wants(size_t index) const {
    return index < decided_at_ || (walk_decides_axis_ && index == decided_at_);
  }
  // A statement the walk built from source statement `index`.
  void Add(const ir::StmtPtr& s, size_t index);
  // `flat` is the function whose body is the lane binding followed by the statements Add saw.
  // Returns it, or its region form when the plan holds.
  ir::FunctionPtr Finish(const ir::FunctionPtr& flat) const;

 private:
  // Split0: a crossing handed whole (split=0), seen on the source.
  enum class Phase : uint8_t { Shared, Vector, Cube, Return, Split0 };
  static Phase PhaseOf(const ir::Stmt& s);
  static Phase OwnPhase(const ir::Call& c);
  static void NestedPhases(const ir::Call& c, std::vector<Phase>& out);
  static bool IsCall(const ir::StmtPtr& s);
  void Flat(ir::Span at, const char* why);
  void NoteExtents(const ir::StmtPtr& s, size_t index);
  ir::FunctionPtr KeepFlat(const ir::FunctionPtr& flat, ir::Span at, const std::string& why) const;

  ir::SplitMode mode_;
  ir::VarPtr lane_;
  const char* flat_because_ = nullptr;  // the first reason to keep the flat form
  ir::Span flat_at_;
  // The source statement whose reason Decide found (none: SIZE_MAX), with the reason.
  size_t decided_at_ = static_cast<size_t>(-1);
  const char* decided_because_ = nullptr;
  ir::Span decided_span_;
  size_t added_ = 0;             // statements Add saw
  long first_ = -1, last_ = -1;  // the vector phase, as indices of the statements added
  // The source decided on a vector->cube crossing whose gather axis only the walk shows (Decide).
  bool walk_decides_axis_ = false;
  std::vector<Phase> phases_;
  LaneExtentFacts facts_;
  std::unordered_map<size_t, ir::ExprPtr> guards_;  // store statement -> the lane's extent
};

// The AivSplitValid checks (a)-(j) on source IR, and AivSplitLoweredValid after lowering (same
// region checks; the flat split_aiv form and an Acc or Mat shard operand are accepted). Both
// throw a located UserError naming the failing check.
void VerifyAivSplitValid(const ir::ProgramPtr& p);
void VerifyAivSplitLoweredValid(const ir::ProgramPtr& p);

// The region's statements without its leading binding of `lane` (null: all of them).
std::vector<ir::StmtPtr> BodyWithoutLane(const ir::SplitAivStmt& r, const ir::VarPtr& lane);
// `lane = tile.get_subblock_idx()`, the binding a lowered region starts with.
ir::StmtPtr LaneBinding(const ir::VarPtr& lane, ir::Span span);

// Region placement consumed downstream: the calls a region pins to the AIV side (ops.md 4.5).
analysis::PlacedCalls RegionPlacedCalls(const ir::Function& f);

}  // namespace tilesplit::vector_split
