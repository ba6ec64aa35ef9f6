// Phase 4 of infer-tile-memory-space: loop-invariant Mat residency
// (docs/infer-tile-memory-space.md, "Loop-invariant Mat residency").
//
// A GM -> Mat load that the tensor-to-tile conversion generated (it carries the private bridge
// marker) and that feeds only matmul operand slots through transpose views and moves/extracts
// into Left/Right is moved before its loop when the loop re-reads the same window of a tensor
// nobody writes during the kernel. Either the whole exact single-use chain moves (load, views,
// the L0 move) or, when the panel fans out into several L0 values, only the load. Everything
// else declines without changing the IR; the rules are strict on purpose (the page lists them).
//
// Ops are recognised by their registry records: a GM read window with a Mat result (the load),
// an order-permuting view that inherits its source's space (transpose_view), a result in Left or
// Right read from the chain value (move, extract), an operand position whose accepted space is
// that one (the matmul's slot).
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "infer_tile_memory_space.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::pass::itms {

using ir::ExprPtr;
using ir::MemorySpace;
using ir::StmtPtr;
using ir::VarPtr;

namespace {

// The per-space budgets the whole-function bound is held to (bytes): the L1 and L0A/L0B buffers
// of an Ascend 910B cube core, and the allocator's address alignment.
constexpr int64_t kMatCapacity = 512 * 1024;
constexpr int64_t kLeftCapacity = 64 * 1024;
constexpr int64_t kRightCapacity = 64 * 1024;
constexpr int64_t kAlignment = 512;

std::optional<int64_t> CapacityOf(MemorySpace m) {
  switch (m) {
    case MemorySpace::Mat:
      return kMatCapacity;
    case MemorySpace::Left:
      return kLeftCapacity;
    case MemorySpace::Right:
      return kRightCapacity;
    default:
      return std::nullopt;
  }
}

std::optional<MemorySpace> TileSpace(const ir::TypePtr& t) {
  const ir::TileType* tt = ir::AsTileType(t);
  return tt ? tt->memory : std::nullopt;
}

// Whether the call is a GM -> Mat bridge the conversion generated.
bool IsMarkedBridge(const ir::Call& c) {
  return HasBridgeMarker(c);
}

// Every variable used anywhere in `e` (calls, arithmetic, tuples, types aside).
void UsedVars(const ExprPtr& e, const std::function<void(const ir::Var*)>& f) {
  if (!e) return;
  if (const auto* v = e->As<ir::Var>()) {
    f(v);
  } else if (const auto* c = e->As<ir::Call>()) {
    for (const ExprPtr& a : c->args) UsedVars(a, f);
  } else if (const auto* fc = e->As<ir::FunctionCall>()) {
    for (const ExprPtr& a : fc->args) UsedVars(a, f);
  } else if (const auto* b = e->As<ir::Binary>()) {
    UsedVars(b->lhs, f);
    UsedVars(b->rhs, f);
  } else if (const auto* u = e->As<ir::Unary>()) {
    UsedVars(u->operand, f);
  } else if (const auto* cs = e->As<ir::Cast>()) {
    UsedVars(cs->value, f);
  } else if (const auto* t = e->As<ir::MakeTuple>()) {
    for (const ExprPtr& x : t->elements) UsedVars(x, f);
  } else if (const auto* g = e->As<ir::TupleGetItem>()) {
    UsedVars(g->tuple, f);
  }
}

// Every expression a statement holds directly (not its bodies): values, conditions, bounds,
// loop initialisers, yields, returns.
void HeldExprs(const ir::Stmt& s, const std::function<void(const ExprPtr&)>& f) {
  if (const auto* a = s.As<ir::AssignStmt>()) f(a->value);
  if (const auto* e = s.As<ir::EvalStmt>()) f(e->expr);
  if (const auto* r = s.As<ir::ReturnStmt>())
    for (const ExprPtr& v : r->values) f(v);
  if (const auto* y = s.As<ir::YieldStmt>())
    for (const ExprPtr& v : y->values) f(v);
  if (const auto* fo = s.As<ir::ForStmt>()) {
    f(fo->start);
    f(fo->stop);
    f(fo->step);
    for (const ir::IterArg& ia : fo->iter_args) f(ia.init);
  }
  if (const auto* w = s.As<ir::WhileStmt>()) {
    f(w->cond);
    for (const ir::IterArg& ia : w->iter_args) f(ia.init);
  }
  if (const auto* i = s.As<ir::IfStmt>()) f(i->cond);
}

// A use of a variable: the statement holding it and, when it is a direct argument of the
// statement's top-level call, its position there.
struct Use {
  const ir::Stmt* stmt;
  const ir::Call* call;       // the top-level call of an assignment or evaluation, when direct
  std::optional<size_t> pos;  // direct argument position in that call
};

struct FunctionFacts {
  std::unordered_map<const ir::Var*, std::vector<Use>> uses;
  std::unordered_map<const ir::Var*, const ir::AssignStmt*> defs;
};

FunctionFacts Collect(const ir::Function& f) {
  FunctionFacts facts;
  ir::ForEachStmt(f.body, ir::kWalkAll, [&](const StmtPtr& s) {
    if (const auto* a = s->As<ir::AssignStmt>()) facts.defs[a->var.get()] = a;
    const ir::Call* top = nullptr;
    if (const auto* a = s->As<ir::AssignStmt>()) top = CallOf(a->value);
    if (const auto* e = s->As<ir::EvalStmt>()) top = CallOf(e->expr);
    HeldExprs(*s, [&](const ExprPtr& e) {
      if (top && e.get() == top) {
        for (size_t i = 0; i < top->args.size(); ++i) {
          if (const ir::Var* v = VarOf(top->args[i]))
            facts.uses[v].push_back({s.get(), top, i});
          else
            UsedVars(top->args[i], [&](const ir::Var* v) {
              facts.uses[v].push_back({s.get(), nullptr, std::nullopt});
            });
        }
        return;
      }
      UsedVars(e, [&](const ir::Var* v) {
        facts.uses[v].push_back({s.get(), nullptr, std::nullopt});
      });
    });
  });
  return facts;
}

// ---- Call-site evidence: which In tensor parameters of a kernel are, at every call site,
// storage the orchestration allocated and nothing the call writes aliases.

// The storage a tensor value of an orchestration function stands for: a parameter, an allocation
// (a call with a tensor result and no tensor operand), or unknown (null key with known=false).
struct Root {
  bool known = false;
  const void* key = nullptr;
  bool fresh = false;  // an allocation of this function
};

Root RootOf(const ExprPtr& e, const std::unordered_map<const ir::Var*, const ir::AssignStmt*>& defs,
            const std::unordered_set<const ir::Var*>& params, int depth = 0) {
  if (!e || depth > 64) return {};
  if (const auto* v = e->As<ir::Var>()) {
    if (params.count(v)) return {true, v, false};
    auto it = defs.find(v);
    if (it == defs.end()) return {};
    return RootOf(it->second->value, defs, params, depth + 1);
  }
  const ir::Call* c = e->As<ir::Call>();
  if (!c || !e->type || e->type->kind != ir::TypeKind::Tensor) return {};
  // A tensor computed from tensors is taken as a view of its first tensor operand (slice,
  // assemble, view, reshape): the conservative reading for aliasing.
  for (const ExprPtr& a : c->args)
    if (a && a->type && a->type->kind == ir::TypeKind::Tensor)
      return RootOf(a, defs, params, depth + 1);
  return {true, c, true};
}

bool IsRootOrchestration(const ir::Function& f, const std::set<std::string>& called) {
  return ir::IsHostFunction(f.func_type) && !called.count(f.name);
}

// For each kernel, the In tensor parameters the call sites prove private and read-only.
std::map<std::string, std::set<size_t>> ProvenParams(const ir::Program& p) {
  std::set<std::string> called;
  std::map<std::string, const ir::Function*> by_name;
  for (const ir::FunctionPtr& f : p.functions) by_name[f->name] = f.get();
  struct Site {
    const ir::Function* caller;
    const ir::FunctionCall* call;
    const ir::Stmt* stmt;
  };
  std::map<std::string, std::vector<Site>> sites;
  std::set<std::string> poisoned;
  for (const ir::FunctionPtr& f : p.functions) {
    ir::ForEachStmt(f->body, ir::kWalkAll, [&](const StmtPtr& s) {
      HeldExprs(*s, [&](const ExprPtr& e) {
        std::function<void(const ExprPtr&, bool)> visit = [&](const ExprPtr& x, bool top) {
          if (!x) return;
          if (const auto* fc = x->As<ir::FunctionCall>()) {
            called.insert(fc->callee);
            if (top && (s->kind == ir::StmtKind::Assign || s->kind == ir::StmtKind::Eval))
              sites[fc->callee].push_back({f.get(), fc, s.get()});
            else
              poisoned.insert(fc->callee);  // nested: no direct evidence
            for (const ExprPtr& a : fc->args) visit(a, false);
          } else if (const auto* c = x->As<ir::Call>()) {
            for (const ExprPtr& a : c->args) visit(a, false);
          }
        };
        visit(e, true);
      });
    });
  }
  std::map<std::string, std::set<size_t>> out;
  for (const ir::FunctionPtr& k : p.functions) {
    if (!IsKernel(*k) || poisoned.count(k->name)) continue;
    auto it = sites.find(k->name);
    if (it == sites.end() || it->second.empty()) continue;  // no caller evidence
    bool all_root = std::all_of(it->second.begin(), it->second.end(), [&](const Site& s) {
      return IsRootOrchestration(*s.caller, called);
    });
    if (!all_root) continue;
    std::set<size_t> proven;
    for (size_t i = 0; i < k->params.size(); ++i) {
      const ir::Param& prm = k->params[i];
      if (prm.direction != ir::ParamDirection::In || !prm.var->type ||
          prm.var->type->kind != ir::TypeKind::Tensor)
        continue;
      bool ok = true;
      for (const Site& s : it->second) {
        std::unordered_map<const ir::Var*, const ir::AssignStmt*> defs;
        std::unordered_set<const ir::Var*> params;
        for (const ir::Param& cp : s.caller->params) params.insert(cp.var.get());
        ir::ForEachStmt(s.caller->body, ir::kWalkAll, [&](const StmtPtr& st) {
          if (const auto* a = st->As<ir::AssignStmt>()) defs[a->var.get()] = a;
        });
        if (i >= s.call->args.size()) {
          ok = false;
          break;
        }
        Root cand = RootOf(s.call->args[i], defs, params);
        if (!cand.known || !cand.fresh) {
          ok = false;
          break;
        }
        for (size_t j = 0; j < k->params.size() && j < s.call->args.size(); ++j) {
          if (k->params[j].direction == ir::ParamDirection::In) continue;
          Root w = RootOf(s.call->args[j], defs, params);
          if (!w.known || w.key == cand.key) {
            ok = false;
            break;
          }
        }
        if (!ok) break;
      }
      if (ok) proven.insert(i);
    }
    if (!proven.empty()) out[k->name] = std::move(proven);
  }
  return out;
}

// ---- Inside a kernel.

class Hoister {
 public:
  Hoister(const ir::Function& f, const std::set<size_t>& proven) : f_(f), facts_(Collect(f)) {
    for (size_t i : proven) candidates_.insert(f.params[i].var.get());
    ir::ForEachStmt(f.body, ir::kWalkAll, [&](const StmtPtr& s) {
      if (auto l = ir::AsLoop(*s))
        for (size_t k = 0; k < l->iter_args->size(); ++k) {
          carry_init_[(*l->iter_args)[k].var.get()] = (*l->iter_args)[k].init;
          if (k < l->return_vars->size())
            carry_init_[(*l->return_vars)[k].get()] = (*l->iter_args)[k].init;
        }
    });
    DropLocallyWritten();
    capacity_ok_ = CapacityFits();
  }

  StmtPtr Run(const StmtPtr& body) { return Body(body); }

 private:
  // A candidate the kernel writes itself (a store into it, or into a view of it) is no longer
  // read-only.
  void DropLocallyWritten() {
    ir::ForEachStmt(f_.body, ir::kWalkAll, [&](const StmtPtr& s) {
      const ir::Call* c = nullptr;
      if (const auto* a = s->As<ir::AssignStmt>()) c = CallOf(a->value);
      if (const auto* e = s->As<ir::EvalStmt>()) c = CallOf(e->expr);
      const ops::OpDef* op = c ? OpOf(*c) : nullptr;
      if (!op) return;
      auto w = op->gm_window();
      if (w && w->access == ops::GmWindow::Access::Write && w->tensor < c->args.size())
        if (const ir::Var* root = LocalRoot(c->args[w->tensor])) candidates_.erase(root);
      if (auto r = op->reused_input(); r && *r < c->args.size())
        if (const ir::Var* root = LocalRoot(c->args[*r])) candidates_.erase(root);
    });
  }

  // The parameter a tensor value of the kernel stands for (through aliases, views, carries).
  const ir::Var* LocalRoot(const ExprPtr& e, int depth = 0) const {
    const ir::Var* v = VarOf(e);
    if (!v || depth > 64) return nullptr;
    for (const ir::Param& p : f_.params)
      if (p.var.get() == v) return v;
    auto it = facts_.defs.find(v);
    if (it != facts_.defs.end()) {
      const ExprPtr& val = it->second->value;
      if (VarOf(val)) return LocalRoot(val, depth + 1);
      if (const ir::Call* c = CallOf(val))
        for (const ExprPtr& a : c->args)
          if (a && a->type && a->type->kind == ir::TypeKind::Tensor) return LocalRoot(a, depth + 1);
      return nullptr;
    }
    // A loop carry stands for its initialiser.
    auto c = carry_init_.find(v);
    return c == carry_init_.end() ? nullptr : LocalRoot(c->second, depth + 1);
  }

  // The whole-function bound: every allocation-owning Mat/Left/Right tile (views own nothing)
  // has a static size and each space's aligned total fits its capacity; no reserved buffer.
  bool CapacityFits() const {
    std::map<MemorySpace, int64_t> total;
    bool ok = true;
    ir::ForEachStmt(f_.body, ir::kWalkAll, [&](const StmtPtr& s) {
      const ir::Call* c = nullptr;
      if (const auto* a = s->As<ir::AssignStmt>()) c = CallOf(a->value);
      if (const auto* e = s->As<ir::EvalStmt>()) c = CallOf(e->expr);
      const ops::OpDef* op = c ? OpOf(*c) : nullptr;
      // Reserved pipe buffers take memory no tile accounts for: the bound cannot be stated.
      if (op && op->is_pipe_setup()) ok = false;
      const auto* a = s->As<ir::AssignStmt>();
      if (!a || !op) return;
      std::optional<MemorySpace> m = TileSpace(a->var->type);
      if (!m || !CapacityOf(*m)) return;
      if (op->output_memory_rule() == ops::OutputMemoryRule::Inherit) return;  // a view
      const ir::TileType* t = ir::AsTileType(a->var->type);
      int64_t bytes = ir::DataTypeBits(t->dtype) / 8;
      if (bytes <= 0) bytes = 1;
      for (const ExprPtr& d : t->shape) {
        auto n = ir::AsConstInt(d);
        if (!n) {
          ok = false;
          return;
        }
        bytes *= *n;
      }
      total[*m] += (bytes + kAlignment - 1) / kAlignment * kAlignment;
    });
    for (const auto& [m, bytes] : total)
      if (bytes > *CapacityOf(m)) ok = false;
    return ok;
  }

  StmtPtr Body(const StmtPtr& s) {
    if (!s) return s;
    if (const auto* f = s->As<ir::ForStmt>()) return Loop(s, *f);
    return ir::MapChildren(s, ir::kWalkAll, [this](const StmtPtr& c) { return Body(c); });
  }

  // Statements that bar any motion across the loop boundary: calls of functions, cross-core
  // transfers, synchronisation, unknown ops, pipe set-up.
  static bool Barrier(const ir::Stmt& s) {
    bool bad = false;
    HeldExprs(s, [&](const ExprPtr& e) {
      std::function<void(const ExprPtr&)> visit = [&](const ExprPtr& x) {
        if (!x) return;
        if (x->As<ir::FunctionCall>()) bad = true;
        if (const auto* c = x->As<ir::Call>()) {
          const ops::OpDef* op = OpOf(*c);
          if (!op || op->cross_core_role() != ops::CrossCoreRole::None ||
              op->is_synchronization() || op->is_pipe_setup() ||
              op->pipe_direction() != ops::PipeDirection::None)
            bad = true;
          for (const ExprPtr& a : c->args) visit(a);
        }
      };
      visit(e);
    });
    return bad;
  }

  StmtPtr Loop(const StmtPtr& s, const ir::ForStmt& f) {
    // Nested loops first, each against its own preheader.
    StmtPtr body = Body(f.body);
    StmtPtr rebuilt = body == f.body ? s : ir::WithBody(s, body);
    const auto* loop = rebuilt->As<ir::ForStmt>();
    if (!capacity_ok_)
      return Missed(*loop, rebuilt,
                    "the function's Mat, Left and Right tiles are not all of static size within "
                    "the buffers' capacity, or it reserves buffers");
    if (loop->for_kind != ir::ForKind::Range)
      return Missed(*loop, rebuilt, "the loop is not a sequential pl.range");
    auto start = ir::AsConstInt(loop->start), stop = ir::AsConstInt(loop->stop),
         step = ir::AsConstInt(loop->step);
    if (!start || !stop || !step || *step <= 0 || *stop <= *start)
      return Missed(*loop, rebuilt,
                    "the loop's bounds are not constant with a positive step and an iteration");
    // The header and the whole body subtree must be free of hidden ordering effects.
    if (Barrier(*rebuilt) ||
        ir::AnyStmt(loop->body, ir::kWalkAll, [](const StmtPtr& x) { return Barrier(*x); }))
      return Missed(*loop, rebuilt,
                    "the loop holds a function call, a cross-core transfer, synchronisation, "
                    "pipe set-up or an unknown op");

    std::vector<StmtPtr> stmts = ir::FlattenStmts(loop->body);
    // Variables defined in the loop (the loop variable, carries, every assignment in the body).
    std::unordered_set<const ir::Var*> local{loop->loop_var.get()};
    for (const ir::IterArg& ia : loop->iter_args) local.insert(ia.var.get());
    ir::ForEachStmt(loop->body, ir::kWalkAll, [&](const StmtPtr& x) {
      if (const auto* a = x->As<ir::AssignStmt>()) local.insert(a->var.get());
      if (auto l = ir::AsLoop(*x)) {
        for (const ir::IterArg& ia : *l->iter_args) local.insert(ia.var.get());
        for (const VarPtr& rv : *l->return_vars) local.insert(rv.get());
      }
      if (const auto* i = x->As<ir::IfStmt>())
        for (const VarPtr& rv : i->return_vars) local.insert(rv.get());
      if (const auto* fo = x->As<ir::ForStmt>()) local.insert(fo->loop_var.get());
    });
    std::set<const ir::Stmt*> prefix;  // the top-level statements before any effect or branch
    for (const StmtPtr& x : stmts) {
      const auto* a = x->As<ir::AssignStmt>();
      const ir::Call* c = a ? CallOf(a->value) : nullptr;
      const ops::OpDef* op = c ? OpOf(*c) : nullptr;
      if (!a || (op && op->has_side_effect())) break;
      prefix.insert(x.get());
    }

    std::set<const ir::Stmt*> moved;
    std::map<const ir::Stmt*, std::string> why;
    for (const StmtPtr& x : stmts) {
      const auto* a = x->As<ir::AssignStmt>();
      const ir::Call* c = a ? CallOf(a->value) : nullptr;
      // A chain moved out of an inner loop in this run stays in its new preheader: one lexical
      // level per run.
      if (!c || hoisted_.count(x.get()) || !IsMarkedBridge(*c) ||
          TileSpace(c->type) != MemorySpace::Mat)
        continue;
      if (!IsBridgeLoad(*c)) {
        why[x.get()] =
            "its tensor is not an In parameter that every call site proves to be storage the "
            "caller allocated and nothing the call writes";
      } else if (!prefix.count(x.get())) {
        why[x.get()] = "a branch, a loop or an effect comes before it in the loop body";
      } else if (!Invariant(*c, local, moved)) {
        why[x.get()] = "its window depends on the loop";
      } else {
        std::vector<const ir::AssignStmt*> chain;
        if (ExactChain(a, prefix, local, moved, chain)) {
          for (const ir::AssignStmt* m : chain) moved.insert(m);
        } else if (PanelFanout(a)) {
          moved.insert(a);
        } else {
          why[x.get()] =
              "its value is read otherwise than through transpose views and Left/Right moves "
              "into the matching matmul operand slots";
        }
      }
    }
    if (RemarksEnabled())
      for (const auto& [st, reason] : why)
        EmitRemark(RemarkKind::Missed, st->span,
                   "kept '" + st->As<ir::AssignStmt>()->var->name + "' in the loop: " + reason,
                   {{"value", st->As<ir::AssignStmt>()->var->name}});
    if (moved.empty()) return rebuilt;
    std::vector<StmtPtr> pre, kept;
    for (const StmtPtr& x : stmts) (moved.count(x.get()) ? pre : kept).push_back(x);
    for (const StmtPtr& x : pre) hoisted_.insert(x.get());
    if (RemarksEnabled())
      for (const StmtPtr& x : pre)
        if (const auto* a = x->As<ir::AssignStmt>()) {
          const ir::Call* c = CallOf(a->value);
          const bool load = c && OpOf(*c) && OpOf(*c)->gm_window();
          EmitRemark(RemarkKind::Passed, x->span,
                     "moved '" + a->var->name + "' before the loop: " +
                         (load ? std::string("it reads the same window of storage its callers "
                                             "allocated and nothing writes, on every iteration")
                               : std::string("it stages the invariant load for the matmul")),
                     {{"value", a->var->name}});
        }
    pre.push_back(ir::WithBody(rebuilt, ir::MakeSeq(std::move(kept), loop->body->span)));
    return ir::MakeSeq(std::move(pre), s->span);
  }

  // Declines the loop: a missed remark for each marked bridge load at its top level.
  StmtPtr Missed(const ir::ForStmt& loop, const StmtPtr& rebuilt, const std::string& why) const {
    if (!RemarksEnabled()) return rebuilt;
    for (const StmtPtr& x : ir::FlattenStmts(loop.body)) {
      const auto* a = x->As<ir::AssignStmt>();
      const ir::Call* c = a ? CallOf(a->value) : nullptr;
      if (!c || hoisted_.count(x.get()) || !IsMarkedBridge(*c) ||
          TileSpace(c->type) != MemorySpace::Mat)
        continue;
      EmitRemark(RemarkKind::Missed, x->span, "kept '" + a->var->name + "' in the loop: " + why,
                 {{"value", a->var->name}});
    }
    return rebuilt;
  }

  // A GM read of a proven-private In parameter into Mat.
  bool IsBridgeLoad(const ir::Call& c) const {
    const ops::OpDef* op = OpOf(c);
    if (!op || TileSpace(c.type) != MemorySpace::Mat) return false;
    auto w = op->gm_window();
    if (!w || w->access != ops::GmWindow::Access::Read || w->tensor >= c.args.size()) return false;
    const ir::Var* src = VarOf(c.args[w->tensor]);
    return src && candidates_.count(src);
  }

  // Every variable the call reads is defined outside the loop or moved already.
  bool Invariant(const ir::Call& c, const std::unordered_set<const ir::Var*>& local,
                 const std::set<const ir::Stmt*>& moved) const {
    bool ok = true;
    for (const ExprPtr& a : c.args)
      UsedVars(a, [&](const ir::Var* v) {
        if (!local.count(v)) return;
        auto d = facts_.defs.find(v);
        if (d == facts_.defs.end() || !moved.count(d->second)) ok = false;
      });
    return ok;
  }

  static bool IsTransposeView(const ops::OpDef& op) {
    return op.output_memory_rule() == ops::OutputMemoryRule::Inherit &&
           op.rectangle_change() == ops::RectangleChange::OrderPermuted;
  }

  // The single use of `v`, when it has exactly one and it is a direct argument of a top-level
  // call.
  const Use* SoleUse(const ir::Var* v) const {
    auto it = facts_.uses.find(v);
    if (it == facts_.uses.end() || it->second.size() != 1) return nullptr;
    const Use& u = it->second.front();
    return u.call && u.pos ? &u : nullptr;
  }

  // Whether `u` reads the value in the matmul-family slot that accepts exactly `space`.
  static bool MatmulSlot(const Use& u, MemorySpace space) {
    const ops::OpDef* op = OpOf(*u.call);
    if (!op || !u.pos) return false;
    const std::vector<MemorySpace>* allowed = op->allowed_input_memory(*u.pos);
    return allowed && allowed->size() == 1 && allowed->front() == space;
  }

  // A step from a Mat value into Left/Right: its result space and the op reads `v` first.
  static std::optional<MemorySpace> L0Step(const ir::AssignStmt& a, const ir::Var* v) {
    const ir::Call* c = CallOf(a.value);
    if (!c || c->args.empty() || VarOf(c->args[0]) != v) return std::nullopt;
    std::optional<MemorySpace> m = TileSpace(a.var->type);
    if (m != MemorySpace::Left && m != MemorySpace::Right) return std::nullopt;
    return m;
  }

  // load -> transpose_view* -> move/extract into Left/Right -> one matmul slot, every link a
  // single-use, invariant, top-level statement of the prefix.
  bool ExactChain(const ir::AssignStmt* load, const std::set<const ir::Stmt*>& prefix,
                  const std::unordered_set<const ir::Var*>& local, std::set<const ir::Stmt*> moved,
                  std::vector<const ir::AssignStmt*>& chain) const {
    const ir::AssignStmt* cur = load;
    chain = {load};
    moved.insert(load);
    for (int guard = 0; guard < 64; ++guard) {
      const Use* u = SoleUse(cur->var.get());
      if (!u || !prefix.count(u->stmt)) return false;
      const auto* next = u->stmt->As<ir::AssignStmt>();
      if (!next || *u->pos != 0) return false;
      const ops::OpDef* op = OpOf(*u->call);
      if (!op || !Invariant(*u->call, local, moved)) return false;
      if (IsTransposeView(*op)) {
        chain.push_back(next);
        moved.insert(next);
        cur = next;
        continue;
      }
      std::optional<MemorySpace> m = L0Step(*next, cur->var.get());
      if (!m) return false;
      const Use* mu = SoleUse(next->var.get());
      if (!mu || !MatmulSlot(*mu, *m)) return false;
      chain.push_back(next);
      return true;
    }
    return false;
  }

  // The load's every read path is transpose_view* then a Left/Right step whose value is used
  // only in matching matmul slots.
  bool PanelFanout(const ir::AssignStmt* load) const {
    std::function<bool(const ir::Var*, int)> paths = [&](const ir::Var* v, int depth) -> bool {
      auto it = facts_.uses.find(v);
      if (depth > 64 || it == facts_.uses.end() || it->second.empty()) return false;
      for (const Use& u : it->second) {
        if (!u.call || !u.pos || *u.pos != 0) return false;
        const auto* next = u.stmt->As<ir::AssignStmt>();
        const ops::OpDef* op = OpOf(*u.call);
        if (!next || !op) return false;
        if (IsTransposeView(*op)) {
          if (!paths(next->var.get(), depth + 1)) return false;
          continue;
        }
        std::optional<MemorySpace> m = L0Step(*next, v);
        if (!m) return false;
        auto l0 = facts_.uses.find(next->var.get());
        if (l0 == facts_.uses.end() || l0->second.empty()) return false;
        for (const Use& lu : l0->second)
          if (!lu.call || !MatmulSlot(lu, *m)) return false;
      }
      return true;
    };
    return paths(load->var.get(), 0);
  }

  const ir::Function& f_;
  FunctionFacts facts_;
  std::unordered_set<const ir::Var*> candidates_;
  std::unordered_set<const ir::Stmt*> hoisted_;
  std::unordered_map<const ir::Var*, ExprPtr> carry_init_;
  bool capacity_ok_ = false;
};

}  // namespace

ir::ProgramPtr LoopInvariantMatResidency(const ir::ProgramPtr& p) {
  std::map<std::string, std::set<size_t>> proven = ProvenParams(*p);
  std::vector<ir::FunctionPtr> out;
  out.reserve(p->functions.size());
  bool changed = false;
  for (const ir::FunctionPtr& f : p->functions) {
    ir::FunctionPtr g = f;
    // Only marked loads are candidates (or the subject of a remark): a kernel without one is
    // left as it is.
    const bool marked = IsKernel(*f) && ir::AnyStmt(f->body, ir::kWalkAll, [](const StmtPtr& s) {
                          const auto* a = s->As<ir::AssignStmt>();
                          const ir::Call* c = a ? CallOf(a->value) : nullptr;
                          return c && IsMarkedBridge(*c);
                        });
    if (marked) {
      auto it = proven.find(f->name);
      RemarkFunction named(f->name);
      Hoister h(*f, it != proven.end() ? it->second : std::set<size_t>{});
      StmtPtr body = h.Run(f->body);
      if (body != f->body) g = ir::WithBody(*f, body);
    }
    g = StripBridgeMarker(g);
    changed |= g != f;
    out.push_back(g);
  }
  if (!changed) return p;
  return std::make_shared<ir::Program>(p->name, std::move(out), p->span);
}

}  // namespace tilesplit::pass::itms
