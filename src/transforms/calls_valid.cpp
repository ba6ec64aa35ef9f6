// The CallsValid property: every FunctionCall of a program names a function of it, passes one
// argument per parameter, agrees with the callee's result type, stands only in an Opaque,
// Orchestration, Group or Inline function (a call of an Inline function may stand anywhere: it is
// spliced into its caller), and the call graph is acyclic. The parser enforces the same
// rules on text; this verifier holds passes and hand-built IR to them (outline-incore-scopes and
// expand-mixed-kernel require it of their input).
#include <functional>
#include <unordered_map>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::pass {
namespace {

struct CallCollector : ir::IRVisitor {
  std::vector<const ir::FunctionCall*> calls;
  void VisitFunctionCall(const ir::FunctionCall& c) override {
    calls.push_back(&c);
    ir::IRVisitor::VisitFunctionCall(c);
  }
};

void VerifyCallsValid(const ir::ProgramPtr& p) {
  std::unordered_map<std::string, std::vector<const ir::FunctionCall*>> calls_of;
  for (const ir::FunctionPtr& f : p->functions) {
    CallCollector c;
    c.VisitFunction(*f);
    for (const ir::FunctionCall* call : c.calls) {
      const std::string where = "CallsValid in '" + f->name + "': ";
      ir::FunctionPtr callee = p->Find(call->callee);
      if (!callee)
        ir::ThrowUser(call->span, where + "the program defines no function '" + call->callee + "'");
      if (!ir::IsHostFunction(f->func_type) && f->func_type != ir::FunctionType::Group &&
          f->func_type != ir::FunctionType::Inline && callee->func_type != ir::FunctionType::Inline)
        ir::ThrowUser(call->span,
                      where + "it calls '" + call->callee + "', but it is " +
                          std::string(ir::FunctionTypeName(f->func_type)) +
                          "; calls stand only in Opaque, Orchestration, Graph, Group and "
                          "Inline functions (a call of an Inline function anywhere)");
      if (call->args.size() != callee->params.size())
        ir::ThrowUser(call->span, where + "'" + call->callee + "' takes " +
                                      std::to_string(callee->params.size()) +
                                      " argument(s), the call gives " +
                                      std::to_string(call->args.size()));
      if (call->task && callee->func_type == ir::FunctionType::Inline)
        ir::ThrowUser(call->span, where + "it submits '" + call->callee +
                                      "', an Inline function, which has no task to launch");
      ir::TypePtr want = ir::BoundCallResultType(*callee, call->args);
      if (call->task) {  // the results, then the task id
        std::vector<ir::TypePtr> types;
        if (const auto* t = want ? want->As<ir::TupleType>() : nullptr)
          types = t->elements;
        else if (want)
          types.push_back(want);
        want = ir::TaskCallResultType(types);
      }
      if (!ir::TypeEqual(call->type, want))
        ir::ThrowUser(call->span, where + "the call of '" + call->callee + "' is typed " +
                                      ir::TypeToString(call->type) + ", but the function returns " +
                                      ir::TypeToString(want));
    }
    calls_of[f->name] = std::move(c.calls);
  }
  // Depth-first search for a cycle, reported at the call that closes it.
  enum class Mark { None, Open, Done };
  std::unordered_map<std::string, Mark> mark;
  std::function<void(const std::string&)> visit = [&](const std::string& name) {
    mark[name] = Mark::Open;
    for (const ir::FunctionCall* call : calls_of[name]) {
      Mark m = mark[call->callee];
      if (m == Mark::Open)
        ir::ThrowUser(call->span, "CallsValid: the call of '" + call->callee + "' in '" + name +
                                      "' closes a cycle; the call graph must be acyclic");
      if (m == Mark::None) visit(call->callee);
    }
    mark[name] = Mark::Done;
  };
  for (const ir::FunctionPtr& f : p->functions)
    if (mark[f->name] == Mark::None) visit(f->name);
}

}  // namespace

TILESPLIT_REGISTER_VERIFIER(CallsValid, VerifyCallsValid);

}  // namespace tilesplit::pass
