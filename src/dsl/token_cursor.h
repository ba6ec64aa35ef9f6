// Private to the DSL front end: the syntax's state, apart from what the parser builds. The
// cursor over the lexed tokens of one buffer, the tests and expectations of the next tokens with
// their "expected X, got Y" refusals, and the nesting limit.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "tilesplit/dsl/lexer.h"
#include "tilesplit/ir/error.h"

namespace tilesplit::dsl::detail {

// A token in a message: "name 'x'", "'1'", "end of line".
std::string DescribeToken(const Token& t);

class TokenCursor {
 public:
  TokenCursor(std::string_view text, uint32_t file) : ts_(text, file) {}

  // After a parse error: lexes the rest of the file so a lexical error there wins (see
  // TokenSource::LexToEnd).
  void LexToEnd() { ts_.LexToEnd(); }
  // The same, stopping at a top-level `if __name__ == "__main__":` (the script's Python beyond it
  // is not the DSL's, so its tokens are not errors).
  void LexToMainGuard() {
    for (size_t k = pos_;; ++k) {
      const Token& t = ts_.At(k);
      if (t.kind == Tok::kEnd) return;
      if (t.kind == Tok::kIf && t.span.col == 1 && ts_.At(k + 1).kind == Tok::kName &&
          ts_.At(k + 1).text == "__name__")
        return;
    }
  }
  bool LexFailed() const { return ts_.failed(); }
  // `e` is the lexer's error (after which nothing past it can be parsed), not a parse error.
  bool IsLexicalError(const ir::UserError& e) const {
    const ir::UserError* lexical = ts_.error();
    return lexical && lexical->span().line == e.span().line &&
           lexical->span().col == e.span().col && lexical->message() == e.message();
  }

  const Token& Peek(size_t k = 0) const { return ts_.At(pos_ + k); }
  const Token& Next() {
    const Token& t = ts_.At(pos_);
    if (t.kind != Tok::kEnd) ++pos_;
    return t;
  }
  bool Check(Tok k, size_t ahead = 0) const { return Peek(ahead).kind == k; }
  bool CheckName(std::string_view n, size_t ahead = 0) const {
    const Token& t = Peek(ahead);
    return t.kind == Tok::kName && t.text == n;
  }
  bool Accept(Tok k) {
    if (!Check(k)) return false;
    Next();
    return true;
  }
  const Token& Expect(Tok k, std::string_view context);
  const Token& ExpectName(std::string_view context);
  void ExpectNameText(std::string_view name, std::string_view context);
  void ExpectNewline(std::string_view context);
  [[noreturn]] void Unexpected(std::string_view expected);
  // `pl . NAME` at the cursor (+ahead) with the given NAME.
  bool CheckPl(std::string_view name, size_t ahead = 0) const {
    return CheckName("pl", ahead) && Check(Tok::kDot, ahead + 1) && CheckName(name, ahead + 2);
  }
  const std::string& Str(const Token& t) const { return ts_.StringValue(t); }

  // ---- Nesting limit . Every construct that makes the parser recurse or the IR
  // deeper (a parenthesis, bracket or call argument, a unary operator, each operator of a binary
  // chain, a tuple subscript, an indented block, an elif) enters a level while it is parsed.
  // Past kMaxNesting levels the input is rejected with a located error, so neither the parser
  // nor later recursive walks of the IR (printer, equality, visitors) can exhaust the stack.
  static constexpr int kMaxNesting = 200;
  class Nest {
   public:
    explicit Nest(TokenCursor& p) : p_(p) {}
    Nest(TokenCursor& p, ir::Span at) : p_(p) { Enter(at); }
    ~Nest() { p_.depth_ -= entered_; }
    Nest(const Nest&) = delete;
    Nest& operator=(const Nest&) = delete;
    void Enter(ir::Span at) {
      ++entered_;
      if (++p_.depth_ > kMaxNesting) p_.TooDeep(at);
    }

   private:
    TokenCursor& p_;
    int entered_ = 0;
  };
  [[noreturn]] void TooDeep(ir::Span at) const;

  // The cursor as a position, to come back to or to mark where a construct began.
  size_t Position() const { return pos_; }
  void Seek(size_t pos) { pos_ = pos; }
  const Token& TokenAt(size_t pos) const { return ts_.At(pos); }
  // Releases the tokens before `pos`: nothing will look back at them (see ts_).
  void Release(size_t pos) { ts_.Release(pos); }

 private:
  // Lexed on demand (Peek is logically const); tokens before the current statement of a
  // function body are released, so only long-lived constructs may keep Token references, and
  // those enclosing a function body keep copies.
  mutable TokenSource ts_;
  size_t pos_ = 0;
  int depth_ = 0;  // nesting levels entered (see Nest)
};

}  // namespace tilesplit::dsl::detail
