// convert-tensor-to-tile-ops, phase 2 (call_sites.h).
#include "call_sites.h"

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/ops/op_handle.h"

namespace tilesplit::pass {
namespace {

using ir::ExprPtr;
using ir::StmtPtr;
using ir::VarPtr;

// Phase 2: calls of converted functions get a tensor.create per added Out parameter.
class CallSites {
 public:
  // `forwarded`: a wrapper's mode, where each added argument is a new parameter of the wrapper
  // (collected there), not a tensor the wrapper creates.
  CallSites(const std::map<std::string, Added>& added, std::vector<VarPtr>* forwarded)
      : added_(added), forwarded_(forwarded) {}
  bool changed = false;
  // A variable passed to parameters the conversion found written: how many such arguments, and
  // whether one of them is also read by the kernel (InOut).
  struct Write {
    size_t args = 0;
    bool read = false;
  };
  std::map<const ir::Var*, Write> writes;

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
    if (it == added_.end() || (it->second.types.empty() && it->second.upgraded.empty())) return e;
    std::vector<ExprPtr> args = fc->args;
    for (const auto& [pos, dir] : it->second.upgraded)
      if (const auto* v = pos < args.size() ? args[pos]->As<ir::Var>() : nullptr) {
        Write& w = writes[v];
        ++w.args;
        w.read |= dir != ir::ParamDirection::Out;
      }
    for (size_t i = 0; i < it->second.types.size(); ++i) {
      const auto* t = it->second.types[i]->As<ir::TensorType>();
      if (!t) ir::ThrowInternal(e->span, "an added output parameter is not a tensor");
      if (forwarded_) {
        VarPtr v = ir::MakeVar(it->second.names[i], it->second.types[i], ir::Span{});
        forwarded_->push_back(v);
        args.push_back(v);
        continue;
      }
      ExprPtr create = ops::Create(ops::op::tensor_create.def(), {ir::MakeTupleExpr(t->shape)},
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
  std::vector<VarPtr>* forwarded_;
};

// The uses of every variable in a body.
class UseCounter : public ir::IRVisitor {
 public:
  std::map<const ir::Var*, size_t> count;

 protected:
  void VisitVar(const VarPtr& v) override { ++count[v.get()]; }
};

}  // namespace

namespace {

// `f` with its calls rewritten by `cs` into `body`, and each In parameter it passes straight to
// a parameter the conversion found written upgraded (Out when every use of it is such a
// write-only argument, else InOut); the upgraded positions are appended to `upgraded`.
std::vector<ir::Param> UpgradedParams(
    const ir::Function& f, const StmtPtr& body, const CallSites& cs,
    std::vector<std::pair<size_t, ir::ParamDirection>>* upgraded) {
  std::vector<ir::Param> params = f.params;
  UseCounter uses;
  uses.VisitStmt(body);
  for (size_t i = 0; i < params.size(); ++i) {
    ir::Param& p = params[i];
    auto w = cs.writes.find(p.var.get());
    if (p.direction != ir::ParamDirection::In || w == cs.writes.end()) continue;
    // Any other use (a read, an argument of another call) keeps the caller's values needed.
    const bool only_written = !w->second.read && uses.count[p.var.get()] == w->second.args;
    p.direction = only_written ? ir::ParamDirection::Out : ir::ParamDirection::InOut;
    if (upgraded) upgraded->emplace_back(i, p.direction);
  }
  return params;
}

}  // namespace

ir::FunctionPtr WithCreatedOutArgs(const ir::FunctionPtr& f,
                                   const std::map<std::string, Added>& added) {
  CallSites cs(added, nullptr);
  StmtPtr body = cs.Body(f->body);
  if (!cs.changed) return f;
  std::vector<ir::Param> params = UpgradedParams(*f, body, cs, nullptr);
  return std::make_shared<ir::Function>(f->name, f->func_type, std::move(params), f->return_types,
                                        f->attrs, body, f->span);
}

ir::FunctionPtr WithForwardedOutParams(const ir::FunctionPtr& f,
                                       const std::map<std::string, Added>& added, Added& mine) {
  std::vector<VarPtr> forwarded;
  CallSites cs(added, &forwarded);
  StmtPtr body = cs.Body(f->body);
  if (!cs.changed) return f;
  std::vector<ir::Param> params = UpgradedParams(*f, body, cs, &mine.upgraded);
  for (const VarPtr& v : forwarded) {
    params.push_back({v, ir::ParamDirection::Out});
    mine.types.push_back(v->type);
    mine.names.push_back(v->name);
  }
  return std::make_shared<ir::Function>(f->name, f->func_type, std::move(params), f->return_types,
                                        f->attrs, body, f->span);
}

}  // namespace tilesplit::pass
