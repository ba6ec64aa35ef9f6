// Sequential statement and expression interpreter.
#include "tilesplit/sim/interpreter.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

#include "tile_liveness.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/eval.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/lane.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/sim/core_group.h"

namespace tilesplit::sim {

using ir::BinaryOp;
using ir::ExprKind;
using ir::StmtKind;

namespace {

ir::DataType DTypeOf(const ir::TypePtr& t) {
  if (t)
    if (const auto* s = t->As<ir::ScalarType>()) return s->dtype;
  return ir::DataType::INDEX;
}

}  // namespace

void Interpreter::Bind(const ir::VarPtr& v, Value value) {
  env_[v.get()] = std::move(value);
}

void Interpreter::BindShapeVars(const std::vector<ir::ExprPtr>& shape,
                                const std::vector<int64_t>& actual) {
  for (size_t d = 0; d < shape.size() && d < actual.size(); ++d)
    if (const auto* v = shape[d]->As<ir::Var>())
      if (!env_.count(v)) env_[v] = Value(Scalar::Int(actual[d]));
}

namespace {

// Whether a boundary call stands in `s`, outside nested scopes and regions.
bool HasBoundary(const ir::StmtPtr& s) {
  return ir::AnyStmt(s, ir::kWalkOutsideScopes, [](const ir::StmtPtr& x) {
    const ir::Call* c = analysis::TopLevelCall(*x);
    return c && ops::Def(*c).is_boundary();
  });
}

}  // namespace

std::vector<Value> Interpreter::Run(const ir::Function& f, const std::vector<Value>& args) {
  func_ = &f;
  env_.clear();
  returned_.clear();
  if (const std::string* source = ir::ExternalSource(f))
    ir::ThrowUser(f.span,
                  "'" + f.name + "' is implemented in " + *source +
                      " (external_source=), which the simulator cannot run: it executes "
                      "only functions whose body is written in the DSL",
                  {{{},
                    "run or check a kernel written in the DSL (--func NAME), or write this "
                    "one's body in the DSL instead of external_source="}});
  if (args.size() != f.params.size())
    ir::ThrowInternal(f.span, "function '" + f.name + "' called with the wrong argument count");
  for (size_t i = 0; i < args.size(); ++i) {
    const ir::Param& p = f.params[i];
    if (const TensorPtr* t = args[i].tensor()) {
      if (const auto* tt = p.var->type->As<ir::TensorType>()) BindShapeVars(tt->shape, (*t)->shape);
    } else if (const TilePtr* t = args[i].tile()) {
      if (const auto* tt = p.var->type->As<ir::TileType>()) BindShapeVars(tt->shape, (*t)->shape);
    }
    Bind(p.var, args[i]);
  }
  if (!f.body) return returned_;
  liveness_ = std::make_shared<TileLiveness>(f.body);
  // A hand-written flat split_aiv kernel is one lane's program: the reference runs it once per
  // lane, as it runs a region, so that lane 1's band is part of the result it is checked
  // against (run once, with lane 0 alone, lane 1's stores would be compared with nothing).
  const std::optional<ir::SplitMode> mode = f.split_mode();
  if (ctx_.core == ops::CoreKind::Reference && f.func_type == ir::FunctionType::InCore &&
      f.BoolAttr(ir::fattr::kSplitAiv) && mode && *mode != ir::SplitMode::None &&
      !ir::FirstOfKind<ir::SplitAivStmt>(f.body, ir::kWalkAll) &&
      (HasBoundary(f.body) || ops::BodyReadsLaneIndex(f.body))) {
    // Each lane runs to its own return; the function's results are lane 1's, the last run.
    ctx_.region_mode = *mode;
    for (int lane = 0; lane < 2; ++lane) {
      ctx_.lane = lane;
      returned_.clear();
      Exec(f.body);
    }
    ctx_.lane = 0;
    ctx_.region_mode.reset();
    return returned_;
  }
  Exec(f.body);
  return returned_;
}

Interpreter::Flow Interpreter::Exec(const ir::StmtPtr& sp) {
  const ir::Stmt& s = *sp;
  if (ctx_.port) ctx_.port->Step();  // a schedule point of the core group
  if (ctx_.budget) ctx_.budget->Step(s.span);
  // Only a statement that is one op call releases its operands early (EvalCall); any other
  // statement releases them when it is done (ExecSeq).
  if (s.kind != StmtKind::Assign && s.kind != StmtKind::Eval) last_uses_ = nullptr;
  return ir::VisitStmtKind(
      s, ir::Overloaded{
             [&](const ir::AssignStmt& a) {
               stmt_ = &s;
               const std::vector<const ir::Var*>* release = std::exchange(last_uses_, nullptr);
               if (const auto* c = a.value->As<ir::Call>())
                 Bind(a.var, EvalCall(*c, release));
               else
                 Bind(a.var, Eval(a.value));
               return Flow::Normal;
             },
             [&](const ir::EvalStmt& ev) {
               stmt_ = &s;
               const std::vector<const ir::Var*>* release = std::exchange(last_uses_, nullptr);
               if (const auto* c = ev.expr->As<ir::Call>())
                 EvalCall(*c, release);
               else
                 Eval(ev.expr);
               return Flow::Normal;
             },
             [&](const ir::ReturnStmt& r) {
               stmt_ = &s;
               returned_.clear();
               for (const ir::ExprPtr& e : r.values) returned_.push_back(Eval(e));
               return Flow::Return;
             },
             [&](const ir::SeqStmts& q) { return ExecSeq(q); },
             [&](const ir::YieldStmt& y) {
               stmt_ = &s;
               yielded_.clear();
               for (const ir::ExprPtr& e : y.values) yielded_.push_back(Eval(e));
               return Flow::Normal;
             },
             [&](const ir::ForStmt& f) { return ExecFor(f); },
             [&](const ir::WhileStmt& w) { return ExecWhile(w); },
             [&](const ir::IfStmt& b) { return ExecIf(b); },
             [&](const ir::ScopeStmt& sc) {
               const Flow f = Exec(sc.body);
               // A named task's id (its scope runs in program order: a fresh id is all it is).
               if (sc.task_id)
                 Define(sc.task_id,
                        Value(Scalar{ir::DataType::TASK_ID, static_cast<int64_t>(++tasks_), 0}));
               return f;
             },
             [&](const ir::SplitAivStmt& r) { return ExecRegion(r); },
             [&](const ir::SpmdScopeStmt& sp) { return ExecSpmd(sp); },
         });
}

Interpreter::Flow Interpreter::ExecSeq(const ir::SeqStmts& s) {
  if (!liveness_) {
    for (const ir::StmtPtr& st : s.stmts)
      if (Exec(st) == Flow::Return) return Flow::Return;
    return Flow::Normal;
  }
  // A tile is released after the statement that reads it last, so that its storage serves the
  // next result while it is still in the cache.
  const std::vector<std::vector<const ir::Var*>>& drops = liveness_->DropsAfter(s);
  for (size_t i = 0; i < s.stmts.size(); ++i) {
    last_uses_ = drops[i].empty() ? nullptr : &drops[i];
    if (Exec(s.stmts[i]) == Flow::Return) return Flow::Return;
    for (const ir::Var* v : drops[i]) env_.erase(v);
  }
  return Flow::Normal;
}

Interpreter::Flow Interpreter::ExecBody(const ir::StmtPtr& body, std::vector<Value>* yielded) {
  yielded_.clear();
  Flow f = body ? Exec(body) : Flow::Normal;
  if (yielded) *yielded = std::move(yielded_);
  yielded_.clear();
  return f;
}

Interpreter::Flow Interpreter::ExecFor(const ir::ForStmt& s) {
  stmt_ = &s;
  const int64_t start = EvalInt(s.start), stop = EvalInt(s.stop), step = EvalInt(s.step);
  if (step == 0) ir::ThrowUser(s.span, "for loop with step 0");
  std::vector<Value> carry;
  for (const ir::IterArg& ia : s.iter_args) carry.push_back(Eval(ia.init));
  // The induction variable must not wrap past INT64_MAX: stop the loop instead of overflowing.
  for (int64_t i = start; step > 0 ? i < stop : i > stop;) {
    if (ctx_.budget) ctx_.budget->Step(s.span);
    Bind(s.loop_var, Value(Scalar::Int(i)));
    for (size_t k = 0; k < s.iter_args.size(); ++k) Bind(s.iter_args[k].var, carry[k]);
    std::vector<Value> next;
    if (ExecBody(s.body, &next) == Flow::Return) return Flow::Return;
    if (!s.iter_args.empty()) {
      if (next.size() != s.iter_args.size())
        ir::ThrowUser(s.span, "loop body yields " + std::to_string(next.size()) + " values for " +
                                  std::to_string(s.iter_args.size()) + " iter args");
      carry = std::move(next);
    }
    if (__builtin_add_overflow(i, step, &i)) break;
  }
  for (size_t k = 0; k < s.return_vars.size() && k < carry.size(); ++k)
    Bind(s.return_vars[k], carry[k]);
  return Flow::Normal;
}

Interpreter::Flow Interpreter::ExecWhile(const ir::WhileStmt& s) {
  stmt_ = &s;
  std::vector<Value> carry;
  for (const ir::IterArg& ia : s.iter_args) carry.push_back(Eval(ia.init));
  while (true) {
    if (ctx_.budget) ctx_.budget->Step(s.span);
    for (size_t k = 0; k < s.iter_args.size(); ++k) Bind(s.iter_args[k].var, carry[k]);
    if (EvalScalar(s.cond).AsInt() == 0) break;
    std::vector<Value> next;
    if (ExecBody(s.body, &next) == Flow::Return) return Flow::Return;
    if (!s.iter_args.empty()) {
      if (next.size() != s.iter_args.size())
        ir::ThrowUser(s.span, "while body yields the wrong number of values");
      carry = std::move(next);
    }
  }
  for (size_t k = 0; k < s.return_vars.size() && k < carry.size(); ++k)
    Bind(s.return_vars[k], carry[k]);
  return Flow::Normal;
}

Interpreter::Flow Interpreter::ExecIf(const ir::IfStmt& s) {
  stmt_ = &s;
  const bool c = EvalScalar(s.cond).AsInt() != 0;
  std::vector<Value> out;
  const ir::StmtPtr& body = c ? s.then_body : s.else_body;
  if (ExecBody(body, &out) == Flow::Return) return Flow::Return;
  if (!s.return_vars.empty() && out.size() != s.return_vars.size())
    ir::ThrowUser(s.span, "if branch yields the wrong number of values");
  for (size_t k = 0; k < s.return_vars.size(); ++k) Bind(s.return_vars[k], out[k]);
  return Flow::Normal;
}

// In the reference, a region whose body works per lane (task-parallel NONE, an explicit
// shard/gather boundary, or a body that reads its lane binding) runs once per lane in lane order,
// the boundaries handing each iteration its lane's band; a data-parallel full-width body runs
// once. On a split core the region is just its body.
Interpreter::Flow Interpreter::ExecRegion(const ir::SplitAivStmt& s) {
  if (ctx_.core != ops::CoreKind::Reference ||
      (s.mode != ir::SplitMode::None && !HasBoundary(s.body) && !ir::RegionReadsLane(s)))
    return Exec(s.body);
  const int saved = ctx_.lane;
  ctx_.region_mode = s.mode;
  Flow f = Flow::Normal;
  for (int lane = 0; lane < 2 && f == Flow::Normal; ++lane) {
    ctx_.lane = lane;
    f = Exec(s.body);
  }
  ctx_.lane = saved;
  ctx_.region_mode.reset();
  return f;
}

// A pl.spmd launch: its blocks run one after another, in block order, each seeing its own block
// index (calls inside pass it on to the kernels they run). The program's order of tasks is one
// the runtime may choose; an author who needs the blocks independent has said so by writing
// pl.spmd (PyPTO's guide: "pl.spmd is an assertion").
Interpreter::Flow Interpreter::ExecSpmd(const ir::SpmdScopeStmt& s) {
  const Scalar n = EvalScalar(s.core_num);
  if (n.is_float() || n.i < 1)
    ir::ThrowUser(s.core_num->span, "pl.spmd launches " +
                                        (n.is_float() ? std::string("a non-integer number of")
                                                      : std::to_string(n.i)) +
                                        " blocks; a launch needs at least one block");
  const int64_t saved_idx = ctx_.block_idx, saved_num = ctx_.block_num;
  ctx_.block_num = n.i;
  Flow f = Flow::Normal;
  for (int64_t k = 0; k < n.i && f == Flow::Normal; ++k) {
    ctx_.block_idx = k;
    f = Exec(s.body);
  }
  ctx_.block_idx = saved_idx;
  ctx_.block_num = saved_num;
  return f;
}

Scalar Interpreter::EvalScalar(const ir::ExprPtr& e) {
  Value v = Eval(e);
  if (const Scalar* s = v.scalar()) return *s;
  ir::ThrowUser(e->span, "expected a scalar value");
}

int64_t Interpreter::EvalInt(const ir::ExprPtr& e) {
  if (auto c = ir::AsConstInt(e)) return *c;
  return EvalScalar(e).AsInt();
}

Value Interpreter::Eval(const ir::ExprPtr& ep) {
  const ir::Expr& e = *ep;
  return ir::VisitExprKind(
      e,
      ir::Overloaded{
          [&](const ir::Var& v) {
            auto it = env_.find(&v);
            if (it == env_.end())
              ir::ThrowUser(e.span,
                            "variable '" + v.name + "' has no value on this core" +
                                (func_ ? " (function '" + func_->name + "')" : std::string()));
            return it->second;
          },
          [&](const ir::ConstInt& c) { return Value(Scalar::Int(c.value, DTypeOf(e.type))); },
          [&](const ir::ConstFloat& c) { return Value(Scalar::Float(c.value, DTypeOf(e.type))); },
          [&](const ir::ConstBool& c) { return Value(Scalar::Bool(c.value)); },
          [&](const ir::Binary& b) { return EvalBinary(b); },
          [&](const ir::Unary& u) {
            Scalar a = EvalScalar(u.operand);
            if (u.op == ir::UnaryOp::Not) return Value(Scalar::Bool(a.AsInt() == 0));
            return a.is_float() ? Value(Scalar::Float(-a.f, a.dtype))
                                : Value(Scalar::Int(-a.i, a.dtype));
          },
          [&](const ir::Cast& c) {
            Scalar a = EvalScalar(c.value);
            const ir::DataType dt = c.dtype();
            if (dt == ir::DataType::BOOL) return Value(Scalar::Bool(a.AsDouble() != 0));
            if (ir::IsFloat(dt)) return Value(Scalar::Float(a.AsDouble(), dt));
            return Value(
                Scalar::Int(a.is_float() ? static_cast<int64_t>(std::trunc(a.f)) : a.i, dt));
          },
          [&](const ir::Call& c) { return EvalCall(c); },
          [&](const ir::MakeTuple& t) {
            TupleValue tv;
            for (const ir::ExprPtr& x : t.elements) tv.push_back(Eval(x));
            return Value::Tuple(std::move(tv));
          },
          [&](const ir::TupleGetItem& g) {
            Value t = Eval(g.tuple);
            const TupleValue* tv = t.tuple();
            if (!tv || g.index < 0 || static_cast<size_t>(g.index) >= tv->size())
              ir::ThrowUser(e.span, "tuple index out of range at run time");
            return (*tv)[static_cast<size_t>(g.index)];
          },
          [&](const ir::FunctionCall& c) { return EvalFunctionCall(c); },
      });
}

Value Interpreter::EvalBinary(const ir::Binary& b) {
  const Scalar x = EvalScalar(b.lhs), y = EvalScalar(b.rhs);
  const ir::DataType dt = DTypeOf(b.type);
  if (ir::IsComparison(b.op)) {
    const bool fl = x.is_float() || y.is_float();
    const double a = x.AsDouble(), c = y.AsDouble();
    const int64_t ia = x.AsInt(), ic = y.AsInt();
    bool r = false;
    switch (b.op) {
      case BinaryOp::Eq:
        r = fl ? a == c : ia == ic;
        break;
      case BinaryOp::Ne:
        r = fl ? a != c : ia != ic;
        break;
      case BinaryOp::Lt:
        r = fl ? a < c : ia < ic;
        break;
      case BinaryOp::Le:
        r = fl ? a <= c : ia <= ic;
        break;
      case BinaryOp::Gt:
        r = fl ? a > c : ia > ic;
        break;
      default:
        r = fl ? a >= c : ia >= ic;
    }
    return Value(Scalar::Bool(r));
  }
  if (b.op == BinaryOp::And) return Value(Scalar::Bool(x.AsInt() != 0 && y.AsInt() != 0));
  if (b.op == BinaryOp::Or) return Value(Scalar::Bool(x.AsInt() != 0 || y.AsInt() != 0));
  if (ir::IsFloat(dt) || b.op == BinaryOp::FloatDiv) {
    // The compiler's float arithmetic (ir::EvalFloatBinary, which also folds constants): a run
    // and a folded constant never disagree. Comparisons and logic are answered above.
    const std::optional<float> r = ir::EvalFloatBinary(b.op, static_cast<float>(x.AsDouble()),
                                                       static_cast<float>(y.AsDouble()));
    if (!r)
      ir::ThrowInternal(b.span,
                        "no float arithmetic for '" + std::string(ir::BinaryOpText(b.op)) + "'");
    return Value(Scalar::Float(*r, ir::IsFloat(dt) ? dt : ir::DataType::FP32));
  }
  const int64_t a = x.AsInt(), c = y.AsInt();
  // The arithmetic of index expressions is the compiler's (ir::EvalIntBinary, which also folds
  // constants): a run and a folded constant never disagree. It answers nothing where the result
  // is undefined, which a run reports: a sum that leaves int64 is never wrapped.
  const std::optional<int64_t> r = ir::EvalIntBinary(b.op, a, c);
  if (!r) {
    // The expression as the printer writes it (an unfolded copy: this node is held by reference),
    // with the scalars it reads, so the author sees which input made it undefined.
    const ir::ExprPtr whole = std::make_shared<ir::Binary>(b.op, b.lhs, b.rhs, b.type, b.span);
    const std::string vars = VariablesOf(whole);
    const std::string read = vars.empty() ? "" : " (" + vars + ")";
    const std::string text = "'" + ir::ExprToString(whole) + "'";
    if (c == 0)
      ir::ThrowUser(
          b.span,
          std::string(b.op == BinaryOp::FloorDiv ? "integer division" : "integer modulo") +
              " by zero at run time: " + text + ", its divisor '" + ir::ExprToString(b.rhs) +
              "' is 0" + read,
          {{ir::Span{},
            "pass values of the scalars it reads that keep the divisor "
            "nonzero (--scalar NAME=V), or guard the division in the kernel"}});
    ir::ThrowUser(b.span,
                  "integer overflow at run time: " + text + " is " + std::to_string(a) + " " +
                      std::string(ir::BinaryOpText(b.op)) + " " + std::to_string(c) + read +
                      ", which does not fit in 64 bits",
                  {{ir::Span{},
                    "pass smaller values of the scalars it reads (--scalar NAME=V), "
                    "or bound them in the kernel with pl.min / pl.max"}});
  }
  return Value(Scalar::Int(*r, dt));
}

std::string Interpreter::VariablesOf(const ir::ExprPtr& e) {
  std::vector<const ir::Var*> vars;
  std::function<void(const ir::ExprPtr&)> walk = [&](const ir::ExprPtr& x) {
    if (!x) return;
    if (const auto* v = x->As<ir::Var>()) {
      if (std::find(vars.begin(), vars.end(), v) == vars.end()) vars.push_back(v);
    } else if (const auto* b = x->As<ir::Binary>()) {
      walk(b->lhs);
      walk(b->rhs);
    } else if (const auto* u = x->As<ir::Unary>()) {
      walk(u->operand);
    } else if (const auto* k = x->As<ir::Cast>()) {
      walk(k->value);
    }
  };
  walk(e);
  std::string out;
  for (const ir::Var* v : vars) {
    auto it = env_.find(v);
    if (it == env_.end() || !it->second.scalar()) continue;
    out +=
        (out.empty() ? "" : ", ") + v->name + " = " + std::to_string(it->second.scalar()->AsInt());
  }
  return out;
}

void Interpreter::ExtentError(const ir::Call& c, const std::string& what, size_t dim,
                              const ir::ExprPtr& e, int64_t value, int64_t box) {
  const std::string vars = VariablesOf(e);
  const std::string text = ir::ExprToString(e);
  std::string shown =
      ir::AsConstInt(e) ? std::to_string(value) : "'" + text + "' = " + std::to_string(value);
  if (!vars.empty() && vars.find(text + " = ") != 0) shown += " (" + vars + ")";
  const std::string bounds = box < 0 ? "[0, 2^31)" : "[0, " + std::to_string(box) + "]";
  const std::string range = bounds + (box < 0 ? "" : " (the tile's box)");
  std::vector<ir::Note> notes;
  if (!vars.empty())
    notes.push_back({{},
                     "pass values of the scalars it reads (" + vars + ") that keep it in " +
                         bounds +
                         " (--scalar NAME=V), or clamp it in the kernel with pl.min / pl.max"});
  else
    notes.push_back({{}, "change the extent to lie in " + bounds});
  ir::ThrowUser(c.span.valid() ? c.span : (stmt_ ? stmt_->span : c.span),
                c.op_name() + ": the " + what + " of dimension " + std::to_string(dim) + " is " +
                    shown + " at run time, outside " + range,
                std::move(notes));
}

// The author's offsets of a load or store must keep its window in the tensor at run time (a load
// may run past the end, which reads poison, but never start outside it); one that does not is
// named with the scalars it reads, where the silent clamp or the bare bounds fault said neither.
void Interpreter::CheckOffsets(const ir::Call& c, const std::vector<Value>& args,
                               const std::vector<ops::TileGeom>& geoms) {
  // Asked of the op's GM window: a load (a window bounded by its shapes) or a store (the valid
  // extent of its tile operand 0).
  const ops::OpDef* def = ops::RegisteredDef(c);
  const ops::GmWindow* w = def && def->gm_window() ? &*def->gm_window() : nullptr;
  using Window = ops::GmWindow;
  const bool load =
      w && w->access == Window::Access::Read && w->fallback == Window::Fallback::Bounds;
  const bool store =
      w && w->access == Window::Access::Write && w->fallback == Window::Fallback::TileValid;
  if ((!load && !store) || c.args.size() < 3 || args.size() < 3 || w->tensor >= args.size() ||
      w->offsets >= args.size())
    return;
  const TensorPtr* tensor = args[w->tensor].tensor();
  const ir::ExprPtr& offsets_expr = c.args[w->offsets];
  const auto* offsets = offsets_expr ? offsets_expr->As<ir::MakeTuple>() : nullptr;
  const sim::TupleValue* values = args[w->offsets].tuple();
  if (!tensor || !offsets || !values || values->size() != offsets->elements.size()) return;
  const std::vector<int64_t>& extent = (*tensor)->shape;
  std::vector<int64_t> window;
  if (load && !geoms.empty()) window = geoms[0].valid;
  if (store) {
    const TilePtr* tile = args[0].tile();
    if (!tile) return;
    window = (*tile)->valid;
  }
  for (size_t d = 0; d < values->size() && d < extent.size(); ++d) {
    if (!(*values)[d].scalar()) return;
    const int64_t off = (*values)[d].scalar()->AsInt();
    const int64_t rows = d < window.size() ? std::max<int64_t>(0, window[d]) : 0;
    const int64_t hi = load ? extent[d] : extent[d] - rows;
    if (off >= 0 && off <= hi) continue;
    if (store && rows == 0 && off >= 0) continue;  // an empty window writes nothing
    const ir::ExprPtr& e = offsets->elements[d];
    const std::string vars = VariablesOf(e);
    std::string shown = ir::AsConstInt(e)
                            ? std::to_string(off)
                            : "'" + ir::ExprToString(e) + "' = " + std::to_string(off);
    if (!vars.empty() && vars.find(ir::ExprToString(e) + " = ") != 0) shown += " (" + vars + ")";
    const std::string bounds = "[0, " + std::to_string(std::max<int64_t>(hi, 0)) + "]";
    std::string why =
        load ? "a load starts inside the tensor, whose extent is " + std::to_string(extent[d])
             : "the window of " + std::to_string(rows) + " rows/cols must fit in " +
                   "the tensor's extent " + std::to_string(extent[d]);
    ir::ThrowUser(
        c.span.valid() ? c.span : (stmt_ ? stmt_->span : c.span),
        c.op_name() + ": the offset of dimension " + std::to_string(d) + " is " + shown +
            " at run time, outside " + bounds + " (" + why + ")",
        {{{},
          vars.empty() ? "change the offset to lie in " + bounds
                       : "pass values of the scalars it reads (" + vars + ") that keep it in " +
                             bounds + " (--scalar NAME=V), or clamp it in the kernel"}});
  }
}

void Interpreter::GeometryOf(const ir::TypePtr& t, const ir::Call& c,
                             std::vector<ops::TileGeom>* out) {
  if (!t) return;
  if (const auto* tt = t->As<ir::TileType>()) {
    ops::TileGeom g;
    g.dtype = tt->dtype;
    g.mem = tt->memory.value_or(ir::MemorySpace::Vec);
    for (const ir::ExprPtr& d : tt->shape) g.shape.push_back(EvalInt(d));
    for (const ir::ExprPtr& d : tt->valid()) g.valid.push_back(EvalInt(d));
    const bool declared_valid = g.valid.size() == g.shape.size();
    if (!declared_valid) g.valid = g.shape;
    for (size_t d = 0; d < g.shape.size(); ++d) {
      if (g.shape[d] < 0 || g.shape[d] >= (int64_t{1} << 31))
        ExtentError(c, "extent", d, tt->shape[d], g.shape[d], -1);
      // The author's own extent must lie in the box: an out-of-range one is an input the kernel
      // was not written for. A split program's per-lane extents are clamped by construction.
      if (declared_valid && ctx_.core == ops::CoreKind::Reference &&
          (g.valid[d] < 0 || g.valid[d] > g.shape[d]))
        ExtentError(c, "valid extent", d, tt->valid()[d], g.valid[d], g.shape[d]);
      g.valid[d] = std::max<int64_t>(0, std::min(g.valid[d], g.shape[d]));
    }
    out->push_back(std::move(g));
  } else if (const auto* tu = t->As<ir::TupleType>()) {
    for (const ir::TypePtr& e : tu->elements) GeometryOf(e, c, out);
  }
}

namespace {

std::vector<ir::ExprPtr> ConstExtents(const std::vector<int64_t>& v) {
  std::vector<ir::ExprPtr> out;
  out.reserve(v.size());
  for (int64_t x : v) out.push_back(ir::MakeConstInt(x));
  return out;
}

}  // namespace

// The IR gives a value of a lane-by-lane region one lane-agnostic type, but a shard of a
// partially valid (or odd) box hands the two lanes different valid extents (7 valid rows of a
// 7-row box: lane 0 holds 4, lane 1 holds 3). What a lane computes from its band follows the band
// it holds, as on the split core; the registry's own deducer, run on the operands' actual
// geometry, says what that is.
bool Interpreter::LaneGeometry(const ir::Call& c, const std::vector<Value>& args,
                               std::vector<ops::TileGeom>* geoms) {
  if (ctx_.core != ops::CoreKind::Reference || !ctx_.region_mode) return false;
  const ops::OpDef& op = ops::Def(c);
  if (!op.deducer()) return false;
  bool differs = false;
  std::vector<ir::ExprPtr> lane_args = c.args;
  for (size_t i = 0; i < args.size() && i < c.args.size(); ++i) {
    const TilePtr* t = args[i].tile();
    const auto* tt =
        t && c.args[i] && c.args[i]->type ? c.args[i]->type->As<ir::TileType>() : nullptr;
    if (!tt || tt->shape.size() != (*t)->shape.size()) continue;
    std::vector<int64_t> declared;
    for (const ir::ExprPtr& d : tt->valid()) declared.push_back(EvalInt(d));
    if (declared == (*t)->valid) continue;
    differs = true;
    lane_args[i] = ir::MakeVar(
        "lane_operand", ir::WithShape(*tt, ConstExtents((*t)->shape), ConstExtents((*t)->valid)));
  }
  if (!differs) return false;
  std::vector<ops::TileGeom> lane;
  const ops::Deduced d = ops::TryDeduceType(op, lane_args, c.kwargs, c.span);
  if (!d.ok()) return false;
  try {  // an extent the lane's operands put out of range: the declared geometry stands
    GeometryOf(d.type, c, &lane);
  } catch (const ir::UserError&) {
    return false;
  }
  if (lane.size() != geoms->size()) return false;
  for (size_t i = 0; i < lane.size(); ++i) {
    if (lane[i].shape != (*geoms)[i].shape) return false;  // only valid extents follow the lane
    (*geoms)[i].valid = lane[i].valid;
  }
  return true;
}

Value Interpreter::EvalCall(const ir::Call& c, const std::vector<const ir::Var*>* release) {
  const ops::OpSemantics* sem = ops::SemanticsOf(c);
  if (!sem) ir::ThrowUser(c.span, c.op_name() + ": no execution semantics registered");
  std::vector<Value> args;
  args.reserve(c.args.size());
  for (const ir::ExprPtr& a : c.args) args.push_back(a ? Eval(a) : Value());
  // Nothing below reads a tile variable (the result geometry reads scalars only).
  if (release)
    for (const ir::Var* v : *release) env_.erase(v);
  std::vector<ops::TileGeom> geoms;
  GeometryOf(c.type, c, &geoms);
  LaneGeometry(c, args, &geoms);
  if (ctx_.core == ops::CoreKind::Reference) CheckOffsets(c, args, geoms);
  if (ctx_.budget) {
    int64_t bytes = 0;
    for (const ops::TileGeom& g : geoms)
      if (__builtin_add_overflow(bytes, StorageBytes(g.dtype, g.shape), &bytes)) bytes = INT64_MAX;
    ctx_.budget->ChargeMemory(bytes, stmt_ ? stmt_->span : c.span, "the result of " + c.op_name());
    // The work an op does: the elements it reads and writes; the result elements of an op with a
    // Left operand (a matmul) each take a dot product along that operand's last axis.
    int64_t elements = 0;
    for (const ops::TileGeom& g : geoms) elements += NumElements(g.shape);
    const ops::OpDef& def = ops::Def(c);
    for (size_t i = 0; i < args.size(); ++i) {
      const TilePtr* t = args[i].tile();
      if (!t) continue;
      elements += NumElements((*t)->shape);
      const std::vector<ir::MemorySpace>* in = def.allowed_input_memory(i);
      if (in && in->size() == 1 && in->front() == ir::MemorySpace::Left && !(*t)->shape.empty())
        for (const ops::TileGeom& g : geoms) elements += NumElements(g.shape) * (*t)->shape.back();
    }
    ctx_.budget->Work(elements, stmt_ ? stmt_->span : c.span);
  }
  ops::OpCall oc{c, args, geoms, ctx_};
  return sem->fn(oc);
}

Value Interpreter::EvalFunctionCall(const ir::FunctionCall& c) {
  if (!program_)
    ir::ThrowUser(c.span, "the call of '" + c.callee + "' has no program to find its callee in");
  ir::FunctionPtr callee = program_->Find(c.callee);
  if (!callee) ir::ThrowUser(c.span, "the program defines no function '" + c.callee + "'");
  if (c.args.size() != callee->params.size())
    ir::ThrowUser(c.span, "'" + c.callee + "' is called with " + std::to_string(c.args.size()) +
                              " argument(s) but takes " + std::to_string(callee->params.size()));
  if (call_depth_ >= 64)
    ir::ThrowUser(c.span, "calls nest more than 64 deep at '" + c.callee + "'");
  std::vector<Value> args;
  args.reserve(c.args.size());
  for (const ir::ExprPtr& a : c.args) args.push_back(Eval(a));
  std::vector<Value> results;
  if (target::EntersKernelGroup(*callee)) {
    std::map<std::string, Value> named;
    for (size_t i = 0; i < args.size(); ++i) named[callee->params[i].var->name] = args[i];
    GroupSpec spec{split_->At(c.callee)};
    spec.schedule = schedule_;
    spec.budget = ctx_.budget;
    spec.block_idx = ctx_.block_idx;
    spec.block_num = ctx_.block_num;
    GroupOutcome out = RunCoreGroup(spec, named);
    if (out.kind != GroupOutcome::Kind::Ok) throw GroupFailure{std::move(out)};
    if (!spec.group) {
      results = std::move(out.returned);  // a lone AIC or AIV program
    } else if (!spec.returned.empty()) {
      // A Group returns expressions of its parameters (what its parts stored into) and of
      // what its AIC program returned (`r = self.cube(...)` in a hand-written Group).
      Interpreter ev(ctx_);
      for (size_t i = 0; i < args.size(); ++i) ev.Define(callee->params[i].var, args[i]);
      if (spec.aic_result && !out.returned.empty())
        ev.Define(spec.aic_result,
                  out.returned.size() == 1
                      ? out.returned[0]
                      : Value::Tuple(TupleValue(out.returned.begin(), out.returned.end())));
      for (const ir::ExprPtr& v : spec.returned) results.push_back(ev.Eval(v));
    }
  } else {
    Interpreter sub(ctx_);
    sub.SetProgram(split_);
    sub.call_depth_ = call_depth_ + 1;
    results = sub.Run(*callee, args);
  }
  // A submitted call also yields its task's id: the tasks run in program order here, so the id
  // only has to be a value deps= can name (the count of tasks launched so far).
  if (c.task) {
    results.push_back(Value(Scalar{ir::DataType::TASK_ID, static_cast<int64_t>(++tasks_), 0}));
    return Value::Tuple(TupleValue(results.begin(), results.end()));
  }
  if (results.size() == 1) return results[0];
  return Value::Tuple(TupleValue(results.begin(), results.end()));
}

}  // namespace tilesplit::sim
