// Which operators have a halving rule of their own (halving_rules.h), by handle.
#include "halving_rules.h"

#include "tilesplit/ops/op_handle.h"

namespace tilesplit::vector_split {

namespace {

const HalvingRule kResultAxis{"result axis", &CallHalving::HalveOnResultAxis};
// The same elements as another rectangle: the per-lane shape follows the operand's band
// (halving_views.cpp).
const HalvingRule kView{"view", &CallHalving::HalveView};
// A reduction across the split axis whose partial results combine exactly: with the split
// extensions, each lane reduces its band and the lanes' partials are combined
// (halving_reductions.cpp); otherwise, or when that does not apply, the default.
const HalvingRule kPartialReduction{"partial reduction", &CallHalving::HalvePartialReduction};

ops::OpAttr<HalvingRule>* MakeRules() {
  auto* a = new ops::OpAttr<HalvingRule>("halving_rule", "transforms", [](const ops::OpDef& op) {
    return op.rectangle_change() == ops::RectangleChange::OrderKept ||
           op.combines_partials_exactly();
  });
  for (ops::OpHandle h : {ops::op::tile_reshape, ops::op::tile_reinterpret_view}) a->Set(h, kView);
  for (ops::OpHandle h :
       {ops::op::tile_row_max, ops::op::tile_row_min, ops::op::tile_col_max, ops::op::tile_col_min})
    a->Set(h, kPartialReduction);
  ops::DeclaredOpAttrs().push_back(a);
  return a;
}

}  // namespace

const ops::OpAttr<HalvingRule>& HalvingRules() {
  static const ops::OpAttr<HalvingRule>* rules = MakeRules();
  return *rules;
}

const HalvingRule& ResultAxisRule() {
  return kResultAxis;
}

const HalvingRule& HalvingRuleOf(const ops::OpDef& op) {
  const HalvingRule* r = HalvingRules().Get(op);
  return r ? *r : kResultAxis;
}

}  // namespace tilesplit::vector_split
