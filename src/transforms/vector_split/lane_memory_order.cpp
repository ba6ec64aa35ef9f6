// Memory order across the cores of a lowered split function (see lane_memory_order.h).
//
// Each tensor access of the lowered body (a load, a store, any op with a tensor operand) is
// executed by a set of cores: the AIC for cube work, both lanes for vector work, all three for
// shared scalar work. Its window on each core is evaluated exactly, per lane and per iteration of
// the loops around it, whenever the offsets and extents are integers in the lane index and in
// static loop variables; any other axis counts as the whole axis. Two executions on different
// cores whose windows overlap, one of them writing, must be ordered by the pipes: the AIC before
// a lane when a shard (a C2V transfer) lies between them, a lane before the AIC when a gather
// (V2C) does, one lane before the other when a gather and then a shard do. Only transfers at the
// top level of the statement list holding both accesses (or, across iterations, of the loop body)
// count; a transfer inside a branch or a nested loop is ignored, which is conservative.
#include "lane_memory_order.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "regions.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/eval.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/lane.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::vector_split {
namespace {

using pass::EmitRemark;
using pass::RemarkKind;
using pass::RemarksEnabled;

constexpr int kAic = 0, kLane0 = 1, kLane1 = 2;
const char* const kAgentName[] = {"the AIC", "AIV lane 0", "AIV lane 1"};

// Loop nests whose static iteration count exceeds this are not enumerated: their variables count
// as unknown (every window along a dependent axis is the whole axis).
constexpr int64_t kMaxInstances = 256;
// Pairs of accesses whose instance product exceeds this are compared by their bounding windows.
constexpr int64_t kMaxInstancePairs = 1 << 14;

enum class Transfer { C2V, V2C };

// A scalar parameter or dynamic dimension the body never assigns has one value on every core
// during one run: offsets may be affine in such symbols.
using Symbols = std::map<const ir::Var*, int64_t>;  // coefficient per symbol

struct Affine {
  int64_t c = 0;
  Symbols sym;
};

struct Interval {
  bool known = false;  // unknown: the whole axis
  int64_t lo = 0, hi = 0;
  Symbols sym;  // both ends are shifted by this sum of symbols
};
using Window = std::vector<Interval>;

struct Level {
  int list = 0;
  int pos = 0;
};

struct Loop {
  const ir::Var* var = nullptr;  // null: a while loop
  std::optional<int64_t> start, step;
  int64_t trips = -1;  // -1: unknown
  int body = 0;        // its body's statement list
};

struct Instance {
  std::vector<int64_t> iters;  // per enclosing loop: the iteration number, -1 when unknown
  Window w[3];                 // per core that executes it
};

struct Access {
  const ir::Stmt* stmt = nullptr;
  std::string op;
  bool write = false;
  const ir::Var* root = nullptr;  // the tensor parameter it reaches; null when unknown
  std::string tensor;
  unsigned agents = 0;        // bit per core
  bool lane_uniform = false;  // every core running it touches the same window with the same data
  std::vector<Level> path;
  std::vector<int> loops;
  std::vector<ir::ExprPtr> offsets, extents;  // empty: unknown window
  std::vector<ir::ExprPtr> bounds;            // a static bound of each extent (a box), or null
  size_t rank = 0;
  std::vector<Instance> inst;
};

// The values an evaluation binds: loop variables by iteration, and the lane of the core (-1: the
// cube, where a lane index has no value). Every lane variable of the function (one per region)
// takes the core's lane, looked up in the lane facts (IsLaneVar) rather than copied into the map: a
// copy per access made the check quadratic in the regions.
struct Env {
  std::unordered_map<const ir::Var*, int64_t> vars;
  int64_t lane = -1;
};

class Collector {
 public:
  // `facts` are the lane facts of `f`: which values may differ between the lanes, and which
  // variables are the lane index.
  Collector(const ir::Function& f, const LaneFacts& facts)
      : vector_agents_(VectorAgents(f)), facts_(facts) {
    for (const ir::Param& p : f.params)
      if (p.var->type && p.var->type->As<ir::TensorType>()) root_[p.var.get()] = p.var.get();
    lists_.emplace_back();
    int pos = 0;
    WalkList(f.body, 0, pos);
    for (Access& a : accesses_) Enumerate(a);
  }

  std::vector<Access> accesses_;
  std::vector<std::vector<std::pair<int, Transfer>>> lists_;  // the transfers of each list
  std::vector<Loop> loops_;

 private:
  // The lanes that run the vector work of `f`. A split function (split_aiv, or one holding a
  // region) runs it on both. An unsplit mixed kernel runs it on lane 0 alone: expand-mixed-kernel
  // dispatches its AIV part to one lane (only a split kernel's AIV part is dual-dispatched; a
  // no-split dual dispatch replays the body on lane 1 with empty tiles, writing nothing).
  static unsigned VectorAgents(const ir::Function& f) {
    const bool split = f.BoolAttr(ir::fattr::kSplitAiv) ||
                       ir::AnyStmt(f.body, ir::kWalkAll, [](const ir::StmtPtr& s) {
                         return s->As<ir::SplitAivStmt>() != nullptr;
                       });
    return split ? (1u << kLane0) | (1u << kLane1) : 1u << kLane0;
  }

  const unsigned vector_agents_;
  const LaneFacts& facts_;

  int NewList() {
    lists_.emplace_back();
    return static_cast<int>(lists_.size()) - 1;
  }

  void WalkList(const ir::StmtPtr& s, int list, int& pos) {
    if (!s) return;
    if (const ir::SplitAivStmt* r = s->As<ir::SplitAivStmt>()) {
      // A region runs once on each lane, in line with the statements around it: it adds no
      // synchronisation, so its body belongs to the enclosing list.
      const bool was = in_region_;
      in_region_ = true;
      WalkList(r->body, list, pos);
      in_region_ = was;
      return;
    }
    // Sequences and scopes add no synchronisation either: their statements join the list.
    if (s->As<ir::SeqStmts>() || s->As<ir::ScopeStmt>()) {
      ir::ForEachChild(*s, ir::kWalkAll, [&](const ir::StmtPtr& c) { WalkList(c, list, pos); });
      return;
    }
    path_.push_back({list, pos});
    WalkItem(s, list, pos);
    path_.pop_back();
    ++pos;
  }

  void WalkItem(const ir::StmtPtr& s, int list, int pos) {
    ir::VisitStmtKind(
        *s, ir::Overloaded{[&](const ir::AssignStmt& a) {
                             // Not recorded in assigned_: a scalar's definition is followed
                             // (defs_) before assigned_ is asked, and no other value is read by
                             // index arithmetic.
                             if (a.var->type && a.var->type->As<ir::ScalarType>())
                               defs_[a.var.get()] = a.value;
                             if (a.var->type && a.var->type->As<ir::TensorType>())
                               root_[a.var.get()] = Root(a.value);
                             Calls(*s, a.value, list, pos);
                           },
                           [&](const ir::EvalStmt& e) { Calls(*s, e.expr, list, pos); },
                           [&](const ir::ReturnStmt& r) {
                             for (const ir::ExprPtr& e : r.values) Calls(*s, e, list, pos);
                           },
                           [&](const ir::YieldStmt& y) {
                             for (const ir::ExprPtr& e : y.values) Calls(*s, e, list, pos);
                           },
                           [&](const ir::ForStmt& f) { WalkFor(f); },
                           [&](const ir::WhileStmt& w) {
                             Carry(w.iter_args, w.return_vars);
                             WalkLoopBody(Loop{}, w.body);
                           },
                           [&](const ir::IfStmt& i) { WalkIf(i); },
                           [](const auto&) {}});  // sequences, scopes, regions: WalkList joins them
  }

  void WalkFor(const ir::ForStmt& f) {
    Loop l;
    l.var = f.loop_var.get();
    assigned_.insert(l.var);
    l.start = Eval(f.start, {});
    l.step = Eval(f.step, {});
    if (auto stop = Eval(f.stop, {}); stop && l.start && l.step && *l.step != 0) {
      const int64_t span = *stop - *l.start;
      l.trips = *l.step > 0 ? (span > 0 ? (span + *l.step - 1) / *l.step : 0)
                            : (span < 0 ? (-span - *l.step - 1) / -*l.step : 0);
    }
    Carry(f.iter_args, f.return_vars);
    WalkLoopBody(l, f.body);
  }

  void WalkIf(const ir::IfStmt& i) {
    for (const ir::StmtPtr& b : {i.then_body, i.else_body}) {
      int p = 0;
      WalkList(b, NewList(), p);  // a branch's transfers are not counted outside it
    }
    // A merged tensor keeps its root only when both branches yield the same one.
    for (size_t k = 0; k < i.return_vars.size(); ++k) {
      const ir::Var* r[2] = {nullptr, nullptr};
      int n = 0;
      for (const ir::StmtPtr& b : {i.then_body, i.else_body}) {
        std::vector<ir::StmtPtr> flat = ir::FlattenStmts(b);
        const ir::YieldStmt* y = flat.empty() ? nullptr : flat.back()->As<ir::YieldStmt>();
        r[n++] = y && k < y->values.size() ? Root(y->values[k]) : nullptr;
      }
      root_[i.return_vars[k].get()] = r[0] == r[1] ? r[0] : nullptr;
      assigned_.insert(i.return_vars[k].get());
    }
  }

  void WalkLoopBody(Loop l, const ir::StmtPtr& body) {
    l.body = NewList();
    loops_.push_back(l);
    loop_stack_.push_back(static_cast<int>(loops_.size()) - 1);
    int p = 0;
    WalkList(body, l.body, p);
    loop_stack_.pop_back();
  }

  void Carry(const std::vector<ir::IterArg>& args, const std::vector<ir::VarPtr>& rets) {
    for (const ir::VarPtr& r : rets) assigned_.insert(r.get());
    for (size_t k = 0; k < args.size(); ++k) {
      assigned_.insert(args[k].var.get());
      if (!args[k].var->type || !args[k].var->type->As<ir::TensorType>()) continue;
      const ir::Var* r = Root(args[k].init);
      root_[args[k].var.get()] = r;
      if (k < rets.size()) root_[rets[k].get()] = r;
    }
  }

  const ir::Var* Root(const ir::ExprPtr& e) const {
    if (!e) return nullptr;
    if (const ir::Var* v = e->As<ir::Var>()) {
      auto it = root_.find(v);
      return it == root_.end() ? nullptr : it->second;
    }
    if (const ir::Call* c = e->As<ir::Call>()) {
      const ops::OpDef* def = &ops::Def(*c);
      if (def && def->reused_input() && *def->reused_input() < c->args.size())
        return Root(c->args[*def->reused_input()]);
    }
    return nullptr;
  }

  // Records the tensor accesses and the transfers of a statement's top-level call (and of calls
  // nested in its arguments).
  void Calls(const ir::Stmt& s, const ir::ExprPtr& e, int list, int pos) {
    const ir::Call* c = e ? e->As<ir::Call>() : nullptr;
    if (!c) return;
    for (const ir::ExprPtr& a : c->args) Calls(s, a, list, pos);
    const ops::OpDef* def = &ops::Def(*c);
    if (def && def->is_shard()) lists_[static_cast<size_t>(list)].push_back({pos, Transfer::C2V});
    if (def && def->is_gather()) lists_[static_cast<size_t>(list)].push_back({pos, Transfer::V2C});
    // A move between the cube's memory and the vector side's is a crossing too (the one an
    // unsplit mixed kernel has): expand-mixed-kernel makes it a push and a pop.
    if (def == &ops::MemoryMoveOp() && !c->args.empty()) {
      const ir::TileType* from = ir::TileTypeOf(c->args[0]);
      const ir::TileType* to = ir::AsTileType(c->type);
      if (from && to && from->memory && to->memory) {
        const bool cube_from = ir::IsCubeMemorySpace(*from->memory);
        const bool cube_to = ir::IsCubeMemorySpace(*to->memory);
        if (cube_from && !cube_to)
          lists_[static_cast<size_t>(list)].push_back({pos, Transfer::C2V});
        if (!cube_from && cube_to)
          lists_[static_cast<size_t>(list)].push_back({pos, Transfer::V2C});
      }
    }
    // A signal op's tensor is a signal word, not data: the lanes exchange it on purpose.
    if (def && def->is_synchronization()) return;
    for (size_t i = 0; i < c->args.size(); ++i) {
      const ir::ExprPtr& arg = c->args[i];
      const ir::TensorType* tt = arg && arg->type ? arg->type->As<ir::TensorType>() : nullptr;
      if (!tt) continue;
      Access a;
      a.stmt = &s;
      a.op = c->op_name();
      // An op writes the tensor it hands back as its result (a store), or, yielding nothing,
      // acts on it (a notify); anything else reads it.
      a.write = (def && def->reused_input() == i) || !c->type;
      a.root = Root(arg);
      const ir::Var* v = arg->As<ir::Var>();
      a.tensor = a.root ? a.root->name : v ? v->name : "a tensor";
      a.rank = tt->shape.size();
      a.path = path_;
      a.loops = loop_stack_;
      SetWindow(*c, i, &a);
      const ops::CoreAffinity aff = analysis::ClassifyCallAffinity(*c);
      if (aff == ops::CoreAffinity::CUBE)
        a.agents = 1u << kAic;
      else if (aff == ops::CoreAffinity::VECTOR || in_region_)
        a.agents = vector_agents_;
      else
        a.agents = vector_agents_ | (1u << kAic);
      bool differs = false;
      for (const ir::ExprPtr& x : c->args)
        if (!(x && x->type && x->type->As<ir::TensorType>()))
          differs = differs || facts_.MayDiffer(x);
      a.lane_uniform = !differs;
      accesses_.push_back(std::move(a));
    }
  }

  static std::vector<ir::ExprPtr> Tuple(const ir::Call& c, size_t i) {
    if (i >= c.args.size() || !c.args[i]) return {};
    const ir::MakeTuple* t = c.args[i]->As<ir::MakeTuple>();
    return t ? t->elements : std::vector<ir::ExprPtr>{};
  }

  // The window an access of argument `i` touches: offsets and extents per axis, when the op
  // declares a GM window on that argument (ops::GmWindow); otherwise unknown.
  static void SetWindow(const ir::Call& c, size_t i, Access* a) {
    const ops::OpDef* def = &ops::Def(c);
    const std::optional<ops::GmWindow> w = def ? def->gm_window() : std::nullopt;
    if (!w || w->tensor != i) return;
    std::vector<ir::ExprPtr> off = Tuple(c, w->offsets), ext, bound;
    if (w->extents) ext = Tuple(c, *w->extents);
    if (w->bounds) bound = Tuple(c, *w->bounds);  // the extents lie inside these
    if (ext.empty()) {
      switch (w->fallback) {
        case ops::GmWindow::Fallback::Bounds:
          ext = bound;
          break;
        case ops::GmWindow::Fallback::TileValid:
          // A store writes the tile's valid extent, inside its box.
          if (const ir::TileType* t =
                  c.args[0] && c.args[0]->type ? c.args[0]->type->As<ir::TileType>() : nullptr) {
            ext = t->valid();
            bound = t->shape;
          }
          break;
        case ops::GmWindow::Fallback::Unit:
          ext.assign(off.size(), ir::MakeConstInt(1));
          break;
      }
    }
    if (off.size() != a->rank || ext.size() != a->rank) return;
    a->offsets = std::move(off);
    a->extents = std::move(ext);
    a->bounds = bound.size() == a->rank ? std::move(bound) : std::vector<ir::ExprPtr>(a->rank);
  }

 public:
  // The integer value of `e` under `env`, following scalar definitions; nullopt when it depends
  // on anything else or overflows.
  std::optional<int64_t> Eval(const ir::ExprPtr& e, const Env& env) const {
    std::optional<Affine> a = EvalAffine(e, env, 0);
    if (!a || !a->sym.empty()) return std::nullopt;
    return a->c;
  }

  // `e` as a constant plus a sum of symbols (scalars the body never assigns).
  std::optional<Affine> EvalAffine(const ir::ExprPtr& e, const Env& env, int depth) const {
    if (!e || depth > 64) return std::nullopt;
    auto constant = [](int64_t v) { return std::optional<Affine>(Affine{v, {}}); };
    using Result = std::optional<Affine>;
    return ir::VisitExprKind(
        *e, ir::Overloaded{
                [&](const ir::ConstInt& c) -> Result { return constant(c.value); },
                [&](const ir::Var& var) -> Result {
                  const ir::Var* v = &var;
                  if (auto it = env.vars.find(v); it != env.vars.end()) return constant(it->second);
                  if (env.lane >= 0 && facts_.IsLaneVar(v)) return constant(env.lane);
                  if (auto it = defs_.find(v); it != defs_.end())
                    return EvalAffine(it->second, env, depth + 1);
                  if (assigned_.count(v) || facts_.IsLaneVar(v)) return std::nullopt;
                  return Affine{0, {{v, 1}}};
                },
                [&](const ir::Cast& c) -> Result { return EvalAffine(c.value, env, depth + 1); },
                [&](const ir::Unary& u) -> Result {
                  if (u.op != ir::UnaryOp::Neg) return std::nullopt;
                  return Scale(EvalAffine(u.operand, env, depth + 1), -1);
                },
                [&](const ir::Binary& b) -> Result {
                  auto x = EvalAffine(b.lhs, env, depth + 1), y = EvalAffine(b.rhs, env, depth + 1);
                  if (!x || !y) return std::nullopt;
                  switch (b.op) {
                    case ir::BinaryOp::Add:
                      return Sum(*x, *y);
                    case ir::BinaryOp::Sub: {
                      auto ny = Scale(y, -1);
                      return ny ? Sum(*x, *ny) : std::nullopt;
                    }
                    case ir::BinaryOp::Mul:
                      if (x->sym.empty()) return Scale(y, x->c);
                      if (y->sym.empty()) return Scale(x, y->c);
                      return std::nullopt;
                    default:
                      break;
                  }
                  if (!x->sym.empty() || !y->sym.empty()) return std::nullopt;
                  const std::optional<int64_t> r = ir::EvalIntBinary(b.op, x->c, y->c);
                  if (!r) return std::nullopt;
                  return constant(*r);
                },
                [](const auto&) -> Result { return std::nullopt; },
            });
  }

  static std::optional<Affine> Scale(std::optional<Affine> a, int64_t k) {
    if (!a) return std::nullopt;
    if (__builtin_mul_overflow(a->c, k, &a->c)) return std::nullopt;
    for (auto it = a->sym.begin(); it != a->sym.end();) {
      if (__builtin_mul_overflow(it->second, k, &it->second)) return std::nullopt;
      it = it->second == 0 ? a->sym.erase(it) : std::next(it);
    }
    return a;
  }

  static std::optional<Affine> Sum(Affine a, const Affine& b) {
    if (__builtin_add_overflow(a.c, b.c, &a.c)) return std::nullopt;
    for (const auto& [v, k] : b.sym) {
      int64_t& slot = a.sym[v];
      if (__builtin_add_overflow(slot, k, &slot)) return std::nullopt;
      if (slot == 0) a.sym.erase(v);
    }
    return a;
  }

 private:
  // Every (iteration, core) window of an access. Loops are enumerated from the outside in while
  // the instance count stays small; the rest stay unknown.
  void Enumerate(Access& a) const {
    std::vector<int64_t> trips;  // per enclosing loop; -1: not enumerated
    int64_t total = 1;
    for (int l : a.loops) {
      const Loop& lp = loops_[static_cast<size_t>(l)];
      int64_t t = lp.var && lp.trips >= 0 ? lp.trips : -1;
      if (t == 0) return;  // never executed
      if (t > 0 && total * t > kMaxInstances) t = -1;
      if (t > 0) total *= t;
      trips.push_back(t);
    }
    std::vector<int64_t> it(trips.size());
    for (size_t k = 0; k < trips.size(); ++k) it[k] = trips[k] < 0 ? -1 : 0;
    for (int64_t n = 0; n < total; ++n) {
      Instance in;
      in.iters = it;
      for (int g = 0; g < 3; ++g) {
        if (!(a.agents & (1u << g))) continue;
        Env env;
        for (size_t k = 0; k < it.size(); ++k) {
          const Loop& lp = loops_[static_cast<size_t>(a.loops[k])];
          if (it[k] >= 0) env.vars[lp.var] = *lp.start + it[k] * *lp.step;
        }
        if (g != kAic) env.lane = g == kLane0 ? 0 : 1;
        Window w(a.rank);
        for (size_t d = 0; d < a.offsets.size(); ++d) {
          auto o = EvalAffine(a.offsets[d], env, 0);
          auto e = Eval(a.extents[d], env);
          if (!e && a.bounds[d]) e = Eval(a.bounds[d], env);
          int64_t hi = 0;
          if (o && e && !__builtin_add_overflow(o->c, std::max<int64_t>(*e, 0), &hi))
            w[d] = {true, o->c, hi, o->sym};
        }
        in.w[g] = std::move(w);
      }
      a.inst.push_back(std::move(in));
      for (size_t k = it.size(); k-- > 0;) {  // the next iteration vector, innermost first
        if (trips[k] < 0) continue;
        if (++it[k] < trips[k]) break;
        it[k] = 0;
      }
    }
  }

  std::unordered_map<const ir::Var*, const ir::Var*> root_;
  std::unordered_map<const ir::Var*, ir::ExprPtr> defs_;
  std::unordered_set<const ir::Var*> assigned_;  // defined in the body: not a symbol
  std::vector<Level> path_;
  std::vector<int> loop_stack_;
  bool in_region_ = false;
};

bool Overlap(const Window& a, const Window& b) {
  if (a.size() != b.size()) return true;
  for (size_t d = 0; d < a.size(); ++d) {
    if (a[d].known && a[d].lo >= a[d].hi) return false;  // empty
    if (b[d].known && b[d].lo >= b[d].hi) return false;
    if (a[d].known && b[d].known && a[d].sym == b[d].sym &&
        (a[d].hi <= b[d].lo || b[d].hi <= a[d].lo))
      return false;
  }
  return true;
}

// The smallest window covering every instance of an access on core `g`.
Window Hull(const Access& a, int g) {
  Window h;
  bool first = true;
  for (const Instance& in : a.inst) {
    const Window& w = in.w[g];
    if (first) {
      h = w;
      first = false;
      continue;
    }
    for (size_t d = 0; d < h.size() && d < w.size(); ++d) {
      if (!h[d].known || !w[d].known || h[d].sym != w[d].sym) {
        h[d].known = false;
        continue;
      }
      h[d].lo = std::min(h[d].lo, w[d].lo);
      h[d].hi = std::max(h[d].hi, w[d].hi);
    }
  }
  return h;
}

class Orderer {
 public:
  Orderer(const Collector& c) : c_(c) {}

  // Whether the pipes order every pair of executions of `a` on core `ga` and `b` on core `gb`
  // whose iterations of the loops both sit in are `ia` and `ib` (-1: unknown).
  bool Ordered(const Access& a, const std::vector<int64_t>& ia, int ga, const Access& b,
               const std::vector<int64_t>& ib, int gb) const {
    size_t common = 0;
    while (common < a.loops.size() && common < b.loops.size() && a.loops[common] == b.loops[common])
      ++common;
    return At(a, ia, ga, b, ib, gb, 0, common);
  }

 private:
  bool At(const Access& a, const std::vector<int64_t>& ia, int ga, const Access& b,
          const std::vector<int64_t>& ib, int gb, size_t m, size_t common) const {
    if (m == common) return SameIteration(a, ga, b, gb);
    const int64_t x = ia[m], y = ib[m];
    if (x < 0 || y < 0)
      return At(a, ia, ga, b, ib, gb, m + 1, common) && Across(a, ga, b, gb, m) &&
             Across(b, gb, a, ga, m);
    if (x == y) return At(a, ia, ga, b, ib, gb, m + 1, common);
    return x < y ? Across(a, ga, b, gb, m) : Across(b, gb, a, ga, m);
  }

  bool SameIteration(const Access& a, int ga, const Access& b, int gb) const {
    size_t d = 0;
    while (d + 1 < a.path.size() && d + 1 < b.path.size() && a.path[d].pos == b.path[d].pos &&
           a.path[d + 1].list == b.path[d + 1].list)
      ++d;
    const int pa = a.path[d].pos, pb = b.path[d].pos;
    if (pa == pb) return false;  // one statement, or two branches of one if
    const auto& ts = c_.lists_[static_cast<size_t>(a.path[d].list)];
    std::vector<Transfer> between;
    const int lo = std::min(pa, pb), hi = std::max(pa, pb);
    for (const auto& [p, t] : ts)
      if (p > lo && p < hi) between.push_back(t);
    return pa < pb ? Orders(ga, gb, between) : Orders(gb, ga, between);
  }

  // `x` in an earlier iteration of loop `m` than `y`: the transfers after x in its iteration,
  // then those before y in its own (the iterations in between are not counted).
  bool Across(const Access& x, int gx, const Access& y, int gy, size_t m) const {
    const Loop& lp = c_.loops_[static_cast<size_t>(x.loops[m])];
    auto pos_in = [&](const Access& a) {
      for (const Level& l : a.path)
        if (l.list == lp.body) return l.pos;
      return -1;
    };
    const int px = pos_in(x), py = pos_in(y);
    const auto& ts = c_.lists_[static_cast<size_t>(lp.body)];
    std::vector<Transfer> seq;
    for (const auto& [p, t] : ts)
      if (p > px) seq.push_back(t);
    for (const auto& [p, t] : ts)
      if (p < py) seq.push_back(t);
    return Orders(gx, gy, seq);
  }

  // Whether this sequence of transfers makes core `from`'s earlier access happen before core
  // `to`'s later one.
  static bool Orders(int from, int to, const std::vector<Transfer>& seq) {
    if (from == to) return true;
    if (from == kAic) return std::count(seq.begin(), seq.end(), Transfer::C2V) > 0;
    if (to == kAic) return std::count(seq.begin(), seq.end(), Transfer::V2C) > 0;
    auto g = std::find(seq.begin(), seq.end(), Transfer::V2C);
    return g != seq.end() && std::find(g, seq.end(), Transfer::C2V) != seq.end();
  }

  const Collector& c_;
};

std::string Describe(const Window& a, const Window& b) {
  std::ostringstream os;
  os << "[";
  for (size_t d = 0; d < a.size() && d < b.size(); ++d) {
    if (d) os << ", ";
    const bool ka = a[d].known && a[d].sym.empty(), kb = b[d].known && b[d].sym.empty();
    if (ka && kb)
      os << std::max(a[d].lo, b[d].lo) << ":" << std::min(a[d].hi, b[d].hi);
    else if (ka || kb) {
      const Interval& k = ka ? a[d] : b[d];
      os << k.lo << ":" << k.hi;
    } else {
      os << ":";
    }
  }
  os << "]";
  return os.str();
}

[[noreturn]] void Report(const Access& first, int g1, const Access& second, int g2,
                         const Window& w1, const Window& w2) {
  const char* what1 = first.write ? "writes" : "reads";
  const char* what2 = second.write ? "writes" : "reads";
  std::ostringstream msg;
  msg << "LowerAutoVectorSplit: this " << second.op << " " << what2 << " '" << second.tensor
      << "' on " << kAgentName[g2] << " and the " << first.op << " at line "
      << first.stmt->span.line << " " << what1 << " it on " << kAgentName[g1] << "; both may touch "
      << second.tensor << Describe(w1, w2)
      << ", and no pipe transfer between them orders the two cores, so the split program can "
         "lose the sequential order";
  std::string fix;
  if (g1 != kAic && g2 != kAic)
    fix =
        "the two lanes run without a barrier between them: let each lane touch only its own "
        "band (accesses whose windows are disjoint across the lanes are accepted), or write the "
        "two results to different tensors";
  else
    fix =
        "the AIC and the AIV lanes are ordered only by the pipes: write the cube's and the "
        "vector side's results to different tensors (or disjoint windows), or move the later "
        "access to the side of the earlier one";
  const ir::UserError e(
      second.stmt->span, msg.str(),
      {{first.stmt->span, std::string("the other access: ") + first.op + " on " + kAgentName[g1]},
       {ir::Span{}, fix}});
  throw MemoryDisorder(e, first.stmt, g1, second.stmt, g2);
}

// The remark that two cores touch the same elements and the pipes keep their order.
void RemarkOrdered(const Access& first, int g1, const Access& second, int g2) {
  if (!RemarksEnabled()) return;
  EmitRemark(RemarkKind::Analysis, second.stmt->span,
             "this " + second.op + (second.write ? " writes '" : " reads '") + second.tensor +
                 "' on " + kAgentName[g2] + " and the " + first.op + " at line " +
                 std::to_string(first.stmt->span.line) + (first.write ? " writes" : " reads") +
                 " it on " + kAgentName[g1] +
                 ": they may touch the same elements, and the pipe transfers between them keep "
                 "the sequential order",
             {{"tensor", second.tensor}});
}

void CheckPair(const Orderer& ord, const Access& a, const Access& b, bool self) {
  const int64_t pairs = static_cast<int64_t>(a.inst.size()) * static_cast<int64_t>(b.inst.size());
  for (int ga = 0; ga < 3; ++ga) {
    if (!(a.agents & (1u << ga))) continue;
    for (int gb = 0; gb < 3; ++gb) {
      if (!(b.agents & (1u << gb)) || ga == gb) continue;
      // Cores writing the same data into the same window (a store both lanes run, a notify
      // duplicated onto both sides) leave the same final value whichever lands last.
      if (self && a.lane_uniform) continue;
      if (pairs > kMaxInstancePairs) {
        const Window ha = Hull(a, ga), hb = Hull(b, gb);
        const std::vector<int64_t> ua(a.loops.size(), -1), ub(b.loops.size(), -1);
        if (!Overlap(ha, hb)) continue;
        if (!ord.Ordered(a, ua, ga, b, ub, gb)) Report(a, ga, b, gb, ha, hb);
        RemarkOrdered(a, ga, b, gb);
        continue;
      }
      bool overlapping = false;
      for (const Instance& x : a.inst)
        for (const Instance& y : b.inst)
          if (Overlap(x.w[ga], y.w[gb])) {
            if (!ord.Ordered(a, x.iters, ga, b, y.iters, gb))
              Report(a, ga, b, gb, x.w[ga], y.w[gb]);
            overlapping = true;
          }
      if (overlapping) RemarkOrdered(a, ga, b, gb);
    }
  }
}

}  // namespace

namespace {

// The rows (axis 0) every instance of `a` touches on every core running it, when each of those
// windows is known and free of symbols and the tensor is known; nullopt otherwise. Two accesses
// whose row ranges are disjoint cannot overlap on any core (Overlap finds them apart on axis 0).
std::optional<std::pair<int64_t, int64_t>> RowHull(const Access& a) {
  if (!a.root || a.rank == 0 || a.inst.empty()) return std::nullopt;
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (const Instance& in : a.inst)
    for (int g = 0; g < 3; ++g) {
      if (!(a.agents & (1u << g))) continue;
      const Window& w = in.w[g];
      if (w.size() != a.rank || !w[0].known || !w[0].sym.empty()) return std::nullopt;
      lo = std::min(lo, w[0].lo);
      hi = std::max(hi, w[0].hi);
    }
  if (lo > hi) return std::nullopt;
  return std::make_pair(lo, hi);
}

// The pairs (i <= j) CheckPair must see: every pair except those whose row hulls are known to be
// disjoint, found by a sweep over the hulls sorted by their first row, so that a body of many
// accesses to disjoint windows (one per region) is not checked pair by pair. Ordered by (j, i),
// the order of the plain double loop, so the first race reported is the same.
std::vector<std::pair<size_t, size_t>> CandidatePairs(const std::vector<Access>& acc) {
  std::vector<std::pair<size_t, size_t>> out;  // (j, i)
  std::vector<std::optional<std::pair<int64_t, int64_t>>> hull(acc.size());
  std::vector<size_t> known, unknown;
  for (size_t k = 0; k < acc.size(); ++k) {
    hull[k] = RowHull(acc[k]);
    (hull[k] ? known : unknown).push_back(k);
  }
  auto add = [&](size_t x, size_t y) {
    const size_t i = std::min(x, y), j = std::max(x, y);
    const Access& a = acc[i];
    const Access& b = acc[j];
    if (!a.write && !b.write) return;
    if (a.root && b.root && a.root != b.root) return;
    out.emplace_back(j, i);
  };
  for (size_t k = 0; k < acc.size(); ++k) add(k, k);
  for (size_t u = 0; u < unknown.size(); ++u) {
    for (size_t v = u + 1; v < unknown.size(); ++v) add(unknown[u], unknown[v]);
    for (size_t k : known) add(unknown[u], k);
  }
  // Accesses of different tensors never pair, and a tensor only read needs no pair at all: the
  // sweep runs per tensor that something writes (a body reading one input in every region would
  // otherwise meet every pair of its reads).
  std::map<const ir::Var*, std::vector<size_t>> by_root;
  std::unordered_set<const ir::Var*> written;
  for (size_t k : known) {
    by_root[acc[k].root].push_back(k);
    if (acc[k].write) written.insert(acc[k].root);
  }
  for (auto& [root, group] : by_root) {
    if (!written.count(root)) continue;
    std::sort(group.begin(), group.end(), [&](size_t x, size_t y) {
      return hull[x]->first != hull[y]->first ? hull[x]->first < hull[y]->first : x < y;
    });
    for (size_t p = 0; p < group.size(); ++p) {
      const auto [lo, hi] = *hull[group[p]];
      for (size_t q = p + 1; q < group.size() && hull[group[q]]->first < hi; ++q)
        if (hull[group[q]]->second > lo && hull[group[q]]->first < hull[group[q]]->second)
          add(group[p], group[q]);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

void CheckLaneMemoryOrder(const ir::Function& lowered, const LaneFacts& facts) {
  const Collector c(lowered, facts);
  const Orderer ord(c);
  const std::vector<Access>& acc = c.accesses_;
  for (const auto& [j, i] : CandidatePairs(acc)) CheckPair(ord, acc[i], acc[j], i == j);
}

// The LaneMemoryOrdered verifier: the same check on each function the split orders (an InCore
// function with regions or mixed work), on the lane facts the pass context holds for it.
void VerifyLaneMemoryOrdered(const ir::ProgramPtr& p) {
  for (const ir::FunctionPtr& f : p->functions)
    if (f && f->func_type == ir::FunctionType::InCore &&
        (HasSplitRegion(f->body) || analysis::IsMixed(*f)))
      CheckLaneMemoryOrder(*f, *pass::AnalysisOf<LaneFacts>(f));
}

TILESPLIT_REGISTER_VERIFIER(LaneMemoryOrdered, VerifyLaneMemoryOrdered);

}  // namespace tilesplit::vector_split
