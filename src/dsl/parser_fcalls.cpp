// Calls between the functions of one program class: `self.NAME(arg, ...)`. A project extension
// of dsl.md (which leaves such calls out): outlining and the mixed-kernel expansion need one
// function to run another (docs/ir.md, "The DSL").
#include "parser_impl.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"

namespace tilesplit::dsl::detail {
namespace {

std::string Quote(std::string_view s) {
  return "'" + std::string(s) + "'";
}

// A parameter accepts an argument of the same kind and dtype (an INDEX value passes for any
// integer scalar), the same rank and the same static dims; a tile also needs the same memory
// space where both state one.
bool ParamAccepts(const TypePtr& param, const TypePtr& arg) {
  if (!param || !arg || !TypesAgree(param, arg)) return false;
  const ir::TileType* p = ir::AsTileType(param);
  const ir::TileType* a = ir::AsTileType(arg);
  if (p && a && p->memory && a->memory && *p->memory != *a->memory) return false;
  return true;
}

// Whether a function of type `t` may call another function. An Inline function is spliced into
// its callers (inline-functions), so it may call whatever they may; a call of an Inline function
// may stand anywhere (checked at the call, once the callee is known).
bool MayCall(ir::FunctionType t) {
  return ir::IsHostFunction(t) || t == ir::FunctionType::Group || t == ir::FunctionType::Inline;
}

}  // namespace

void Parser::ScanClassFunctions() {
  // Each method is `@ ... def NAME ( ... ) ... : NEWLINE INDENT ... DEDENT`; a malformed one ends
  // the scan and is reported by the real parse, and so does a lexical error: the methods before
  // it are parsed (their errors reported) before the parse meets it again.
  try {
    ScanClassFunctionsFrom(Position());
  } catch (const ir::UserError&) {
    class_scan_cut_ = true;
  }
}

void Parser::ScanClassFunctionsFrom(size_t i) {
  auto kind = [&](size_t k) { return TokenAt(k).kind; };
  while (kind(i) == Tok::kAt) {
    const size_t start = i;
    while (kind(i) != Tok::kDef && kind(i) != Tok::kIndent && kind(i) != Tok::kEnd) ++i;
    if (kind(i) != Tok::kDef || kind(i + 1) != Tok::kName) return;
    const std::string_view name = TokenAt(i + 1).text;
    int depth = 0;
    for (; kind(i) != Tok::kEnd; ++i) {
      if (kind(i) == Tok::kIndent) ++depth;
      if (kind(i) == Tok::kDedent && --depth == 0) break;
    }
    if (kind(i) != Tok::kDedent) return;
    ++i;
    ClassFunction cf;
    cf.name = name;
    cf.start = start;
    cf.scan_end = i;
    class_fn_by_start_.emplace(start, class_fns_.size());
    class_fn_by_name_.emplace(name, class_fns_.size());  // a duplicate keeps the first
    class_fns_.push_back(std::move(cf));
  }
}

const ir::FunctionPtr& Parser::ParseClassFunction(size_t index) {
  ClassFunction& cf = class_fns_[index];
  if (cf.state == ClassFunction::State::Done) return cf.fn;
  if (cf.state == ClassFunction::State::Failed)
    throw CalleeFailed(Peek().span, "'" + std::string(cf.name) + "' has errors");
  // ParseFunction resets the per-function state; a caller in the middle of its body gets its
  // own back afterwards.
  const size_t saved_pos = Position();
  NameBinding::Saved saved_names = names_.Save();
  FunctionState saved_fn = std::move(fn_);
  const std::optional<ir::SplitMode> saved_region = region_mode_;
  const ir::FunctionType saved_type = cur_ftype_;
  const std::string_view saved_name = cur_fname_;
  // The caller's statement recovery state, which the callee's body would otherwise reset.
  std::vector<ir::UserError> saved_errors = std::move(statement_errors_);
  std::vector<std::string> saved_poisoned = std::move(poisoned_);
  const bool saved_callee_failed = callee_failed_;
  auto restore = [&] {
    class_fn_stack_.pop_back();
    Seek(saved_pos);
    names_.Restore(std::move(saved_names));
    fn_ = std::move(saved_fn);
    region_mode_ = saved_region;
    cur_ftype_ = saved_type;
    cur_fname_ = saved_name;
    statement_errors_ = std::move(saved_errors);
    poisoned_ = std::move(saved_poisoned);
    callee_failed_ = saved_callee_failed;
  };
  cf.state = ClassFunction::State::InProgress;
  class_fn_stack_.push_back(index);
  Seek(cf.start);
  ir::FunctionPtr fn;
  try {
    fn = ParseFunction(true);
  } catch (const ir::UserError& e) {
    // Its errors are reported where it is defined (the class loop reaches it); a caller only
    // learns that the call cannot be parsed.
    ClassFunction& failed = class_fns_[index];
    failed.state = ClassFunction::State::Failed;
    if (!dynamic_cast<const CalleeFailed*>(&e) && !IsLexicalError(e)) {
      failed.errors.push_back(e);
      for (const ir::UserError& f : ir::FurtherOf(e)) failed.errors.push_back(f);
    }
    restore();
    if (class_fn_stack_.empty() || IsLexicalError(e)) throw;
    throw CalleeFailed(e.span(), "'" + std::string(failed.name) + "' has errors");
  }
  ClassFunction& done = class_fns_[index];
  done.fn = std::move(fn);
  done.end = Position();
  done.state = ClassFunction::State::Done;
  restore();
  return done.fn;
}

ExprPtr Parser::ParseSelfCall(bool standalone) {
  const Token& self_tok = Peek();
  const Span span = self_tok.span;
  if (!in_class_)
    ir::ThrowUser(span,
                  "'self.NAME(...)' calls another function of a program, so it is allowed only "
                  "inside a @pl.program class",
                  {{Span{}, "put the functions in one '@pl.program' class"}});
  if (!AtSelfCall()) Unexpected("'self.NAME(...)', a call of another function of the program");
  const bool submit = AtSubmit();
  if (submit) {
    Next();
    Next();
    Next();
    Next();
    if (!(CheckName("self") && Check(Tok::kDot, 1) && Check(Tok::kName, 2)))
      ir::ThrowUser(Peek().span,
                    "pl.submit(...) first argument must be a self.<kernel> method reference",
                    {{{}, "write pl.submit(self.kernel, args...)"}});
  }
  Next();
  Next();
  const Token& name_tok = Next();
  const std::string callee_name(name_tok.text);
  if (!standalone)
    ir::ThrowUser(span,
                  "the call of " + Quote(callee_name) +
                      " must stand on its own: as the value of an assignment, as a statement "
                      "or as a returned value",
                  {{Span{}, "bind it first: 'r: T = self." + callee_name + "(...)'"}});
  auto it = class_fn_by_name_.find(name_tok.text);
  if (it == class_fn_by_name_.end()) {
    // The method may stand past a lexical error, which is reported instead.
    if (class_scan_cut_)
      throw CalleeFailed(name_tok.span, "unknown function " + Quote(callee_name));
    std::vector<std::string> names;
    for (const ClassFunction& cf : class_fns_) names.emplace_back(cf.name);
    ir::ThrowUser(
        name_tok.span, "unknown function " + Quote(callee_name) + " in program class",
        OrNote(Suggest(callee_name, names),
               "define a method " + Quote(callee_name) + " in the class, or call one that exists"));
  }
  const size_t index = it->second;
  if (class_fns_[index].state == ClassFunction::State::InProgress) {
    std::string chain;
    bool on = false;
    for (size_t k : class_fn_stack_) {
      on = on || k == index;
      if (on) chain += std::string(class_fns_[k].name) + " -> ";
    }
    chain += callee_name;
    ir::ThrowUser(
        name_tok.span,
        "recursive call: this call closes the cycle " + chain +
            "; the call graph of a program must be acyclic",
        {{{},
          "remove the call, or restructure the functions so that none calls back into a caller"}});
  }
  // Arguments first (they are the caller's values), then the callee, parsed on demand.
  std::optional<ir::TaskLaunch> task;
  if (submit) {
    task.emplace();
    if (!Check(Tok::kRParen)) Expect(Tok::kComma, "after the submitted kernel");
  } else {
    Expect(Tok::kLParen, "after the function name");
  }
  std::vector<ExprPtr> args;
  std::vector<Span> arg_spans;
  std::optional<ir::AttrMap> call_attrs;
  while (!Check(Tok::kRParen)) {
    if (submit && Check(Tok::kName) && Check(Tok::kAssign, 1) && !CheckName("attrs")) {
      const Token& kw = Next();
      Next();
      if (kw.text == "deps") {
        task->deps = ParseSubmitDeps();
      } else if (kw.text == "allow_early_resolve") {
        Literal lit = ParseLiteral();
        if (lit.kind != Literal::Kind::Bool)
          ir::ThrowUser(lit.span, "allow_early_resolve= takes True or False, got " + lit.text(),
                        {{{}, "write allow_early_resolve=True, or remove the keyword"}});
        task->allow_early_resolve = lit.bool_value;
      } else {
        ir::ThrowUser(kw.span,
                      "unsupported pl.submit keyword '" + std::string(kw.text) +
                          "' (expected deps, allow_early_resolve or attrs)",
                      {{{}, "remove the keyword"}});
      }
      if (!Accept(Tok::kComma)) break;
      continue;
    }
    if (!call_attrs && CheckName("attrs") && Check(Tok::kAssign, 1) && Check(Tok::kLBrace, 2)) {
      Next();
      Next();
      call_attrs = ParseCallAttrDict();
      if (!Accept(Tok::kComma)) break;
      continue;
    }
    if (call_attrs)
      ir::ThrowUser(Peek().span, "the call's attrs={...} must be its last argument",
                    {{{}, "move attrs={...} after the positional arguments"}});
    if (Check(Tok::kName) && Check(Tok::kAssign, 1))
      ir::ThrowUser(Peek().span,
                    "a call of " + Quote(callee_name) + " takes positional arguments only");
    arg_spans.push_back(Peek().span);
    ExprPtr a = AtSelfCall() ? ParseSelfCall(false) : ParseExpr();
    RejectValueless(a, arg_spans.back());
    if (!a->type) ir::ThrowUser(arg_spans.back(), "the argument has no type");
    args.push_back(std::move(a));
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRParen, "closing the argument list");
  const ir::FunctionPtr callee = ParseClassFunction(index);
  if (!MayCall(cur_ftype_) && callee->func_type != ir::FunctionType::Inline)
    ir::ThrowUser(span,
                  "function calls may stand only in Opaque, Orchestration, Group and Inline "
                  "functions (or call an Inline function); " +
                      Quote(cur_fname_) + " is " + std::string(ir::FunctionTypeName(cur_ftype_)) +
                      " (a kernel runs on its cores and never calls another function)",
                  {{Span{}, "inline the callee's statements into " + Quote(cur_fname_) +
                                ", make the callee Inline (@pl.function(type=pl.FunctionType."
                                "Inline)) or make the caller Opaque"}});
  if (args.size() != callee->params.size())
    ir::ThrowUser(span,
                  Quote(callee_name) + " takes " + std::to_string(callee->params.size()) +
                      " argument(s), this call gives " + std::to_string(args.size()),
                  {{callee->span, Quote(callee_name) + " is defined here"},
                   {{}, "pass " + std::to_string(callee->params.size()) + " argument(s)"}});
  for (size_t i = 0; i < args.size(); ++i) {
    const ir::Param& p = callee->params[i];
    if (!ParamAccepts(p.var->type, args[i]->type))
      ir::ThrowUser(arg_spans[i],
                    "argument " + std::to_string(i + 1) + " of " + Quote(callee_name) +
                        " has type " + ir::TypeToString(args[i]->type) + ", but parameter " +
                        Quote(p.var->name) + " is " + ir::TypeToString(p.var->type),
                    {{p.var->span, "the parameter is declared here"},
                     {{},
                      "pass a value of type " + ir::TypeToString(p.var->type) +
                          ", or change the parameter's type"}});
  }
  ir::TypePtr type = ir::BoundCallResultType(*callee, args);
  if (task) {
    if (callee->func_type == ir::FunctionType::Inline)
      ir::ThrowUser(name_tok.span,
                    "pl.submit launches a task, and " + Quote(callee_name) +
                        " is an Inline function, which is spliced into its caller",
                    {{callee->span, Quote(callee_name) + " is defined here"},
                     {{}, "call it directly: self." + callee_name + "(...)"}});
    std::vector<ir::TypePtr> results;
    if (const auto* t = type ? type->As<ir::TupleType>() : nullptr)
      results = t->elements;
    else if (type)
      results.push_back(type);
    type = ir::TaskCallResultType(results);
  }
  return ir::MakeFunctionCall(callee_name, std::move(args), std::move(type), span,
                              call_attrs ? std::move(*call_attrs) : ir::AttrMap{}, std::move(task));
}

std::vector<ExprPtr> Parser::ParseSubmitDeps() {
  Expect(Tok::kLBracket, "(deps takes a list of task ids: deps=[tid])");
  std::vector<ExprPtr> deps;
  while (!Check(Tok::kRBracket)) {
    const Token& name = ExpectName("as a task id of deps");
    const bool named_task = fn_.task_ids.count(std::string(name.text)) != 0;
    if (!named_task) {
      ExprPtr v = ResolveName(name);
      const auto dt = ir::ScalarDType(v);
      if (!v->As<ir::Var>() || !dt || *dt != ir::DataType::TASK_ID)
        ir::ThrowUser(name.span,
                      "deps= entries must be a TaskId variable; '" + std::string(name.text) +
                          "' is " + ir::TypeToString(v->type),
                      {{{},
                        "bind the task id to its own name ('out, tid = pl.submit(...)') and "
                        "list that name"}});
      deps.push_back(std::move(v));
    }
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRBracket, "closing the deps list");
  return deps;
}

}  // namespace tilesplit::dsl::detail
