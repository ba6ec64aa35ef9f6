// The DSL tokenizer (dsl.md 2): Python-like lines with an INDENT/DEDENT stack, implicit joining
// inside brackets, `\` continuation, comments, strings, ints and floats. Lexical mistakes are
// ir::UserErrors located at the offending character.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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

}  // namespace tilesplit::dsl
