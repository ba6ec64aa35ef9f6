// Operator attributes by layer (ops/op_attr.h): each layer's typed attribute, attached through
// the operators' handles, and the registry-wide rule that every operator an attribute requires
// carries it or says why not.
#include "tilesplit/ops/op_attr.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tilesplit/ir/error.h"
#include "tilesplit/semantics/semantics.h"
#include "transforms/vector_split/halving_rules.h"

namespace tilesplit::ops {
namespace {

// Every attribute declared by the layers linked here, made and filled.
const std::vector<const OpAttrInfo*>& AllAttributes() {
  SemanticsAttr();
  vector_split::HalvingRules();
  return DeclaredOpAttrs();
}

// An operator added without its semantics, or with a trait that asks for a halving rule of its own
// and none attached, fails here, naming the operator and the attribute's layer.
TEST(OpAttrs, EveryRequiredAttributeIsCarriedOrExcused) {
  std::set<std::string> names;
  for (const OpAttrInfo* a : AllAttributes()) {
    names.insert(a->name());
    for (const OpDef* op : OpRegistry::Global().All()) {
      const std::string* why = a->WhyNot(*op);
      if (a->Required(*op)) {
        EXPECT_TRUE(a->Has(*op) || why)
            << op->name() << " has no " << a->name() << " (attached by the " << a->layer()
            << " layer) and no reason why not";
      }
      if (why) {
        EXPECT_FALSE(a->Has(*op)) << op->name() << " is excused from " << a->name()
                                  << " but carries one";
        EXPECT_FALSE(why->empty())
            << op->name() << ": an excuse from " << a->name() << " must say why";
      }
    }
  }
  // The test walks what is declared: both layers' attributes must be among them.
  EXPECT_TRUE(names.count("semantics"));
  EXPECT_TRUE(names.count("halving_rule"));
}

TEST(OpAttrs, AValueIsSetOnceAndBelongsToItsRecordAlone) {
  OpRegistry local;
  OpDef& mine = local.Register("tile.exp");  // the name of a global operator, another record
  OpAttr<int> attr("test_attr", "tests", [](const OpDef&) { return false; });
  attr.Set(mine, 7);
  ASSERT_NE(attr.Get(mine), nullptr);
  EXPECT_EQ(*attr.Get(mine), 7);
  EXPECT_EQ(attr.Get(*FindOp("tile.exp")), nullptr);  // values follow the record, not the name
  EXPECT_THROW(attr.Set(mine, 8), ir::InternalError);
  EXPECT_NE(mine.index(), FindOp("tile.exp")->index());
  attr.Excuse(op::tile_add, "a reason");
  EXPECT_EQ(*attr.WhyNot(*FindOp("tile.add")), "a reason");
  EXPECT_THROW(attr.Excuse(op::tile_add, "again"), ir::InternalError);
}

// The semantics reach the interpreter through the attribute, by handle: the record itself holds
// nothing of the simulator.
TEST(OpAttrs, SemanticsAreTheSemanticsLayersAttribute) {
  const OpSemantics* s = SemanticsOf(op::tile_exp.def());
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(&s->fn, SemanticsTable::Global().Find(op::tile_exp));
}

// The halving rules agree with the traits that describe the operators: a relabelling as another
// rectangle is halved as a view, an exactly-combining reduction by its partials, and a rule of
// its own is given only to a tile operator the split halves (one of vector affinity).
TEST(HalvingRules, EachRuleFitsTheTraitsOfItsOperators) {
  using vector_split::HalvingRuleOf;
  size_t own = 0;
  for (const OpDef* op : OpRegistry::Global().All()) {
    const std::string_view rule = HalvingRuleOf(*op).name;
    if (op->rectangle_change() == RectangleChange::OrderKept)
      EXPECT_EQ(rule, "view") << op->name();
    else if (op->combines_partials_exactly())
      EXPECT_EQ(rule, "partial reduction") << op->name();
    else
      EXPECT_EQ(rule, vector_split::ResultAxisRule().name) << op->name();
    if (vector_split::HalvingRules().Has(*op)) {
      ++own;
      EXPECT_EQ(op->name().rfind("tile.", 0), 0u) << op->name();
      EXPECT_NE(op->declared_affinity(), CoreAffinity::CUBE) << op->name();
    }
  }
  EXPECT_EQ(own, 6u);
}

}  // namespace
}  // namespace tilesplit::ops
