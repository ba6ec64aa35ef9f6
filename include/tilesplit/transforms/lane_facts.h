// The lane facts of a lowered function, for the code above the vector split module (`tilesplit
// explain`). They are the module's one lane-facts analysis (issue 26: LaneFacts, which admission,
// the memory-order check and the region checks ask) asked per variable, not a second analysis;
// beside them stands what the function's IR shows about a value: the region its definition stands
// in, the axis the governing split mode halves, and the per-lane box and valid extent its type
// gives (the pass writes per-lane types, expressions of the lane index).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "tilesplit/ir/function.h"
#include "tilesplit/ir/stmt.h"

namespace tilesplit::vector_split {

class LaneFacts;

struct VarLaneFacts {
  bool lane_local = false;  // holds this lane's part of a tile on every path
  bool may_differ = false;  // may hold another value on one lane than on the other
  bool lane_var = false;    // evaluates to the lane index
  // The region whose per-lane value it is (computed inside it from one of its split shards,
  // followed through aliases, carries and merges), and the region its definition stands in.
  const ir::SplitAivStmt* origin = nullptr;
  const ir::SplitAivStmt* enclosing = nullptr;
  // A lane-local value's split axis: that of the mode of its origin region, else of its enclosing
  // one, else of the function. The mode's axis, not the halving's: a value the AUTO path
  // reshaped or transposed may lie on the other axis, which only the pass's remark says.
  std::optional<int> axis;
  // A tile's box and valid extent on this lane (its type; empty for a non-tile).
  std::vector<ir::ExprPtr> box, valid;
};

class FunctionLaneFacts {
 public:
  // `halved`: the tiles the AUTO path's halving halved (its remarks name them), the seed the
  // pass's own admission walks from too; without it a halved generator (a zeroed accumulator) is
  // indistinguishable from a small tile both lanes make alike. Empty: LaneFacts::Of(f).
  explicit FunctionLaneFacts(const ir::Function& f,
                             std::function<bool(const ir::Var&)> halved = nullptr);
  ~FunctionLaneFacts();
  FunctionLaneFacts(const FunctionLaneFacts&) = delete;
  FunctionLaneFacts& operator=(const FunctionLaneFacts&) = delete;

  // The facts of `v`, a variable of the function (a parameter, or one its body defines).
  VarLaneFacts Of(const ir::VarPtr& v) const;
  bool IsLaneVar(const ir::Var& v) const;
  // The variables that evaluate to the lane index, in program order.
  const std::vector<const ir::Var*>& LaneVars() const { return lane_vars_; }

 private:
  const ir::Function& f_;
  std::unique_ptr<LaneFacts> facts_;
  std::unordered_map<const ir::Var*, const ir::SplitAivStmt*> enclosing_;
  std::vector<const ir::Var*> lane_vars_;
};

}  // namespace tilesplit::vector_split
