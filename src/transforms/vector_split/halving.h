// The split-axis halving machinery shared by every path that splits vector work across the two
// AIV lanes (the AUTO whole-function path and split_aiv regions): per-op halving, offset
// localisation by the lane index, tracked tiles with their split axis and half extent, and
// OperandSplitInfo, the single answer to "was this operand partitioned, and along which axis".
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "lane_facts.h"
#include "rewrite_util.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::vector_split {

// Halving state of one function body or one region. Everything is keyed by the variables of the
// rewritten IR, so nothing leaks between regions that use separate contexts.
struct SplitContext {
  ir::SplitMode mode = ir::SplitMode::UpDown;
  int split_dim = 0;
  ExprPtr lane;                        // the lane index variable
  std::optional<int64_t> lane_stride;  // balanced partition (ResolveLaneStride), if any
  bool auto_arm = true;                // diagnostics: compiler-chosen vs author-written split
  // The split extensions (pass::SplitOptions): what the spec refuses and the pass splits soundly
  // (odd vector->cube boxes, ...). The AUTO path sets it from the pass's options; regions keep
  // the spec's rules.
  bool extensions = false;
  // Build the result as a copy that shares no node with the input: every definition gets a fresh
  // variable (recorded in `replacements`) and every expression or type taken from the input is
  // rebuilt, free variables excepted. The AUTO path sets it instead of deep-cloning the lowered
  // function afterwards, which built the whole function a second time. The region path leaves
  // it off: code outside a region keeps reading the variables the region defines.
  bool detach = false;
  // The lane facts the walk records each partitioned tile's per-lane box in (LaneFacts::SetBox)
  // and reads it back from (OperandSplitInfo). The AUTO path's admission walks the same instance
  // after each statement, so a box the halving recorded is a lane-local fact there. Owned through
  // a pointer so that a context can be moved.
  std::unique_ptr<LaneFacts> facts = std::make_unique<LaneFacts>();
  ir::FlatVarMap replacements;  // source variable -> rewritten variable
  // The cube tile each plain split shard popped, by the shard's variable: a split extension that
  // needs the tile whole on both lanes pops it again with split=0 instead of a round trip.
  std::unordered_map<const ir::Var*, ExprPtr> shard_sources;
  // Under detach: the copy made of each input type whose dimensions are all constants (its copy
  // does not depend on `replacements`), so that the values of one type share one copy, as they
  // share one node in parsed input. The key's node is held so that its address stays unique.
  mutable std::unordered_map<const ir::Type*, std::pair<ir::TypePtr, ir::TypePtr>> detached_types;
  // HalveTypeOf's result per result type node: the values of one type share one node (parsed
  // input, and detached_types under detach), so a body of many calls of one type halves it once.
  // The key's node is held so that its address stays unique.
  struct HalvedType {
    ir::TypePtr key;
    int axis;
    std::shared_ptr<const ir::TileType> half;
    LaneBox info;
  };
  std::unordered_map<const ir::Type*, HalvedType> halved_types;
  // Condition 1's answer (CheckTypeConsistency) per operator, halved result type and operands,
  // for a call without kwargs whose operands are all variables: the deduction reads a tile
  // operand's type and a scalar operand itself, so calls alike in those get the same type. The
  // nodes of the key are held (`hold`) so that their addresses stay unique.
  struct TypedCall {
    std::vector<ExprPtr> hold;
    std::shared_ptr<const ir::TileType> half;
    ir::TypePtr type, deduced;
  };
  // Hashed, and looked up with a key built on the stack (transparent): the memo is asked once per
  // halved call, and an ordered map's comparisons and a heap key per lookup were a tenth of the
  // pass.
  struct WordsHash {
    using is_transparent = void;
    size_t operator()(std::span<const void* const> words) const;
  };
  struct WordsEqual {
    using is_transparent = void;
    bool operator()(std::span<const void* const> a, std::span<const void* const> b) const {
      return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
  };
  std::unordered_map<std::vector<const void*>, TypedCall, WordsHash, WordsEqual> typed_calls;
  // ir::WithDeclaredLayout(declared, type) per pair of type nodes (HalvingState::Rebind): the
  // halved types are interned, so a body's consumers ask the same few pairs again and again. The
  // entry holds both nodes, so that their addresses stay unique.
  struct DeclaredLayout {
    ir::TypePtr declared, type, result;
  };
  struct TypePairHash {
    size_t operator()(const std::pair<const ir::Type*, const ir::Type*>& k) const {
      return std::hash<const void*>()(k.first) * 31 + std::hash<const void*>()(k.second);
    }
  };
  std::unordered_map<std::pair<const ir::Type*, const ir::Type*>, DeclaredLayout, TypePairHash>
      declared_layouts;
  // Names for the bindings the walk introduces (a nested call operand hoisted into its own
  // statement); null: a generator private to the walk.
  ir::NameGenerator* names = nullptr;
};

// Under ctx.detach, the copy of `t` the walk makes: variables mapped through ctx.replacements
// (free ones kept), every other node rebuilt. Without detach, `t` itself.
ir::TypePtr DetachType(const SplitContext& ctx, const ir::TypePtr& t);
// A fresh definition standing for `v` in the result (detached type, same name), recorded in
// ctx.replacements so that every use follows. For definitions the walk does not see itself,
// such as the function's parameters.
VarPtr DetachDef(SplitContext& ctx, const VarPtr& v);

// Whether `operand` (a variable or an inline tuple projection of the rewritten IR) was
// partitioned by the split, and how: the tracked entry, or null. The entry stays valid while
// `ctx` lives (tracking more tiles does not move it).
const LaneBox* OperandSplitInfo(const SplitContext& ctx, const ExprPtr& operand);

// The per-lane extent on the split axis of a full extent: ceil half when static, n // 2 else.
ExprPtr ComputeHalfDimSize(const ExprPtr& n);
// Lane L's valid extent of a full valid extent `valid` under stride `stride`:
// clamp(valid - L*stride, 0, stride), folded to a constant when both lanes provably agree.
ExprPtr LaneValidExtent(const SplitContext& ctx, const ExprPtr& valid, const ExprPtr& half,
                        const ExprPtr& stride);
// The stride lane 1's part starts at on `axis`: the balanced stride on the function's axis when
// one was chosen, else the half box.
ExprPtr LaneStrideFor(const SplitContext& ctx, int axis, const ExprPtr& half);
// `offset + lane * stride` (never simplified: 0 + subblock_idx * 64 stays so).
ExprPtr LocalizeOffset(const SplitContext& ctx, const ExprPtr& offset, const ExprPtr& stride);
// The tile type halved on `axis`, with the per-lane valid extent; fills `info`.
std::shared_ptr<const ir::TileType> HalveTileShape(const SplitContext& ctx, const ir::TileType& t,
                                                   int axis, LaneBox* info);

// HalveTileShape of the tile type `t` (a TypePtr, so that the result can be remembered per type
// node in ctx.halved_types).
std::shared_ptr<const ir::TileType> HalveTypeOf(SplitContext& ctx, const ir::TypePtr& t, int axis,
                                                LaneBox* info);

// Walks statements, halving vector work on ctx.split_dim: loads, stores, slices, reshapes,
// generators and compute results; loop carries and if merges follow their inputs. Operand
// variables are rewritten as the walk goes. Used one statement at a time by the AUTO arm's
// affinity gate and for whole region bodies.
std::vector<StmtPtr> ProcessStmts(const std::vector<StmtPtr>& stmts, SplitContext& ctx);
StmtPtr ProcessStmt(const StmtPtr& stmt, SplitContext& ctx);

// The cube-operand backstop, a postcondition of the walk: the affinity gate never lets a halved
// tile reach cube work, so a CUBE call that consumes or produces a tile `ctx` tracks as halved is
// a compiler bug, thrown as ir::InternalError naming the operation and its statement. Declared
// here so tests can reach it: no DSL input does.
void CheckNoCubeTileHalved(const std::vector<StmtPtr>& body, const SplitContext& ctx);

// The first tile operand of `call` that it combines along `axis` (the registry's `combines`
// declaration: row reductions over the last axis, column reductions over axis 0, a merge over
// every axis of its lists) and that `per_lane` holds a lane's part of: each lane would hold a
// partial result. A per-lane tile's type cannot tell a halved axis from one the split kept
// whole, so the caller says which operands are parts: the halving asks of those it halved, the
// verifier of those the lane facts call lane-local or lane-varying (a generator or a broadcast
// both lanes hold whole reduces exactly on each). -1: none.
int ReducedPartOnSplitAxis(const ir::Call& call, int axis,
                           const std::function<bool(const ir::ExprPtr&)>& per_lane);

// Prepends `NAME = tile.get_subblock_idx()` (fresh name from `names`); returns the lane var.
VarPtr MakeLaneVar(ir::NameGenerator& names, const std::string& hint = "subblock_idx");

// The balanced stride ceil(V / 2) for a body that is one ragged cube->vector crossing, or
// nothing when the box partition must be kept (spec: "Balancing a ragged boundary").
std::optional<int64_t> ResolveLaneStride(const StmtPtr& body, int split_dim);

}  // namespace tilesplit::vector_split
