// infer-tile-memory-space (PyPTO's InferTileMemorySpace, docs/infer-tile-memory-space.md): gives
// every tile of an InCore function a memory space, inserts the tile.move a consumer needs where
// its operand lives elsewhere, and keeps provably loop-invariant Mat operands of a matmul resident
// across a loop (residency.cpp).
//
// Every decision reads the operator registry's memory record (op_def.h): the spaces an argument
// position accepts (input_memory), the rule that fills the result's space (Fixed, Kwarg, Inherit,
// None) and the data paths of the transfer op. No op is named here.
//
//   Phase 0  backward demand: the first accepted space of each constrained operand, carried back
//            through Inherit ops (views keep their source's space) to the producer.
//   Phase 1  forward analysis, to a fixed point: every tile variable's space; loop carries and if
//            merges take the space of what is yielded into them.
//   Phase 2/3 rewrite: variables retyped, a tile.move inserted once per (value, space) per
//            statement sequence before the first consumer needing it, retargetable producers'
//            target_memory rewritten, loop initialisers moved into the carry's space.
//   Phase 4  loop-invariant Mat residency (residency.cpp).
#include "infer_tile_memory_space.h"

#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "../type_follow.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/pass/function_pass.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::pass::itms {

using ir::ExprPtr;
using ir::MemorySpace;
using ir::StmtPtr;
using ir::VarPtr;

const ops::OpDef* OpOf(const ir::Call& c) {
  return c.op && c.op->registered() ? static_cast<const ops::OpDef*>(c.op) : nullptr;
}

const ir::Call* CallOf(const ExprPtr& e) {
  return e ? e->As<ir::Call>() : nullptr;
}

const ir::Var* VarOf(const ExprPtr& e) {
  return e ? e->As<ir::Var>() : nullptr;
}

bool IsTileVar(const ir::Var& v) {
  return ir::AsTileType(v.type) != nullptr;
}

bool IsKernel(const ir::Function& f) {
  return f.func_type == ir::FunctionType::InCore || f.func_type == ir::FunctionType::AIC ||
         f.func_type == ir::FunctionType::AIV;
}

// A producer whose result space is a kwarg the author may leave out (a load, an allocation):
// the pass chooses the space and writes it into the kwarg.
bool IsRetargetable(const ops::OpDef& op) {
  return op.output_memory_rule() == ops::OutputMemoryRule::Kwarg &&
         op.find_kwarg(op.output_memory_kwarg()) &&
         !op.find_kwarg(op.output_memory_kwarg())->default_value;
}

bool HasBridgeMarker(const ir::Call& c) {
  const ir::AttrValue* v = ir::FindAttr(c.attrs, kBridgeMarker);
  return v && (!std::holds_alternative<bool>(*v) || std::get<bool>(*v));
}

namespace {
// Removes the private marker from every call, keeping the other attrs.
class MarkerStripper : public ir::IRMutator {
 protected:
  ExprPtr MutateCall(const ir::CallPtr& op) override {
    ExprPtr e = ir::IRMutator::MutateCall(op);
    const auto* c = e->As<ir::Call>();
    if (!c || !ir::FindAttr(c->attrs, kBridgeMarker)) return e;
    ir::AttrMap attrs;
    for (const auto& kv : c->attrs)
      if (kv.first != kBridgeMarker) attrs.push_back(kv);
    return std::make_shared<ir::Call>(c->op, c->args, c->kwargs, c->type, c->span,
                                      std::move(attrs));
  }
};
}  // namespace

ir::FunctionPtr StripBridgeMarker(const ir::FunctionPtr& f) {
  MarkerStripper m;
  return m.MutateFunction(f);
}

namespace {

std::string Suffix(MemorySpace m) {
  switch (m) {
    case MemorySpace::Vec:
      return "V";
    case MemorySpace::Mat:
      return "M";
    case MemorySpace::Left:
      return "L";
    case MemorySpace::Right:
      return "R";
    case MemorySpace::Acc:
      return "A";
    case MemorySpace::Bias:
      return "B";
    default:
      return std::string(ir::MemorySpaceName(m));
  }
}

// A specialised demand wins over Vec, the permissive default (docs: "a non-Vec demand wins").
void AddDemand(std::unordered_map<const ir::Var*, MemorySpace>& d, const ir::Var* v,
               MemorySpace m) {
  auto it = d.find(v);
  if (it == d.end())
    d.emplace(v, m);
  else if (it->second == MemorySpace::Vec && m != MemorySpace::Vec)
    it->second = m;
}

// The spaces a tile passes through from `from` to `to` along the transfer op's declared data
// paths (the shortest chain; `to` last), or empty when none leads there.
std::vector<MemorySpace> Route(MemorySpace from, MemorySpace to) {
  std::map<MemorySpace, std::vector<MemorySpace>> edges;
  for (const ops::OpDef* d : ops::OpRegistry::Global().All())
    if (d->transfer_arg())
      for (const auto& [src, targets] : d->transfer_paths())
        for (MemorySpace t : targets)
          if (t != src) edges[src].push_back(t);
  std::map<MemorySpace, MemorySpace> prev;
  std::vector<MemorySpace> frontier{from};
  prev.emplace(from, from);
  while (!frontier.empty() && !prev.count(to)) {
    std::vector<MemorySpace> next;
    for (MemorySpace m : frontier)
      for (MemorySpace t : edges[m])
        if (prev.emplace(t, m).second) next.push_back(t);
    frontier = std::move(next);
  }
  if (!prev.count(to) || from == to) return {};
  std::vector<MemorySpace> route;
  for (MemorySpace m = to; m != from; m = prev[m]) route.push_back(m);
  std::reverse(route.begin(), route.end());
  return route;
}

// ---- Phase 0 and 1: the analysis.
class Analyzer {
 public:
  explicit Analyzer(const ir::Function& f) : f_(f) {}

  void Run() {
    CollectDemand();
    // The carries feed their spaces back to the initialisers and iter args visited before the
    // body: repeat until nothing changes (each round only settles more carries).
    for (int round = 0; round < 8; ++round) {
      changed_ = false;
      Visit(f_.body);
      if (!changed_) break;
    }
  }

  std::optional<MemorySpace> SpaceOf(const ir::Var* v) const {
    auto it = mem_.find(v);
    if (it != mem_.end()) return it->second;
    return std::nullopt;
  }
  // The space of an operand: resolved, else the one its type states.
  std::optional<MemorySpace> OperandSpace(const ExprPtr& e) const {
    if (const ir::Var* v = VarOf(e))
      if (auto m = SpaceOf(v)) return m;
    const ir::TileType* t = e ? ir::AsTileType(e->type) : nullptr;
    if (t && t->memory && *t->memory != MemorySpace::DDR) return t->memory;
    return std::nullopt;
  }
  // Loop initialisers whose space the carry forced (a retargetable producer follows it).
  const std::unordered_map<const ir::Var*, MemorySpace>& forced() const { return forced_; }

 private:
  void CollectDemand() {
    std::vector<std::pair<const ir::Var*, const ir::Var*>> edges;  // dst -> src, program order
    ir::ForEachStmt(f_.body, ir::kWalkAll, [&](const StmtPtr& s) {
      const ir::Call* c = nullptr;
      const ir::Var* lhs = nullptr;
      if (const auto* a = s->As<ir::AssignStmt>()) {
        c = CallOf(a->value);
        lhs = a->var.get();
      } else if (const auto* e = s->As<ir::EvalStmt>()) {
        c = CallOf(e->expr);
      }
      const ops::OpDef* op = c ? OpOf(*c) : nullptr;
      if (!op) return;
      for (size_t i = 0; i < c->args.size(); ++i) {
        const std::vector<MemorySpace>* allowed = op->allowed_input_memory(i);
        const ir::Var* v = VarOf(c->args[i]);
        if (allowed && !allowed->empty() && v && IsTileVar(*v))
          AddDemand(demand_, v, allowed->front());
      }
      if (lhs && IsTileVar(*lhs) && op->output_memory_rule() == ops::OutputMemoryRule::Inherit)
        for (const ExprPtr& a : c->args)
          if (const ir::Var* v = VarOf(a); v && IsTileVar(*v)) {
            edges.emplace_back(lhs, v);
            break;
          }
    });
    // In SSA a view is defined after its source: one reverse sweep reaches the fixed point.
    for (auto it = edges.rbegin(); it != edges.rend(); ++it)
      if (auto d = demand_.find(it->first); d != demand_.end())
        AddDemand(demand_, it->second, d->second);
  }

  void Set(const ir::Var* v, MemorySpace m) {
    auto it = mem_.find(v);
    if (it == mem_.end()) {
      mem_.emplace(v, m);
      changed_ = true;
    } else if (it->second != m) {
      it->second = m;
      changed_ = true;
    }
  }

  // The space an operand is read in by position `i` of `op`: a constrained operand that lives
  // elsewhere is moved to the first accepted space first.
  std::optional<MemorySpace> ConsumedSpace(const ops::OpDef& op, size_t i, const ExprPtr& e) const {
    std::optional<MemorySpace> m = OperandSpace(e);
    const std::vector<MemorySpace>* allowed = op.allowed_input_memory(i);
    if (m && allowed && !allowed->empty() &&
        std::find(allowed->begin(), allowed->end(), *m) == allowed->end())
      return allowed->front();
    return m;
  }

  std::optional<MemorySpace> FirstTileInput(const ops::OpDef& op, const ir::Call& c) const {
    for (size_t i = 0; i < c.args.size(); ++i)
      if (c.args[i] && ir::AsTileType(c.args[i]->type)) return ConsumedSpace(op, i, c.args[i]);
    return std::nullopt;
  }

  MemorySpace InferFromOp(const ir::Var& lhs, const ir::Call& c) const {
    const ops::OpDef* op = OpOf(c);
    if (!op) return MemorySpace::Vec;
    if (auto f = forced_.find(&lhs);
        f != forced_.end() && IsRetargetable(*op) && Reaches(*op, f->second))
      return f->second;
    if (auto m = op->ResolveOutputMemory(c.kwargs)) return *m;
    switch (op->output_memory_rule()) {
      case ops::OutputMemoryRule::Kwarg: {
        // A retargetable producer without its kwarg: a Vec or Mat demand reaches it (a GM-facing
        // producer stops there; the cube's operand buffers are reached by a move).
        if (auto d = demand_.find(&lhs);
            d != demand_.end() && (d->second == MemorySpace::Vec || d->second == MemorySpace::Mat))
          return d->second;
        return FirstTileInput(*op, c).value_or(MemorySpace::Vec);
      }
      case ops::OutputMemoryRule::Inherit:
        return FirstTileInput(*op, c).value_or(MemorySpace::Vec);
      default: {
        const ir::TileType* t = ir::AsTileType(c.type);
        if (t && t->memory && *t->memory != MemorySpace::DDR) return *t->memory;
        return FirstTileInput(*op, c).value_or(MemorySpace::Vec);
      }
    }
  }

  void Visit(const StmtPtr& s) {
    if (!s) return;
    if (const auto* seq = s->As<ir::SeqStmts>()) {
      for (const StmtPtr& c : seq->stmts) Visit(c);
    } else if (const auto* a = s->As<ir::AssignStmt>()) {
      if (!IsTileVar(*a->var)) return;
      if (const ir::Call* c = CallOf(a->value)) {
        Set(a->var.get(), InferFromOp(*a->var, *c));
      } else if (const ir::Var* src = VarOf(a->value)) {
        if (auto m = OperandSpace(a->value)) Set(a->var.get(), *m);
        (void)src;
      } else {
        Set(a->var.get(), MemorySpace::Vec);
      }
    } else if (const auto* f = s->As<ir::ForStmt>()) {
      Carry(f->iter_args, f->body, f->return_vars);
    } else if (const auto* w = s->As<ir::WhileStmt>()) {
      Carry(w->iter_args, w->body, w->return_vars);
    } else if (const auto* i = s->As<ir::IfStmt>()) {
      Visit(i->then_body);
      Visit(i->else_body);
      const ir::YieldStmt* ty = ir::TrailingYield(i->then_body);
      const ir::YieldStmt* ey = i->else_body ? ir::TrailingYield(i->else_body) : nullptr;
      for (size_t k = 0; k < i->return_vars.size(); ++k) {
        const ir::Var* rv = i->return_vars[k].get();
        if (!IsTileVar(*rv)) continue;
        std::optional<MemorySpace> t, e;
        if (ty && k < ty->values.size()) t = OperandSpace(ty->values[k]);
        if (ey && k < ey->values.size()) e = OperandSpace(ey->values[k]);
        // Branches that disagree leave the merge unrecorded: no single space describes it.
        if (t && e && *t != *e) continue;
        if (auto m = t ? t : e)
          Set(rv, *m);
        else if (auto m2 = OperandSpace(i->return_vars[k]))
          Set(rv, *m2);
      }
    } else if (const auto* sc = s->As<ir::ScopeStmt>()) {
      Visit(sc->body);
    } else if (const auto* r = s->As<ir::SplitAivStmt>()) {
      Visit(r->body);
    }
  }

  void Carry(const std::vector<ir::IterArg>& ias, const StmtPtr& body,
             const std::vector<VarPtr>& rvs) {
    for (const ir::IterArg& ia : ias)
      if (IsTileVar(*ia.var) && !mem_.count(ia.var.get()))
        if (auto m = OperandSpace(ia.init)) Set(ia.var.get(), *m);
    Visit(body);
    const ir::YieldStmt* y = ir::TrailingYield(body);
    for (size_t k = 0; k < ias.size(); ++k) {
      if (!IsTileVar(*ias[k].var)) continue;
      std::optional<MemorySpace> m;
      if (y && k < y->values.size()) m = OperandSpace(y->values[k]);
      if (!m) m = OperandSpace(ias[k].var);
      if (!m) continue;
      Set(ias[k].var.get(), *m);
      if (k < rvs.size()) Set(rvs[k].get(), *m);
      if (const ir::Var* init = VarOf(ias[k].init); init && IsTileVar(*init)) {
        auto it = forced_.find(init);
        if (it == forced_.end() || it->second != *m) {
          forced_[init] = *m;
          changed_ = true;
        }
      }
    }
  }

  // Whether a retargetable producer can write `m` itself: one reading GM lands only where a
  // data path from GM leads in one step (a load reaches Vec or Mat, never Acc); an allocation
  // anywhere.
  static bool Reaches(const ops::OpDef& op, MemorySpace m) {
    if (!op.gm_window()) return true;
    std::vector<MemorySpace> r = Route(MemorySpace::DDR, m);
    return r.size() == 1;
  }

  const ir::Function& f_;
  std::unordered_map<const ir::Var*, MemorySpace> demand_;
  std::unordered_map<const ir::Var*, MemorySpace> mem_;
  std::unordered_map<const ir::Var*, MemorySpace> forced_;
  bool changed_ = false;
};

// ---- Phases 2 and 3: the rewrite.
class Rewriter : public ir::IRMutator {
 public:
  Rewriter(const Analyzer& a, std::unordered_set<std::string>& taken) : a_(a), taken_(taken) {}

  StmtPtr MutateStmt(const StmtPtr& s) override {
    if (!s) return s;
    const bool direct = in_seq_child_;
    in_seq_child_ = false;
    // A statement that is not an element of a sequence (a lone branch or body) is its own scope
    // for the moves it needs, so that a then branch's move never serves the else branch.
    if (!direct) scopes_.emplace_back();
    StmtPtr out = ir::IRMutator::MutateStmt(s);
    if (!direct) scopes_.pop_back();
    return out;
  }

 protected:
  VarPtr MutateVarDef(const VarPtr& v) override {
    if (const VarPtr* done = FindVarMapping(v.get())) return *done;
    const ir::TileType* t = ir::AsTileType(v->type);
    std::optional<MemorySpace> m = t ? a_.SpaceOf(v.get()) : std::nullopt;
    if (!m || t->memory == m) return RemapVar(v);
    VarPtr nv = ir::MakeVar(v->name, ir::WithMemory(*t, *m), v->span);
    SetVarMapping(v, nv);
    return nv;
  }

  StmtPtr MutateSeq(const ir::SeqStmtsPtr& op) override {
    scopes_.emplace_back();
    std::vector<StmtPtr> stmts;
    bool changed = false;
    for (const StmtPtr& s : op->stmts) {
      in_seq_child_ = true;
      StmtPtr m = MutateStmt(s);
      in_seq_child_ = false;
      if (m != s) changed = true;
      if (!m) continue;
      if (const auto* inner = m->As<ir::SeqStmts>(); inner && m != s)
        for (const StmtPtr& x : inner->stmts) stmts.push_back(x);
      else
        stmts.push_back(m);
    }
    scopes_.pop_back();
    if (!changed) return op;
    return ir::MakeSeq(std::move(stmts), op->span);
  }

  StmtPtr MutateAssign(const ir::AssignStmtPtr& op) override {
    std::vector<StmtPtr> pre;
    const ir::Call* c = CallOf(op->value);
    if (c) PrepareMoves(*c, op->span, pre);
    lhs_ = op->var.get();
    ExprPtr value = MutateExpr(op->value);
    lhs_ = nullptr;
    subst_.clear();
    // A call rebuilt over moved operands deduces its layout afresh, and a variable bound to a
    // retyped variable (`acc = v`) takes its new type: the variable follows it.
    if (value != op->value &&
        (value->kind == ir::ExprKind::Call || value->kind == ir::ExprKind::Var) &&
        ir::AsTileType(value->type) && IsTileVar(*op->var) && !FindVarMapping(op->var.get()))
      SetVarMapping(op->var, ir::MakeVar(op->var->name, value->type, op->var->span));
    VarPtr var = MutateVarDef(op->var);
    StmtPtr s = value == op->value && var == op->var
                    ? StmtPtr(op)
                    : std::make_shared<ir::AssignStmt>(var, value, op->span);
    if (pre.empty()) return s;
    pre.push_back(s);
    return ir::MakeSeq(std::move(pre), op->span);
  }

  StmtPtr MutateEval(const ir::EvalStmtPtr& op) override {
    std::vector<StmtPtr> pre;
    if (const ir::Call* c = CallOf(op->expr)) PrepareMoves(*c, op->span, pre);
    ExprPtr e = MutateExpr(op->expr);
    subst_.clear();
    StmtPtr s = e == op->expr ? StmtPtr(op) : std::make_shared<ir::EvalStmt>(e, op->span);
    if (pre.empty()) return s;
    pre.push_back(s);
    return ir::MakeSeq(std::move(pre), op->span);
  }

  StmtPtr MutateFor(const ir::ForStmtPtr& op) override {
    StmtPtr s = ir::IRMutator::MutateFor(op);
    const auto* f = s->As<ir::ForStmt>();
    std::vector<StmtPtr> pre;
    std::vector<ir::IterArg> ias = f->iter_args;
    if (!InitMoves(ias, op->span, pre)) return s;
    pre.push_back(std::make_shared<ir::ForStmt>(f->loop_var, f->start, f->stop, f->step,
                                                f->for_kind, f->stage, std::move(ias), f->body,
                                                f->return_vars, f->span));
    return ir::MakeSeq(std::move(pre), op->span);
  }

  StmtPtr MutateWhile(const ir::WhileStmtPtr& op) override {
    StmtPtr s = ir::IRMutator::MutateWhile(op);
    const auto* w = s->As<ir::WhileStmt>();
    std::vector<StmtPtr> pre;
    std::vector<ir::IterArg> ias = w->iter_args;
    if (!InitMoves(ias, op->span, pre)) return s;
    pre.push_back(
        std::make_shared<ir::WhileStmt>(w->cond, std::move(ias), w->body, w->return_vars, w->span));
    return ir::MakeSeq(std::move(pre), op->span);
  }

  ExprPtr MutateCall(const ir::CallPtr& op) override {
    const ops::OpDef* def = OpOf(*op);
    const ir::Var* lhs = lhs_;
    lhs_ = nullptr;
    bool changed = false;
    std::vector<ExprPtr> args;
    args.reserve(op->args.size());
    for (size_t i = 0; i < op->args.size(); ++i) {
      const ExprPtr& a = op->args[i];
      const ir::Var* v = VarOf(a);
      auto it = v ? subst_.find({v, i}) : subst_.end();
      ExprPtr m = it != subst_.end() ? it->second : MutateExpr(a);
      changed |= m != a;
      args.push_back(std::move(m));
    }
    subst_.clear();
    ir::AttrMap kwargs = op->kwargs;
    std::optional<MemorySpace> want = lhs ? a_.SpaceOf(lhs) : std::nullopt;
    if (def && want && IsRetargetable(*def)) {
      // The kwarg says what the call produces; an absent one means Vec (and stays absent, as
      // PyPTO prints a default load: the affinity rules read the placed result type).
      const std::string& k = def->output_memory_kwarg();
      const ir::AttrValue* cur = ir::FindAttr(kwargs, k);
      MemorySpace said = cur && std::holds_alternative<MemorySpace>(*cur)
                             ? std::get<MemorySpace>(*cur)
                             : MemorySpace::Vec;
      if (said != *want) {
        ir::AttrMap next;
        bool put = false;
        for (auto& [name, val] : kwargs)
          if (name == k) {
            next.emplace_back(name, *want);
            put = true;
          } else {
            next.emplace_back(name, val);
          }
        if (!put) next.emplace_back(k, *want);
        kwargs = std::move(next);
        changed = true;
        if (RemarksEnabled())
          EmitRemark(RemarkKind::Passed, op->span,
                     "placed '" + lhs->name + "' in " + std::string(ir::MemorySpaceName(*want)) +
                         (cur ? " (" + k + " was " + std::string(ir::MemorySpaceName(said)) + ")"
                              : " (no " + k + ": Vec by default)") +
                         ", where what reads it needs it",
                     {{"value", lhs->name}, {"space", std::string(ir::MemorySpaceName(*want))}});
      }
    }
    ir::TypePtr type = MutateType(op->type);
    if (def && changed) {
      ExprPtr rebuilt = ops::Create(*def, args, kwargs, op->span, ops::MemoryContract::Defer);
      type = rebuilt->type;
      const auto* rc = rebuilt->As<ir::Call>();
      kwargs = rc->kwargs;
    }
    if (const ir::TileType* t = ir::AsTileType(type); t && want && t->memory != want)
      type = ir::WithMemory(*t, *want);
    if (!changed && type == op->type) return op;
    return std::make_shared<ir::Call>(op->op, std::move(args), std::move(kwargs), type, op->span,
                                      op->attrs);
  }

 private:
  struct Key {
    const ir::Var* var;
    MemorySpace space;
    bool operator<(const Key& o) const {
      return var != o.var ? std::less<const ir::Var*>()(var, o.var) : space < o.space;
    }
  };

  VarPtr FindMove(const Key& k) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
      if (auto f = it->find(k); f != it->end()) return f->second;
    return nullptr;
  }

  std::string Fresh(const std::string& base) {
    std::string n = base;
    for (int i = 1; !taken_.insert(n).second; ++i) n = base + "_" + std::to_string(i);
    return n;
  }

  // A tile.move of `src` into `space`, landing in the layout that data path gives it.
  StmtPtr MakeMove(const VarPtr& dst_name_base, const ExprPtr& src, MemorySpace from,
                   MemorySpace space, ir::Span span, VarPtr* out) {
    ExprPtr mv = ops::Create(ops::MemoryMoveOp(), {src}, ops::MoveKwargs(from, space), span,
                             ops::MemoryContract::Defer);
    *out = ir::MakeVar(Fresh(dst_name_base->name + "_" + Suffix(space)), mv->type, span);
    return ir::MakeAssign(*out, mv, span);
  }

  // The move of `v` (original variable, in `from`) into `space`, reused within the scope chain.
  // Where no single data path leads there, the shortest chain of moves does (Acc -> Mat -> Left);
  // where none does, the consumer cannot be served: a located error.
  VarPtr MoveOf(const VarPtr& v, MemorySpace from, MemorySpace space, const ir::Call& consumer,
                size_t pos, ir::Span span, std::vector<StmtPtr>& pre) {
    Key k{v.get(), space};
    if (VarPtr done = FindMove(k)) return done;
    std::vector<MemorySpace> route = Route(from, space);
    if (route.empty()) {
      const ops::OpDef* op = OpOf(consumer);
      std::string an = op ? op->ArgName(pos) : std::to_string(pos);
      ir::ThrowUser(span,
                    "infer-tile-memory-space: " + consumer.op_name() + " reads argument '" + an +
                        "' from " + std::string(ir::MemorySpaceName(space)) + ", but '" + v->name +
                        "' lives in " + std::string(ir::MemorySpaceName(from)) +
                        " and no data path leads from there",
                    {{{},
                      "produce '" + v->name + "' in a space that reaches " +
                          std::string(ir::MemorySpaceName(space)) +
                          " (`tilesplit ops` lists tile.move's data paths)"}});
    }
    ExprPtr src = RemapVar(v);
    VarPtr base = v;
    MemorySpace at = from;
    VarPtr nv;
    for (MemorySpace hop : route) {
      pre.push_back(MakeMove(base, src, at, hop, span, &nv));
      src = nv;
      base = nv;
      at = hop;
    }
    if (scopes_.empty()) scopes_.emplace_back();
    scopes_.back()[k] = nv;
    if (RemarksEnabled()) {
      const ops::OpDef* op = OpOf(consumer);
      std::string an = op ? op->ArgName(pos) : std::to_string(pos);
      EmitRemark(RemarkKind::Passed, span,
                 "moved '" + v->name + "' from " + std::string(ir::MemorySpaceName(from)) + " to " +
                     std::string(ir::MemorySpaceName(space)) + " as '" + nv->name +
                     "': " + consumer.op_name() + " reads argument '" + an + "' from " +
                     std::string(ir::MemorySpaceName(space)),
                 {{"value", v->name},
                  {"from", std::string(ir::MemorySpaceName(from))},
                  {"to", std::string(ir::MemorySpaceName(space))},
                  {"move", nv->name}});
    }
    return nv;
  }

  void PrepareMoves(const ir::Call& c, ir::Span span, std::vector<StmtPtr>& pre) {
    subst_.clear();
    const ops::OpDef* op = OpOf(c);
    if (!op) return;
    for (size_t i = 0; i < c.args.size(); ++i) {
      const std::vector<MemorySpace>* allowed = op->allowed_input_memory(i);
      const auto* v = c.args[i] ? c.args[i]->As<ir::Var>() : nullptr;
      if (!allowed || allowed->empty() || !v || !IsTileVar(*v)) continue;
      std::optional<MemorySpace> m = a_.OperandSpace(c.args[i]);
      if (!m || std::find(allowed->begin(), allowed->end(), *m) != allowed->end()) continue;
      VarPtr var = std::static_pointer_cast<const ir::Var>(c.args[i]);
      subst_[{v, i}] = MoveOf(var, *m, allowed->front(), c, i, span, pre);
    }
    // An operand read on another operand's core side: one on the wrong side crosses over (to
    // Vec for a vector-side reference, to Mat for a cube-side one).
    for (size_t i = 0; i < c.args.size(); ++i) {
      const std::optional<size_t> ref = op->input_memory_side_ref(i);
      const auto* v = c.args[i] ? c.args[i]->As<ir::Var>() : nullptr;
      if (!ref || *ref >= c.args.size() || !v || !IsTileVar(*v) || subst_.count({v, i})) continue;
      std::optional<MemorySpace> m = a_.OperandSpace(c.args[i]);
      std::optional<MemorySpace> r = a_.OperandSpace(c.args[*ref]);
      if (!m || !r || ir::IsCubeMemorySpace(*m) == ir::IsCubeMemorySpace(*r)) continue;
      VarPtr var = std::static_pointer_cast<const ir::Var>(c.args[i]);
      const MemorySpace to = ir::IsCubeMemorySpace(*r) ? MemorySpace::Mat : MemorySpace::Vec;
      subst_[{v, i}] = MoveOf(var, *m, to, c, i, span, pre);
    }
  }

  // A loop initialiser in another space than its carry is moved into it before the loop.
  bool InitMoves(std::vector<ir::IterArg>& ias, ir::Span span, std::vector<StmtPtr>& pre) {
    bool any = false;
    for (ir::IterArg& ia : ias) {
      const ir::TileType* it = ir::AsTileType(ia.var->type);
      const ir::TileType* ii = ia.init ? ir::AsTileType(ia.init->type) : nullptr;
      if (!it || !ii || !it->memory || !ii->memory || *it->memory == *ii->memory) continue;
      if (!ia.init->As<ir::Var>()) continue;
      std::vector<MemorySpace> route = Route(*ii->memory, *it->memory);
      if (route.empty())
        ir::ThrowUser(span,
                      "infer-tile-memory-space: the loop carries '" + ia.var->name + "' in " +
                          std::string(ir::MemorySpaceName(*it->memory)) +
                          " (the space of the value the body yields), but its initial value '" +
                          ia.init->As<ir::Var>()->name + "' lives in " +
                          std::string(ir::MemorySpaceName(*ii->memory)) +
                          " and no data path leads from there",
                      {{{},
                        "initialise the carry with a value produced in " +
                            std::string(ir::MemorySpaceName(*it->memory)) +
                            " (an allocation the pass can place, e.g. pl.tile.create)"}});
      ExprPtr src = ia.init;
      VarPtr base = std::static_pointer_cast<const ir::Var>(ia.init);
      MemorySpace at = *ii->memory;
      VarPtr nv;
      for (MemorySpace hop : route) {
        pre.push_back(MakeMove(base, src, at, hop, span, &nv));
        src = nv;
        base = nv;
        at = hop;
      }
      if (RemarksEnabled())
        EmitRemark(RemarkKind::Passed, span,
                   "moved the initial value of carry '" + ia.var->name + "' to " +
                       std::string(ir::MemorySpaceName(*it->memory)) + " as '" + nv->name + "'",
                   {{"value", ia.var->name}, {"move", nv->name}});
      ia.init = nv;
      any = true;
    }
    return any;
  }

  struct ArgKey {
    const ir::Var* var;
    size_t pos;
    bool operator<(const ArgKey& o) const {
      return var != o.var ? std::less<const ir::Var*>()(var, o.var) : pos < o.pos;
    }
  };

  const Analyzer& a_;
  std::unordered_set<std::string>& taken_;
  std::vector<std::map<Key, VarPtr>> scopes_;
  std::map<ArgKey, VarPtr> subst_;
  const ir::Var* lhs_ = nullptr;
  bool in_seq_child_ = false;
};

}  // namespace

// A kernel that takes tiles is tile-level as its author wrote it (a hand-split or expanded kernel,
// a tile-parameter kernel `run` feeds directly): its tiles arrive placed by the caller, so when
// every tile has a space and every call meets its memory contract there is nothing to infer, and
// the pass leaves it as written, as each pass of the default pipeline leaves alone what is
// already in the form it produces. One with an unplaced tile cannot be placed from its
// parameters, which is what the rejection in InferFunction says.
bool PlacedAsWritten(const ir::Function& f) {
  auto placed = [](const ir::TypePtr& t) {
    const ir::TileType* tt = ir::AsTileType(t);
    return !tt || tt->memory.has_value();
  };
  bool takes_tiles = false;
  for (const ir::Param& p : f.params) {
    if (!IsTileVar(*p.var)) continue;
    takes_tiles = true;
    if (!placed(p.var->type)) return false;
  }
  if (!takes_tiles) return false;
  bool ok = true;
  ir::ForEachStmt(f.body, ir::kWalkAll, [&](const StmtPtr& s) {
    if (!ok) return;
    if (const auto* as = s->As<ir::AssignStmt>(); as && !placed(as->var->type)) ok = false;
  });
  if (!ok) return false;
  try {
    ops::CheckMemoryContracts(f.body);
  } catch (const ir::UserError&) {
    return false;
  }
  return true;
}

ir::FunctionPtr InferFunction(const ir::FunctionPtr& f) {
  if (PlacedAsWritten(*f)) return f;
  for (const ir::Param& p : f->params)
    if (IsTileVar(*p.var))
      ir::ThrowUser(p.var->span,
                    "infer-tile-memory-space: parameter '" + p.var->name + "' of " +
                        std::string(ir::FunctionTypeName(f->func_type)) + " function '" + f->name +
                        "' is a tile",
                    {{{}, "pass a tensor and load it in the kernel"}});
  Analyzer a(*f);
  a.Run();
  std::unordered_set<std::string> taken;
  for (const ir::Param& p : f->params) taken.insert(p.var->name);
  ir::ForEachStmt(f->body, ir::kWalkAll, [&](const StmtPtr& s) {
    if (const auto* as = s->As<ir::AssignStmt>()) taken.insert(as->var->name);
    if (auto l = ir::AsLoop(*s)) {
      for (const ir::IterArg& ia : *l->iter_args) taken.insert(ia.var->name);
    }
  });
  RemarkFunction named(f->name);
  Rewriter r(a, taken);
  // A carry's initialiser moved into the carry's space has the move's type (an Acc -> Vec move
  // keeps the Acc layout); the carry and what the body computes from it take that type, as the
  // parser gives them when it reads the printed output.
  return FollowCarryInitTypes(r.MutateFunction(f));
}

}  // namespace tilesplit::pass::itms

namespace tilesplit::pass {
namespace {

ir::ProgramPtr Run(const ir::ProgramPtr& p) {
  // Placement is each kernel's own; residency then looks across the call sites.
  const ir::ProgramPtr q = MapFunctions(
      p, [](const ir::FunctionPtr& f) { return itms::IsKernel(*f) ? itms::InferFunction(f) : f; });
  return itms::LoopInvariantMatResidency(q);
}

Pass InferTileMemorySpace() {
  return Pass("infer-tile-memory-space", Run, {Property::SSAForm, Property::IncoreTileOps},
              {Property::SSAForm, Property::TileMemoryInferred}, {});
}

}  // namespace

TILESPLIT_REGISTER_PASS("infer-tile-memory-space",
                        "Gives every InCore tile a memory space from the operators' memory "
                        "records, inserts the tile.move a consumer needs, and keeps loop-invariant "
                        "Mat matmul operands resident across a loop",
                        InferTileMemorySpace);

}  // namespace tilesplit::pass
