// The DSL tokenizer: indentation, line joining, literals, keywords and located lexical errors.
#include "tilesplit/dsl/lexer.h"

#include <gtest/gtest.h>

#include "tilesplit/ir/error.h"

namespace tilesplit::dsl {
namespace {

TokenStream Lex(const std::string& text) {
  // Token text views point into the registered buffer, which lives for the whole process.
  uint32_t file = ir::SourceManager::Register("lex.py", text);
  return Tokenize(ir::SourceManager::Text(file), file);
}

std::vector<Tok> Kinds(const std::string& text) {
  std::vector<Tok> out;
  for (const Token& t : Lex(text).tokens) out.push_back(t.kind);
  return out;
}

// Expects a lexical UserError at line:col whose message contains `fragment`.
void ExpectLexError(const std::string& text, uint32_t line, uint32_t col,
                    const std::string& fragment) {
  try {
    Lex(text);
    FAIL() << "no error for: " << text;
  } catch (const ir::UserError& e) {
    EXPECT_EQ(e.span().line, line) << e.message();
    EXPECT_EQ(e.span().col, col) << e.message();
    EXPECT_NE(e.message().find(fragment), std::string::npos) << e.message();
  }
}

TEST(Lexer, IndentAndDedentFollowTheStack) {
  std::vector<Tok> k = Kinds("a\n  b\n    c\nd\n");
  std::vector<Tok> want = {Tok::kName,   Tok::kNewline, Tok::kIndent,  Tok::kName,   Tok::kNewline,
                           Tok::kIndent, Tok::kName,    Tok::kNewline, Tok::kDedent, Tok::kDedent,
                           Tok::kName,   Tok::kNewline, Tok::kEnd};
  EXPECT_EQ(k, want);
}

TEST(Lexer, BlankAndCommentLinesAreSkipped) {
  std::vector<Tok> k = Kinds("a  # c\n\n   # only a comment\n\nb\n");
  std::vector<Tok> want = {Tok::kName, Tok::kNewline, Tok::kName, Tok::kNewline, Tok::kEnd};
  EXPECT_EQ(k, want);
}

TEST(Lexer, DedentsAreClosedAtEndOfFileWithoutTrailingNewline) {
  std::vector<Tok> k = Kinds("a\n  b");
  std::vector<Tok> want = {Tok::kName,    Tok::kNewline, Tok::kIndent, Tok::kName,
                           Tok::kNewline, Tok::kDedent,  Tok::kEnd};
  EXPECT_EQ(k, want);
}

TEST(Lexer, BracketsJoinLinesAndIgnoreIndentation) {
  std::vector<Tok> k = Kinds("f(a,\n        b,\n  c)\n");
  std::vector<Tok> want = {Tok::kName,  Tok::kLParen, Tok::kName,   Tok::kComma,   Tok::kName,
                           Tok::kComma, Tok::kName,   Tok::kRParen, Tok::kNewline, Tok::kEnd};
  EXPECT_EQ(k, want);
}

TEST(Lexer, BackslashContinuesTheLine) {
  std::vector<Tok> k = Kinds("a = \\\n    b\n");
  std::vector<Tok> want = {Tok::kName, Tok::kAssign, Tok::kName, Tok::kNewline, Tok::kEnd};
  EXPECT_EQ(k, want);
}

TEST(Lexer, SpansAreOneBasedLineAndColumn) {
  TokenStream ts = Lex("x\n  yy = 3\n");
  const Token& yy = ts.tokens[3];
  EXPECT_EQ(yy.text, "yy");
  EXPECT_EQ(yy.span.line, 2u);
  EXPECT_EQ(yy.span.col, 3u);
  EXPECT_NE(yy.span.file, 0u);
  EXPECT_EQ(ts.tokens[5].span.col, 8u);
}

TEST(Lexer, IntegersDecimalHexAndSeparators) {
  TokenStream ts = Lex("12 0x1F 1_000 0\n");
  EXPECT_EQ(ts.tokens[0].int_value, 12);
  EXPECT_EQ(ts.tokens[1].int_value, 31);
  EXPECT_EQ(ts.tokens[2].int_value, 1000);
  EXPECT_EQ(ts.tokens[3].int_value, 0);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(ts.tokens[i].kind, Tok::kInt);
}

TEST(Lexer, FloatForms) {
  TokenStream ts = Lex("1.0 .5 2. 1e-3 1e+16 1_0.5\n");
  std::vector<double> want = {1.0, 0.5, 2.0, 1e-3, 1e16, 10.5};
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(ts.tokens[i].kind, Tok::kFloat) << i;
    EXPECT_DOUBLE_EQ(ts.tokens[i].float_value, want[i]) << i;
  }
}

TEST(Lexer, StringsWithBothQuotesAndEscapes) {
  TokenStream ts = Lex(R"("a\"b" 'c\'d' "\\\n\t")"
                       "\n");
  EXPECT_EQ(ts.StringValue(ts.tokens[0]), "a\"b");
  EXPECT_EQ(ts.StringValue(ts.tokens[1]), "c'd");
  EXPECT_EQ(ts.StringValue(ts.tokens[2]), "\\\n\t");
}

TEST(Lexer, TripleQuotedStringsSpanLines) {
  TokenStream ts = Lex("\"\"\"doc\nmore\"\"\"\nx\n");
  EXPECT_EQ(ts.tokens[0].kind, Tok::kString);
  EXPECT_TRUE(ts.tokens[0].triple_quoted);
  EXPECT_EQ(ts.StringValue(ts.tokens[0]), "doc\nmore");
  EXPECT_EQ(ts.tokens[2].span.line, 3u);
}

TEST(Lexer, KeywordsAndOperators) {
  std::vector<Tok> k = Kinds("def f() -> x: a // b != c <= d >= e == g\n");
  std::vector<Tok> want = {Tok::kDef,  Tok::kName,  Tok::kLParen, Tok::kRParen,      Tok::kArrow,
                           Tok::kName, Tok::kColon, Tok::kName,   Tok::kDoubleSlash, Tok::kName,
                           Tok::kNe,   Tok::kName,  Tok::kLe,     Tok::kName,        Tok::kGe,
                           Tok::kName, Tok::kEq,    Tok::kName,   Tok::kNewline,     Tok::kEnd};
  EXPECT_EQ(k, want);
}

TEST(Lexer, ColumnsCountCodePoints) {
  TokenStream ts = Lex("\"\xc3\xa9\xc3\xa9\" x\n");
  EXPECT_EQ(ts.tokens[1].span.col, 6u);
}

TEST(Lexer, TabInIndentationIsAnError) {
  ExpectLexError("a\n\tb\n", 2, 1, "tab character in indentation");
}

TEST(Lexer, InconsistentDedentIsAnError) {
  ExpectLexError("a\n    b\n  c\n", 3, 3, "unindent does not match");
}

TEST(Lexer, UnbalancedBrackets) {
  ExpectLexError("f(a, b\n", 1, 2, "'(' was never closed");
  ExpectLexError("a)\n", 1, 2, "unmatched ')'");
  ExpectLexError("f(a]\n", 1, 4, "closing ']' does not match '('");
}

TEST(Lexer, RejectedPythonKeywordsAreErrorsAtTheirLocation) {
  ExpectLexError("x = None\n", 1, 5, "'None' is not part of this language");
  ExpectLexError("  \nbreak\n", 2, 1, "'break'");
  ExpectLexError("lambda\n", 1, 1, "'lambda'");
  ExpectLexError("yield\n", 1, 1, "'yield'");
}

TEST(Lexer, UnsupportedOperators) {
  ExpectLexError("a ** b\n", 1, 3, "operator '**'");
  ExpectLexError("a & b\n", 1, 3, "operator '&'");
  ExpectLexError("a << b\n", 1, 3, "operator '<<'");
  ExpectLexError("a += b\n", 1, 3, "operator '+='");
  ExpectLexError("a; b\n", 1, 2, "';'");
}

TEST(Lexer, BadLiterals) {
  ExpectLexError("x = \"abc\n", 1, 5, "unterminated string");
  ExpectLexError("x = '''abc\n", 1, 5, "unterminated triple-quoted string");
  ExpectLexError("x = \"a\\qb\"\n", 1, 7, "unknown escape sequence");
  ExpectLexError("x = 1e\n", 1, 5, "exponent has no digits");
  ExpectLexError("x = 12abc\n", 1, 5, "invalid numeric literal");
  ExpectLexError("x = 1__0\n", 1, 5, "'_' must separate two digits");
  ExpectLexError("x = 99999999999999999999\n", 1, 5, "too large");
  ExpectLexError("x = 007\n", 1, 5, "leading zeros");
  ExpectLexError("x = 1e999\n", 1, 5, "out of range");
}

TEST(Lexer, StrayCharacters) {
  ExpectLexError("x = $\n", 1, 5, "unexpected character '$'");
  ExpectLexError("x = \\ y\n", 1, 5, "line continuation");
}

}  // namespace
}  // namespace tilesplit::dsl
