#include "type_follow.h"

#include <vector>

#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/stmt.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::pass {
namespace {

using ir::ExprPtr;
using ir::StmtPtr;
using ir::VarPtr;

class TypeFollower : public ir::IRMutator {
 protected:
  // A call over a rebuilt operand gets the type its deducer gives it now. Memory contracts are
  // the verifiers' business (TileMemoryInferred), as they are for the parser reading the output.
  ExprPtr MutateCall(const ir::CallPtr& op) override {
    ExprPtr e = IRMutator::MutateCall(op);
    if (e == op) return e;
    const auto* c = e->As<ir::Call>();
    const ops::OpDef* def = ops::RegisteredDef(*op);
    if (!def) return e;
    return ir::WithCallAttrs(
        ops::Create(*def, c->args, c->kwargs, op->span, ops::MemoryContract::Defer), op->attrs);
  }

  StmtPtr MutateAssign(const ir::AssignStmtPtr& op) override {
    ExprPtr value = MutateExpr(op->value);
    if (value != op->value && !ir::TypeEqual(value->type, op->var->type))
      Follow(op->var, value->type);
    VarPtr var = MutateVarDef(op->var);
    if (value == op->value && var == op->var) return op;
    return std::make_shared<ir::AssignStmt>(std::move(var), std::move(value), op->span);
  }

  StmtPtr MutateFor(const ir::ForStmtPtr& op) override {
    FollowInits(op->iter_args, op->return_vars);
    return IRMutator::MutateFor(op);
  }

  StmtPtr MutateWhile(const ir::WhileStmtPtr& op) override {
    FollowInits(op->iter_args, op->return_vars);
    return IRMutator::MutateWhile(op);
  }

  // An if's results take the types its then branch yields, as the parser gives them.
  StmtPtr MutateIf(const ir::IfStmtPtr& op) override {
    ExprPtr cond = MutateExpr(op->cond);
    StmtPtr then_body = MutateStmt(op->then_body);
    StmtPtr else_body = MutateStmt(op->else_body);
    bool changed = cond != op->cond || then_body != op->then_body || else_body != op->else_body;
    if (const ir::YieldStmt* y = then_body ? ir::TrailingYield(then_body) : nullptr)
      for (size_t k = 0; k < op->return_vars.size() && k < y->values.size(); ++k)
        if (!ir::TypeEqual(y->values[k]->type, op->return_vars[k]->type))
          Follow(op->return_vars[k], y->values[k]->type);
    std::vector<VarPtr> rvs = MutateVarDefs(op->return_vars, &changed);
    if (!changed) return op;
    return std::make_shared<ir::IfStmt>(std::move(cond), std::move(then_body), std::move(else_body),
                                        std::move(rvs), op->span);
  }

 private:
  // A carry whose initialiser (as rebuilt) has another type is retyped to it, and so is the
  // loop's result it becomes.
  void FollowInits(const std::vector<ir::IterArg>& ias, const std::vector<VarPtr>& rvs) {
    for (size_t k = 0; k < ias.size(); ++k) {
      if (!ias[k].init) continue;
      ExprPtr init = MutateExpr(ias[k].init);
      if (ir::TypeEqual(init->type, ias[k].var->type)) continue;
      Follow(ias[k].var, init->type);
      if (k < rvs.size()) Follow(rvs[k], init->type);
    }
  }

  void Follow(const VarPtr& old, const ir::TypePtr& type) {
    SetVarMapping(old, ir::MakeVar(old->name, type, old->span));
  }
};

}  // namespace

ir::FunctionPtr FollowCarryInitTypes(const ir::FunctionPtr& f) {
  return TypeFollower().MutateFunction(f);
}

}  // namespace tilesplit::pass
