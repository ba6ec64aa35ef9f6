// inline-functions (PyPTO's InlineFunctions): every call of an Inline function
// (`@pl.function(type=pl.FunctionType.Inline)`) is replaced by a copy of the callee's body, and the
// Inline functions leave the program.
//
// A call is expanded where it stands on its own: the value of an assignment (`r = self.f(a)`), an
// evaluated statement (`self.f(a)`) or a returned value (`return self.f(a)`), in any body (loops,
// branches, pl.at scopes, pl.split_aiv regions). The copy is spliced before the statement: each
// argument stands for its parameter (in the body and in the types it mentions), every variable the
// body defines is a fresh one named `<name>_inline<k>` (k counts the call sites of the caller), and
// the callee's trailing return becomes the call's value: `r = value`, `r = (v0, v1, ...)` for a
// callee returning several values, nothing for a statement, the values for a return.
//
// An Inline function calling another is expanded bottom-up, so one run leaves no call behind. A
// cycle of Inline calls, an Inline function that returns before its end or has no body of its own
// (external_source), and a call of an Inline function nested inside an expression are located
// errors (the parser refuses the cycle and the nested call already; this guards hand-built IR).
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::pass {
namespace {

using ir::ExprPtr;
using ir::StmtPtr;

constexpr const char* kPassName = "inline-functions";

bool IsInline(const ir::FunctionPtr& f) {
  return f && f->func_type == ir::FunctionType::Inline;
}

// A copy of one callee body for one call site: parameters read as the arguments, every defined
// variable is renamed.
class Splicer : public ir::IRMutator {
 public:
  Splicer(const ir::Function& callee, const std::vector<ExprPtr>& args,
          std::function<std::string(const std::string&)> rename)
      : rename_(std::move(rename)) {
    for (size_t i = 0; i < callee.params.size() && i < args.size(); ++i)
      params_.emplace(callee.params[i].var.get(), args[i]);
  }

 protected:
  ExprPtr MutateVar(const ir::VarPtr& v) override {
    auto it = params_.find(v.get());
    if (it != params_.end()) return it->second;
    return ir::IRMutator::MutateVar(v);
  }
  ir::VarPtr MutateVarDef(const ir::VarPtr& v) override {
    if (const ir::VarPtr* done = FindVarMapping(v.get())) return *done;
    ir::VarPtr fresh = ir::MakeVar(rename_(v->name), MutateType(v->type), v->span);
    SetVarMapping(v, fresh);
    return fresh;
  }

 private:
  std::unordered_map<const ir::Var*, ExprPtr> params_;
  std::function<std::string(const std::string&)> rename_;
};

// The calls of Inline functions left in a body after expansion: those nested in expressions.
struct InlineCallFinder : ir::IRVisitor {
  const ir::Program* program = nullptr;
  const ir::FunctionCall* found = nullptr;
  void VisitFunctionCall(const ir::FunctionCall& c) override {
    if (!found && IsInline(program->Find(c.callee))) found = &c;
    ir::IRVisitor::VisitFunctionCall(c);
  }
};

class Inliner {
 public:
  explicit Inliner(const ir::ProgramPtr& p) : program_(p) {}

  // `f` with every call of an Inline function expanded.
  ir::FunctionPtr Expanded(const ir::FunctionPtr& f) {
    auto done = expanded_.find(f->name);
    if (done != expanded_.end()) return done->second;
    for (size_t i = 0; i < stack_.size(); ++i) {
      if (stack_[i] != f->name) continue;
      std::string cycle;
      for (size_t k = i; k < stack_.size(); ++k) cycle += stack_[k] + " -> ";
      cycle += f->name;
      ir::ThrowUser(f->span,
                    std::string(kPassName) + ": the Inline functions call each other in a cycle (" +
                        cycle + "), so they cannot be expanded",
                    {{{}, "remove one call of the cycle"}});
    }
    stack_.push_back(f->name);
    Caller caller{ir::NameGenerator(*f), 0};
    caller_ = &caller;
    StmtPtr body = Body(f->body);
    caller_ = nullptr;
    stack_.pop_back();
    ir::FunctionPtr out = body == f->body ? f : ir::WithBody(*f, body);
    InlineCallFinder finder;
    finder.program = program_.get();
    finder.VisitFunction(*out);
    if (finder.found)
      ir::ThrowUser(finder.found->span,
                    std::string(kPassName) + ": the call of Inline function '" +
                        finder.found->callee +
                        "' is nested in an expression; only a call that is the whole value of an "
                        "assignment, a statement or a returned value is expanded",
                    {{{},
                      "bind the call first ('r = self." + finder.found->callee +
                          "(...)'), or run flatten-call-expr before inline-functions"}});
    expanded_.emplace(f->name, out);
    return out;
  }

 private:
  struct Caller {
    ir::NameGenerator names;
    size_t sites;
  };

  StmtPtr Body(const StmtPtr& body) {
    if (!body) return body;
    std::vector<StmtPtr> out;
    bool changed = false;
    for (const StmtPtr& s : ir::FlattenStmts(body)) {
      const size_t before = out.size();
      Stmt(s, out);
      changed = changed || out.size() != before + 1 || out.back() != s;
    }
    if (!changed) return body;
    if (out.size() == 1 && body->kind != ir::StmtKind::Seq) return out[0];
    return ir::MakeSeq(std::move(out), body->span);
  }

  // The Inline function `e` calls, or null.
  ir::FunctionPtr InlineCallee(const ExprPtr& e) {
    const auto* c = e ? e->As<ir::FunctionCall>() : nullptr;
    if (!c) return nullptr;
    ir::FunctionPtr callee = program_->Find(c->callee);
    return IsInline(callee) ? callee : nullptr;
  }

  void Stmt(const StmtPtr& s, std::vector<StmtPtr>& out) {
    if (const auto* a = s->As<ir::AssignStmt>()) {
      if (InlineCallee(a->value)) {
        out.push_back(ir::MakeAssign(a->var, Splice(a->value, out), s->span));
        return;
      }
    } else if (const auto* e = s->As<ir::EvalStmt>()) {
      if (InlineCallee(e->expr)) {
        Splice(e->expr, out);
        return;
      }
    } else if (const auto* r = s->As<ir::ReturnStmt>()) {
      bool any = false;
      for (const ExprPtr& v : r->values) any = any || InlineCallee(v);
      if (any) {
        std::vector<ExprPtr> values;
        for (const ExprPtr& v : r->values) values.push_back(InlineCallee(v) ? Splice(v, out) : v);
        out.push_back(ir::MakeReturn(std::move(values), s->span));
        return;
      }
    }
    if (ir::IsLeafStmt(*s)) {
      out.push_back(s);
      return;
    }
    out.push_back(ir::MapChildren(s, ir::kWalkAll, [this](const StmtPtr& c) { return Body(c); }));
  }

  // Appends the expanded body of the call `e` to `out`; returns the call's value (null for a
  // callee that returns nothing).
  ExprPtr Splice(const ExprPtr& e, std::vector<StmtPtr>& out) {
    const auto* call = e->As<ir::FunctionCall>();
    Caller* caller = caller_;
    const ir::FunctionPtr callee = Expanded(program_->Find(call->callee));
    caller_ = caller;
    if (ir::ExternalSource(*callee))
      ir::ThrowUser(call->span,
                    std::string(kPassName) + ": Inline function '" + callee->name +
                        "' is implemented in external source, so it has no body to expand",
                    {{callee->span, "'" + callee->name + "' is declared here"},
                     {{}, "make '" + callee->name + "' an InCore or Opaque function"}});
    std::vector<StmtPtr> body = ir::FlattenStmts(callee->body);
    const ir::ReturnStmt* ret = nullptr;
    if (!body.empty() && body.back()->kind == ir::StmtKind::Return) {
      ret = body.back()->As<ir::ReturnStmt>();
      body.pop_back();
    }
    for (const StmtPtr& s : body) {
      StmtPtr early = ir::FirstStmt(
          s, ir::kWalkAll, [](const StmtPtr& x) { return x->kind == ir::StmtKind::Return; });
      if (early)
        ir::ThrowUser(early->span,
                      std::string(kPassName) + ": Inline function '" + callee->name +
                          "' returns before its end, so its body cannot be spliced into a caller",
                      {{{},
                        "end '" + callee->name +
                            "' with its only return (carry the value out of the loop or branch)"}});
    }
    const size_t site = caller->sites++;
    Splicer splicer(*callee, call->args, [caller, site](const std::string& name) {
      return caller->names.Fresh(name + "_inline" + std::to_string(site));
    });
    for (const StmtPtr& s : body) {
      StmtPtr copy = splicer.MutateStmt(s);
      for (const StmtPtr& c : ir::FlattenStmts(copy)) out.push_back(c);
    }
    std::vector<ExprPtr> values;
    if (ret)
      for (const ExprPtr& v : ret->values) values.push_back(splicer.MutateExpr(v));
    if (values.empty()) return nullptr;
    if (values.size() == 1) return values[0];
    return ir::MakeTupleExpr(std::move(values), call->span);
  }

  ir::ProgramPtr program_;
  std::unordered_map<std::string, ir::FunctionPtr> expanded_;
  std::vector<std::string> stack_;
  Caller* caller_ = nullptr;
};

ir::ProgramPtr Run(const ir::ProgramPtr& p) {
  bool any = false;
  for (const ir::FunctionPtr& f : p->functions) any = any || IsInline(f);
  if (!any) return p;
  Inliner inliner(p);
  std::vector<ir::FunctionPtr> out;
  for (const ir::FunctionPtr& f : p->functions) {
    ir::FunctionPtr g = inliner.Expanded(f);  // Inline ones too: their errors are reported
    if (!IsInline(f)) out.push_back(g);
  }
  return std::make_shared<ir::Program>(p->name, std::move(out), p->span);
}

void VerifyInlineFunctionsEliminated(const ir::ProgramPtr& p) {
  for (const ir::FunctionPtr& f : p->functions)
    if (IsInline(f))
      ir::ThrowUser(f->span, "InlineFunctionsEliminated: Inline function '" + f->name +
                                 "' is still in the program; run inline-functions");
}

Pass InlineFunctions() {
  return Pass(kPassName, Run, {}, {Property::InlineFunctionsEliminated}, {});
}

}  // namespace

TILESPLIT_REGISTER_PASS(kPassName,
                        "Splices the body of every Inline function into each of its call sites "
                        "(arguments for parameters, fresh names for its variables) and removes "
                        "the Inline functions",
                        InlineFunctions);
TILESPLIT_REGISTER_VERIFIER(InlineFunctionsEliminated, VerifyInlineFunctionsEliminated);

}  // namespace tilesplit::pass
