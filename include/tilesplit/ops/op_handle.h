// Operator handles: the typed name of each registered operator (op_names.def). A layer above ops
// attaches its own attribute to an operator through its handle — the simulator's semantics,
// `SemanticsTable::Register(op::tile_exp, ...)` — so that the attribute names no operator by a
// string and a misspelt operator does not compile.
#pragma once

#include <string_view>
#include <vector>

namespace tilesplit::ops {

class OpDef;

struct OpHandle {
  std::string_view name;
  // The operator's record; an internal error when the registry has none (a handle in
  // op_names.def whose operator was removed: OpHandles.* fails first).
  const OpDef& def() const;
  friend bool operator==(const OpHandle& a, const OpHandle& b) { return a.name == b.name; }
};

namespace op {
#define TILESPLIT_OP(ID, NAME) inline constexpr OpHandle ID{NAME};
#include "tilesplit/ops/op_names.def"
#undef TILESPLIT_OP
}  // namespace op

// Every handle of op_names.def, in its order.
const std::vector<OpHandle>& AllOpHandles();

}  // namespace tilesplit::ops
