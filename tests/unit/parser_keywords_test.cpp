// The keyword arguments of the DSL's constructs (the decorators, pl.at, the pl.range family,
// pl.split_aiv, pl.TensorView and pl.TileView): every refusal of a keyword — unknown, given twice,
// missing its '=', out of order — with its whole message, its notes and its location, so that the
// one mechanism reading them all is held to the wording each construct had.
#include <gtest/gtest.h>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"

namespace tilesplit::dsl {
namespace {

constexpr const char* kHeader = "import pypto.language as pl\n\n";

// "LINE:COL: MESSAGE" and one " | NOTE" per note, the line counted after the header.
std::string Refusal(const std::string& body) {
  try {
    Parse(std::string(kHeader) + body, "t.py");
  } catch (const ir::UserError& e) {
    std::string got =
        std::to_string(e.span().line - 2) + ":" + std::to_string(e.span().col) + ": " + e.message();
    for (const ir::Note& n : e.notes()) got += " | " + n.message;
    return got;
  }
  return "accepted";
}

const char* kBody = "def f():\n    pass\n";

std::string Decorated(const std::string& decorator) {
  return decorator + "\n" + kBody;
}

// A function whose body is `stmt` (one statement, indented by four) and then `pass`.
std::string InBody(const std::string& stmt) {
  return "@pl.function\ndef f(n: pl.Scalar[pl.INDEX]):\n    " + stmt + "\n        pass\n";
}

TEST(ParserKeywords, FunctionDecorator) {
  EXPECT_EQ(Refusal(Decorated("@pl.function(type=pl.FunctionType.InCore, "
                              "type=pl.FunctionType.AIV)")),
            "1:43: @pl.function keyword 'type' is given twice | remove one of them");
  EXPECT_EQ(Refusal(Decorated("@pl.function(bogus=1)")),
            "1:14: unknown @pl.function keyword 'bogus' (expected type, auto_scope, attrs, "
            "level, role, strict_ssa or external_source) | use type=, auto_scope=, attrs=, "
            "level=, role=, strict_ssa= or external_source=, or remove the keyword");
  EXPECT_EQ(Refusal(Decorated("@pl.function(bogus)")),
            "1:19: expected '=' after the keyword, got ')' | write '=' after the keyword here");
  EXPECT_EQ(Refusal(Decorated("@pl.function(1)")),
            "1:14: expected a name as a @pl.function keyword, got '1' | write a name as a "
            "@pl.function keyword here");
  EXPECT_EQ(Refusal(Decorated("@pl.function(strict_ssa=1)")),
            "1:25: strict_ssa= takes True or False, got 1");
  EXPECT_EQ(Refusal(Decorated("@pl.function(level=pl.Level.AIV, level=pl.Level.AIV)")),
            "1:34: @pl.function keyword 'level' is given twice | remove one of them");
  EXPECT_EQ(Refusal(Decorated("@pl.function(type=pl.FunctionType.InCore,)")), "accepted");
  EXPECT_EQ(Refusal(Decorated("@pl.function(type=pl.FunctionType.InCore")),
            "1:13: '(' was never closed | close it with ')'");
}

TEST(ParserKeywords, ProgramDecorator) {
  const std::string cls = "class P:\n    @pl.function\n    def f(self):\n        pass\n";
  EXPECT_EQ(Refusal("@pl.program(bogus=1)\n" + cls),
            "1:13: unknown @pl.program keyword 'bogus' (expected strict_ssa) | use "
            "strict_ssa=True or False, or remove the keyword");
  EXPECT_EQ(Refusal("@pl.program(bogus)\n" + cls),
            "1:13: unknown @pl.program keyword 'bogus' (expected strict_ssa) | use "
            "strict_ssa=True or False, or remove the keyword");
  EXPECT_EQ(Refusal("@pl.program(strict_ssa)\n" + cls),
            "1:23: expected '=' after the keyword, got ')' | write '=' after the keyword here");
  // A repeated strict_ssa is not refused: the last one decides.
  EXPECT_EQ(Refusal("@pl.program(strict_ssa=True, strict_ssa=False)\n" + cls), "accepted");
  EXPECT_EQ(Refusal("@pl.program(strict_ssa=2)\n" + cls),
            "1:24: strict_ssa= takes True or False, got 2");
}

TEST(ParserKeywords, At) {
  EXPECT_EQ(Refusal(InBody("with pl.at(level=pl.Level.CORE_GROUP, level=pl.Level.CORE_GROUP):")),
            "3:43: pl.at keyword 'level' is given twice");
  EXPECT_EQ(
      Refusal(InBody("with pl.at(level=pl.Level.CORE_GROUP, bogus=1):")),
      "3:43: unsupported pl.at keyword 'bogus' (expected level, optimizations, no_dep_args, dumps, "
      "deps, name_hint or allow_early_resolve)");
  EXPECT_EQ(Refusal(InBody("with pl.at(bogus):")),
            "3:21: expected '=' after the keyword, got ')' | write '=' after the keyword here");
  EXPECT_EQ(Refusal(InBody("with pl.at(1):")),
            "3:16: expected a name as a pl.at keyword, got '1' | write a name as a pl.at keyword "
            "here");
  EXPECT_EQ(Refusal(InBody("with pl.at(name_hint=\"a\"):")),
            "3:5: pl.at needs level=pl.Level.CORE_GROUP");
  EXPECT_EQ(Refusal(InBody("with pl.at(level=pl.Level.CORE_GROUP, allow_early_resolve=1):")),
            "3:63: expected True or False for allow_early_resolve, got '1' | write True or False "
            "for allow_early_resolve here");
}

TEST(ParserKeywords, RangeFamily) {
  EXPECT_EQ(Refusal(InBody("for i in pl.pipeline(4, stage=2, stage=2):")),
            "3:38: stage is given twice");
  EXPECT_EQ(Refusal(InBody("for i, (a,) in pl.range(4, init_values=(n,), init_values=(n,)):")),
            "3:50: init_values is given twice");
  EXPECT_EQ(Refusal(InBody("for i in pl.range(4, bogus=1):")),
            "3:26: unknown loop keyword 'bogus' (expected stage or init_values)");
  EXPECT_EQ(Refusal(InBody("for i in pl.pipeline(stage=2, 4):")),
            "3:35: loop bounds must come before stage= and init_values=");
  EXPECT_EQ(Refusal(InBody("for i in pl.range(4, stage=2):")),
            "3:26: stage= is valid only on pl.pipeline");
  EXPECT_EQ(Refusal(InBody("for i in pl.pipeline(4, stage=n):")),
            "3:35: expected an integer as the pipeline stage count, got name 'n' | write an "
            "integer as the pipeline stage count here");
  EXPECT_EQ(Refusal(InBody("for i in pl.pipeline(4):")),
            "3:17: pl.pipeline needs stage=N | add stage=N (N >= 1) after the bounds");
  EXPECT_EQ(Refusal(InBody("for i, (a,) in pl.range(4, init_values=n):")),
            "3:44: expected '(' (init_values takes a parenthesised tuple such as (x,)), got name "
            "'n' | write '(' (init_values takes a parenthesised tuple such as (x,)) here");
}

TEST(ParserKeywords, SplitAiv) {
  EXPECT_EQ(Refusal(InBody("for _ in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN, "
                           "mode=pl.SplitMode.UP_DOWN):")),
            "3:57: mode is given twice");
  EXPECT_EQ(Refusal(InBody("for _ in pl.split_aiv(2, bogus=1):")),
            "3:30: pl.split_aiv does not accept 'bogus=': a region carries no loop values and "
            "takes no options | remove 'bogus='; pl.split_aiv takes the lane count 2 and mode= "
            "only");
  EXPECT_EQ(Refusal(InBody("for _ in pl.split_aiv(2, bogus):")),
            "3:30: pl.split_aiv does not accept 'bogus=': a region carries no loop values and "
            "takes no options | remove 'bogus='; pl.split_aiv takes the lane count 2 and mode= "
            "only");
  EXPECT_EQ(Refusal(InBody("for _ in pl.split_aiv(2, mode):")),
            "3:34: expected '=' after mode, got ')' | write '=' after mode here");
  EXPECT_EQ(Refusal(InBody("for _ in pl.split_aiv(2, 3):")),
            "3:30: expected a name as a pl.split_aiv keyword, got '3' | write a name as a "
            "pl.split_aiv keyword here");
  EXPECT_EQ(Refusal(InBody("for _ in pl.split_aiv(2):")),
            "3:17: pl.split_aiv requires mode=pl.SplitMode.X | add mode=pl.SplitMode.UP_DOWN, "
            "LEFT_RIGHT or NONE");
  EXPECT_EQ(Refusal(InBody("for _ in pl.split_aiv(2, mode=pl.Mem.Vec):")),
            "3:35: mode= takes a pl.SplitMode value, got pl.Mem.Vec | use pl.SplitMode.UP_DOWN "
            "or pl.SplitMode.LEFT_RIGHT");
}

TEST(ParserKeywords, ViewFields) {
  const std::string tensor = "@pl.function\ndef f(x: pl.Tensor[[4, 4], pl.FP32, pl.TensorView(";
  EXPECT_EQ(Refusal(tensor + "pad=pl.PadValue.zero, pad=pl.PadValue.zero)]):\n    pass\n"),
            "2:73: pl.TensorView field 'pad' is given twice");
  EXPECT_EQ(Refusal(tensor + "bogus=1)]):\n    pass\n"),
            "2:51: unknown pl.TensorView field 'bogus' (expected valid_shape, stride, layout or "
            "pad)");
  EXPECT_EQ(Refusal(tensor + "pad)]):\n    pass\n"),
            "2:54: expected '=' after the field name, got ')' | write '=' after the field name "
            "here");
  const std::string tile =
      "@pl.function\ndef f(x: pl.Tile[[4, 4], pl.FP32, pl.Mem.Vec, pl.TileView(";
  EXPECT_EQ(Refusal(tile + "fractal=16, fractal=16)]):\n    pass\n"),
            "2:71: pl.TileView field 'fractal' is given twice");
  EXPECT_EQ(Refusal(tile + "bogus=1)]):\n    pass\n"), "2:59: unknown pl.TileView field 'bogus'");
  EXPECT_EQ(Refusal(tile + "1)]):\n    pass\n"),
            "2:59: expected a name as a pl.TileView field, got '1' | write a name as a "
            "pl.TileView field here");
}

// The other things that may be written once: a tile's memory space and view, a function's or a
// call's attr keys, an operator's arguments and keywords.
TEST(ParserKeywords, GivenTwiceElsewhere) {
  EXPECT_EQ(Refusal("@pl.function\ndef f(x: pl.Tile[[4], pl.FP32, pl.Mem.Vec, pl.Mem.Vec]):\n"
                    "    pass\n"),
            "2:44: the tile memory space is given twice");
  EXPECT_EQ(Refusal("@pl.function\ndef f(x: pl.Tile[[4, 4], pl.FP32, pl.Mem.Vec, "
                    "pl.TileView(fractal=16), pl.TileView(fractal=16)]):\n    pass\n"),
            "2:72: pl.TileView is given twice");
  EXPECT_EQ(Refusal(Decorated("@pl.function(attrs={\"split\": 1, \"split\": 2})")),
            "1:33: attr key \"split\" is given twice | remove one of them");
  const std::string tile_fn =
      "@pl.function(type=pl.FunctionType.InCore)\n"
      "def f(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec]):\n";
  EXPECT_EQ(Refusal(tile_fn + "    b = pl.tile.add(a, a, attrs={\"k\": 1}, attrs={\"k\": 2})\n"
                              "    return b\n"),
            "3:43: tile.add: keyword 'attrs' is given twice | remove one of them");
  EXPECT_EQ(Refusal(tile_fn + "    b = pl.tile.add(a, lhs=a, lhs=a)\n    return b\n"),
            "3:24: tile.add: argument 'lhs' is given twice | remove one of them");
  EXPECT_EQ(Refusal(tile_fn + "    b = pl.tile.add(a, a, attrs={\"k\": 1, \"k\": 2})\n"
                              "    return b\n"),
            "3:42: call attr key \"k\" is given twice | remove one of them");
  EXPECT_EQ(Refusal("@pl.function(type=pl.FunctionType.InCore)\n"
                    "def f(t: pl.Tensor[[64, 128], pl.FP32]):\n"
                    "    b = pl.tensor.reinterpret_view(t, dtype=pl.INT32, dtype=pl.INT32)\n"
                    "    return b\n"),
            "3:55: tensor.reinterpret_view: keyword 'dtype' is given twice | remove one of them");
}

// The enum values of the keywords: a member of another enum, or no member at all.
TEST(ParserKeywords, EnumValues) {
  EXPECT_EQ(Refusal(Decorated("@pl.function(level=pl.Role.SubWorker)")),
            "1:20: level= takes a pl.Level value, got pl.Role.SubWorker");
  EXPECT_EQ(Refusal(Decorated("@pl.function(role=pl.Level.AIC)")),
            "1:19: role= takes a pl.Role value, got pl.Level.AIC");
  EXPECT_EQ(Refusal(InBody("with pl.at(level=pl.Mem.Vec):")),
            "3:22: level= takes a pl.Level value, got pl.Mem.Vec");
  EXPECT_EQ(Refusal(InBody("with pl.at(level=pl.Level.Bogus):")),
            "3:22: level= takes a pl.Level value, got pl.Level.Bogus");
  EXPECT_EQ(Refusal(InBody("with pl.at(level=pl.Level.AIC):")),
            "3:22: only pl.Level.CORE_GROUP scopes are supported, got pl.Level.AIC | use "
            "pl.at(level=pl.Level.CORE_GROUP, ...)");
  EXPECT_EQ(Refusal(InBody("with pl.at(level=pl.Level.CORE_GROUP, "
                           "optimizations=[pl.split(pl.Mem.Vec)]):")),
            "3:67: pl.split takes a pl.SplitMode value, got pl.Mem.Vec | use "
            "pl.SplitMode.UP_DOWN or pl.SplitMode.LEFT_RIGHT");
}

}  // namespace
}  // namespace tilesplit::dsl
