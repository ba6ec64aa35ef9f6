// convert-tensor-to-tile-ops, phase 2 (call_sites.h).
#include "call_sites.h"

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::pass {
namespace {

using ir::ExprPtr;
using ir::StmtPtr;
using ir::VarPtr;

// Phase 2: calls of converted functions get a tensor.create per added Out parameter.
class CallSites {
 public:
  explicit CallSites(const std::map<std::string, Added>& added) : added_(added) {}
  bool changed = false;

  StmtPtr Body(const StmtPtr& body) {
    if (!body) return body;
    std::vector<StmtPtr> out;
    for (const StmtPtr& s : ir::FlattenStmts(body)) Stmt(s, out);
    return ir::MakeSeq(std::move(out), body->span);
  }

 private:
  ExprPtr Call(const ExprPtr& e, std::vector<StmtPtr>& out) {
    const auto* fc = e ? e->As<ir::FunctionCall>() : nullptr;
    if (!fc) return e;
    auto it = added_.find(fc->callee);
    if (it == added_.end() || it->second.types.empty()) return e;
    std::vector<ExprPtr> args = fc->args;
    for (size_t i = 0; i < it->second.types.size(); ++i) {
      const auto* t = it->second.types[i]->As<ir::TensorType>();
      if (!t) ir::ThrowInternal(e->span, "an added output parameter is not a tensor");
      ExprPtr create = ops::Create("tensor.create", {ir::MakeTupleExpr(t->shape)},
                                   {{"dtype", t->dtype}}, ir::Span{}, ops::MemoryContract::Defer);
      VarPtr v = ir::MakeVar(it->second.names[i], create->type, ir::Span{});
      out.push_back(ir::MakeAssign(v, create, ir::Span{}));
      args.push_back(v);
    }
    changed = true;
    return ir::MakeFunctionCall(fc->callee, std::move(args), e->type, e->span, fc->attrs, fc->task);
  }

  void Stmt(const StmtPtr& s, std::vector<StmtPtr>& out) {
    if (const auto* a = s->As<ir::AssignStmt>()) {
      ExprPtr v = Call(a->value, out);
      out.push_back(v == a->value ? s : ir::MakeAssign(a->var, v, s->span));
    } else if (const auto* e = s->As<ir::EvalStmt>()) {
      ExprPtr v = Call(e->expr, out);
      out.push_back(v == e->expr ? s : ir::MakeEval(v, s->span));
    } else if (ir::IsLeafStmt(*s)) {
      out.push_back(s);
    } else {
      out.push_back(ir::MapChildren(s, ir::kWalkAll, [this](const StmtPtr& b) { return Body(b); }));
    }
  }

  const std::map<std::string, Added>& added_;
};

}  // namespace

ir::FunctionPtr WithCreatedOutArgs(const ir::FunctionPtr& f,
                                   const std::map<std::string, Added>& added) {
  CallSites cs(added);
  StmtPtr body = cs.Body(f->body);
  return cs.changed ? ir::WithBody(*f, body) : f;
}

}  // namespace tilesplit::pass
