// The file layout before the functions (dsl.md 3): the import lines, the module constants (with
// the sibling modules they are imported from and the -D overrides) and the dynamic-dimension
// declarations.
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

namespace {
// Modules being read for their constants, innermost last: a cycle of imports stops there.
thread_local std::vector<std::string> g_reading_modules;
}  // namespace

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
  // A sibling module: found beside this file, or it is not one (torch, numpy...).
  namespace fs = std::filesystem;
  fs::path dir = fs::path(ir::SourceManager::Name(file_)).parent_path();
  for (int d = 1; d < dots; ++d) dir = dir.parent_path();
  fs::path base = dir;
  std::string rest = module;
  for (size_t p; (p = rest.find('.')) != std::string::npos; rest = rest.substr(p + 1))
    base /= rest.substr(0, p);
  std::error_code ec;
  fs::path path;
  if (!rest.empty() && fs::is_regular_file(base / (rest + ".py"), ec))
    path = base / (rest + ".py");
  else if (fs::is_regular_file(base / rest / "__init__.py", ec))
    path = base / rest / "__init__.py";
  if (path.empty()) return;
  const std::string key = fs::weakly_canonical(path, ec).string();
  if (std::find(g_reading_modules.begin(), g_reading_modules.end(), key) !=
          g_reading_modules.end() ||
      g_reading_modules.size() >= 16)
    return;
  std::ifstream in(path, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  const uint32_t file = ir::SourceManager::Register(path.string(), std::move(buf).str());
  g_reading_modules.push_back(key);
  std::unordered_map<std::string_view, ExprPtr> constants;
  try {
    Parser sibling(ir::SourceManager::Text(file), file);
    constants = sibling.ParseConstantsOnly();
  } catch (...) {
    g_reading_modules.pop_back();
    throw;
  }
  g_reading_modules.pop_back();
  auto bind = [&](std::string_view as, const ExprPtr& value, Span span) {
    ExprPtr v = value;
    if (defines_)
      if (auto d = defines_->find(std::string(as)); d != defines_->end()) {
        v = DefinedValue(d->first, d->second, v, span);
        defines_used_.insert(d->first);
      }
    consts_[as] = v;
  };
  if (star) {
    for (const auto& [n, v] : constants)
      if (n.empty() || n[0] != '_') bind(n, v, from.span);
    return;
  }
  for (const Imported& i : names)
    if (auto it = constants.find(i.name.text); it != constants.end())
      bind(i.alias.text, it->second, i.alias.span);
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
        const size_t at = pos_;
        try {
          ParseImport();
        } catch (const ir::UserError&) {
          pos_ = at;
          SkipTopLevelStatement();
        }
      } else if (Check(Tok::kName) && Check(Tok::kAssign, 1) && !CheckPl("dynamic", 2)) {
        const size_t at = pos_;
        try {
          ParseModuleConstant();
        } catch (const ir::UserError&) {
          pos_ = at;  // not a numeric constant: the module's own business
          SkipTopLevelStatement();
        }
      } else {
        SkipTopLevelStatement();
      }
    }
  } catch (const ir::UserError&) {
    // Python this lexer does not read: the constants before it are kept.
  }
  return consts_;
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
  if (dyn_.count(target.text))
    ir::ThrowUser(target.span,
                  "dynamic dimension '" + std::string(target.text) + "' is declared twice",
                  {{{}, "remove the second declaration"}});
  dyn_.emplace(target.text, ir::MakeVar(std::string(target.text),
                                        ir::MakeScalarType(ir::DataType::INDEX), target.span));
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
  if (dyn_.count(n))
    ir::ThrowUser(target.span,
                  "'" + std::string(n) +
                      "' is already a dynamic dimension; a module constant "
                      "cannot take its name",
                  {{{}, "rename one of them"}});
  if (defines_)
    if (auto d = defines_->find(std::string(n)); d != defines_->end()) {
      value = DefinedValue(d->first, d->second, value, target.span);
      defines_used_.insert(d->first);
    }
  consts_[n] = value;  // a later binding replaces an earlier one, as in Python
}

ExprPtr Parser::DefinedValue(const std::string& name, const std::string& text,
                             const ExprPtr& written, Span span) {
  auto bad = [&]() -> ExprPtr {
    ir::ThrowUser(Span{},
                  "-D " + name + "=" + text +
                      ": the value must be a number (an int, or a float for a float constant)",
                  {{{}, "write -D " + name + "=<number>, e.g. -D " + name + "=64"}});
  };
  size_t used = 0;
  try {
    if (const ir::ConstInt* i = written->As<ir::ConstInt>()) {
      const long long v = std::stoll(text, &used, 10);
      if (used != text.size()) return bad();
      return ir::MakeConstInt(v, i->type->As<ir::ScalarType>()->dtype, span);
    }
    const double v = std::stod(text, &used);
    if (used != text.size()) return bad();
    return ir::MakeConstFloat(v, written->type->As<ir::ScalarType>()->dtype, span);
  } catch (const std::logic_error&) {
    return bad();
  }
}

void Parser::CheckDefinesUsed() const {
  if (!defines_) return;
  for (const auto& [name, text] : *defines_)
    if (!defines_used_.count(name))
      ir::ThrowUser(
          Span{},
          "-D " + name + "=" + text + ": the file defines no module constant '" + name + "'",
          {{{}, "-D replaces the value of a `NAME = <number>` line before the functions"}});
}

}  // namespace tilesplit::dsl::detail
