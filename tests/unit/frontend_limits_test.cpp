// Front-end scaling and robustness: the on-demand token source, the parser's nesting limit
// (and that programs within it survive the IR walks on an ordinary thread stack), and the
// interning of location-less constants and tile types.
#include <gtest/gtest.h>

#include <thread>

#include "tilesplit/dsl/lexer.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/stmt.h"
#include "tilesplit/ir/transform.h"

namespace tilesplit::dsl {
namespace {

uint32_t Register(const std::string& text) {
  return ir::SourceManager::Register("limits.py", text);
}

std::string ManyLines(int n) {
  std::string s;
  for (int i = 0; i < n; ++i)
    s += "x" + std::to_string(i) + " = f(\"s" + std::to_string(i) + "\", 1.5)\n";
  return s;
}

TEST(TokenSource, MatchesTheWholeFileTokenizationWhileReleasing) {
  uint32_t file = Register(ManyLines(3000));  // several chunks of tokens
  const std::string& text = ir::SourceManager::Text(file);
  TokenStream all = Tokenize(text, file);
  TokenSource src(text, file);
  for (size_t i = 0; i < all.tokens.size(); ++i) {
    const Token& t = src.At(i);
    ASSERT_EQ(t.kind, all.tokens[i].kind) << i;
    EXPECT_EQ(t.text, all.tokens[i].text) << i;
    EXPECT_EQ(t.span.line, all.tokens[i].span.line) << i;
    EXPECT_EQ(t.span.col, all.tokens[i].span.col) << i;
    if (t.kind == Tok::kString) {
      EXPECT_EQ(src.StringValue(t), all.StringValue(all.tokens[i]));
    }
    src.Release(i);  // the current token and later ones stay valid
  }
  EXPECT_EQ(src.At(all.tokens.size() + 5).kind, Tok::kEnd);  // past the end: END
}

TEST(TokenSource, ReferencesSurviveLaterLexing) {
  uint32_t file = Register(ManyLines(2000));
  TokenSource src(ir::SourceManager::Text(file), file);
  const Token& first = src.At(0);
  const std::string& s = src.StringValue(src.At(4));
  for (size_t i = 0; i < 20000; ++i) src.At(i);
  EXPECT_EQ(first.text, "x0");
  EXPECT_EQ(s, "s0");
}

TEST(TokenSource, LexToEndReportsALaterLexicalError) {
  uint32_t file = Register(ManyLines(1500) + "y = 1 $ 2\n");
  TokenSource src(ir::SourceManager::Text(file), file);
  src.At(3);
  try {
    src.LexToEnd();
    FAIL() << "no lexical error";
  } catch (const ir::UserError& e) {
    EXPECT_EQ(e.span().line, 1501u);
    EXPECT_NE(e.message().find("unexpected character '$'"), std::string::npos);
  }
}

// A function whose body nests `loops` loops around `y = expr` with `expr` in `parens`
// parentheses.
std::string Nested(int loops, int parens, const std::string& expr = "n") {
  std::string s =
      "import pypto.language as pl\n\n@pl.function\ndef f(n: pl.Scalar[pl.INDEX]) -> "
      "pl.Scalar[pl.INDEX]:\n";
  for (int k = 0; k < loops; ++k)
    s += std::string(4 + k, ' ') + "for i" + std::to_string(k) + " in pl.range(2):\n";
  s += std::string(4 + loops, ' ') + "y = " + std::string(parens, '(') + expr +
       std::string(parens, ')') + "\n";
  s += "    return n\n";
  return s;
}

TEST(NestingLimit, TheLimitItselfParsesOneMoreLevelIsALocatedError) {
  // The assignment value takes one level, each parenthesis, loop body and operator one more.
  EXPECT_NO_THROW(Parse(Nested(0, 199), "ok.py"));
  EXPECT_NO_THROW(Parse(Nested(199, 0), "ok.py"));
  try {
    Parse(Nested(0, 200), "deep.py");
    FAIL() << "no nesting error";
  } catch (const ir::UserError& e) {
    EXPECT_EQ(e.span().line, 5u);
    EXPECT_EQ(e.span().col, 9u + 200u);
    EXPECT_NE(e.message().find("more than 200 levels"), std::string::npos) << e.message();
  }
  EXPECT_THROW(Parse(Nested(200, 0), "deep.py"), ir::UserError);
  EXPECT_THROW(Parse(Nested(100, 100), "deep.py"), ir::UserError);
}

TEST(NestingLimit, ProgramsWithinTheLimitPrintCompareAndCloneOnAnOrdinaryThread) {
  // A std::thread has the platform's default stack (8 MiB on Linux), unlike the CLI's worker.
  std::string failure;
  std::thread worker([&] {
    try {
      std::string chain = "n";
      for (int i = 0; i < 150; ++i) chain += " + n";
      std::string text = Nested(190, 5, "n * 2");
      ir::ProgramPtr a = Parse(text, "nest.py");
      ir::ProgramPtr b = Parse(Print(a), "nest2.py");
      if (!dsl::StructuralEqual(a, b).equal) failure = "round trip differs";
      ir::FunctionPtr c = ir::DeepClone(a->functions[0]);
      if (!dsl::StructuralEqual(a->functions[0], c).equal) failure = "clone differs";
      // The visitor-based queries walk the same depth.
      if (!ir::FreeVars(*a->functions[0]).empty()) failure = "unexpected free variables";
      if (ir::DefinedVars(a->functions[0]->body).size() < 190) failure = "loop vars missing";
      std::string src2 =
          "import pypto.language as pl\n\n@pl.function\ndef g(n: pl.Scalar[pl.INDEX]) "
          "-> pl.Scalar[pl.INDEX]:\n    y = " +
          chain + "\n    return y\n";
      ir::ProgramPtr d = Parse(src2, "chain.py");
      if (Print(Parse(Print(d), "chain2.py")) != Print(d)) failure = "chain print not idempotent";
    } catch (const std::exception& e) {
      failure = e.what();
    }
  });
  worker.join();
  EXPECT_EQ(failure, "");
}

TEST(Interning, LocationLessConstantsAreSharedLocatedOnesKeepTheirSpan) {
  EXPECT_EQ(ir::MakeConstInt(128).get(), ir::MakeConstInt(128).get());
  EXPECT_NE(ir::MakeConstInt(128).get(), ir::MakeConstInt(128, ir::DataType::INT32).get());
  ir::Span at{1, 2, 3};
  ir::ExprPtr located = ir::MakeConstInt(128, ir::DataType::INDEX, at);
  EXPECT_NE(located.get(), ir::MakeConstInt(128).get());
  EXPECT_EQ(located->span.col, 3u);
}

TEST(Interning, OutsideAScopeTileTypesAreFreshNodes) {
  std::vector<ir::ExprPtr> shape = {ir::MakeConstInt(64), ir::MakeConstInt(32)};
  auto a = ir::MakeTileType(shape, ir::DataType::FP32, ir::MemorySpace::Vec);
  EXPECT_NE(a.get(), ir::MakeTileType(shape, ir::DataType::FP32, ir::MemorySpace::Vec).get());
}

TEST(Interning, ParsedValuesOfOneTileTypeShareItsNode) {
  ir::ProgramPtr p = Parse(
      "import pypto.language as pl\n\n@pl.function(type=pl.FunctionType.InCore)\n"
      "def f(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec]) -> pl.Tile[[64, 128], pl.FP32, "
      "pl.Mem.Vec]:\n    b = pl.exp(a)\n    c = pl.exp(b)\n    d = pl.add(b, c)\n    return d\n",
      "share.py");
  std::vector<ir::StmtPtr> body = ir::FlattenStmts(p->functions[0]->body);
  ASSERT_GE(body.size(), 3u);
  const auto* b = body[0]->As<ir::AssignStmt>();
  const auto* d = body[2]->As<ir::AssignStmt>();
  ASSERT_TRUE(b && d);
  EXPECT_EQ(b->var->type.get(), d->var->type.get());
}

TEST(Interning, EqualTileTypesOverTheSameExpressionsAreOneNode) {
  ir::TileTypeInterning scope;
  std::vector<ir::ExprPtr> shape = {ir::MakeConstInt(64), ir::MakeConstInt(32)};
  auto a = ir::MakeTileType(shape, ir::DataType::FP32, ir::MemorySpace::Vec);
  auto b = ir::MakeTileType(shape, ir::DataType::FP32, ir::MemorySpace::Vec);
  EXPECT_EQ(a.get(), b.get());
  EXPECT_NE(a.get(), ir::MakeTileType(shape, ir::DataType::FP16, ir::MemorySpace::Vec).get());
  EXPECT_NE(a.get(), ir::MakeTileType(shape, ir::DataType::FP32, ir::MemorySpace::Mat).get());
  ir::TileView v = a->EffectiveView();
  v.pad = ir::PadValue::zero;
  auto padded = ir::MakeTileType(shape, ir::DataType::FP32, ir::MemorySpace::Vec, v);
  EXPECT_NE(a.get(), padded.get());
  EXPECT_EQ(padded.get(),
            ir::MakeTileType(shape, ir::DataType::FP32, ir::MemorySpace::Vec, v).get());
  ASSERT_TRUE(padded->view);
  EXPECT_EQ(padded->view->pad, ir::PadValue::zero);
  // Shapes of distinct but equal located constants are different keys: spans stay exact.
  std::vector<ir::ExprPtr> located = {ir::MakeConstInt(64, ir::DataType::INDEX, {1, 1, 1}),
                                      ir::MakeConstInt(32, ir::DataType::INDEX, {1, 1, 5})};
  auto c = ir::MakeTileType(located, ir::DataType::FP32, ir::MemorySpace::Vec);
  EXPECT_NE(a.get(), c.get());
  EXPECT_EQ(c->shape[1]->span.col, 5u);
}

}  // namespace
}  // namespace tilesplit::dsl
