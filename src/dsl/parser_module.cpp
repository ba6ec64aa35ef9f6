// The syntax of the lines before the functions (dsl.md 3): the import lines, the module constants
// and the dynamic-dimension declarations; the constants themselves and the sibling modules they
// are imported from are module_loader.cpp's.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "parser_impl.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/ir/suggest.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::dsl::detail {

// ---- File layout.

void Parser::ParseImport() {
  if (Check(Tok::kFrom)) return ParseFromImport();
  Expect(Tok::kImport, "");
  do {
    const Token& head = ExpectName("after 'import'");
    std::string module(head.text);
    while (Accept(Tok::kDot)) module += "." + std::string(ExpectName("after '.'").text);
    std::optional<Token> alias;
    if (Accept(Tok::kAs)) alias = ExpectName("after 'as'");
    // The language is `pl` (and its distributed part `pld`) in every program; any other module
    // (torch, argparse, numpy) belongs to the script's Python around the program.
    const std::string_view want = module == "pypto.language"               ? "pl"
                                  : module == "pypto.language.distributed" ? "pld"
                                                                           : "";
    if (!want.empty() && (!alias || alias->text != want))
      ir::ThrowUser(alias ? alias->span : head.span,
                    "the module " + module + " must be imported as '" + std::string(want) + "'" +
                        (alias ? ", not '" + std::string(alias->text) + "'" : std::string()),
                    {{{}, "write 'import " + module + " as " + std::string(want) + "'"}});
  } while (Accept(Tok::kComma));
  ExpectNewline("after the import line");
}

void Parser::ParseFromImport() {
  const Token& from = Expect(Tok::kFrom, "");
  int dots = 0;
  while (Accept(Tok::kDot)) ++dots;
  std::string module;
  if (Check(Tok::kName)) {
    module = std::string(Next().text);
    while (Accept(Tok::kDot)) module += "." + std::string(ExpectName("after '.'").text);
  }
  Expect(Tok::kImport, "in 'from MODULE import NAME'");
  const bool paren = Accept(Tok::kLParen);
  struct Imported {
    Token name, alias;
  };
  std::vector<Imported> names;
  bool star = false;
  if (Accept(Tok::kStar)) {
    star = true;
  } else {
    do {
      if (paren && Check(Tok::kRParen)) break;  // a trailing comma
      const Token& n = ExpectName("to import");
      Token alias = n;
      if (Accept(Tok::kAs)) alias = ExpectName("after 'as'");
      names.push_back({n, alias});
    } while (Accept(Tok::kComma));
  }
  if (paren) Expect(Tok::kRParen, "closing the imported names");
  ExpectNewline("after the import line");
  if (dots == 0 && module == "pypto") {
    for (const Imported& i : names)
      if (i.name.text == "language" && i.alias.text != "pl")
        ir::ThrowUser(
            i.alias.span,
            "the language module must be imported as 'pl', not '" + std::string(i.alias.text) + "'",
            {{{}, "write 'from pypto import language as pl'"}});
    return;
  }
  if (dots == 0 && module.rfind("pypto.", 0) == 0) return;  // pypto.runtime and the like
  std::optional<ConstantMap> constants = ReadSiblingConstants(file_, dots, module);
  if (!constants) return;
  if (star) {
    for (const auto& [n, v] : *constants)
      if (n.empty() || n[0] != '_') consts_.Bind(n, v, from.span);
    return;
  }
  for (const Imported& i : names)
    if (auto it = constants->find(i.name.text); it != constants->end())
      consts_.Bind(i.alias.text, it->second, i.alias.span);
}

void Parser::SkipTopLevelStatement() {
  // To the end of the logical line (the lexer joins bracketed lines), then over an indented
  // block under it.
  while (!Check(Tok::kNewline) && !Check(Tok::kEnd)) Next();
  Accept(Tok::kNewline);
  if (!Accept(Tok::kIndent)) return;
  for (int level = 1; level > 0 && !Check(Tok::kEnd);) {
    if (Check(Tok::kIndent)) ++level;
    if (Check(Tok::kDedent)) --level;
    Next();
  }
}

std::unordered_map<std::string_view, ExprPtr> Parser::ParseConstantsOnly() {
  try {
    while (!Check(Tok::kEnd)) {
      if (Check(Tok::kNewline)) {
        Next();
      } else if (Check(Tok::kImport) || Check(Tok::kFrom)) {
        const size_t at = Position();
        try {
          ParseImport();
        } catch (const ir::UserError&) {
          Seek(at);
          SkipTopLevelStatement();
        }
      } else if (Check(Tok::kName) && Check(Tok::kAssign, 1) && !CheckPl("dynamic", 2)) {
        const size_t at = Position();
        try {
          ParseModuleConstant();
        } catch (const ir::UserError&) {
          Seek(at);  // not a numeric constant: the module's own business
          SkipTopLevelStatement();
        }
      } else {
        SkipTopLevelStatement();
      }
    }
  } catch (const ir::UserError&) {
    // Python this lexer does not read: the constants before it are kept.
  }
  return consts_.All();
}

void Parser::ParseDynDecl() {
  const Token& target = Next();
  Expect(Tok::kAssign, "in a dynamic dimension declaration");
  if (!CheckPl("dynamic"))
    ir::ThrowUser(Peek().span,
                  "only 'NAME = pl.dynamic(\"NAME\")' declarations may stand before "
                  "the functions");
  Next();
  Next();
  Next();
  Expect(Tok::kLParen, "after pl.dynamic");
  const Token& s = Expect(Tok::kString, "naming the dynamic dimension");
  if (Str(s) != target.text)
    ir::ThrowUser(s.span,
                  "dynamic dimension '" + std::string(target.text) +
                      "' is declared with the different name \"" + Str(s) + "\"",
                  {{{}, "use the same name on both sides: M = pl.dynamic(\"M\")"}});
  Expect(Tok::kRParen, "closing pl.dynamic(...)");
  ExpectNewline("after the dynamic dimension declaration");
  if (target.text == "pl" || target.text == "pld" || target.text == "self" || target.text == "_" ||
      target.text == "tuple")
    ir::ThrowUser(target.span, "'" + std::string(target.text) +
                                   "' is reserved and cannot name a dynamic dimension");
  names_.DeclareDynamic(target.text, target.span);
}

void Parser::ParseModuleConstant() {
  const Token& target = Next();
  Expect(Tok::kAssign, "in a module constant");
  if (Check(Tok::kString))
    ir::ThrowUser(
        Peek().span,
        "module constant '" + std::string(target.text) + "' must be a number, not a string",
        {{{},
          "write an int or float literal, or arithmetic on earlier constants, or move "
          "the string into the script's `if __name__ == \"__main__\":` block"}});
  ExprPtr value = ParseExpr();
  const bool number = value->As<ir::ConstInt>() || value->As<ir::ConstFloat>();
  if (!number)
    ir::ThrowUser(value->span.valid() ? value->span : target.span,
                  "module constant '" + std::string(target.text) + "' must be a number, got " +
                      ir::ExprToString(value),
                  {{{},
                    "write an int or float literal, or arithmetic on earlier constants; only "
                    "'NAME = pl.dynamic(\"NAME\")' and such constants may stand before the "
                    "functions"}});
  ExpectNewline("after the module constant");
  const std::string_view n = target.text;
  if (n == "pl" || n == "pld" || n == "self" || n == "_" || n == "tuple")
    ir::ThrowUser(target.span, "'" + std::string(n) + "' is reserved and cannot name a constant",
                  {{{}, "rename the constant"}});
  if (names_.IsDynamic(n))
    ir::ThrowUser(target.span,
                  "'" + std::string(n) +
                      "' is already a dynamic dimension; a module constant "
                      "cannot take its name",
                  {{{}, "rename one of them"}});
  consts_.Bind(n, std::move(value), target.span);
}

}  // namespace tilesplit::dsl::detail
