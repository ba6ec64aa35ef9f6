#include "tilesplit/dsl/lexer.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "tilesplit/ir/error.h"

namespace tilesplit::dsl {

std::string TokDescription(Tok kind) {
  switch (kind) {
    case Tok::kEnd:
      return "end of file";
    case Tok::kNewline:
      return "end of line";
    case Tok::kIndent:
      return "an indented block";
    case Tok::kDedent:
      return "the end of the indented block";
    case Tok::kName:
      return "a name";
    case Tok::kInt:
      return "an integer";
    case Tok::kFloat:
      return "a float";
    case Tok::kString:
      return "a string";
    case Tok::kDef:
      return "'def'";
    case Tok::kClass:
      return "'class'";
    case Tok::kReturn:
      return "'return'";
    case Tok::kIf:
      return "'if'";
    case Tok::kElif:
      return "'elif'";
    case Tok::kElse:
      return "'else'";
    case Tok::kFor:
      return "'for'";
    case Tok::kIn:
      return "'in'";
    case Tok::kWhile:
      return "'while'";
    case Tok::kWith:
      return "'with'";
    case Tok::kAnd:
      return "'and'";
    case Tok::kOr:
      return "'or'";
    case Tok::kNot:
      return "'not'";
    case Tok::kTrue:
      return "'True'";
    case Tok::kFalse:
      return "'False'";
    case Tok::kPass:
      return "'pass'";
    case Tok::kImport:
      return "'import'";
    case Tok::kFrom:
      return "'from'";
    case Tok::kAs:
      return "'as'";
    case Tok::kLParen:
      return "'('";
    case Tok::kRParen:
      return "')'";
    case Tok::kLBracket:
      return "'['";
    case Tok::kRBracket:
      return "']'";
    case Tok::kLBrace:
      return "'{'";
    case Tok::kRBrace:
      return "'}'";
    case Tok::kComma:
      return "','";
    case Tok::kColon:
      return "':'";
    case Tok::kDot:
      return "'.'";
    case Tok::kAt:
      return "'@'";
    case Tok::kAssign:
      return "'='";
    case Tok::kArrow:
      return "'->'";
    case Tok::kPlus:
      return "'+'";
    case Tok::kMinus:
      return "'-'";
    case Tok::kStar:
      return "'*'";
    case Tok::kSlash:
      return "'/'";
    case Tok::kDoubleSlash:
      return "'//'";
    case Tok::kPercent:
      return "'%'";
    case Tok::kEq:
      return "'=='";
    case Tok::kNe:
      return "'!='";
    case Tok::kLt:
      return "'<'";
    case Tok::kLe:
      return "'<='";
    case Tok::kGt:
      return "'>'";
    case Tok::kGe:
      return "'>='";
  }
  return "?";
}

namespace {

bool IsIdentStart(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}
bool IsIdentChar(unsigned char c) {
  return IsIdentStart(c) || (c >= '0' && c <= '9');
}
bool IsDigit(unsigned char c) {
  return c >= '0' && c <= '9';
}
bool IsHexDigit(unsigned char c) {
  return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Keywords of the language, and Python keywords it rejects (dsl.md 2). Identifiers are the most
// frequent tokens, so candidates are narrowed by first letter before any comparison.
enum class Word : uint8_t { kName, kKeyword, kRejected };

Word ClassifyWord(std::string_view w, Tok* kind) {
  if (w.size() < 2 || w.size() > 8) return Word::kName;
  auto kw = [&](std::string_view text, Tok k) {
    if (w != text) return false;
    *kind = k;
    return true;
  };
  auto rejected = [&](std::initializer_list<std::string_view> names) {
    for (std::string_view n : names)
      if (w == n) return true;
    return false;
  };
  switch (w[0]) {
    case 'a':
      if (kw("and", Tok::kAnd) || kw("as", Tok::kAs)) return Word::kKeyword;
      return rejected({"assert", "async", "await"}) ? Word::kRejected : Word::kName;
    case 'b':
      return rejected({"break"}) ? Word::kRejected : Word::kName;
    case 'c':
      if (kw("class", Tok::kClass)) return Word::kKeyword;
      return rejected({"continue"}) ? Word::kRejected : Word::kName;
    case 'd':
      if (kw("def", Tok::kDef)) return Word::kKeyword;
      return rejected({"del"}) ? Word::kRejected : Word::kName;
    case 'e':
      if (kw("elif", Tok::kElif) || kw("else", Tok::kElse)) return Word::kKeyword;
      return rejected({"except"}) ? Word::kRejected : Word::kName;
    case 'f':
      if (kw("for", Tok::kFor) || kw("from", Tok::kFrom)) return Word::kKeyword;
      return rejected({"finally"}) ? Word::kRejected : Word::kName;
    case 'g':
      return rejected({"global"}) ? Word::kRejected : Word::kName;
    case 'i':
      if (kw("if", Tok::kIf) || kw("in", Tok::kIn) || kw("import", Tok::kImport))
        return Word::kKeyword;
      return rejected({"is"}) ? Word::kRejected : Word::kName;
    case 'l':
      return rejected({"lambda"}) ? Word::kRejected : Word::kName;
    case 'n':
      if (kw("not", Tok::kNot)) return Word::kKeyword;
      return rejected({"nonlocal"}) ? Word::kRejected : Word::kName;
    case 'o':
      return kw("or", Tok::kOr) ? Word::kKeyword : Word::kName;
    case 'p':
      return kw("pass", Tok::kPass) ? Word::kKeyword : Word::kName;
    case 'r':
      if (kw("return", Tok::kReturn)) return Word::kKeyword;
      return rejected({"raise"}) ? Word::kRejected : Word::kName;
    case 't':
      return rejected({"try"}) ? Word::kRejected : Word::kName;
    case 'w':
      if (kw("while", Tok::kWhile) || kw("with", Tok::kWith)) return Word::kKeyword;
      return Word::kName;
    case 'y':
      return rejected({"yield"}) ? Word::kRejected : Word::kName;
    case 'F':
      return kw("False", Tok::kFalse) ? Word::kKeyword : Word::kName;
    case 'N':
      return rejected({"None"}) ? Word::kRejected : Word::kName;
    case 'T':
      return kw("True", Tok::kTrue) ? Word::kKeyword : Word::kName;
    default:
      return Word::kName;
  }
}

}  // namespace

bool IsIdentifier(std::string_view text) {
  if (text.empty() || !IsIdentStart(static_cast<unsigned char>(text[0]))) return false;
  for (char c : text)
    if (!IsIdentChar(static_cast<unsigned char>(c))) return false;
  Tok kind = Tok::kName;
  return ClassifyWord(text, &kind) == Word::kName;
}

class Lexer {
 public:
  Lexer(std::string_view text, uint32_t file, TokenSource& out)
      : src_(text), file_(file), out_(out) {
    indents_.push_back(0);
  }

  bool done() const { return done_; }

  // Lexes until at least one more token exists (the last call emits the final NEWLINE, DEDENTs
  // and END).
  void Step() {
    const size_t before = out_.end_;
    while (out_.end_ == before) {
      if (at_line_start_ && brackets_.empty()) {
        if (!HandleIndentation()) return Finish();  // end of input
        at_line_start_ = false;
      }
      if (pos_ >= src_.size()) return Finish();
      unsigned char c = src_[pos_];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
        Advance(1);
        continue;
      }
      if (c == '#') {
        SkipComment();
        continue;
      }
      if (c == '\n') {
        if (brackets_.empty()) {
          if (line_has_tokens_) Emit(Tok::kNewline, Here(), {});
          line_has_tokens_ = false;
          at_line_start_ = true;
        }
        NewLine();
        continue;
      }
      if (c == '\\') {
        size_t p = pos_ + 1;
        if (p < src_.size() && src_[p] == '\r') ++p;
        if (p < src_.size() && src_[p] == '\n') {
          Advance(p - pos_);
          NewLine();
          continue;
        }
        ir::ThrowUser(Here(), "unexpected character '\\' (a line continuation must end the line)");
      }
      line_has_tokens_ = true;
      if (IsIdentStart(c)) {
        LexName();
      } else if (IsDigit(c) || (c == '.' && pos_ + 1 < src_.size() && IsDigit(src_[pos_ + 1]))) {
        LexNumber();
      } else if (c == '"' || c == '\'') {
        LexString();
      } else {
        LexPunct();
      }
    }
  }

 private:
  void Finish() {
    if (!brackets_.empty()) {
      const Open& o = brackets_.back();
      ir::ThrowUser(o.span, "'" + std::string(1, o.ch) + "' was never closed",
                    {{{},
                      std::string("close it with '") +
                          (o.ch == '('   ? ')'
                           : o.ch == '[' ? ']'
                                         : '}') +
                          "'"}});
    }
    if (line_has_tokens_) Emit(Tok::kNewline, Here(), {});
    line_has_tokens_ = false;
    while (indents_.size() > 1) {
      indents_.pop_back();
      Emit(Tok::kDedent, Here(), {});
    }
    Emit(Tok::kEnd, Here(), {});
    done_ = true;
  }

  struct Open {
    char ch;
    ir::Span span;
  };

  ir::Span Here() const { return ir::Span{file_, line_, col_}; }

  // Column counts code points: continuation bytes of UTF-8 sequences do not advance it.
  void Advance(size_t n) {
    for (size_t i = 0; i < n; ++i) {
      unsigned char c = src_[pos_++];
      if ((c & 0xC0) != 0x80) ++col_;
    }
  }
  void NewLine() {
    ++pos_;
    ++line_;
    col_ = 1;
  }

  Token& Emit(Tok kind, ir::Span span, std::string_view text) {
    Token& t = out_.Append();
    t.kind = kind;
    t.span = span;
    t.text = text;
    return t;
  }

  void SkipComment() {
    while (pos_ < src_.size() && src_[pos_] != '\n') Advance(1);
  }

  // At the start of a physical line outside brackets: measures the indentation, skips blank
  // and comment-only lines, and emits INDENT/DEDENT. Returns false at end of input.
  bool HandleIndentation() {
    while (true) {
      size_t width = 0;
      while (pos_ < src_.size() && (src_[pos_] == ' ' || src_[pos_] == '\t' || src_[pos_] == '\f' ||
                                    src_[pos_] == '\r')) {
        if (src_[pos_] == '\t') {
          // Tabs are only an error where they would count as indentation.
          size_t p = pos_;
          while (p < src_.size() && (src_[p] == ' ' || src_[p] == '\t' || src_[p] == '\r')) ++p;
          if (p < src_.size() && src_[p] != '\n' && src_[p] != '#')
            ir::ThrowUser(Here(), "tab character in indentation (indent with spaces only)",
                          {{{}, "replace the tabs with spaces"}});
        }
        if (src_[pos_] == ' ') ++width;
        Advance(1);
      }
      if (pos_ >= src_.size()) return false;
      if (src_[pos_] == '#') SkipComment();
      if (pos_ >= src_.size()) return false;
      if (src_[pos_] == '\n') {
        NewLine();
        continue;
      }
      if (src_[pos_] == '\\') return true;  // a continuation at line start: no indentation change
      if (width > indents_.back()) {
        indents_.push_back(width);
        Emit(Tok::kIndent, Here(), {});
      } else {
        while (width < indents_.back()) {
          indents_.pop_back();
          Emit(Tok::kDedent, Here(), {});
        }
        if (width != indents_.back())
          ir::ThrowUser(Here(), "unindent does not match any outer indentation level",
                        {{{}, "indent this line to the column of an enclosing block"}});
      }
      return true;
    }
  }

  void LexName() {
    ir::Span span = Here();
    size_t start = pos_;
    while (pos_ < src_.size() && IsIdentChar(src_[pos_])) Advance(1);
    std::string_view w = src_.substr(start, pos_ - start);
    Tok kind = Tok::kName;
    switch (ClassifyWord(w, &kind)) {
      case Word::kRejected:
        throw ir::UserError(
            span,
            "'" + std::string(w) + "' not supported inside a kernel: Python keyword '" +
                std::string(w) + "' is not part of this language",
            {{{},
              "rewrite the statement without it (docs/dsl.md lists the constructs of the "
              "language)"}},
            ir::UserErrorKind::UnsupportedConstruct);
      case Word::kKeyword:
        Emit(kind, span, w);
        return;
      case Word::kName:
        Emit(Tok::kName, span, w);
        return;
    }
  }

  // Consumes digits (of the given class) with single '_' separators between them.
  void ScanDigits(bool hex, ir::Span span) {
    bool last_digit = false;
    while (pos_ < src_.size()) {
      unsigned char c = src_[pos_];
      if (hex ? IsHexDigit(c) : IsDigit(c)) {
        last_digit = true;
      } else if (c == '_') {
        if (!last_digit || pos_ + 1 >= src_.size() ||
            !(hex ? IsHexDigit(src_[pos_ + 1]) : IsDigit(src_[pos_ + 1])))
          ir::ThrowUser(span, "invalid numeric literal: '_' must separate two digits");
        last_digit = false;
      } else {
        break;
      }
      Advance(1);
    }
  }

  void LexNumber() {
    ir::Span span = Here();
    size_t start = pos_;
    bool is_float = false;
    if (src_[pos_] == '0' && pos_ + 1 < src_.size() &&
        (src_[pos_ + 1] == 'x' || src_[pos_ + 1] == 'X')) {
      Advance(2);
      if (pos_ < src_.size() && src_[pos_] == '_') Advance(1);
      size_t digits = pos_;
      ScanDigits(true, span);
      if (pos_ == digits) ir::ThrowUser(span, "invalid hexadecimal literal");
    } else {
      ScanDigits(false, span);
      if (pos_ < src_.size() && src_[pos_] == '.') {
        is_float = true;
        Advance(1);
        if (pos_ < src_.size() && IsDigit(src_[pos_])) ScanDigits(false, span);
      }
      if (pos_ < src_.size() && (src_[pos_] == 'e' || src_[pos_] == 'E')) {
        is_float = true;
        Advance(1);
        if (pos_ < src_.size() && (src_[pos_] == '+' || src_[pos_] == '-')) Advance(1);
        if (pos_ >= src_.size() || !IsDigit(src_[pos_]))
          ir::ThrowUser(span, "invalid float literal: exponent has no digits",
                        {{{}, "write digits after the exponent, e.g. 1e-3"}});
        ScanDigits(false, span);
      }
    }
    if (pos_ < src_.size() && (IsIdentChar(src_[pos_]) || src_[pos_] == '.'))
      ir::ThrowUser(span, "invalid numeric literal '" +
                              std::string(src_.substr(start, pos_ - start + 1)) + "'");
    std::string_view text = src_.substr(start, pos_ - start);
    std::string clean;
    clean.reserve(text.size());
    for (char ch : text)
      if (ch != '_') clean.push_back(ch);
    if (is_float) {
      errno = 0;
      double v = std::strtod(clean.c_str(), nullptr);
      if (errno == ERANGE && std::isinf(v))
        ir::ThrowUser(span, "float literal '" + std::string(text) + "' is out of range");
      Emit(Tok::kFloat, span, text).float_value = v;
      return;
    }
    bool hex = clean.size() > 1 && (clean[1] == 'x' || clean[1] == 'X');
    if (!hex && clean.size() > 1 && clean[0] == '0') {
      for (char ch : clean)
        if (ch != '0')
          ir::ThrowUser(span, "leading zeros in a decimal integer literal are not permitted");
    }
    uint64_t v = 0;
    for (size_t i = hex ? 2 : 0; i < clean.size(); ++i) {
      unsigned char ch = clean[i];
      unsigned d = IsDigit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10;
      unsigned base = hex ? 16 : 10;
      if (v > (static_cast<uint64_t>(INT64_MAX) - d) / base)
        ir::ThrowUser(span, "integer literal '" + std::string(text) + "' is too large");
      v = v * base + d;
    }
    Emit(Tok::kInt, span, text).int_value = static_cast<int64_t>(v);
  }

  void LexString() {
    ir::Span span = Here();
    size_t start = pos_;
    char q = src_[pos_];
    bool triple = pos_ + 2 < src_.size() && src_[pos_ + 1] == q && src_[pos_ + 2] == q;
    Advance(triple ? 3 : 1);
    std::string value;
    while (true) {
      if (pos_ >= src_.size())
        ir::ThrowUser(span, triple ? "unterminated triple-quoted string" : "unterminated string",
                      {{{}, "close the string with the quote it opens with"}});
      char c = src_[pos_];
      if (c == '\n') {
        if (!triple)
          ir::ThrowUser(span, "unterminated string (end of line inside the literal)",
                        {{{}, "close the string on the same line with the quote it opens with"}});
        value.push_back('\n');
        NewLine();
        continue;
      }
      if (c == q) {
        if (!triple) {
          Advance(1);
          break;
        }
        if (pos_ + 2 < src_.size() && src_[pos_ + 1] == q && src_[pos_ + 2] == q) {
          Advance(3);
          break;
        }
        value.push_back(c);
        Advance(1);
        continue;
      }
      if (c == '\\') {
        ir::Span esc = Here();
        if (pos_ + 1 >= src_.size())
          ir::ThrowUser(span, "unterminated string",
                        {{{}, "close the string with the quote it opens with"}});
        char n = src_[pos_ + 1];
        switch (n) {
          case '\\':
            value.push_back('\\');
            break;
          case '\'':
            value.push_back('\'');
            break;
          case '"':
            value.push_back('"');
            break;
          case 'n':
            value.push_back('\n');
            break;
          case 't':
            value.push_back('\t');
            break;
          case '\n':
            if (!triple)
              ir::ThrowUser(span, "unterminated string",
                            {{{}, "close the string with the quote it opens with"}});
            Advance(1);
            NewLine();
            continue;
          default:
            ir::ThrowUser(esc, std::string("unknown escape sequence '\\") + n +
                                   "' (allowed: \\\\ \\' \\\" \\n \\t)");
        }
        Advance(2);
        continue;
      }
      value.push_back(c);
      Advance(1);
    }
    Token& t = Emit(Tok::kString, span, src_.substr(start, pos_ - start));
    t.triple_quoted = triple;
    t.string_index = static_cast<uint32_t>(out_.strings_.size());
    out_.strings_.push_back(std::move(value));
  }

  void OpenBracket(char ch, ir::Span span) { brackets_.push_back({ch, span}); }
  void CloseBracket(char ch, ir::Span span) {
    char want = ch == ')' ? '(' : ch == ']' ? '[' : '{';
    if (brackets_.empty()) ir::ThrowUser(span, std::string("unmatched '") + ch + "'");
    const Open& o = brackets_.back();
    if (o.ch != want)
      ir::ThrowUser(
          span,
          std::string("closing '") + ch + "' does not match '" + o.ch + "' opened at line " +
              std::to_string(o.span.line) + ", column " + std::to_string(o.span.col),
          {{{}, "close the inner bracket first: brackets close in the reverse order they open"}});
    brackets_.pop_back();
  }

  void LexPunct() {
    ir::Span span = Here();
    char c = src_[pos_];
    char n = pos_ + 1 < src_.size() ? src_[pos_ + 1] : '\0';
    auto emit = [&](Tok k, size_t len) {
      Emit(k, span, src_.substr(pos_, len));
      Advance(len);
    };
    auto reject = [&](std::string_view op, std::string_view why) {
      ir::ThrowUser(
          span,
          "operator '" + std::string(op) + "' is not part of this language" + std::string(why),
          {{{}, "write it with the operators the language has: + - * / // % and comparisons"}});
    };
    switch (c) {
      case '(':
        OpenBracket(c, span);
        return emit(Tok::kLParen, 1);
      case '[':
        OpenBracket(c, span);
        return emit(Tok::kLBracket, 1);
      case '{':
        OpenBracket(c, span);
        return emit(Tok::kLBrace, 1);
      case ')':
        CloseBracket(c, span);
        return emit(Tok::kRParen, 1);
      case ']':
        CloseBracket(c, span);
        return emit(Tok::kRBracket, 1);
      case '}':
        CloseBracket(c, span);
        return emit(Tok::kRBrace, 1);
      case ',':
        return emit(Tok::kComma, 1);
      case ':':
        if (n == '=') reject(":=", "");
        return emit(Tok::kColon, 1);
      case '.':
        return emit(Tok::kDot, 1);
      case '@':
        return emit(Tok::kAt, 1);
      case '=':
        if (n == '=') return emit(Tok::kEq, 2);
        return emit(Tok::kAssign, 1);
      case '!':
        if (n == '=') return emit(Tok::kNe, 2);
        break;
      case '<':
        if (n == '=') return emit(Tok::kLe, 2);
        if (n == '<') reject("<<", "");
        return emit(Tok::kLt, 1);
      case '>':
        if (n == '=') return emit(Tok::kGe, 2);
        if (n == '>') reject(">>", "");
        return emit(Tok::kGt, 1);
      case '-':
        if (n == '>') return emit(Tok::kArrow, 2);
        if (n == '=') reject("-=", " (write 'x = x - y')");
        return emit(Tok::kMinus, 1);
      case '+':
        if (n == '=') reject("+=", " (write 'x = x + y')");
        return emit(Tok::kPlus, 1);
      case '*':
        if (n == '*') reject("**", "");
        if (n == '=') reject("*=", " (write 'x = x * y')");
        return emit(Tok::kStar, 1);
      case '/':
        if (n == '/') return emit(Tok::kDoubleSlash, 2);
        if (n == '=') reject("/=", "");
        return emit(Tok::kSlash, 1);
      case '%':
        return emit(Tok::kPercent, 1);
      case '&':
        reject("&", "");
        break;
      case '|':
        reject("|", "");
        break;
      case '^':
        reject("^", "");
        break;
      case '~':
        reject("~", "");
        break;
      case ';':
        ir::ThrowUser(span, "';' is not part of this language (one statement per line)",
                      {{{}, "put each statement on a line of its own"}});
      default:
        break;
    }
    unsigned char uc = static_cast<unsigned char>(c);
    if (uc < 0x20 || uc == 0x7f)
      ir::ThrowUser(span, "unexpected control character (code " + std::to_string(uc) + ")");
    ir::ThrowUser(span, std::string("unexpected character '") + c + "'");
  }

  std::string_view src_;
  uint32_t file_;
  size_t pos_ = 0;
  uint32_t line_ = 1;
  uint32_t col_ = 1;
  bool line_has_tokens_ = false;
  bool at_line_start_ = true;
  bool done_ = false;
  std::vector<size_t> indents_;
  std::vector<Open> brackets_;
  TokenSource& out_;
};

TokenSource::TokenSource(std::string_view text, uint32_t file)
    : lexer_(std::make_unique<Lexer>(text, file, *this)) {}

TokenSource::~TokenSource() = default;

Token& TokenSource::Append() {
  size_t k = end_ - base_;
  // Default-initialised storage: `new Chunk` leaves the bytes as they are.
  if ((k >> kShift) == chunks_.size()) chunks_.push_back(std::unique_ptr<Chunk>(new Chunk));
  ++end_;
  return *new (chunks_[k >> kShift]->Slot(k & kMask)) Token();
}

const Token& TokenSource::Fill(size_t i) {
  if (failed_) {
    if (error_) throw *error_;
    ir::ThrowInternal({}, "token source used after a lexical error");
  }
  try {
    while (end_ <= i && !lexer_->done()) lexer_->Step();
  } catch (const ir::UserError& e) {
    failed_ = true;
    error_ = e;
    throw;
  } catch (...) {
    failed_ = true;
    throw;
  }
  size_t k = (i < end_ ? i : end_ - 1) - base_;  // past the end: the kEnd token
  return (*chunks_[k >> kShift])[k & kMask];
}

void TokenSource::LexToEnd() {
  if (failed_) {
    if (error_) throw *error_;
    return;
  }
  try {
    while (!lexer_->done()) {
      lexer_->Step();
      Release(end_ - 1);
    }
  } catch (const ir::UserError& e) {
    failed_ = true;
    error_ = e;
    throw;
  } catch (...) {
    failed_ = true;
    throw;
  }
}

void TokenSource::Release(size_t i) {
  while (chunks_.size() > 1 && i - base_ >= kChunk && end_ - base_ > kChunk) {
    chunks_.pop_front();
    base_ += kChunk;
  }
}

TokenStream Tokenize(std::string_view text, uint32_t file) {
  TokenSource source(text, file);
  TokenStream out;
  for (size_t i = 0;; ++i) {
    const Token& t = source.At(i);
    out.tokens.push_back(t);
    // String indices count string tokens in order, so the copies keep them.
    if (t.kind == Tok::kString) out.strings.push_back(source.StringValue(t));
    if (t.kind == Tok::kEnd) break;
  }
  return out;
}

}  // namespace tilesplit::dsl
