// The lane facts of a split body or function, one analysis for every consumer (issue 26): which
// values differ between the two AIV lanes, which tiles hold this lane's part of the data, and
// which pl.split_aiv region a per-lane value belongs to, and the per-lane box of each tile the
// halving partitioned. One forward walk in program order computes all of them; the consumers ask
// it instead of working them out again:
//
//   halving (halving*.cpp)       SetBox as it partitions a tile, BoxOf (OperandSplitInfo) to read
//                                 the axis and boxes of an operand
//   admission (admission.h)      IsLaneLocal, MayDiffer, and the ops and carries it records
//                                 (FullWidthOps, CarryMismatches)
//   memory order                 MayDiffer (a store of lane-uniform data by both lanes is no
//   (lane_memory_order.cpp)      race), IsLaneVar (the variables that evaluate to the lane)
//   region checks (verifier.cpp) RegionOrigin ((i) sibling regions, (j) carries around a loop)
//
// The facts are keyed by the variables of the IR walked (the pass's output for the AUTO path's
// admission and the memory order, the input for the verifier). Private to the module.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "tilesplit/ir/function.h"
#include "tilesplit/ir/ptr_map.h"
#include "tilesplit/ir/stmt.h"

namespace tilesplit::vector_split {

// What the analysis is told before it walks.
struct LaneFactsInput {
  // The split mode outside every region (a region's own mode holds inside it); None: no axis,
  // so no op is held to the per-lane rules outside regions.
  ir::SplitMode mode = ir::SplitMode::None;
  const ir::Var* lane = nullptr;  // the lane index variable, if the body has one
};

// The per-lane box of a tile the halving partitioned: the axis it is halved on (may differ from
// the mode's after a reshape), this lane's physical extent there, and the full tile's box and
// valid extent there. The lane's valid extent is not stored: it is LaneValidExtent (halving.h) of
// `full_valid`, the one formula.
struct LaneBox {
  int axis = 0;
  ir::ExprPtr box;         // the per-lane physical extent on `axis`
  ir::ExprPtr full_box;    // the full tile's extent on `axis`
  ir::ExprPtr full_valid;  // the full tile's valid extent on `axis`
};

// Facts about variables, one entry per variable. The entries sit in a deque beside the index, so
// a pointer from Find stays valid while more variables are added (OperandSplitInfo hands such
// pointers out); Set on a known variable overwrites in place.
template <typename T>
class VarFacts {
 public:
  const T* Find(const ir::Var* v) const {
    const uint32_t* i = index_.Find(v);
    return i ? &items_[*i] : nullptr;
  }
  bool Contains(const ir::Var* v) const { return index_.Contains(v); }
  void Set(const ir::Var* v, T value) {
    if (const uint32_t* i = index_.Find(v)) {
      items_[*i] = std::move(value);
      return;
    }
    index_.Insert(v, static_cast<uint32_t>(items_.size()));
    items_.push_back(std::move(value));
  }
  // Copies the facts of `from`, if any, to `to`.
  void CopyTo(const ir::Var* from, const ir::Var* to) {
    if (const T* f = Find(from)) Set(to, T(*f));
  }
  void Reserve(size_t n) { index_.Reserve(n); }
  size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }

 private:
  ir::PtrMap<ir::Var, uint32_t> index_;
  std::deque<T> items_;
};

// A VECTOR operation none of whose per-lane rules holds: it would run at full width on both
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

class LaneFacts {
 public:
  explicit LaneFacts(LaneFactsInput in = {});
  LaneFacts(const LaneFacts&) = delete;
  LaneFacts& operator=(const LaneFacts&) = delete;

  // The facts of a whole function: its body, scopes and regions included. Readers ask the pass
  // context for them (pass::AnalysisOf<LaneFacts>, AnalysisManager::Get), which computes them once
  // per function per pipeline run.
  static std::unique_ptr<LaneFacts> Compute(const ir::Function& f);
  // How many whole functions Compute has walked in this process (the test of "once per function"
  // reads it around a pipeline run).
  static size_t FunctionWalks();

  // Walks statements in program order; fed piece by piece, the facts equal one walk over the
  // concatenation (the AUTO path feeds each statement right after lowering it).
  void Walk(const std::vector<ir::StmtPtr>& stmts);

  // ---- Queries.

  // Whether `e` (a variable or a tuple projection) holds this lane's part of a tile on every
  // path: a shard result, a tile with a per-lane box, a result computed from a lane-local operand,
  // or a read at a lane-dependent address. Generators, broadcast reads, rank-1 loads and views of
  // full values are neutral: never lane-local. Merges intersect; a carry keeps its initial value's.
  bool IsLaneLocal(const ir::ExprPtr& e) const;
  // Whether `e` may hold another value on one lane than on the other: it reads the lane index, a
  // per-lane tile (a split shard, a pop), a lane-local value, a function's result, or a value
  // computed from one of them (through merges and loop backedges alike).
  bool MayDiffer(const ir::ExprPtr& e) const;
  // Whether `v` evaluates to the lane index: the given lane, a lane-index call's result, or a
  // region's lane binding.
  bool IsLaneVar(const ir::Var* v) const { return lane_vars_.count(v) > 0; }
  // The region whose per-lane value `e` (a variable, or a projection of one) is: computed inside
  // it from one of its split shards; followed through aliases, carries and merges. Null for a
  // value of no region. What checks (i) and (j) compare.
  const ir::SplitAivStmt* RegionOrigin(const ir::ExprPtr& e) const;

  // The per-lane box of `e` (a variable, or a projection of a tuple whose elements have boxes), or
  // null. The pointer stays valid while the facts live (recording more boxes does not move it).
  const LaneBox* BoxOf(const ir::ExprPtr& e) const;
  bool HasTupleBoxes(const ir::Var* v) const { return tuple_boxes_.Contains(v); }
  bool HasBoxes() const { return !boxes_.empty(); }

  // ---- The per-lane boxes, recorded by the halving as it partitions tiles (before the walk
  // above reaches their definitions). A tile with a box is lane-local.
  void SetBox(const ir::Var* v, LaneBox b) { boxes_.Set(v, std::move(b)); }
  // A halved tuple: the box of each element.
  void SetTupleBoxes(const ir::Var* v, std::vector<LaneBox> b) {
    tuple_boxes_.Set(v, std::move(b));
  }
  void CopyTupleBoxes(const ir::Var* from, const ir::Var* to) { tuple_boxes_.CopyTo(from, to); }
  void ReserveBoxes(size_t n) { boxes_.Reserve(n); }
  // A tile known to be lane-local from outside the walk, whose box is not at hand: `explain` reads
  // the lowered output, where the halving's remarks name the tiles it halved (a halved generator,
  // a zeroed accumulator, is lane-local though nothing in the output says so).
  void SeedLaneLocal(const ir::Var* v) { MarkLocal(v); }

  // The VECTOR ops that no per-lane rule admits and the carries whose backedge drops the
  // lane-local fact, in program order (the admission's report).
  const std::vector<FullWidthOp>& FullWidthOps() const { return full_width_; }
  const std::vector<CarryMismatch>& CarryMismatches() const { return carry_mismatches_; }

 private:
  bool Local(const ir::Var* v) const;
  void MarkLocal(const ir::Var* v);
  std::vector<bool> TupleFacts(const ir::ExprPtr& e) const;
  void Differs(const ir::Var* v) { differs_.insert(v); }
  void Adopt(const ir::Var* v, const ir::ExprPtr& value);
  int AxisHere() const;

  bool AdmitTileCall(const ir::Call& c, const ir::AssignStmt& a);
  void Assign(const ir::AssignStmt& a);
  void Loop(const std::vector<ir::IterArg>& ias, const ir::StmtPtr& body,
            const std::vector<ir::VarPtr>& rvs);
  void If(const ir::IfStmt& s);
  void Region(const ir::SplitAivStmt& r);
  void Stmt(const ir::StmtPtr& s);

  LaneFactsInput in_;
  const ir::SplitAivStmt* region_ = nullptr;             // the region being walked
  VarFacts<LaneBox> boxes_;                              // the halving's partitioned tiles
  VarFacts<std::vector<LaneBox>> tuple_boxes_;           // its halved tuples, per element
  ir::PtrSet<ir::Var> local_;                            // other lane-local tiles (boxes aside)
  ir::PtrMap<ir::Var, std::vector<bool>> tuple_local_;   // per element
  ir::PtrSet<ir::Var> differs_;                          // values that may differ between the lanes
  ir::PtrSet<ir::Var> lane_vars_;                        // variables bound to the lane index
  ir::PtrSet<ir::Var> whole_copies_;                     // split=0 shards and work on them
  ir::PtrMap<ir::Var, const ir::SplitAivStmt*> origin_;  // per-lane, by region
  std::vector<FullWidthOp> full_width_;
  std::vector<CarryMismatch> carry_mismatches_;
};

}  // namespace tilesplit::vector_split
