// Private to the DSL front end: the keyword arguments of a construct, `NAME=value, ...` in the
// parentheses of a decorator, pl.at, a pl.range-family loop, pl.split_aiv, pl.TensorView or
// pl.TileView. One reader (Parser::ParseKeyword) makes the checks every such construct needs: a
// name, one the construct takes, not given before, followed by '='. The construct only says which
// keywords it takes, how to read each one's value, and how its refusals are worded (each kept
// as the construct has always written it, so that diagnostics do not change).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tilesplit/dsl/lexer.h"
#include "tilesplit/ir/span.h"

namespace tilesplit::dsl::detail {

// A keyword and the reader of its value, called with the cursor after the '='.
struct Keyword {
  std::string_view name;
  std::function<void(const Token& keyword)> read;
};

// How a construct words the refusals of its keywords.
struct KeywordSchema {
  // What ExpectName and Expect('=') say is missing: "as a pl.at keyword", "after the keyword".
  std::string_view name_context = {};
  std::string_view assign_context = {};
  // Names a keyword given twice, "NOUN 'K' is given twice" (just "K is given twice" when empty),
  // with `twice_note` as its note when not empty.
  std::string_view noun = {};
  std::string_view twice_note = {};
  // A keyword given again replaces its value instead of being refused (@pl.program's strict_ssa,
  // which has always read that way).
  bool repeatable = false;
  // An unknown name is refused as soon as it is read, before its '=' (else after the '='): the
  // order each construct has always refused in, so `@pl.function(bogus)` still asks for the '='
  // and `pl.split_aiv(2, bogus)` still names the keyword.
  bool unknown_first = false;
  // Refuses (throws) `keyword`, which is none of `known` (the construct's keywords, in their
  // order).
  void (*unknown)(const Token& keyword, const std::vector<Keyword>& known) = nullptr;
};

// Refuses `what` ("pl.at keyword 'level'", "attr key \"split\"") written a second time, at `at`,
// with `note` when not empty: the one wording of every "given twice" of the front end.
[[noreturn]] void RefuseGivenTwice(ir::Span at, const std::string& what,
                                   std::string_view note = {});

// "a, b or c" of the keyword names, each followed by `suffix` ("type=, attrs= or level=").
std::string KeywordList(const std::vector<Keyword>& keywords, std::string_view suffix = "");

}  // namespace tilesplit::dsl::detail
