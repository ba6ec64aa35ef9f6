// Where calls of result-less ops (tpush, tfree, notify, wait) and of pops (whose type only an
// annotation gives) may stand in DSL text (dsl.md 7.3): the errors name the op and the place.
#include <gtest/gtest.h>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::dsl {
namespace {

ir::ProgramPtr ParseBody(const std::string& body) {
  return Parse(
      "import pypto.language as pl\n\n"
      "@pl.function(type=pl.FunctionType.InCore)\n"
      "def k(t: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec], "
      "acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc], o: pl.Tensor[[16, 128], pl.FP32]):\n" +
          body,
      "forms.py");
}

// The body's first statement is on line 5.
void ExpectError(const std::string& body, uint32_t col, const std::string& fragment) {
  try {
    ParseBody(body);
    ADD_FAILURE() << "accepted:\n" << body;
  } catch (const ir::UserError& e) {
    EXPECT_EQ(e.span().line, 5u) << e.message();
    EXPECT_EQ(e.span().col, col) << e.message();
    EXPECT_NE(e.message().find(fragment), std::string::npos) << e.message();
  }
}

TEST(OpsStatementForms, ResultlessOpsAreStatements) {
  auto p = ParseBody(
      "    pl.tile.tpush_to_aic(t, split=1)\n"
      "    pl.system.tfree_to_aic(t, split=1)\n"
      "    return t\n");
  EXPECT_EQ(p->functions.size(), 1u);
}

TEST(OpsStatementForms, ResultlessOpCannotBeAssigned) {
  ExpectError("    x = pl.tile.tpush_to_aic(t, split=1)\n    return t\n", 9,
              "tile.tpush_to_aic produces no value");
  ExpectError(
      "    x: pl.Tile[[16, 128], pl.FP32] = pl.system.tfree_to_aic(t, split=1)\n"
      "    return t\n",
      38, "system.tfree_to_aic produces no value");
}

TEST(OpsStatementForms, ResultlessOpCannotBeAnOperandOrReturned) {
  ExpectError("    x = pl.exp(pl.tile.tpush_to_aic(t, split=1))\n    return x\n", 16,
              "tile.tpush_to_aic produces no value");
  ExpectError(
      "    x = pl.tile.store(t, [0, 0], o, pl.tile.tpush_to_aiv(acc, split=1))\n"
      "    return x\n",
      37, "tile.tpush_to_aiv produces no value");
  ExpectError("    return pl.tile.tpush_to_aic(t, split=1)\n", 12,
              "tile.tpush_to_aic produces no value");
}

TEST(OpsStatementForms, ResultlessOpCannotBeYielded) {
  try {
    ParseBody(
        "    for i in pl.range(2):\n"
        "        r = pl.yield_(pl.tile.tpush_to_aic(t, split=1))\n"
        "    return t\n");
    ADD_FAILURE() << "accepted";
  } catch (const ir::UserError& e) {
    EXPECT_EQ(e.span().line, 6u);
    EXPECT_NE(e.message().find("tile.tpush_to_aic produces no value"), std::string::npos)
        << e.message();
  }
}

TEST(OpsStatementForms, PopWithAnnotation) {
  auto p = ParseBody(
      "    a: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)\n"
      "    b: pl.Tile[[8, 128], pl.FP16] = pl.tile.tpop_from_aiv(split=1, id=1)\n"
      "    return a, b\n");
  const auto& rt = p->functions[0]->return_types;
  ASSERT_EQ(rt.size(), 2u);
  EXPECT_EQ(ir::TypeToString(rt[0]), "pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec]");
  // No space written: the consuming lane's (Mat for a pop on the cube side) is filled in.
  EXPECT_EQ(ir::TypeToString(rt[1]), "pl.Tile[[8, 128], pl.FP16, pl.Mem.Mat]");
}

TEST(OpsStatementForms, PopNeedsATileAnnotation) {
  ExpectError("    a = pl.tile.tpop_from_aic(split=1)\n    return a\n", 9,
              "tile.tpop_from_aic: the result needs a type annotation");
  ExpectError("    a: pl.Scalar[pl.INDEX] = pl.tile.tpop_from_aic(split=1)\n    return a\n", 8,
              "tile.tpop_from_aic: the popped value must be annotated as a tile");
  ExpectError(
      "    a: pl.Tile[[8, 128], pl.FP32, pl.Mem.Mat] = pl.tile.tpop_from_aic(split=1)\n"
      "    return a\n",
      8, "tile.tpop_from_aic: the popped tile lives in Vec, not Mat");
  ExpectError(
      "    a: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aiv(split=1)\n"
      "    return a\n",
      8, "tile.tpop_from_aiv: the popped tile lives in Mat, not Vec");
}

TEST(OpsStatementForms, PopCannotBeDiscardedOrInline) {
  ExpectError("    pl.tile.tpop_from_aic(split=1)\n    return t\n", 5,
              "tile.tpop_from_aic: the popped tile needs an annotated assignment");
  ExpectError("    x = pl.exp(pl.tile.tpop_from_aic(split=1))\n    return x\n", 16,
              "tile.tpop_from_aic: the popped tile needs an annotated assignment");
  ExpectError("    return pl.tile.tpop_from_aiv(split=1)\n", 12,
              "tile.tpop_from_aiv: the popped tile needs an annotated assignment");
}

}  // namespace
}  // namespace tilesplit::dsl
