// The one reader of a construct's keyword arguments (keyword_schema.h).
#include <algorithm>

#include "parser_impl.h"

namespace tilesplit::dsl::detail {

void RefuseGivenTwice(ir::Span at, const std::string& what, std::string_view note) {
  std::vector<ir::Note> notes;
  if (!note.empty()) notes.push_back({{}, std::string(note)});
  ir::ThrowUser(at, what + " is given twice", std::move(notes));
}

std::string KeywordList(const std::vector<Keyword>& keywords, std::string_view suffix) {
  std::string list;
  for (size_t i = 0; i < keywords.size(); ++i) {
    if (i > 0) list += i + 1 == keywords.size() ? " or " : ", ";
    list += std::string(keywords[i].name) + std::string(suffix);
  }
  return list;
}

namespace {

[[noreturn]] void RefuseUnknown(const KeywordSchema& schema, const Token& kw,
                                const std::vector<Keyword>& keywords) {
  schema.unknown(kw, keywords);
  ir::ThrowInternal(kw.span, "the keyword schema did not refuse '" + std::string(kw.text) + "'");
}

}  // namespace

void Parser::ParseKeyword(const KeywordSchema& schema, const std::vector<Keyword>& keywords,
                          std::vector<std::string_view>& given) {
  const Token& kw = ExpectName(schema.name_context);
  const auto known = std::find_if(keywords.begin(), keywords.end(),
                                  [&](const Keyword& k) { return k.name == kw.text; });
  if (known == keywords.end() && schema.unknown_first) RefuseUnknown(schema, kw, keywords);
  if (!schema.repeatable) {
    if (std::find(given.begin(), given.end(), kw.text) != given.end()) {
      RefuseGivenTwice(kw.span,
                       schema.noun.empty()
                           ? std::string(kw.text)
                           : std::string(schema.noun) + " '" + std::string(kw.text) + "'",
                       schema.twice_note);
    }
    given.push_back(kw.text);
  }
  Expect(Tok::kAssign, schema.assign_context);
  if (known == keywords.end()) RefuseUnknown(schema, kw, keywords);
  known->read(kw);
}

void Parser::ParseKeywordList(const KeywordSchema& schema, const std::vector<Keyword>& keywords) {
  std::vector<std::string_view> given;
  while (!Check(Tok::kRParen)) {
    ParseKeyword(schema, keywords, given);
    if (!Accept(Tok::kComma)) break;
  }
}

}  // namespace tilesplit::dsl::detail
