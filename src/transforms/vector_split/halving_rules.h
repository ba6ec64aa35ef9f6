// The split's halving rules as an attribute of operators (ops/op_attr.h), attached by this module
// through the operators' handles: how a vector call with a tile result is halved once its operands
// are per-lane. A rule is a member of CallHalving; an operator whose calls need a rule of their
// own gets it in halving_rules.cpp, one line, and CallHalving::EmitHalvedAsSpec does not change.
// Every other vector operator takes the default, the result halved on its operands' axis.
// Private to the module.
#pragma once

#include <string_view>
#include <vector>

#include "halving_parts.h"
#include "tilesplit/ops/op_attr.h"

namespace tilesplit::vector_split {

struct HalvingRule {
  // CallHalving's member that emits the halved call: the result variable, the call (operands
  // per-lane), its tile result type, each operand's partition (null: whole), the statements.
  using Emit = void (CallHalving::*)(const VarPtr&, const Call&, const TileType&,
                                     const std::vector<const LaneBox*>&, ir::Span,
                                     std::vector<StmtPtr>&);
  std::string_view name;  // for remarks, the operator table and tests
  Emit emit = nullptr;
};

// The attribute: required of the operators whose traits ask for a rule other than the default (a
// relabelling as another rectangle, a reduction whose partials combine exactly); a rule attached
// to any other operator is allowed (HalvingRules.* hold the rules to the traits).
const ops::OpAttr<HalvingRule>& HalvingRules();
// The rule for a call of `op`: its attribute, else the default.
const HalvingRule& HalvingRuleOf(const ops::OpDef& op);
// The default: the result halved on the axis its operands are partitioned on.
const HalvingRule& ResultAxisRule();

}  // namespace tilesplit::vector_split
