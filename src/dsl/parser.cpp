// The parser's entry points, token helpers and the file's structure: the program class or the
// top-level functions, each recovered from on its own (dsl.md 3); the lines before the
// functions are read in parser_module.cpp, each function in parser_functions.cpp.
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

Parser::Parser(std::string_view text, uint32_t file) : TokenCursor(text, file), file_(file) {}

bool Parser::AtDocstring() const {
  return Check(Tok::kString) && Check(Tok::kNewline, 1);
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
    p_.names_.AllowNewDynamic(false);
  }
  // Moves past the failed construct that began at `start` (at least one token) up to where
  // `at_next` holds or the end of the file.
  template <typename AtNext>
  void SkipTo(size_t start, AtNext at_next) {
    try {
      if (p_.Position() == start) p_.Next();
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
    const size_t start = Position();
    auto known = class_fn_by_start_.find(Position());
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
        Seek(class_fns_[known->second].scan_end);
        continue;
      } else {
        // Already parsed if an earlier function called it.
        f = ParseClassFunction(known->second);
        Seek(class_fns_[known->second].end);
      }
    } catch (const ir::UserError& e) {
      if (!dynamic_cast<const CalleeFailed*>(&e)) errors.Record(e);
      if (known != class_fn_by_start_.end() && class_fns_[known->second].scan_end > Position()) {
        Seek(class_fns_[known->second].scan_end);
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
      const size_t start = Position();
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
