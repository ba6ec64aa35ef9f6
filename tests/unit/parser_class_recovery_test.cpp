// Error recovery inside a @pl.program class: per method and per statement of a method, with calls
// between methods parsed on demand; and no input derived from such a class may crash the parser.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/error_info.h"

namespace tilesplit::dsl {
namespace {

// Parses `text`; returns the lines of every error reported (first, then the further ones), or
// nothing when it parses. Fails the test on any other exception.
std::vector<uint32_t> ErrorLines(const std::string& text, const std::string& name = "c.py") {
  std::vector<uint32_t> lines;
  try {
    Parse(text, name);
  } catch (const ir::UserError& e) {
    lines.push_back(e.span().line);
    for (const ir::UserError& f : ir::FurtherOf(e)) lines.push_back(f.span().line);
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not a user error: " << e.what() << "\n--- input:\n" << text;
  }
  return lines;
}

constexpr const char* kHeader = R"(import pypto.language as pl


@pl.program
class C:
)";

constexpr const char* kCalls = R"(    @pl.function
    def main(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        a = x + unknown_one
        r: pl.Scalar[pl.INDEX] = self.helper(x)
        s: pl.Scalar[pl.INDEX] = self.fine(x)
        c = s + unknown_two
        return r + c

    @pl.function
    def helper(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        y = x * unknown_three
        return y

    @pl.function
    def fine(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return x

    @pl.function
    def last(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        u = x + unknown_four
        t: pl.Scalar[pl.INDEX] = self.helper(x)
        return t + u
)";

TEST(ParserClassRecovery, EachMethodAndStatementErrorOnceInFileOrder) {
  // helper fails while main's call parses it on demand: its error is reported once, at line 16,
  // after main's own two; the calls of it (lines 9 and 26) are consequences; 'last' has its own.
  EXPECT_EQ(ErrorLines(std::string(kHeader) + kCalls), (std::vector<uint32_t>{8, 11, 16, 25}));
}

TEST(ParserClassRecovery, ACallerOfAFailedMethodIsDroppedSilently) {
  const std::string text = std::string(kHeader) + R"(    @pl.function
    def caller(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        r: pl.Scalar[pl.INDEX] = self.callee(x)
        return r

    @pl.function
    def callee(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return x + nowhere
)";
  EXPECT_EQ(ErrorLines(text), (std::vector<uint32_t>{13}));
}

TEST(ParserClassRecovery, ACycleIsReportedOnceAndTheOtherErrorsStand) {
  const std::string text = std::string(kHeader) + R"(    @pl.function
    def a(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        r: pl.Scalar[pl.INDEX] = self.b(x)
        return r

    @pl.function
    def b(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        r: pl.Scalar[pl.INDEX] = self.a(x)
        return r

    @pl.function
    def c(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return x + nowhere
)";
  EXPECT_EQ(ErrorLines(text), (std::vector<uint32_t>{13, 18}));
}

TEST(ParserClassRecovery, StrayStatementsAndDuplicatesBetweenMethods) {
  const std::string text = std::string(kHeader) + R"(    @pl.function
    def f(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return x

    stray = 1

    @pl.function
    def f(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return x + nowhere

    @pl.function
    def g(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return x
)";
  // The stray statement (line 10) ends the class: the parser skips to the next method. The
  // second 'f' fails in its body (line 14) before its name could clash.
  EXPECT_EQ(ErrorLines(text), (std::vector<uint32_t>{10, 14}));
}

TEST(ParserClassRecovery, AStatementBeforeTheFirstMethodIsOneErrorAmongOthers) {
  const std::string text = std::string(kHeader) + R"(    x = 1

    @pl.function
    def f(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return x + nowhere
)";
  EXPECT_EQ(ErrorLines(text), (std::vector<uint32_t>{6, 10}));
  try {
    Parse(text, "c.py");
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("a '@pl.function' method in the program class"), std::string::npos)
        << e.message();
  }
}

// Every truncation and every single-line deletion or corruption of a class with errors is
// either parsed or rejected with user errors; nothing throws anything else, crashes or hangs
// (the test's time limit).
TEST(ParserClassRecovery, NeverCrashesOnMutationsOfAClass) {
  const std::string full = std::string(kHeader) + kCalls;
  std::vector<std::string> lines;
  std::istringstream in(full);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  auto join = [&](size_t skip, const std::string* replace, size_t upto) {
    std::string out;
    for (size_t i = 0; i < upto && i < lines.size(); ++i) {
      if (i == skip) {
        if (replace) out += *replace + "\n";
        continue;
      }
      out += lines[i] + "\n";
    }
    return out;
  };
  const std::vector<std::string> junk = {
      "        y = (x +", "    @pl.function", "  z = 1", "        \"open",
      "    def",          "        for i in", ")",       "            deeper = 1",
      "@pl.function"};
  size_t inputs = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    ErrorLines(join(lines.size(), nullptr, i));  // truncated before line i
    ErrorLines(join(i, nullptr, lines.size()));  // line i deleted
    for (const std::string& j : junk) ErrorLines(join(i, &j, lines.size()));
    inputs += 2 + junk.size();
  }
  EXPECT_GT(inputs, 200u);
}

}  // namespace
}  // namespace tilesplit::dsl
