// The DSL tokenizer (dsl.md 2): Python-like lines with an INDENT/DEDENT stack, implicit joining
// inside brackets, `\` continuation, comments, strings, ints and floats. Lexical mistakes are
// ir::UserErrors located at the offending character.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/span.h"

namespace tilesplit::dsl {

enum class Tok : uint8_t {
  kEnd,
  kNewline,
  kIndent,
  kDedent,
  kName,
  kInt,
  kFloat,
  kString,
  // Keywords of dsl.md 2.
  kDef,
  kClass,
  kReturn,
  kIf,
  kElif,
  kElse,
  kFor,
  kIn,
  kWhile,
  kWith,
  kAnd,
  kOr,
  kNot,
  kTrue,
  kFalse,
  kPass,
  kImport,
  kFrom,
  kAs,
  // Punctuation.
  kLParen,
  kRParen,
  kLBracket,
  kRBracket,
  kLBrace,
  kRBrace,
  kComma,
  kColon,
  kDot,
  kAt,
  kAssign,
  kArrow,
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kDoubleSlash,
  kPercent,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
};

// How a token kind is quoted in diagnostics: "'('", "a name", "end of line".
std::string TokDescription(Tok kind);

struct Token {
  Tok kind = Tok::kEnd;
  bool triple_quoted = false;  // kString only
  ir::Span span;
  std::string_view text;  // the raw source text (empty for NEWLINE/INDENT/DEDENT/END)
  union {
    int64_t int_value;      // kInt
    double float_value;     // kFloat
    uint32_t string_index;  // kString: index into TokenStream::strings
  };
  Token() : int_value(0) {}
};

struct TokenStream {
  std::vector<Token> tokens;         // always ends with kEnd
  std::vector<std::string> strings;  // decoded string literal values
  const std::string& StringValue(const Token& t) const { return strings[t.string_index]; }
};

// Tokenizes `text`, which must stay alive as long as the tokens (SourceManager buffers do).
// `file` is the SourceManager id stamped on every span.
TokenStream Tokenize(std::string_view text, uint32_t file);

// True when `text` lexes as exactly one name: an identifier that is neither a keyword of the
// language nor a Python keyword it rejects. Names taken from strings (a scope's name_hint becomes
// a function name) are checked with it so that the printed program reads back.
bool IsIdentifier(std::string_view text);

class Lexer;

// Tokens of one buffer produced on demand, so the parser of a large file holds a window of
// tokens instead of all of them (a token is about 40 bytes, several per source line). Lexical
// errors are thrown by At() when the lexer reaches them.
class TokenSource {
 public:
  TokenSource(std::string_view text, uint32_t file);
  ~TokenSource();
  TokenSource(const TokenSource&) = delete;
  TokenSource& operator=(const TokenSource&) = delete;

  // The token at absolute index `i`; past the end, the kEnd token. The reference stays valid
  // until Release() drops the token.
  const Token& At(size_t i) {
    if (i >= end_) [[unlikely]]
      return Fill(i);
    size_t k = i - base_;
    return (*chunks_[k >> kShift])[k & kMask];
  }
  // Frees the storage of tokens before absolute index `i` (whole chunks only). The caller
  // guarantees that nothing still refers to them.
  void Release(size_t i);
  const std::string& StringValue(const Token& t) const { return strings_[t.string_index]; }
  // Lexes the rest of the buffer, keeping no tokens, so that a lexical error anywhere in the
  // file is reported (thrown) in preference to a parse error, as when the whole file was lexed
  // up front. Once the lexer has thrown, throws its error again.
  void LexToEnd();
  // True once the lexer has thrown: no token past the error can be read any more; reading one
  // throws the lexical error again (so a parser that looked ahead and caught it, e.g. to delimit
  // the methods of a class, meets it again where it stands).
  bool failed() const { return failed_; }
  // The lexical error once the lexer has thrown one.
  const ir::UserError* error() const { return error_ ? &*error_ : nullptr; }

 private:
  friend class Lexer;
  static constexpr size_t kShift = 10;
  static constexpr size_t kChunk = size_t{1} << kShift;
  static constexpr size_t kMask = kChunk - 1;

  const Token& Fill(size_t i);
  Token& Append();

  // Raw storage for kChunk tokens, each constructed when the lexer appends it: value-initialising
  // a whole chunk up front cost more than lexing a short kernel does (about a tenth of a
  // front-end fuzz harness's time).
  struct Chunk {
    alignas(Token) unsigned char bytes[kChunk * sizeof(Token)];
    Token* Slot(size_t k) { return reinterpret_cast<Token*>(bytes + k * sizeof(Token)); }
    Token& operator[](size_t k) { return *std::launder(Slot(k)); }
  };
  static_assert(std::is_trivially_destructible_v<Token>, "chunks never destroy their tokens");

  std::deque<std::unique_ptr<Chunk>> chunks_;
  size_t base_ = 0;                  // absolute index of chunks_.front()[0]
  size_t end_ = 0;                   // tokens produced so far
  std::deque<std::string> strings_;  // a deque: references survive later appends
  std::unique_ptr<Lexer> lexer_;
  bool failed_ = false;  // the lexer threw: its state is not resumable
  std::optional<ir::UserError> error_;
};

}  // namespace tilesplit::dsl
