// The token cursor's refusals (token_cursor.h).
#include "token_cursor.h"

namespace tilesplit::dsl::detail {

std::string DescribeToken(const Token& t) {
  switch (t.kind) {
    case Tok::kName:
      return "name '" + std::string(t.text) + "'";
    case Tok::kInt:
    case Tok::kFloat:
    case Tok::kString:
      return "'" + std::string(t.text) + "'";
    default:
      return TokDescription(t.kind);
  }
}

void TokenCursor::TooDeep(ir::Span at) const {
  ir::ThrowUser(
      at,
      "nesting too deep: more than " + std::to_string(kMaxNesting) +
          " levels of parentheses, brackets, call arguments, operators and "
          "blocks; split it with intermediate assignments",
      {{{}, "split the expression: bind inner parts to names in statements of their own"}});
}

void TokenCursor::Unexpected(std::string_view expected) {
  const Token& t = Peek();
  if (t.kind == Tok::kIndent)
    ir::ThrowUser(t.span, "unexpected indent",
                  {{{}, "indent this line like the statement before it"}});
  ir::ThrowUser(t.span, "expected " + std::string(expected) + ", got " + DescribeToken(t),
                {{{}, "write " + std::string(expected) + " here"}});
}

const Token& TokenCursor::Expect(Tok k, std::string_view context) {
  if (!Check(k)) Unexpected(TokDescription(k) + " " + std::string(context));
  return Next();
}

const Token& TokenCursor::ExpectName(std::string_view context) {
  if (!Check(Tok::kName)) Unexpected("a name " + std::string(context));
  return Next();
}

void TokenCursor::ExpectNameText(std::string_view name, std::string_view context) {
  if (!CheckName(name)) Unexpected("'" + std::string(name) + "' " + std::string(context));
  Next();
}

void TokenCursor::ExpectNewline(std::string_view context) {
  if (!Check(Tok::kNewline)) Unexpected("end of line " + std::string(context));
  Next();
}

}  // namespace tilesplit::dsl::detail
