// Assembling the parts of a mixed kernel (assembly.h).
#include "assembly.h"

#include <unordered_map>
#include <unordered_set>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::expand_mixed {
namespace {

using ir::StmtPtr;
using ir::VarPtr;

std::string FreshName(const std::set<std::string>& taken, const std::string& hint) {
  if (!taken.count(hint)) return hint;
  for (int i = 1;; ++i) {
    std::string n = hint + "_" + std::to_string(i);
    if (!taken.count(n)) return n;
  }
}

// How each variable of a kernel is defined, as far as tracing a tensor to a parameter goes: the
// value of an assignment, the values an if merges (one per branch), or the values a loop carry
// takes (its initial value and the value each iteration yields).
using Defs = std::unordered_map<const ir::Var*, std::vector<ir::ExprPtr>>;

// The values the body `b` ends by yielding, or none.
const std::vector<ir::ExprPtr>* YieldedBy(const StmtPtr& b) {
  const ir::YieldStmt* y = ir::TrailingYield(b);
  return y ? &y->values : nullptr;
}

// What a value of a kernel is in terms of its parameters: a parameter, or the result of an op
// writing into its reused input (a store returns the tensor it wrote), followed to the parameter,
// or a merge (an if's branches, a loop carry's initial and yielded values) whose inputs all trace
// to the same parameter; null when it is anything else. A loop carry reaches itself through its
// yield: a value met again on the path being traced adds no parameter of its own (`on_path`), so
// `for (c_1,) in range(init=(c,)): c_2 = store(t, ..., c_1); yield c_2` traces to `c`.
class ParamTracer {
 public:
  ParamTracer(const ir::Function& f, const Defs& defs) : f_(f), defs_(defs) {}

  ir::ExprPtr Trace(const ir::ExprPtr& e) {
    bool cyclic = false;
    ir::ExprPtr p = Follow(e, 0, cyclic);
    return p;
  }

 private:
  // Follows `e`; `cyclic` is set when every input led back onto the path (no parameter reached,
  // but nothing contradicts one either).
  ir::ExprPtr Follow(const ir::ExprPtr& e, int depth, bool& cyclic) {
    ir::ExprPtr cur = e;
    for (int guard = 0; cur && guard < 1024 && depth < 64; ++guard) {
      if (const ir::Var* v = cur->As<ir::Var>()) {
        for (const ir::Param& p : f_.params)
          if (p.var.get() == v) return p.var;
        if (on_path_.count(v)) {
          cyclic = true;
          return nullptr;
        }
        auto it = defs_.find(v);
        if (it == defs_.end() || it->second.empty()) return nullptr;
        if (it->second.size() == 1) {
          cur = it->second[0];
          continue;
        }
        on_path_.insert(v);
        ir::ExprPtr common;
        bool ok = true;
        for (const ir::ExprPtr& input : it->second) {
          bool input_cyclic = false;
          ir::ExprPtr p = Follow(input, depth + 1, input_cyclic);
          if (!p && input_cyclic) continue;
          if (!p || (common && p != common)) {
            ok = false;
            break;
          }
          common = p;
        }
        on_path_.erase(v);
        if (!ok) return nullptr;
        if (!common) cyclic = true;
        return common;
      }
      const ir::Call* c = cur->As<ir::Call>();
      if (!c) return nullptr;
      auto r = ops::Def(*c).reused_input();
      if (!r || *r >= c->args.size()) return nullptr;
      cur = c->args[*r];
    }
    return nullptr;
  }

  const ir::Function& f_;
  const Defs& defs_;
  std::unordered_set<const ir::Var*> on_path_;
};

ir::ExprPtr TraceToParam(const ir::ExprPtr& e, const ir::Function& f, const Defs& defs) {
  return ParamTracer(f, defs).Trace(e);
}

void CollectAssignDefs(const StmtPtr& s, Defs& defs) {
  // A branch's store still writes into what its operand traces to, an if's merge traces to what
  // all its branches trace to, and a loop carry to what its initial value and its yields trace
  // to: a tensor carried through a loop is one buffer in global memory.
  ir::ForEachStmt(s, ir::kWalkAll, [&](const StmtPtr& x) {
    if (const ir::AssignStmt* a = x->As<ir::AssignStmt>()) defs[a->var.get()] = {a->value};
    if (const ir::IfStmt* i = x->As<ir::IfStmt>(); i && i->else_body) {
      const std::vector<ir::ExprPtr>* then_values = YieldedBy(i->then_body);
      const std::vector<ir::ExprPtr>* else_values = YieldedBy(i->else_body);
      for (size_t k = 0; k < i->return_vars.size(); ++k)
        if (then_values && else_values && k < then_values->size() && k < else_values->size())
          defs[i->return_vars[k].get()] = {(*then_values)[k], (*else_values)[k]};
    }
    if (std::optional<ir::LoopParts> loop = ir::AsLoop(*x)) {
      const std::vector<ir::ExprPtr>* yielded = YieldedBy(*loop->body);
      for (size_t k = 0; k < loop->iter_args->size(); ++k) {
        const ir::IterArg& ia = (*loop->iter_args)[k];
        std::vector<ir::ExprPtr>& d = defs[ia.var.get()];
        d = {ia.init};
        if (yielded && k < yielded->size()) d.push_back((*yielded)[k]);
        // The carry's final value is one of the values the carry takes.
        if (k < loop->return_vars->size()) defs[(*loop->return_vars)[k].get()] = {ia.var};
      }
    }
    return ir::WalkStep::Descend;
  });
}

// A branch left with nothing to do on one side but to pass the same values on (a lane guard
// around a vector store, seen from the cube once the store's tensor reads its parameter) is no
// branch there: its results are those values, and its condition, which may read a value of the
// other side, goes away.
class UniformBranchFolder : public ir::IRMutator {
 protected:
  StmtPtr MutateIf(const ir::IfStmtPtr& op) override {
    StmtPtr m = IRMutator::MutateIf(op);
    const ir::IfStmt* i = m->As<ir::IfStmt>();
    if (!i || !i->else_body) return m;
    const ir::YieldStmt* ty = OnlyYield(i->then_body);
    const ir::YieldStmt* ey = OnlyYield(i->else_body);
    if (!ty || !ey || ty->values.size() != i->return_vars.size() ||
        ey->values.size() != i->return_vars.size())
      return m;
    for (size_t k = 0; k < ty->values.size(); ++k)
      if (!ty->values[k]->As<ir::Var>() || !ir::ExprEqual(ty->values[k], ey->values[k])) return m;
    for (size_t k = 0; k < ty->values.size(); ++k)
      SetVarMapping(i->return_vars[k], std::static_pointer_cast<const ir::Var>(ty->values[k]));
    return ir::MakeSeq({}, i->span);
  }

 private:
  static const ir::YieldStmt* OnlyYield(const StmtPtr& body) {
    std::vector<StmtPtr> stmts = ir::FlattenStmts(body);
    return stmts.size() == 1 ? stmts[0]->As<ir::YieldStmt>() : nullptr;
  }
};

// The Group's results: each returned value of `f` traced to a parameter, or nullopt when one
// does not trace (the Group then returns nothing, as its parts do).
std::optional<std::vector<ir::ExprPtr>> GroupResults(const ir::Function& f) {
  std::vector<StmtPtr> body = ir::FlattenStmts(f.body);
  const ir::ReturnStmt* ret = body.empty() ? nullptr : body.back()->As<ir::ReturnStmt>();
  if (!ret) return std::vector<ir::ExprPtr>{};
  Defs defs;
  CollectAssignDefs(f.body, defs);
  std::vector<ir::ExprPtr> out;
  for (const ir::ExprPtr& v : ret->values) {
    ir::ExprPtr p = TraceToParam(v, f, defs);
    if (!p) return std::nullopt;
    out.push_back(p);
  }
  return out;
}

// A tensor lives in global memory, which both sides share: the value a store returns on one side
// is the same buffer as the parameter it stores into. A side that reads such a value without
// running the store reads the parameter instead; the order of the two sides' accesses is not the
// SSA chain's business but the memory-order check's (lower-auto-vector-split), which accepts only
// accesses a pipe transfer orders.
ir::FunctionPtr ReadTensorsThroughParams(const ir::Function& orig, const ir::FunctionPtr& part) {
  std::unordered_set<const ir::Var*> orig_free;
  for (const VarPtr& v : ir::FreeVars(orig)) orig_free.insert(v.get());
  Defs defs;
  CollectAssignDefs(orig.body, defs);
  ir::VarMap to_param;
  for (const VarPtr& v : ir::FreeVars(*part)) {
    if (orig_free.count(v.get()) || !v->type || !v->type->As<ir::TensorType>()) continue;
    if (ir::ExprPtr p = TraceToParam(v, orig, defs)) to_param[v.get()] = p;
  }
  if (to_param.empty()) return part;
  UniformBranchFolder fold;
  return fold.MutateFunction(ir::Substitute(part, to_param));
}

void CheckSideClosed(const ir::Function& orig, const ir::Function& part, const char* side) {
  std::unordered_set<const ir::Var*> orig_free;
  for (const VarPtr& v : ir::FreeVars(orig)) orig_free.insert(v.get());
  for (const VarPtr& v : ir::FreeVars(part)) {
    if (orig_free.count(v.get())) continue;
    ir::ThrowUser(v->span,
                  "expand-mixed-kernel: '" + v->name +
                      "' is computed on the other side "
                      "but used on the " +
                      side + " of '" + orig.name +
                      "'; only tiles cross between cube and vector (through a boundary)",
                  {{ir::Span{}, "compute '" + v->name + "' on the " + side +
                                    " itself (from values both sides hold, such as the "
                                    "parameters), or pass it across as a tile"}});
  }
}

// A part of `f` with `stmts` for its body, the tensors it reads through `f`'s parameters.
ir::FunctionPtr PartOf(const ir::Function& f, const std::string& name, ir::FunctionType type,
                       const std::vector<StmtPtr>& stmts, const ir::AttrMap& attrs) {
  const ir::Span body_span = f.body ? f.body->span : f.span;
  ir::FunctionPtr part =
      std::make_shared<ir::Function>(name, type, f.params, std::vector<ir::TypePtr>{}, attrs,
                                     ir::MakeSeq(stmts, body_span), f.span);
  return ReadTensorsThroughParams(f, part);
}

}  // namespace

void CheckSidesClosed(const ir::Function& f, const Sides& sides) {
  CheckSideClosed(f, *PartOf(f, f.name + "_aic", ir::FunctionType::AIC, sides.aic, {}), "AIC");
  CheckSideClosed(f, *PartOf(f, f.name + "_aiv", ir::FunctionType::AIV, sides.aiv, {}), "AIV");
}

Parts AssembleParts(const ir::Function& f, const AssemblyInput& in) {
  const std::set<std::string>& taken = *in.taken;
  const int64_t slots = in.slot_num;

  ir::AttrMap common;
  ir::SetAttr(common, ir::fattr::kSlotNum, slots);
  ir::AttrMap aiv_attrs = common;
  if (f.BoolAttr(ir::fattr::kSplitAiv)) {
    ir::SetAttr(aiv_attrs, ir::fattr::kSplitAiv, true);
    ir::SplitMode mode = f.split_mode().value_or(in.region_mode.value_or(ir::SplitMode::None));
    ir::SetAttr(aiv_attrs, ir::fattr::kSplit, mode);
  }
  const std::string aic_name = FreshName(taken, f.name + "_aic");
  const std::string aiv_name = FreshName(taken, f.name + "_aiv");
  ir::FunctionPtr aic = PartOf(f, aic_name, ir::FunctionType::AIC, in.sides->aic, common);
  ir::FunctionPtr aiv = PartOf(f, aiv_name, ir::FunctionType::AIV, in.sides->aiv, aiv_attrs);
  CheckSideClosed(f, *aic, "AIC");
  CheckSideClosed(f, *aiv, "AIV");
  ir::AttrMap group_attrs = common;
  ir::SetAttr(group_attrs, ir::fattr::kC2vSlotSize, in.traffic.c2v_bytes);
  ir::SetAttr(group_attrs, ir::fattr::kV2cSlotSize, in.traffic.v2c_bytes);
  std::vector<ir::ExprPtr> params;
  for (const ir::Param& p : f.params) params.push_back(p.var);
  const ir::TypePtr none = ir::CallResultType({});
  std::vector<StmtPtr> group_body = {
      ir::MakeEval(ir::MakeFunctionCall(aic_name, params, none, f.span), f.span),
      ir::MakeEval(ir::MakeFunctionCall(aiv_name, params, none, f.span), f.span)};
  std::optional<std::vector<ir::ExprPtr>> results = GroupResults(f);
  std::vector<ir::TypePtr> group_returns;
  if (results && !results->empty()) {
    group_returns = f.return_types;
    group_body.push_back(ir::MakeReturn(*results, f.span));
  }
  auto group = std::make_shared<ir::Function>(f.name, ir::FunctionType::Group, f.params,
                                              std::move(group_returns), group_attrs,
                                              ir::MakeSeq(std::move(group_body), f.span), f.span);
  return {{ir::DeepClone(aic), ir::DeepClone(aiv), ir::DeepClone(group)}, results.has_value()};
}

}  // namespace tilesplit::expand_mixed
