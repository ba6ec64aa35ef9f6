// The function attributes' table (ir/function_attrs.def): typed access, the checks on values, and
// the parser held to the same table.
#include "tilesplit/ir/function_attrs.h"

#include <gtest/gtest.h>

#include <set>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/function.h"

namespace {

using namespace tilesplit;

TEST(FunctionAttrs, EveryKeyIsDeclaredOnceWithItsType) {
  std::set<std::string_view> keys;
  for (const ir::FunctionAttrInfo& a : ir::FunctionAttrs()) {
    EXPECT_TRUE(keys.insert(a.key).second) << a.key;
    EXPECT_EQ(ir::FindFunctionAttr(a.key), &a);
    EXPECT_FALSE(a.doc.empty()) << a.key;
  }
  EXPECT_EQ(ir::FindFunctionAttr(ir::fattr::kSlotNum.key)->type, "int64_t");
  EXPECT_EQ(ir::FindFunctionAttr(ir::fattr::kSplit.key)->type, "SplitMode");
  EXPECT_FALSE(ir::FindFunctionAttr(ir::kExternalSourceAttr)->authored);
  EXPECT_EQ(ir::FindFunctionAttr("splitt"), nullptr);
}

TEST(FunctionAttrs, TypedAccessReadsAndWritesTheDeclaredKey) {
  ir::AttrMap m;
  ir::SetAttr(m, ir::fattr::kSlotNum, 4);
  ir::SetAttr(m, ir::fattr::kSplit, ir::SplitMode::LeftRight);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].first, "slot_num");  // kept sorted by key
  EXPECT_EQ(ir::GetAttr(m, ir::fattr::kSlotNum), 4);
  EXPECT_EQ(ir::GetAttr(m, ir::fattr::kSplit), ir::SplitMode::LeftRight);
  EXPECT_EQ(ir::GetAttr(m, ir::fattr::kSplitAiv), std::nullopt);
  ir::EraseAttr(m, ir::fattr::kSlotNum);
  EXPECT_EQ(ir::GetAttr(m, ir::fattr::kSlotNum), std::nullopt);
}

TEST(FunctionAttrs, ValuesAreCheckedAgainstTheTable) {
  EXPECT_EQ(ir::CheckFunctionAttr("slot_num", ir::AttrValue(int64_t{2})), "");
  EXPECT_EQ(ir::CheckFunctionAttr("slot_num", ir::AttrValue(int64_t{0})),
            "attr \"slot_num\" must be an integer of at least 1, got 0");
  EXPECT_EQ(ir::CheckFunctionAttr("c2v_slot_size", ir::AttrValue(int64_t{-8})),
            "attr \"c2v_slot_size\" must be an integer of at least 0, got -8");
  EXPECT_EQ(ir::CheckFunctionAttr("split_aiv", ir::AttrValue(int64_t{1})),
            "attr \"split_aiv\" must be True or False, got 1");
  EXPECT_EQ(ir::CheckFunctionAttr("cross_core_slot", ir::AttrValue(2.5)), "");
  EXPECT_EQ(ir::CheckFunctionAttr("splitt", ir::AttrValue(true)),
            "unknown function attribute \"splitt\"");
}

TEST(FunctionAttrs, TheParserRefusesWhatTheTableRefuses) {
  const std::string text = R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"c2v_slot_size": -8})
def k(a: pl.Tensor[[16, 16], pl.FP32]):
    return a
)";
  try {
    dsl::Parse(text, "k.py");
    FAIL() << "a negative slot size was accepted";
  } catch (const ir::UserError& e) {
    EXPECT_EQ(e.message(), "attr \"c2v_slot_size\" must be an integer of at least 0, got -8");
    EXPECT_EQ(e.span().line, 3u);
  }
}

}  // namespace
