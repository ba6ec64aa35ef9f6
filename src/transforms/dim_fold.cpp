#include "dim_fold.h"

#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/type.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/ops/op_handle.h"

namespace tilesplit::pass {
namespace {

class DimFolder : public ir::IRMutator {
 public:
  ir::StmtPtr MutateAssign(const ir::AssignStmtPtr& op) override {
    ir::StmtPtr out = ir::IRMutator::MutateAssign(op);
    const auto* a = out->As<ir::AssignStmt>();
    if (ir::VarPtr symbol = FoldedSymbol(a ? a->value : nullptr);
        symbol && ir::TypeEqual(symbol->type, op->var->type)) {
      SetVarMapping(op->var, symbol);
      return nullptr;
    }
    return out;
  }

 private:
  // The dynamic dimension a `tensor.dim(t, k)` reads, or null.
  static ir::VarPtr FoldedSymbol(const ir::ExprPtr& e) {
    const ir::Call* c = e ? e->As<ir::Call>() : nullptr;
    if (!c || &ops::Def(*c) != &ops::op::tensor_dim.def() || c->args.size() != 2) return nullptr;
    const ir::TensorType* t = c->args[0]->type ? c->args[0]->type->As<ir::TensorType>() : nullptr;
    const std::optional<int64_t> k = ir::AsConstInt(c->args[1]);
    if (!t || !k || *k < 0 || static_cast<size_t>(*k) >= t->shape.size()) return nullptr;
    const ir::ExprPtr& dim = t->shape[static_cast<size_t>(*k)];
    if (!dim || !dim->As<ir::Var>()) return nullptr;
    return std::static_pointer_cast<const ir::Var>(dim);
  }
};

}  // namespace

ir::FunctionPtr FoldDimReads(const ir::FunctionPtr& f) {
  if (!f->body) return f;
  DimFolder folder;
  ir::StmtPtr body = folder.MutateStmt(f->body);
  if (body == f->body) return f;
  return std::make_shared<ir::Function>(f->name, f->func_type, f->params, f->return_types, f->attrs,
                                        body, f->span);
}

}  // namespace tilesplit::pass
