// Private to the DSL front end: the recursive-descent parser shared by src/dsl/parser*.cpp.
// One Parser parses one source buffer into a Program, building IR directly: every call is typed
// through the op registry as it is read. Its parts keep their own state: the token cursor and
// its refusals (token_cursor.h), name binding and the scopes (name_binding.h, dsl.md 8.8), the
// module constants and the sibling modules they come from (module_loader.h), and the one reader
// of a construct's keyword arguments (keyword_schema.h); the Parser holds what is being built.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "keyword_schema.h"
#include "module_loader.h"
#include "name_binding.h"
#include "tilesplit/dsl/lexer.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/op_def.h"
#include "token_cursor.h"

namespace tilesplit::dsl::detail {

using ir::ExprPtr;
using ir::Span;
using ir::StmtPtr;
using ir::TypePtr;
using ir::VarPtr;

// A compile-time literal: a keyword value, an attr value or a pl.const operand.
struct Literal {
  enum class Kind : uint8_t { Int, Float, Bool, String, DType, Enum };
  Kind kind = Kind::Int;
  int64_t int_value = 0;
  double float_value = 0;
  bool bool_value = false;
  std::string string_value;
  ir::DataType dtype = ir::DataType::INDEX;
  std::string_view enum_type;   // Enum: "Mem", "SplitMode", ...
  std::string_view enum_value;  // Enum: "Vec", "UP_DOWN", ...
  Span span;
  std::string_view source;  // the literal as written (a view into the source buffer)
  std::string text() const { return std::string(source); }  // for diagnostics
};

// The source text from the start of `first` to the end of `last` (tokens of one buffer).
inline std::string_view SourceRange(const Token& first, const Token& last) {
  return std::string_view(
      first.text.data(),
      static_cast<size_t>(last.text.data() + last.text.size() - first.text.data()));
}

// A tile view as written: layout fields left out are filled from the implicit view of the final
// (shape, memory space), which for an annotation is known only once the value is typed.
struct WrittenTileView {
  std::vector<ExprPtr> valid_shape;
  std::vector<ExprPtr> stride;
  ExprPtr start_offset;
  std::optional<ir::TileLayout> blayout, slayout;
  std::optional<int64_t> fractal;
  ir::PadValue pad = ir::PadValue::null;
  ir::CompactMode compact = ir::CompactMode::null;
};

// A parsed type annotation. For tiles it remembers which of memory space and view were written
// (dsl.md 7.3: those win over the deduced ones).
struct TypeAnn {
  TypePtr type;  // the type as written (tile: with the written memory and view only)
  Span span;
  std::optional<ir::MemorySpace> tile_memory;
  std::optional<WrittenTileView> tile_view;
  std::vector<TypeAnn> elements;  // Tuple: the element annotations
};

// A written call argument before binding.
struct CallArg {
  std::string_view keyword;  // empty = positional
  Span span;                 // of the value
  Span keyword_span;
  ExprPtr expr;                    // null when the value is literal-only (enum, dtype, string)
  std::optional<Literal> literal;  // set when the value is a literal
  std::optional<ir::AttrMap> call_attrs;  // `attrs={...}`: the call's annotations
};

// One `x` or `x: T` target of a yield.
struct YieldTarget {
  std::string_view name;
  Span span;
  std::optional<TypeAnn> ann;
};

// TaskScope: `with pl.scope()` / `with pl.manual_scope()`, whose statements join the enclosing
// block (parser_tasks.cpp).
enum class BlockKind : uint8_t { Function, Loop, Branch, With, Region, TaskScope };

// A parsed block: its statements (a trailing YieldStmt included) and the yield's targets.
struct Block {
  std::vector<StmtPtr> stmts;
  bool has_yield = false;
  std::vector<YieldTarget> yield_targets;
  std::vector<ExprPtr> yield_values;
  Span yield_span;
};

struct FunctionState {
  std::optional<std::vector<TypePtr>> declared_returns;
  std::optional<std::vector<TypePtr>> inferred_returns;
  Span first_return_span;
  std::set<std::string> task_ids;  // bound by `with pl.at(...) as NAME` (parser_tasks.cpp)
};

// Thrown where a statement calls a class function that has errors of its own: the callee's errors
// are reported where it is defined, so the call is a consequence, never reported itself.
class CalleeFailed : public ir::UserError {
 public:
  using ir::UserError::UserError;
};

class Parser : public TokenCursor {
 public:
  Parser(std::string_view text, uint32_t file);
  ir::ProgramPtr ParseProgram();
  // ---- Keyword arguments (parser_keywords.cpp, keyword_schema.h).
  // Reads one `NAME=value` of `keywords` at the cursor: refuses an unknown name and, unless the
  // schema lets keywords repeat, one already in `given` (which it extends), then hands the value
  // to the keyword's reader.
  void ParseKeyword(const KeywordSchema& schema, const std::vector<Keyword>& keywords,
                    std::vector<std::string_view>& given);
  // `NAME=value, ...` up to a ')' (not consumed), a trailing comma allowed.
  void ParseKeywordList(const KeywordSchema& schema, const std::vector<Keyword>& keywords);

  // ---- File layout (parser_module.cpp), functions, decorators, attrs (parser_functions.cpp).
  void ParseImport();
  // `from MODULE import NAME [as ALIAS], ...`: the numeric constants NAME of a sibling module
  // (MODULE.py beside the file, or MODULE/__init__.py; leading dots climb directories) bind as
  // module constants; any other module (torch, argparse, pypto.runtime) is the script's Python.
  void ParseFromImport();
  // A module read only for its constants: its numeric `NAME = ...` lines at the top level (and
  // what it imports from its own siblings); every other statement is skipped.
  ConstantMap ParseConstantsOnly();
  void SkipTopLevelStatement();
  void ParseDynDecl();
  // `NAME = <number>` before the functions: a module constant, folded into every use.
  void ParseModuleConstant();
  // The -D overrides of module constants (ParseOptions::defines).
  void SetDefines(const std::map<std::string, std::string>* d) { consts_.SetDefines(d); }
  // ParseOptions::defer_memory_contract.
  void SetDeferMemoryContract(bool defer) { defer_memory_contract_ = defer; }
  void CheckDefinesUsed() const { consts_.CheckDefinesUsed(); }
  // At `if __name__ == "__main__":` on the top level: the script's entry point, where the
  // program ends (nothing from there on is read, so its Python need not be ours).
  bool AtMainGuard() const;
  ir::FunctionPtr ParseFunction(bool in_class);
  bool ParseStrictSSAValue();
  ir::AttrMap ParseAttrDict(ir::AttrMap* merge_into, std::vector<std::string>* seen_keys);
  ir::AttrValue AttrFromLiteral(const std::string& key, const Literal& lit);
  ir::AttrMap ParseCallAttrDict();

  // ---- Types and literals (parser_types.cpp).
  TypeAnn ParseType();
  std::vector<ExprPtr> ParseShape(std::string_view what);
  ExprPtr ParseDim(std::string_view what);
  ir::DataType ParseDType();
  bool AtDType(size_t ahead = 0) const;
  bool AtEnumRef(size_t ahead = 0) const;
  bool AtLiteral() const;
  Literal ParseLiteral();
  // `...` alone on its line: the body of a signature-only (external) function.
  bool AtEllipsisBody() const {
    return Check(Tok::kDot) && Check(Tok::kDot, 1) && Check(Tok::kDot, 2) &&
           (Check(Tok::kNewline, 3) || Check(Tok::kDedent, 3) || Check(Tok::kEnd, 3));
  }
  Literal ParseEnumRef();
  // A member of pl.`type` as the value of `what` ("level=", "pl.split"), read with `from`; any
  // other value is refused as "WHAT takes a pl.TYPE value, got X" with `notes`. Returns the
  // member and the literal as written.
  template <typename E>
  std::pair<E, Literal> ParseEnumValue(std::string_view what, std::string_view type,
                                       std::optional<E> (*from)(std::string_view),
                                       std::vector<ir::Note> notes = {}) {
    Literal lit = ParseEnumRef();
    std::optional<E> v = lit.enum_type == type ? from(lit.enum_value) : std::nullopt;
    if (!v)
      ir::ThrowUser(
          lit.span,
          std::string(what) + " takes a pl." + std::string(type) + " value, got " + lit.text(),
          std::move(notes));
    return {*v, std::move(lit)};
  }
  ir::MemorySpace ParseMemSpace();
  void ParseMemRefPlacement();
  ir::TileView BuildTileView(const WrittenTileView& w, const std::vector<ExprPtr>& shape,
                             std::optional<ir::MemorySpace> mem) const;
  // The final type of an annotated value (dsl.md 7.3): the annotation's shape and dtype; for
  // tiles its memory space and view where written, the deduced ones otherwise.
  TypePtr FinalType(const TypeAnn& ann, const TypePtr& deduced) const;
  // dsl.md 7.3: kind, dtype, rank and static dims of `ann` must agree with `deduced`.
  // A call that yields nothing (tpush, tfree, notify) or whose type only an annotation gives
  // (tpop) used where a value is needed: an error naming the op.
  void RejectValueless(const ExprPtr& e, Span at) const;
  void CheckAnnotation(const TypeAnn& ann, const TypePtr& deduced, Span at,
                       std::string_view what) const;

  // ---- Expressions (parser_exprs.cpp).
  ExprPtr ParseExpr();
  ExprPtr ParseOr();
  ExprPtr ParseAnd();
  ExprPtr ParseNot();
  ExprPtr ParseCompare();
  ExprPtr ParseArith();
  ExprPtr ParseTerm();
  ExprPtr ParseUnary();
  ExprPtr ParsePostfix();
  // `t[a:b, c:d]` on a tensor: the start and stop of each axis (a plain index i is i:i+1, a bare
  // ':' the whole axis), after the '[' (consumed up to and including the ']').
  struct Window {
    std::vector<ExprPtr> starts, extents;
    std::vector<int64_t> indexed;  // the axes given one index (`x[r]`), not a range
  };
  Window ParseWindow(const ExprPtr& tensor, Span open);
  // `NAME[window] = value`: the tensor NAME rebound to value written into the window
  // (tensor.assemble of a tensor, tile.store of a tile).
  bool AtSubscriptAssignment() const;
  void ParseSubscriptAssignment(Block& block);
  ExprPtr ParseAtom();
  ExprPtr ParseBracketList(Tok close, Span open_span);
  ExprPtr ResolveName(const Token& name);
  [[noreturn]] void NotAValue(const Token& at, std::string_view what);

  // ---- Calls (parser_calls.cpp).
  bool AtCall() const;
  ExprPtr ParseCall();
  std::vector<CallArg> ParseCallArgs();
  CallArg ParseCallArg();
  ExprPtr BuildOpCall(const ops::OpDef& op, std::vector<CallArg> args, Span span);
  ExprPtr BuildShortForm(std::string_view name, const Token& name_tok, std::vector<CallArg> args,
                         Span span);
  ExprPtr BuildConst(std::vector<CallArg> args, Span span);
  ExprPtr BuildMinMax(ir::BinaryOp op, std::vector<CallArg> args, Span span);
  ExprPtr BuildCast(std::vector<CallArg> args, Span span);
  ir::AttrValue KwargFromArg(const ops::OpDef& op, const ops::KwargSpec& spec, const CallArg& a);
  // Types `value` against an assignment annotation; returns the value carrying the final type.
  ExprPtr ApplyAnnotation(const ExprPtr& value, const TypeAnn& ann, Span at);

  // ---- Statements (parser_stmts.cpp; loops in parser_loops.cpp, if and with in
  // parser_branches.cpp).
  // Parses `NEWLINE INDENT items DEDENT`; scopes are managed by the caller.
  Block ParseBlock(BlockKind kind);
  void ParseBlockItems(BlockKind kind, Block& block);
  void ParseStatement(BlockKind kind, Block& block);
  void ParseSimpleStatement(BlockKind kind, Block& block);
  void ParseAssignment(BlockKind kind, Block& block);
  void ParseYield(BlockKind kind, Block& block, std::vector<YieldTarget> targets);
  void ParseTupleUnpacking(Block& block, const std::vector<YieldTarget>& targets);
  void ParseReturn(BlockKind kind, Block& block);
  void ParseFor(Block& block);
  void ParseRangeFor(Block& block, const Token& for_tok, const Token& var_tok);
  void ParseWhileCarried(Block& block, const Token& for_tok, bool parenthesized);
  void ParseSplitAiv(Block& block, const Token& for_tok, const Token& var_tok);
  void ParseWhile(Block& block);
  // Parses `if`/`elif` (the cursor is on the keyword). `nested` marks the `if` an `elif` stands
  // for: its merge targets are fresh names of the else branch that the outer `if` re-yields.
  StmtPtr ParseIf(bool nested, std::vector<YieldTarget>* targets_out);
  void ParseWith(BlockKind kind, Block& block);
  // ---- The task model's scheduling constructs (parser_tasks.cpp): read, checked, and without
  // effect on what a program computes (docs/task-model.md).
  // `kind` is the enclosing body's: a loop or if body may end in a scope whose last statement is
  // its pl.yield_ (the scope's statements join that body).
  void ParseTaskScope(BlockKind kind, Block& block, const Token& with_tok);
  void ParseSpmdFor(Block& block, const Token& for_tok, const Token& var_tok);
  void ParseSpmdWith(Block& block, const Token& with_tok);
  struct SpmdHeader {
    ExprPtr core_num;
    std::string name_hint;
    bool early = false;
  };
  SpmdHeader ParseSpmdHeader(bool with_form);
  void RefuseLaunchIn(const StmtPtr& body, std::string_view where) const;
  // `[a, b, ...]` of no_dep_args= or dumps= (`keyword`: tensors the function has bound; what
  // the runtime does with them is `purpose`) or deps= (task ids bound by
  // `with pl.at(...) as NAME`).
  void ParseTaskTensors(std::string_view keyword, std::string_view purpose);
  // Returns the task id values listed (what the scope keeps, ScopeStmt::deps).
  std::vector<ExprPtr> ParseTaskDeps(std::string_view construct);
  // `as NAME` after pl.at(...): checks NAME and records it as a task id of this function; the
  // caller defines it as a Scalar[TASK_ID] value after the scope's body. Returns the name.
  const Token* BindTaskId();
  // `NAME = pl.array.create(N, pl.TASK_ID)` (an array of task ids) or `NAME[i] = TID` into one:
  // read and true at such a statement, false (nothing read) elsewhere.
  bool ParseTaskIdStatement();
  std::vector<ir::ScopeOptimization> ParseScopeOptimizations();
  std::vector<ExprPtr> ParseInitValues();
  std::vector<VarPtr> MakeYieldTargets(const Block& body, const std::vector<TypePtr>& types,
                                       bool force_new);
  void CheckYieldValues(const Block& body, const std::vector<TypePtr>& types,
                        std::string_view construct) const;
  bool AtDocstring() const;

  // ---- Calls between the functions of a program class (parser_fcalls.cpp). The class is
  // scanned for its functions before any is parsed, so a call may name a function defined later:
  // the callee is then parsed on demand (its signature and its inferred return types are known
  // only once its body is read), which also finds a cycle at the call that closes it.
  struct ClassFunction {
    std::string_view name;
    size_t start = 0;     // the '@' of its decorator
    size_t end = 0;       // the token after its body, once parsed
    size_t scan_end = 0;  // the token after its body, as the scan found it
    enum class State : uint8_t { Pending, InProgress, Done, Failed } state = State::Pending;
    ir::FunctionPtr fn;
    std::vector<ir::UserError> errors;  // when Failed: its own errors (none when only a callee's)
  };
  void ScanClassFunctions();
  void ScanClassFunctionsFrom(size_t i);
  // Parses class function `index` wherever the cursor is, saving and restoring the parser state
  // (also when it fails). A failed function is marked Failed with its errors; a call from another
  // function's body then throws CalleeFailed, a parse from the class loop rethrows the error.
  const ir::FunctionPtr& ParseClassFunction(size_t index);
  // The methods of the class, each recovered from on its own (parser.cpp).
  std::vector<ir::FunctionPtr> ParseClassBody();
  class Errors;       // the independent errors of a file (parser.cpp)
  class UniqueNames;  // function names seen so far (parser.cpp)
  bool AtSelfCall() const {
    return (CheckName("self") && Check(Tok::kDot, 1) && Check(Tok::kName, 2) &&
            Check(Tok::kLParen, 3)) ||
           AtSubmit();
  }
  // `pl.submit(self.NAME, args..., deps=[...], allow_early_resolve=...)`: the call launched as a
  // named task (ir::TaskLaunch).
  bool AtSubmit() const {
    return CheckName("pl") && Check(Tok::kDot, 1) && Check(Tok::kName, 2) &&
           Peek(2).text == "submit" && Check(Tok::kLParen, 3);
  }
  // `self.NAME(args)` or a pl.submit of it. `standalone` is false where a call would be a
  // sub-expression, which is rejected (calls stand as an assignment value, a statement or a
  // returned value).
  ExprPtr ParseSelfCall(bool standalone);
  // The deps=[...] of a pl.submit: task id values (Scalar[TASK_ID]); the names of tasks that a
  // pl.at scope or a task id array binds are checked and, as for a scope's deps=, keep no node.
  std::vector<ExprPtr> ParseSubmitDeps();

  // ---- State.
  std::vector<ClassFunction> class_fns_;
  std::unordered_map<std::string_view, size_t> class_fn_by_name_;
  std::unordered_map<size_t, size_t> class_fn_by_start_;
  bool in_class_ = false;
  bool class_scan_cut_ = false;         // a lexical error ended the scan of the class's methods
  std::vector<size_t> class_fn_stack_;  // class functions being parsed, outermost first
  ir::FunctionType cur_ftype_ = ir::FunctionType::Opaque;
  // strict_ssa=True on @pl.program (every function; a top-level @pl.function says it for
  // itself): a second binding of a name is an error instead of a new version.
  bool program_strict_ssa_ = false;
  std::string_view cur_fname_;
  uint32_t file_;
  ModuleConstants consts_;
  bool defer_memory_contract_ = false;
  NameBinding names_;
  std::optional<ir::SplitMode> region_mode_;  // inside a pl.split_aiv region
  FunctionState fn_;

  // ---- Recovery inside a function body (parser_stmts.cpp). After an error in a simple
  // statement the parser goes on with the next statement; the names the failed statement would
  // have bound are "poisoned", and a later "unknown name" error about one of them is a
  // consequence, not reported. A statement that fails only because it calls a failed class
  // function is a consequence too (callee_failed_): the function is dropped, nothing reported.
  void WrapTopLevelRegion(Block& block);
  bool RecoverStatement(const ir::UserError& e, size_t start);
  // Throws the statement errors of the function being parsed (or CalleeFailed when there are
  // only consequences), if any.
  void ThrowStatementErrors(Span function);
  std::vector<ir::UserError> statement_errors_;
  std::vector<std::string> poisoned_;
  bool callee_failed_ = false;
};

// dsl.md 7.3: kind, dtype, rank and the dims static on both sides agree (an INDEX value may
// carry any integer scalar type).
bool TypesAgree(const TypePtr& annotated, const TypePtr& deduced);

inline bool IsBoolScalar(const ExprPtr& e) {
  auto dt = ir::ScalarDType(e);
  return dt && *dt == ir::DataType::BOOL;
}

// A value's type in a message (a call that yields nothing has none).
inline std::string TypeText(const TypePtr& t) {
  return t ? ir::TypeToString(t) : "no value";
}

// A "did you mean 'X'?" note for a misspelt `word` among `candidates`, or no note.
std::vector<ir::Note> Suggest(std::string_view word, const std::vector<std::string>& candidates);
// The same among the members of enum type `enum_type` ("Mem", "SplitMode", ...).
std::vector<ir::Note> SuggestMember(std::string_view enum_type, std::string_view word);

// `notes` when it holds any (a suggestion), else the one note `fallback`.
inline std::vector<ir::Note> OrNote(std::vector<ir::Note> notes, std::string fallback) {
  if (notes.empty()) notes.push_back({{}, std::move(fallback)});
  return notes;
}

}  // namespace tilesplit::dsl::detail
