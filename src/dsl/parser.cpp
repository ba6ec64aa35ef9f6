// The parser's entry points, token helpers and the file layout: import line, dynamic-dimension
// declarations, the program class, function headers, decorators and attrs (dsl.md 3, 4).
#include "tilesplit/dsl/parser.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <utility>

#include "parser_impl.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/ir/ssa.h"
#include "tilesplit/ir/suggest.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::dsl {
namespace detail {

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

Parser::Parser(std::string_view text, uint32_t file) : ts_(text, file), file_(file) {}

void Parser::TooDeep(Span at) const {
  ir::ThrowUser(
      at,
      "nesting too deep: more than " + std::to_string(kMaxNesting) +
          " levels of parentheses, brackets, call arguments, operators and "
          "blocks; split it with intermediate assignments",
      {{{}, "split the expression: bind inner parts to names in statements of their own"}});
}

void Parser::Unexpected(std::string_view expected) {
  const Token& t = Peek();
  if (t.kind == Tok::kIndent)
    ir::ThrowUser(t.span, "unexpected indent",
                  {{{}, "indent this line like the statement before it"}});
  ir::ThrowUser(t.span, "expected " + std::string(expected) + ", got " + DescribeToken(t),
                {{{}, "write " + std::string(expected) + " here"}});
}

const Token& Parser::Expect(Tok k, std::string_view context) {
  if (!Check(k)) Unexpected(TokDescription(k) + " " + std::string(context));
  return Next();
}

const Token& Parser::ExpectName(std::string_view context) {
  if (!Check(Tok::kName)) Unexpected("a name " + std::string(context));
  return Next();
}

void Parser::ExpectNameText(std::string_view name, std::string_view context) {
  if (!CheckName(name)) Unexpected("'" + std::string(name) + "' " + std::string(context));
  Next();
}

void Parser::ExpectNewline(std::string_view context) {
  if (!Check(Tok::kNewline)) Unexpected("end of line " + std::string(context));
  Next();
}

bool Parser::AtDocstring() const {
  return Check(Tok::kString) && Check(Tok::kNewline, 1);
}

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

bool Parser::AtMainGuard() const {
  return Check(Tok::kIf) && CheckName("__name__", 1);
}

ir::DetailedUserError MergeLexical(const ir::UserError* parsed, const ir::UserError& lexical) {
  // A lexical error explains the parse errors after where it starts (an unclosed bracket
  // swallows the newlines after it); the errors of earlier functions stand.
  auto before = [&](const ir::UserError& x) {
    const ir::Span& a = x.span();
    const ir::Span& b = lexical.span();
    return a.valid() && b.valid() && (a.line < b.line || (a.line == b.line && a.col < b.col));
  };
  std::vector<ir::UserError> kept;
  if (parsed) {
    if (before(*parsed)) kept.push_back(*parsed);
    for (const ir::UserError& f : ir::FurtherOf(*parsed))
      if (before(f)) kept.push_back(f);
  }
  kept.push_back(lexical);
  ir::DetailedUserError all(kept[0], "dsl.parse");
  for (size_t i = 1; i < kept.size(); ++i) all.AddFurther(kept[i]);
  return all;
}

// The independent errors of one file, in the order found (each function's, or each method's).
class Parser::Errors {
 public:
  explicit Errors(Parser& p) : p_(p) {}
  void Record(const ir::UserError& e) {
    // After a lexical error no token can be read: stop here.
    if (p_.IsLexicalError(e)) throw MergeLexical(SoFar(), e);
    if (first_) {
      first_->AddFurther(e);
      for (const ir::UserError& f : ir::FurtherOf(e)) first_->AddFurther(f);
    } else {
      first_ = ir::WithRule(e, "dsl.parse");
    }
    p_.allow_new_dyn_ = false;
  }
  // Moves past the failed construct that began at `start` (at least one token) up to where
  // `at_next` holds or the end of the file.
  template <typename AtNext>
  void SkipTo(size_t start, AtNext at_next) {
    try {
      if (p_.pos_ == start) p_.Next();
      while (!p_.Check(Tok::kEnd) && !at_next()) p_.Next();
    } catch (const ir::UserError& lexical) {
      throw MergeLexical(SoFar(), lexical);
    }
  }
  bool Any() const { return first_.has_value(); }
  void ThrowIfAny() {
    if (first_) throw *first_;
  }

 private:
  const ir::UserError* SoFar() const { return first_ ? &*first_ : nullptr; }
  Parser& p_;
  std::optional<ir::DetailedUserError> first_;
};

// Function names are unique in a file.
class Parser::UniqueNames {
 public:
  ir::FunctionPtr Add(ir::FunctionPtr f) {
    auto [it, fresh] = seen_.emplace(f->name, f->span);
    if (!fresh)
      ir::ThrowUser(
          f->span, "duplicate function name '" + f->name + "'",
          {{it->second, "'" + f->name + "' was first defined here"}, {{}, "rename one of them"}});
    return f;
  }

 private:
  std::unordered_map<std::string, Span> seen_;
};

std::vector<ir::FunctionPtr> Parser::ParseClassBody() {
  // The methods are independent as far as errors go: after an error in one the parser goes on
  // with the next. A method whose call of another method fails because the callee has errors is
  // dropped without a report of its own (the callee's errors are reported at the callee).
  // The methods' column: where the first one (or whatever stands in its place) starts.
  const uint32_t method_col = Peek().span.col;
  bool first = true;
  in_class_ = true;
  ScanClassFunctions();
  Errors errors(*this);
  UniqueNames names;
  std::vector<ir::FunctionPtr> functions;
  while (!Check(Tok::kDedent) && !Check(Tok::kEnd)) {
    const size_t start = pos_;
    auto known = class_fn_by_start_.find(pos_);
    ir::FunctionPtr f;
    try {
      const bool at_first = std::exchange(first, false);
      if (!Check(Tok::kAt))
        Unexpected(at_first ? "a '@pl.function' method in the program class"
                            : "another '@pl.function' method or the end of the class");
      if (known == class_fn_by_start_.end()) {
        f = ParseFunction(true);
      } else if (class_fns_[known->second].state == ClassFunction::State::Failed) {
        // Parsed (and failed) on demand, from a call in an earlier method.
        for (const ir::UserError& e : class_fns_[known->second].errors) errors.Record(e);
        pos_ = class_fns_[known->second].scan_end;
        continue;
      } else {
        // Already parsed if an earlier function called it.
        f = ParseClassFunction(known->second);
        pos_ = class_fns_[known->second].end;
      }
    } catch (const ir::UserError& e) {
      if (!dynamic_cast<const CalleeFailed*>(&e)) errors.Record(e);
      if (known != class_fn_by_start_.end() && class_fns_[known->second].scan_end > pos_) {
        pos_ = class_fns_[known->second].scan_end;
      } else {
        // A method the scan did not delimit (a malformed header): on to the next decorator at
        // the methods' column.
        errors.SkipTo(start, [&] { return Check(Tok::kAt) && Peek().span.col == method_col; });
      }
      continue;
    }
    try {
      functions.push_back(names.Add(std::move(f)));
    } catch (const ir::UserError& e) {
      errors.Record(e);
    }
  }
  if (Check(Tok::kDedent)) {
    Next();
    if (!Check(Tok::kEnd) && !AtMainGuard()) {
      try {
        ir::ThrowUser(Peek().span, "unexpected " + DescribeToken(Peek()) +
                                       " after the program class (only one class is allowed)");
      } catch (const ir::UserError& e) {
        errors.Record(e);
      }
    }
  }
  errors.ThrowIfAny();
  return functions;
}

ir::ProgramPtr Parser::ParseProgram() {
  while (AtDocstring()) {
    Next();
    Next();
  }
  while (true) {
    if (AtDocstring()) {
      Next();
      Next();
    } else if (Check(Tok::kImport) || Check(Tok::kFrom)) {
      ParseImport();
    } else if (Check(Tok::kName) && Check(Tok::kAssign, 1)) {
      if (CheckPl("dynamic", 2))
        ParseDynDecl();
      else
        ParseModuleConstant();
    } else {
      break;
    }
  }

  std::string program_name;
  Span program_span = Peek().span;
  std::vector<ir::FunctionPtr> functions;

  if (Check(Tok::kAt) && CheckPl("program", 1)) {
    Next();
    Next();
    Next();
    Next();
    if (Accept(Tok::kLParen)) {
      // A repeated strict_ssa has always been read, the last one deciding.
      static const KeywordSchema schema{
          .name_context = "as a @pl.program keyword",
          .assign_context = "after the keyword",
          .repeatable = true,
          .unknown_first = true,
          .unknown = [](const Token& kw, const std::vector<Keyword>& known) {
            ir::ThrowUser(kw.span,
                          "unknown @pl.program keyword '" + std::string(kw.text) + "' (expected " +
                              KeywordList(known) + ")",
                          {{{}, "use strict_ssa=True or False, or remove the keyword"}});
          }};
      ParseKeywordList(
          schema,
          {{"strict_ssa", [&](const Token&) { program_strict_ssa_ = ParseStrictSSAValue(); }}});
      Expect(Tok::kRParen, "closing @pl.program(...)");
    }
    ExpectNewline("after @pl.program");
    Expect(Tok::kClass, "after @pl.program");
    program_name = std::string(ExpectName("after 'class'").text);
    if (Accept(Tok::kLParen)) Unexpected("':' (a program class has no base classes)");
    Expect(Tok::kColon, "after the class name");
    ExpectNewline("after the class header");
    Expect(Tok::kIndent, "for the class body");
    // A class with no method is written `pass`, as the printer writes an empty program.
    while (AtDocstring() || Check(Tok::kPass)) {
      if (Accept(Tok::kPass)) {
        ExpectNewline("after 'pass'");
        continue;
      }
      Next();
      Next();
    }
    functions = ParseClassBody();
  } else {
    if (!Check(Tok::kAt)) {
      if (Check(Tok::kEnd)) ir::ThrowUser(Peek().span, "the file defines no function");
      Unexpected("'@pl.program' or '@pl.function' (only functions may stand at the top level)");
    }
    // Top-level functions are independent (they do not call each other), so after an error in
    // one the parser goes on with the next and reports every error it found.
    Errors errors(*this);
    UniqueNames names;
    while (!Check(Tok::kEnd)) {
      if (AtMainGuard()) break;
      const size_t start = pos_;
      try {
        if (!Check(Tok::kAt))
          Unexpected("'@pl.function' (only functions may stand at the top level)");
        functions.push_back(names.Add(ParseFunction(false)));
      } catch (const ir::UserError& e) {
        errors.Record(e);
        // Skip to the next decorator at the start of a line: the next top-level function.
        errors.SkipTo(start, [&] { return Check(Tok::kAt) && Peek().span.col == 1; });
      }
    }
    errors.ThrowIfAny();
  }
  return std::make_shared<ir::Program>(std::move(program_name), std::move(functions), program_span);
}

// ---- Functions.

namespace {

struct DerivedPair {
  std::optional<ir::Level> level;
  std::optional<ir::Role> role;
};

DerivedPair DerivedLevelRole(ir::FunctionType t) {
  using ir::FunctionType;
  using ir::Level;
  using ir::Role;
  switch (t) {
    case FunctionType::Opaque:
      return {};
    case FunctionType::Orchestration:
      return {Level::CHIP, Role::Orchestrator};
    case FunctionType::InCore:
      return {Level::CHIP_DIE, Role::SubWorker};
    case FunctionType::AIC:
      return {Level::AIC, Role::SubWorker};
    case FunctionType::AIV:
      return {Level::AIV, Role::SubWorker};
    case FunctionType::Group:
      return {Level::CORE_GROUP, Role::SubWorker};
    case FunctionType::Inline:
      return {};
  }
  return {};
}

}  // namespace

bool Parser::ParseStrictSSAValue() {
  Literal lit = ParseLiteral();
  if (lit.kind != Literal::Kind::Bool)
    ir::ThrowUser(lit.span, "strict_ssa= takes True or False, got " + lit.text());
  return lit.bool_value;
}

ir::FunctionPtr Parser::ParseFunction(bool in_class) {
  // Decorator.
  // Copies: the body's statements release the tokens before them.
  const Token at = Expect(Tok::kAt, "before a function");
  if (CheckPl("jit"))
    ir::ThrowUser(ts_.At(pos_ + 2).span,
                  "a @pl.jit function takes the shapes and dtypes of its parameters from the "
                  "tensors it is called with, which a file alone does not give",
                  {{{},
                    "run the script with Python (PYTHONPATH=build/python python3 FILE), or write "
                    "@pl.function with the parameters' shapes annotated to read it here"}});
  if (!CheckPl("function"))
    ir::ThrowUser(Peek().span,
                  "expected the decorator '@pl.function', got " + DescribeToken(Peek()));
  Next();
  Next();
  Next();
  ir::FunctionType ftype = ir::FunctionType::Opaque;
  ir::AttrMap attrs;
  std::vector<std::string> attr_keys;
  std::optional<std::pair<ir::Level, Span>> level;
  std::optional<std::pair<ir::Role, Span>> role;
  strict_ssa_ = program_strict_ssa_;
  std::optional<std::pair<std::string, Span>> external;
  if (Accept(Tok::kLParen)) {
    static const KeywordSchema schema{
        .name_context = "as a @pl.function keyword",
        .assign_context = "after the keyword",
        .noun = "@pl.function keyword",
        .twice_note = "remove one of them",
        .unknown = [](const Token& kw, const std::vector<Keyword>& known) {
          ir::ThrowUser(kw.span,
                        "unknown @pl.function keyword '" + std::string(kw.text) + "' (expected " +
                            KeywordList(known) + ")",
                        {{{}, "use " + KeywordList(known, "=") + ", or remove the keyword"}});
        }};
    ParseKeywordList(
        schema,
        {{"type",
          [&](const Token&) {
            Literal lit = ParseEnumRef();
            if (lit.enum_type != "FunctionType")
              ir::ThrowUser(lit.span, "type= takes a pl.FunctionType value, got " + lit.text());
            auto t = ir::FunctionTypeFromName(lit.enum_value);
            if (!t)
              ir::ThrowUser(
                  lit.span,
                  "unknown or unsupported function type '" + std::string(lit.enum_value) + "'",
                  OrNote(SuggestMember("FunctionType", lit.enum_value),
                         "use one of the pl.FunctionType members: Opaque, Orchestration, InCore, "
                         "AIC, AIV, Group or Inline"));
            ftype = *t;
          }},
         {"attrs", [&](const Token&) { ParseAttrDict(&attrs, &attr_keys); }},
         {"level",
          [&](const Token&) {
            Literal lit = ParseEnumRef();
            auto l = lit.enum_type == "Level" ? ir::LevelFromName(lit.enum_value) : std::nullopt;
            if (!l) ir::ThrowUser(lit.span, "level= takes a pl.Level value, got " + lit.text());
            level = {*l, lit.span};
          }},
         {"role",
          [&](const Token&) {
            Literal lit = ParseEnumRef();
            auto r = lit.enum_type == "Role" ? ir::RoleFromName(lit.enum_value) : std::nullopt;
            if (!r) ir::ThrowUser(lit.span, "role= takes a pl.Role value, got " + lit.text());
            role = {*r, lit.span};
          }},
         {"strict_ssa",
          [&](const Token&) {
            // As in PyPTO, the keyword of a method is not read: the program's decides.
            const bool strict = ParseStrictSSAValue();
            if (!in_class) strict_ssa_ = strict;
          }},
         {"external_source", [&](const Token& kw) {
            Literal lit = ParseLiteral();
            if (lit.kind != Literal::Kind::String || lit.string_value.empty())
              ir::ThrowUser(lit.span,
                            "external_source= takes the path of the function's source file, got " +
                                lit.text(),
                            {{{}, "write e.g. external_source=\"kernels/my_kernel.cpp\""}});
            external = {lit.string_value, kw.span};
          }}});
    Expect(Tok::kRParen, "closing @pl.function(...)");
  }
  ExpectNewline("after the decorator");
  cur_ftype_ = ftype;
  DerivedPair derived = DerivedLevelRole(ftype);
  const std::string tname(ir::FunctionTypeName(ftype));
  if (level && (!derived.level || *derived.level != level->first))
    ir::ThrowUser(
        level->second,
        "level " + std::string(ir::LevelName(level->first)) + " does not match function type " +
            tname + " (which implies " +
            (derived.level ? "level " + std::string(ir::LevelName(*derived.level))
                           : std::string("no level")) +
            ")",
        {{{}, "remove level=, or change type= to a function type that implies this level"}});
  if (role && (!derived.role || *derived.role != role->first))
    ir::ThrowUser(
        role->second,
        "role " + std::string(ir::RoleName(role->first)) + " does not match function type " +
            tname + " (which implies " +
            (derived.role ? "role " + std::string(ir::RoleName(*derived.role))
                          : std::string("no role")) +
            ")",
        {{{}, "remove role=, or change type= to a function type that implies this role"}});

  // Signature.
  const Token def = Expect(Tok::kDef, "after the decorator");
  (void)def;
  const Token name = ExpectName("after 'def'");
  cur_fname_ = name.text;
  Expect(Tok::kLParen, "after the function name");
  scopes_.clear();
  scopes_.emplace_back();
  fn_ = FunctionState{};
  region_mode_.reset();
  std::vector<ir::Param> params;
  bool first = true;
  while (!Check(Tok::kRParen)) {
    if (Check(Tok::kStar))
      ir::ThrowUser(Peek().span, "'*' parameters are not supported; declare each parameter");
    const Token& pname = ExpectName("as a parameter name");
    if (pname.text == "self" && first && !Check(Tok::kColon)) {
      first = false;
      if (!Accept(Tok::kComma)) break;
      continue;
    }
    first = false;
    if (!Check(Tok::kColon))
      ir::ThrowUser(
          pname.span, "parameter '" + std::string(pname.text) + "' needs a type annotation",
          {{{},
            "annotate it, e.g. '" + std::string(pname.text) + ": pl.Tensor[[64, 64], pl.FP32]'"}});
    Next();
    ir::ParamDirection dir = ir::ParamDirection::In;
    Span dir_span = Peek().span;
    bool wrapped = false;
    if (CheckPl("Out") || CheckPl("InOut")) {
      dir = CheckPl("Out") ? ir::ParamDirection::Out : ir::ParamDirection::InOut;
      Next();
      Next();
      Next();
      Expect(Tok::kLBracket, dir == ir::ParamDirection::Out ? "after pl.Out" : "after pl.InOut");
      wrapped = true;
    }
    allow_new_dyn_ = true;
    TypeAnn ann = ParseType();
    allow_new_dyn_ = false;
    if (wrapped) {
      Expect(Tok::kRBracket, "closing the direction wrapper");
      if (ann.type->kind != ir::TypeKind::Tensor && ann.type->kind != ir::TypeKind::Tile)
        ir::ThrowUser(
            dir_span,
            std::string(dir == ir::ParamDirection::Out ? "pl.Out" : "pl.InOut") +
                " may wrap only a Tensor or a Tile, not " + ir::TypeToString(ann.type),
            {{{}, "remove the pl.Out / pl.InOut wrapper: a scalar parameter is an input"}});
    }
    if (Check(Tok::kAssign))
      ir::ThrowUser(Peek().span,
                    "parameter '" + std::string(pname.text) +
                        "' has a default value; defaults are not supported",
                    {{{}, "remove the default value"}});
    if (pname.text == "self" || pname.text == "pl" || pname.text == "pld" || pname.text == "_")
      ir::ThrowUser(pname.span, "'" + std::string(pname.text) + "' cannot name a parameter");
    if (scopes_.back().names.count(pname.text))
      ir::ThrowUser(pname.span, "duplicate parameter '" + std::string(pname.text) + "'");
    if (dyn_.count(pname.text))
      ir::ThrowUser(pname.span, "parameter '" + std::string(pname.text) +
                                    "' has the name of a dynamic dimension");
    VarPtr v = ir::MakeVar(std::string(pname.text), ann.type, pname.span);
    scopes_.back().names.emplace(pname.text, Binding{v, false});
    params.push_back({v, dir});
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRParen, "closing the parameter list");
  if (Accept(Tok::kArrow)) {
    allow_new_dyn_ = true;
    std::vector<TypePtr> rets;
    if (CheckName("tuple") && Check(Tok::kLBracket, 1)) {
      Span tspan = Next().span;
      Next();
      while (!Check(Tok::kRBracket)) {
        rets.push_back(ParseType().type);
        if (!Accept(Tok::kComma)) break;
      }
      Expect(Tok::kRBracket, "closing tuple[...]");
      if (rets.size() < 2)
        ir::ThrowUser(tspan, "tuple[...] return annotation needs at least two types");
    } else {
      rets.push_back(ParseType().type);
    }
    allow_new_dyn_ = false;
    fn_.declared_returns = std::move(rets);
  }
  Expect(Tok::kColon, "after the function signature");
  ExpectNewline("after the function signature");
  Expect(Tok::kIndent, "for the function body");

  // Body: docstring, pl.func_attr statements, statements.
  while (AtDocstring()) {
    Next();
    Next();
  }
  while (CheckPl("func_attr")) {
    Next();
    Next();
    Next();
    Expect(Tok::kLParen, "after pl.func_attr");
    ParseAttrDict(&attrs, &attr_keys);
    Expect(Tok::kRParen, "closing pl.func_attr(...)");
    ExpectNewline("after pl.func_attr(...)");
    while (AtDocstring()) {
      Next();
      Next();
    }
  }
  Block body;
  statement_errors_.clear();
  poisoned_.clear();
  callee_failed_ = false;
  if (external || AtEllipsisBody()) {
    // A signature-only function: its body is the external source's, written `...` here.
    if (!external)
      ir::ThrowUser(
          Peek().span,
          "a body of '...' declares a function implemented elsewhere, but '" +
              std::string(name.text) + "' names no source",
          {{{}, "add external_source=\"FILE.cpp\" to its @pl.function, or write the body"}});
    if (!AtEllipsisBody())
      ir::ThrowUser(Peek().span,
                    "'" + std::string(name.text) + "' is implemented in " + external->first +
                        " (external_source=), so its body must be '...' alone",
                    {{{}, "replace the body with '...', or remove external_source="}});
    for (int i = 0; i < 3; ++i) Next();
    ExpectNewline("after '...'");
    Expect(Tok::kDedent, "at the end of the function body");
    attrs.emplace_back(std::string(ir::kExternalSourceAttr), external->first);
    std::sort(attrs.begin(), attrs.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<TypePtr> returns = fn_.declared_returns.value_or(std::vector<TypePtr>{});
    return std::make_shared<ir::Function>(std::string(name.text), ftype, std::move(params),
                                          std::move(returns), std::move(attrs),
                                          ir::MakeSeq({}, name.span), name.span);
  }
  try {
    if (!Check(Tok::kDedent)) ParseBlockItems(BlockKind::Function, body);
  } catch (const ir::UserError& e) {
    // An error no statement recovers from (in a compound statement) ends the body; the errors of
    // the simple statements before it stand. A lexical error is met again by the caller, which
    // reads on, and merged there.
    const bool lexical = IsLexicalError(e);
    if (statement_errors_.empty() && (lexical || !callee_failed_)) throw;
    if (!lexical && !dynamic_cast<const CalleeFailed*>(&e)) {
      statement_errors_.push_back(e);
      for (const ir::UserError& f : ir::FurtherOf(e)) statement_errors_.push_back(f);
    }
    ThrowStatementErrors(name.span);
  }
  // Statements were dropped: the function cannot be built, only its errors reported.
  ThrowStatementErrors(name.span);
  Expect(Tok::kDedent, "at the end of the function body");

  std::vector<TypePtr> returns;
  if (fn_.declared_returns)
    returns = *fn_.declared_returns;
  else if (fn_.inferred_returns)
    returns = *fn_.inferred_returns;
  (void)in_class;
  Span fspan = name.span;
  (void)at;
  return std::make_shared<ir::Function>(std::string(name.text), ftype, std::move(params),
                                        std::move(returns), std::move(attrs),
                                        ir::MakeSeq(std::move(body.stmts), fspan), fspan);
}

// ---- Attrs.

ir::AttrValue Parser::AttrFromLiteral(const std::string& key, const Literal& lit) {
  using K = Literal::Kind;
  if (key == "split") {
    if (lit.kind == K::Int) {
      if (lit.int_value < 0 || lit.int_value > 2)
        ir::ThrowUser(lit.span,
                      "attr \"split\" must be a pl.SplitMode or 0, 1, 2; got " + lit.text());
      return static_cast<ir::SplitMode>(lit.int_value);
    }
    if (lit.kind == K::Enum && lit.enum_type == "SplitMode") {
      auto m = ir::SplitModeFromName(lit.enum_value);
      if (!m)
        ir::ThrowUser(lit.span, "unknown split mode '" + std::string(lit.enum_value) + "'",
                      SuggestMember("SplitMode", lit.enum_value));
      return *m;
    }
    ir::ThrowUser(lit.span, "attr \"split\" must be a pl.SplitMode, got " + lit.text());
  }
  if (key == "split_aiv" || key == "dual_aiv_dispatch") {
    if (lit.kind != K::Bool)
      ir::ThrowUser(lit.span, "attr \"" + key + "\" must be True or False, got " + lit.text());
    return lit.bool_value;
  }
  switch (lit.kind) {
    case K::Int:
      return lit.int_value;
    case K::Float:
      return lit.float_value;
    case K::Bool:
      return lit.bool_value;
    case K::String:
      return lit.string_value;
    case K::DType:
      return lit.dtype;
    case K::Enum:
      if (lit.enum_type == "Mem" || lit.enum_type == "MemorySpace") {
        auto m = ir::MemorySpaceFromName(lit.enum_value);
        if (!m)
          ir::ThrowUser(lit.span, "unknown memory space '" + std::string(lit.enum_value) + "'",
                        {{{}, "use a pl.Mem member such as pl.Mem.Vec"}});
        return *m;
      }
      if (lit.enum_type == "SplitMode") {
        auto m = ir::SplitModeFromName(lit.enum_value);
        if (!m) ir::ThrowUser(lit.span, "unknown split mode '" + std::string(lit.enum_value) + "'");
        return *m;
      }
      break;
  }
  ir::ThrowUser(lit.span, "attr \"" + key + "\" has unsupported value " + lit.text() +
                              " (allowed: int, float, bool, string, data type, memory space, "
                              "split mode)");
}

// The function attributes something reads: the split mode and forms (dsl.md 4.2), and the pipe
// sizing the outliner and expand-mixed-kernel write. Any other key would be silently ignored, so
// a misspelt one ("splitt") would drop the split without a word; it is rejected instead.
namespace {
const std::vector<std::string>& KnownFunctionAttrs() {
  static const std::vector<std::string> keys = {
      "split",           "split_aiv",     "dual_aiv_dispatch", "slot_num",
      "cross_core_slot", "c2v_slot_size", "v2c_slot_size"};
  return keys;
}
}  // namespace

ir::AttrMap Parser::ParseAttrDict(ir::AttrMap* merge_into, std::vector<std::string>* seen_keys) {
  Expect(Tok::kLBrace, "opening the attrs dict");
  while (!Check(Tok::kRBrace)) {
    const Token& k = Expect(Tok::kString, "as an attr key");
    std::string key = Str(k);
    const auto& known = KnownFunctionAttrs();
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      std::string list;
      for (const std::string& n : known) list += (list.empty() ? "" : ", ") + n;
      std::string dym = ir::DidYouMean(key, known);
      ir::ThrowUser(
          k.span, "unknown function attribute \"" + key + "\"",
          {{{}, dym.empty() ? "known attributes: " + list : dym + " (known: " + list + ")"}});
    }
    for (const std::string& s : *seen_keys)
      if (s == key)
        ir::ThrowUser(k.span, "attr key \"" + key + "\" is given twice",
                      {{{}, "remove one of them"}});
    seen_keys->push_back(key);
    Expect(Tok::kColon, "after the attr key");
    if (!AtLiteral() && !AtEnumRef() && !AtDType())
      ir::ThrowUser(Peek().span,
                    "attr \"" + key + "\" needs a literal value, got " + DescribeToken(Peek()));
    Literal lit = ParseLiteral();
    // A ring of no slots would never carry a transfer: the value is refused where it is written
    // rather than by expand-mixed-kernel, which only sees the kernels that get that far.
    if (key == "slot_num" && (lit.kind != Literal::Kind::Int || lit.int_value < 1))
      ir::ThrowUser(lit.span,
                    "attr \"slot_num\" must be an integer of at least 1, got " + lit.text(),
                    {{{},
                      "give the number of slots of each pipe's ring (1 or more), or leave the "
                      "attribute out and expand-mixed-kernel sizes the rings itself"}});
    ir::SetSortedAttr(*merge_into, key, AttrFromLiteral(key, lit));
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRBrace, "closing the attrs dict");
  return *merge_into;
}

}  // namespace detail

namespace {

ir::ProgramPtr ParseOwned(std::string text, const std::string& filename,
                          const ParseOptions& options) {
  uint32_t file = ir::SourceManager::Register(filename, std::move(text));
  const std::string& stored = ir::SourceManager::Text(file);
  ir::TileTypeInterning interning;
  detail::Parser parser(stored, file);
  parser.SetDefines(&options.defines);
  parser.SetDeferMemoryContract(options.defer_memory_contract);
  ir::ProgramPtr program;
  try {
    program = parser.ParseProgram();
  } catch (const ir::UserError& e) {
    try {
      parser.LexToMainGuard();  // throws instead when the rest of the program has a lexical error
    } catch (const ir::UserError& lexical) {
      throw detail::MergeLexical(&e, lexical);
    }
    throw ir::WithRule(e, "dsl.parse");
  }
  parser.CheckDefinesUsed();
  if (options.convert_to_ssa) program = ir::ConvertProgramToSSA(program);
  return program;
}

}  // namespace

ir::ProgramPtr Parse(std::string_view text, const std::string& filename,
                     const ParseOptions& options) {
  return ParseOwned(std::string(text), filename, options);
}

ir::ProgramPtr ParseFile(const std::string& path, const ParseOptions& options) {
  // Read straight into the string the source manager keeps: no second copy of a large file.
  std::string text;
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return ParseOwned(std::move(text), "<stdin>", options);
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) ir::ThrowUser(ir::Span{}, "cannot open input file '" + path + "'");
  std::error_code ec;
  const bool regular = std::filesystem::is_regular_file(path, ec);
  const uintmax_t size = regular ? std::filesystem::file_size(path, ec) : 0;
  if (regular && !ec && size > 0) {
    text.resize(static_cast<size_t>(size));
    in.read(text.data(), static_cast<std::streamsize>(size));
    text.resize(static_cast<size_t>(in.gcount()));
  } else {
    if (std::filesystem::is_directory(path, ec))
      ir::ThrowUser(ir::Span{}, "cannot read input file '" + path + "': it is a directory");
    // A pipe or a special file: no size to read by.
    std::stringstream buf;
    buf << in.rdbuf();
    text = std::move(buf).str();
  }
  return ParseOwned(std::move(text), path, options);
}

}  // namespace tilesplit::dsl
