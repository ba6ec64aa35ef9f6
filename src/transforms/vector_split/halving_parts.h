// The pieces of the halving walk (halving.h), one class per family of rules, so that a change to
// one family needs only its own file: the statement walker (halving_walk.cpp), loop carries and
// if merges (halving_carries.cpp), the boundary crossings (halving_boundary.cpp), vector calls
// (halving_calls.cpp), the conditions a halved call must meet (halving_conditions.cpp), windows
// addressed in a lane-local tile (halving_windows.cpp) and reshaping views (halving_views.cpp).
// They share one HalvingState. Private to the module.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "halving.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::vector_split {

using ir::Call;
using ir::TileType;
using ir::TypePtr;

// "#2" for an argument past the op's schema, else its name.
std::string ArgLabel(const ops::OpDef& op, size_t i);
// "operand 'mask'" or, when the value's name differs from the argument's, "operand 'mask' ('m')".
std::string OperandRef(const ops::OpDef& op, size_t i, const ExprPtr& value);
// The elements of a tuple literal (none for anything else), and a copy with element i replaced.
std::vector<ExprPtr> TupleElems(const ExprPtr& e);
ExprPtr WithElem(const ExprPtr& tuple, size_t i, ExprPtr v);
// A located rejection of the pass, with the fix as its note.
[[noreturn]] void Reject(const SplitContext& ctx, ir::Span span, const std::string& msg,
                         const std::string& fix);

// What every piece of one walk shares: the context, and how a definition is rebound and tracked.
class HalvingState {
 public:
  explicit HalvingState(SplitContext& c) : ctx(c) {}
  SplitContext& ctx;

  // An input expression as the result reads it (replacements applied; rebuilt when detached).
  ExprPtr Sub(const ExprPtr& e) const;
  // A definition whose value's type changed gets a new variable; uses are rewritten after it.
  // A detached walk gives every definition a new variable.
  // The variable for `old` once its value has `type`; it keeps its declared layout (a halved
  // consumer keeps its declared type with only the split axis halved) unless `deduced` asks for
  // the type as given (a shard takes its own deduced type).
  VarPtr Rebind(const VarPtr& old, const TypePtr& type, bool fresh = false, bool deduced = false);
  // Records `v` as this lane's part of a tile halved as `info` says (and remarks on it).
  void Track(const VarPtr& v, LaneBox info);
  std::string FreshName(const std::string& hint);
  // `var` becomes this lane's band, on `axis`, of `whole`: a tile of type `rt` both lanes hold
  // in full (a slice at the lane's band start, tracked lane-local). An odd static extent is
  // padded first (split extensions only); false, with nothing emitted, when the band cannot be
  // taken (a dynamic extent, or an odd one without the extensions).
  [[nodiscard]] bool EmitLaneBand(const VarPtr& var, const VarPtr& whole, const TileType& rt,
                                  int axis, ir::Span span, std::vector<StmtPtr>& out);

 private:
  // Made on the first fresh name when the context has no generator: a walk is made per statement
  // of a body, and most never name anything.
  std::optional<ir::NameGenerator> own_names_;
};

// Windows that an addressing op reads in a lane-local tile (the registry's tile_window and
// address_args): translated onto the lane's band when they fit it, refused otherwise.
class WindowRules {
 public:
  explicit WindowRules(const SplitContext& ctx) : ctx_(ctx) {}
  // Rejects an addressing op over a lane-local tile whose window does not fit the lanes' bands.
  void CheckAddressedWindow(const Call& call, ir::Span span) const;
  // The lane-local source operand of a vector window op whose window does not fit the lanes'
  // bands, for the split extension that makes the source whole first (EmitWholeSourceWindow).
  std::optional<size_t> MisalignedSource(const Call& call) const;
  // The lane's offset of a window whose extent is halved.
  ExprPtr LaneWindowOffset(const Call& call, const ExprPtr& offset, const ExprPtr& stride) const;

 private:
  // Where a window [offset, offset + extent) of the full tile falls against the lanes' bands
  // [L*H, L*H + H) of a lane-local source: each lane can compute its half of the window from its
  // own band only when the window spans the whole split axis (the lane's offset is unchanged) or
  // is centred on the band boundary (lane 0 reads [o, H), lane 1 reads [0, n/2): offset o - L*o).
  enum class WindowFit { Whole, Centred, Misaligned };
  struct AddressedWindow {
    size_t source = 0;  // the addressed tile operand
    ExprPtr offset;     // the window's offset on the source's split axis
    ExprPtr extent;     // its extent there
  };
  static std::optional<AddressedWindow> WindowOn(const Call& call, int axis);
  WindowFit Fit(const AddressedWindow& w, const LaneBox& src) const;
  std::optional<size_t> LaneLocalAddressedSource(const Call& call) const;

  const SplitContext& ctx_;
};

// The conditions a vector call must meet to be halved; each rejects with the author's fix.
class HalvingConditions {
 public:
  explicit HalvingConditions(const SplitContext& ctx) : ctx_(ctx) {}
  // Condition 1: the halved node still type-checks against its per-lane arguments. Returns its
  // type; `raw_deduced`, if given, receives what the operator deduced.
  TypePtr CheckTypeConsistency(const Call& call, const std::vector<ExprPtr>& args,
                               const TileType& half_t, ir::Span span,
                               TypePtr* raw_deduced = nullptr) const;
  // Condition 2: operands the deducer never reads are lane-local, broadcast or lane-invariant.
  void CheckBlindOperands(const Call& call, const std::vector<ExprPtr>& args,
                          const std::vector<const LaneBox*>& parts, int axis, const TypePtr& base,
                          ir::Span span) const;
  // No operand is combined along the axis it was halved on.
  void CheckCombinedAxes(const Call& call, const std::vector<const LaneBox*>& parts,
                         ir::Span span) const;
  void CheckBitMaskAlignment(const Call& call, ir::Span span) const;
  void CheckBitMaskRows(const Call& call, const ExprPtr& mask_arg, const LaneBox& mask,
                        const LaneBox& data, ir::Span span) const;
  void CheckAbsoluteIndexGate(const Call& call, ir::Span span) const;
  void CheckTransposeHazard(const Call& call, int axis, std::pair<size_t, size_t> swapped,
                            ir::Span span) const;

 private:
  const SplitContext& ctx_;
};

// The C->V and V->C crossings: the lanes receive halves of the cube's tile, and hand theirs back.
class BoundaryHalving {
 public:
  explicit BoundaryHalving(HalvingState& s) : s_(s), ctx_(s.ctx) {}
  void EmitShard(const VarPtr& var, const Call& move, ir::Span span, std::vector<StmtPtr>& out);
  void EmitGather(const VarPtr& var, const Call& move, ir::Span span, std::vector<StmtPtr>& out);
  // The lane-local `operand` joined whole on the cube (what a V->C crossing of it pops there),
  // bound to a fresh variable named after `var`.
  VarPtr GatherToCube(const VarPtr& var, const ExprPtr& operand, ir::Span span,
                      std::vector<StmtPtr>& out);

 private:
  void EmitFullBoxShard(const VarPtr& var, const Call& move, const TileType& full,
                        const ir::AttrMap& kw, ir::Span span, std::vector<StmtPtr>& out);
  static TypePtr LaneHalfType(const VarPtr& move_var, const Call& move, const TileType& half,
                              std::vector<ExprPtr> valid);

  HalvingState& s_;
  SplitContext& ctx_;
};

// Views that lay the same elements out as another rectangle (reshape, reinterpret).
class ViewHalving {
 public:
  ViewHalving(HalvingState& s, const HalvingConditions& conditions)
      : s_(s), ctx_(s.ctx), conditions_(conditions) {}
  void EmitView(const VarPtr& var, const Call& call, const TileType& rt, ir::Span span,
                std::vector<StmtPtr>& out);

 private:
  static std::optional<int> MigratedAxis(const std::vector<ExprPtr>& from,
                                         const std::vector<ExprPtr>& to, int axis);
  static std::optional<int> ContiguousBlockAxis(const std::vector<ExprPtr>& from,
                                                const std::vector<ExprPtr>& to, int axis);

  HalvingState& s_;
  SplitContext& ctx_;
  const HalvingConditions& conditions_;
};

// Vector calls: halved on their operands' axis (or the function's), with the operands that
// describe the result rewritten in lockstep; stores localized.
class CallHalving {
 public:
  CallHalving(HalvingState& s, BoundaryHalving& boundary)
      : s_(s),
        ctx_(s.ctx),
        boundary_(boundary),
        windows_(s.ctx),
        conditions_(s.ctx),
        views_(s, conditions_) {}
  // The halved call, or with the split extensions, where the spec refuses to halve it, the call
  // computed from whole operands (EmitFromWholeOperands); the spec's refusal when neither can.
  void EmitHalved(const VarPtr& var, const Call& call, ir::Span span, std::vector<StmtPtr>& out);
  // A store of a partitioned tile writes this lane's rows.
  ExprPtr LocalizeStore(const Call& call, ir::Span span);
  const WindowRules& windows() const { return windows_; }

  // The halving rules (halving_rules.h): how a vector call with a tile result is halved, once its
  // operands are per-lane (`parts`: each operand's partition, null when whole). Attached to the
  // operators as an attribute; EmitHalvedAsSpec calls the operator's.
  // The default: the result halved on its operands' axis (elementwise ops, generators,
  // windows, transposes, reductions along the other axis).
  void HalveOnResultAxis(const VarPtr& var, const Call& call, const TileType& rt,
                         const std::vector<const LaneBox*>& parts, ir::Span span,
                         std::vector<StmtPtr>& out);
  // The same elements as another rectangle (a reshape, a reinterpretation).
  void HalveView(const VarPtr& var, const Call& call, const TileType& rt,
                 const std::vector<const LaneBox*>& parts, ir::Span span,
                 std::vector<StmtPtr>& out);
  // A reduction whose partials combine exactly: the partial-reduction extension, else the default.
  void HalvePartialReduction(const VarPtr& var, const Call& call, const TileType& rt,
                             const std::vector<const LaneBox*>& parts, ir::Span span,
                             std::vector<StmtPtr>& out);

 private:
  int ResultAxis(const Call& call, const TileType& rt, const std::vector<const LaneBox*>& parts);
  // Condition 1 (HalvingConditions::CheckTypeConsistency), remembered in ctx.typed_calls.
  TypePtr TypeOfHalved(const Call& call, const std::vector<ExprPtr>& args,
                       const std::shared_ptr<const TileType>& half_t, ir::Span span,
                       TypePtr* deduced);
  std::vector<ExprPtr> RewriteShapeArgs(const Call& call, int axis, const LaneBox& info,
                                        ir::Span span);
  template <typename LaneValid>
  void RewriteWindowArgs(const Call& call, const ops::TileWindow& w, int axis, const ExprPtr& half,
                         const ExprPtr& stride, const LaneValid& lane_valid, ir::Span span,
                         std::vector<ExprPtr>& args);
  void EmitHalvedTuple(const VarPtr& var, const Call& call, ir::Span span,
                       std::vector<StmtPtr>& out);
  // The split extension for a reduction on the split axis that combines exactly
  // (halving_reductions.cpp); false when it does not apply.
  bool EmitPartialReduction(const VarPtr& var, const Call& call,
                            const std::vector<const LaneBox*>& parts, ir::Span span,
                            std::vector<StmtPtr>& out);
  // The split extension for a window that is not lane-aligned (halving_reductions.cpp): the
  // source crosses to the cube and back whole, and the window is taken from the whole tile.
  bool EmitWholeSourceWindow(const VarPtr& var, const Call& call, ir::Span span,
                             std::vector<StmtPtr>& out);
  // The split extension for any other vector call the spec cannot halve (halving_whole.cpp):
  // its lane-local operands cross to the cube and back whole, both lanes compute it whole, and
  // each keeps its band of the result.
  bool EmitFromWholeOperands(const VarPtr& var, const Call& call, ir::Span span,
                             std::vector<StmtPtr>& out);
  // The lane-local `operand` made whole on both lanes: a gather to the cube, a split=0 shard back
  // (only the shard for a crossing's half); what it transfers is appended to `cost`.
  VarPtr Rewhole(const ExprPtr& operand, ir::Span span, std::vector<StmtPtr>& out,
                 std::string& cost);
  void EmitHalvedAsSpec(const VarPtr& var, const Call& call, ir::Span span,
                        std::vector<StmtPtr>& out);

  HalvingState& s_;
  SplitContext& ctx_;
  BoundaryHalving& boundary_;
  WindowRules windows_;
  HalvingConditions conditions_;
  ViewHalving views_;
};

// Loop carries and if merges: a merged or carried value is per-lane exactly when what flows
// into it is.
class CarryHalving {
 public:
  explicit CarryHalving(HalvingState& s) : s_(s), ctx_(s.ctx) {}
  std::vector<ir::IterArg> CarryIterArgs(const std::vector<ir::IterArg>& ias);
  void ValidateCarryBackedge(const std::vector<ir::IterArg>& ias, const StmtPtr& body);
  std::vector<VarPtr> RepairReturnVars(const std::vector<VarPtr>& rvs,
                                       const std::vector<ir::IterArg>& ias);
  // The return vars of an if whose branches were halved into `then_b` and `else_b`.
  std::vector<VarPtr> MergeIfReturnVars(const ir::IfStmt& s, const StmtPtr& then_b,
                                        const StmtPtr& else_b);

 private:
  HalvingState& s_;
  SplitContext& ctx_;
};

// The statement walker: leaves are dispatched to the families above, loops and ifs rebuilt
// around their halved bodies.
class Halver {
 public:
  explicit Halver(SplitContext& ctx)
      : state_(ctx), ctx_(ctx), boundary_(state_), calls_(state_, boundary_), carries_(state_) {}
  std::vector<StmtPtr> Stmts(const std::vector<StmtPtr>& in);
  StmtPtr One(const StmtPtr& s);

 private:
  ExprPtr HoistNested(const ExprPtr& e, ir::Span span, std::vector<StmtPtr>& out);
  void RejectLaneQuery(const ir::Stmt& s);
  void Emit(const StmtPtr& s, std::vector<StmtPtr>& out);
  void EmitAssign(const ir::AssignStmt& a, const StmtPtr& s, std::vector<StmtPtr>& out);
  void EmitCallAssign(const VarPtr& var, const Call& call, const ExprPtr& value, ir::Span span,
                      std::vector<StmtPtr>& out);
  ExprPtr RewriteEffectCall(const ExprPtr& e, const Call& call, ir::Span span);
  void EmitFor(const ir::ForStmt& f, std::vector<StmtPtr>& out);
  void EmitWhile(const ir::WhileStmt& w, std::vector<StmtPtr>& out);
  void EmitIf(const ir::IfStmt& s, std::vector<StmtPtr>& out);

  HalvingState state_;
  SplitContext& ctx_;
  BoundaryHalving boundary_;
  CallHalving calls_;
  CarryHalving carries_;
};

}  // namespace tilesplit::vector_split
