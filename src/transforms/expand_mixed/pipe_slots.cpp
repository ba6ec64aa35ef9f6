// Releases of popped tiles and the ring slots they need
// (pipe_slots.h).
//
// Why one side at a time is enough: the AIC and both AIV lanes run the crossings in the source's
// order. Take the earliest crossing that has not completed: every core has completed every earlier
// one, so each is at this crossing. Its pop waits only for its push, and its push waits only for
// the release of the transfer slot_num before it on the same pipe, which the consumer has made
// unless it holds that transfer while popping this one. So the only deadlock is a consumer that
// pops transfer k + slot_num while it still holds transfer k; that is what MeasureDemand counts.
#include "pipe_slots.h"

#include <algorithm>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::pipe_slots {
namespace {

using ir::StmtPtr;
using ir::VarPtr;

int64_t SatAdd(int64_t a, int64_t b) {
  return std::min(kUnbounded, a + b);  // both stay below kUnbounded, so the sum cannot overflow
}

int64_t SatMul(int64_t a, int64_t b) {
  if (a == 0 || b == 0) return 0;
  if (a >= kUnbounded / b) return kUnbounded;
  return std::min(kUnbounded, a * b);
}

// The statement's popped variable, if it is a pop.
const ir::Var* PopOf(const StmtPtr& s, const PoppedMap& popped) {
  const auto* a = s ? s->As<ir::AssignStmt>() : nullptr;
  return a && popped.count(a->var.get()) ? a->var.get() : nullptr;
}

// The tile a release statement releases, if it releases one of `popped`.
const ir::Var* ReleaseOf(const StmtPtr& s, const PoppedMap& popped) {
  const auto* e = s ? s->As<ir::EvalStmt>() : nullptr;
  const ir::Call* c = e ? e->expr->As<ir::Call>() : nullptr;
  if (!c || ops::Def(*c).cross_core_role() != ops::CrossCoreRole::TFree || c->args.empty())
    return nullptr;
  const ir::Var* v = c->args[0]->As<ir::Var>();
  return v && popped.count(v) ? v : nullptr;
}

// Trip count of a for loop whose bounds are constants; none when it is only known at run time.
std::optional<int64_t> TripCount(const ir::ForStmt& f) {
  auto start = ir::AsConstInt(f.start), stop = ir::AsConstInt(f.stop);
  auto step = ir::AsConstInt(f.step);
  if (!start || !stop || !step || *step <= 0) return std::nullopt;
  if (*stop <= *start) return 0;
  // Unsigned: stop - start may not fit in int64_t.
  const uint64_t span = static_cast<uint64_t>(*stop) - static_cast<uint64_t>(*start);
  const uint64_t n = (span - 1) / static_cast<uint64_t>(*step) + 1;
  return n >= static_cast<uint64_t>(kUnbounded) ? kUnbounded : static_cast<int64_t>(n);
}

// The most pops statement `s` makes on one path (kUnbounded: a run-time loop of pops).
int64_t Pops(const StmtPtr& s, const PoppedMap& popped) {
  if (!s) return 0;
  return ir::VisitStmtKind(
      *s, ir::Overloaded{[&](const ir::AssignStmt&) -> int64_t { return PopOf(s, popped) ? 1 : 0; },
                         [&](const ir::SeqStmts& q) {
                           int64_t n = 0;
                           for (const StmtPtr& c : q.stmts) n = SatAdd(n, Pops(c, popped));
                           return n;
                         },
                         [&](const ir::ForStmt& f) {
                           const int64_t body = Pops(f.body, popped);
                           if (auto t = TripCount(f)) return SatMul(*t, body);
                           return body > 0 ? kUnbounded : int64_t{0};
                         },
                         [&](const ir::WhileStmt& w) {
                           return Pops(w.body, popped) > 0 ? kUnbounded : int64_t{0};
                         },
                         [&](const ir::IfStmt& x) {
                           return std::max(Pops(x.then_body, popped), Pops(x.else_body, popped));
                         },
                         [](const auto&) -> int64_t { return 0; }});
}

// Whether `s` is, or holds at any depth, a loop that pops.
bool HasLoopOfPops(const StmtPtr& s, const PoppedMap& popped) {
  // A loop answers for everything inside it (a loop that never runs pops nothing, whatever it
  // holds); scopes and regions are not this walk's.
  bool found = false;
  ir::ForEachStmt(s, ir::kWalkOutsideScopes, [&](const StmtPtr& c) {
    if (!ir::AsLoop(*c)) return ir::WalkStep::Descend;
    // A pl.range loop that runs at most once wraps the ring no further than its body written
    // out would: it is that body (simplify, in the default pipeline, replaces it by it), so a
    // hold across it is sized like straight-line code, and `opt` and `check` agree on it.
    if (const ir::ForStmt* f = c->As<ir::ForStmt>(); f && f->for_kind == ir::ForKind::Range)
      if (std::optional<int64_t> t = TripCount(*f); t && *t <= 1) return ir::WalkStep::Descend;
    found = Pops(c, popped) > 0;
    return found ? ir::WalkStep::Stop : ir::WalkStep::SkipChildren;
  });
  return found;
}

class Releaser {
 public:
  Releaser(const PoppedMap& popped, ir::NameGenerator& names) : popped_(popped), names_(names) {}

  std::vector<StmtPtr> Block(const std::vector<StmtPtr>& in0);

 private:
  StmtPtr Body(const StmtPtr& b) {
    if (!b) return b;
    return ir::MakeSeq(Block(ir::FlattenStmts(b)), b->span);
  }
  StmtPtr Release(const ir::Var* v, const StmtPtr& pop) const;

  const PoppedMap& popped_;
  ir::NameGenerator& names_;
};

StmtPtr Releaser::Release(const ir::Var* v, const StmtPtr& pop) const {
  const Popped& p = popped_.at(v);
  const VarPtr& var = pop->As<ir::AssignStmt>()->var;
  return ir::MakeEval(ops::Create(p.free_op, {var}, {{"split", p.code}}, pop->span), pop->span);
}

std::vector<StmtPtr> Releaser::Block(const std::vector<StmtPtr>& in0) {
  std::vector<StmtPtr> in;
  // The bodies of loops and branches get their own releases; scopes and regions are kept.
  for (const StmtPtr& s : in0) {
    const bool keep = ir::IsLeafStmt(*s) || s->As<ir::SeqStmts>();
    in.push_back(keep ? s : ir::MapChildren(s, ir::kWalkOutsideScopes, [&](const StmtPtr& b) {
      return Body(b);
    }));
  }
  // after[j]: what to emit after statement j (copies and releases).
  std::vector<std::vector<StmtPtr>> after(in.size());
  ir::VarMap kept;
  std::vector<bool> is_copied_pop(in.size(), false);
  // loops_before[k]: how many of in[0..k) are, or hold, a loop that pops.
  std::vector<size_t> loops_before(in.size() + 1, 0);
  for (size_t k = 0; k < in.size(); ++k)
    loops_before[k + 1] = loops_before[k] + (HasLoopOfPops(in[k], popped_) ? 1 : 0);
  for (size_t i = 0; i < in.size(); ++i) {
    const ir::Var* v = PopOf(in[i], popped_);
    if (!v) continue;
    // Statements after a return never run: the release goes before the return, not after uses
    // that cannot happen.
    size_t last = i;
    for (size_t j = i + 1; j < in.size() && !in[j]->As<ir::ReturnStmt>(); ++j)
      if (ir::UsesVar(in[j], v)) last = j;
    // A yield hands the tile to code after its loop or branch: releasing it before the yield
    // would free a slot that is still read.
    const bool leaves = last > i && in[last]->As<ir::YieldStmt>();
    // Held while a loop pops more transfers: the ring wraps onto it.
    const bool across_loop = loops_before[last + 1] > loops_before[i + 1];
    const VarPtr& var = in[i]->As<ir::AssignStmt>()->var;
    if (leaves || across_loop) {
      const auto* tile = ir::AsTileType(var->type);
      if (!tile || !tile->memory)
        ir::ThrowInternal(in[i]->span, "pipe slots: a popped value without a tile memory");
      VarPtr copy = ir::MakeVar(names_.Fresh(var->name + "_kept"), var->type, in[i]->span);
      ir::ExprPtr move = ops::CreateWithType(
          ops::MemoryMoveOp(), {var}, {{"target_memory", *tile->memory}}, var->type, in[i]->span);
      after[i].push_back(ir::MakeAssign(copy, move, in[i]->span));
      after[i].push_back(Release(v, in[i]));
      pass::EmitRemark(pass::RemarkKind::Passed, in[i]->span,
                       "'" + var->name + "' is copied to '" + copy->name +
                           "' and its slot released at once: " +
                           (leaves ? "it leaves its block through a yield"
                                   : "a loop that pops on this side runs while it is held"));
      kept[v] = copy;
      is_copied_pop[i] = true;
      continue;
    }
    after[last].push_back(Release(v, in[i]));
  }
  std::vector<StmtPtr> out;
  for (size_t j = 0; j < in.size(); ++j) {
    // The pop itself keeps its variable: Substitute would rename its definition too.
    out.push_back(kept.empty() || is_copied_pop[j] ? in[j] : ir::Substitute(in[j], kept));
    for (StmtPtr& f : after[j]) out.push_back(std::move(f));
  }
  return out;
}

// The oldest transfer still held by an enclosing block, and how many pops since it.
struct Outer {
  int64_t span = 0;  // pops from the held transfer through the block's entry; 0: none held
  ir::Span held;
  std::string held_name;
};

class Meter {
 public:
  Meter(const PoppedMap& popped, int64_t limit) : popped_(popped), limit_(limit) {}
  Demand demand;

  void Block(const std::vector<StmtPtr>& stmts, const Outer& outer);

 private:
  void Body(const StmtPtr& b, const Outer& outer) {
    if (b) Block(ir::FlattenStmts(b), outer);
  }
  void Record(int64_t span, const StmtPtr& pop, const ir::Var* v, const Outer& oldest) {
    demand.slots = std::max(demand.slots, span);
    if (span <= limit_ || demand.first) return;
    demand.first = Site{span, pop->span, v->name, oldest.held, oldest.held_name};
  }

  const PoppedMap& popped_;
  int64_t limit_;
};

void Meter::Block(const std::vector<StmtPtr>& stmts, const Outer& outer) {
  struct Held {
    const ir::Var* var;
    ir::Span span;
    int64_t start;  // its index among this block's pops
  };
  std::vector<Held> live;  // in pop order: the front is the oldest
  int64_t count = 0;       // pops of this block so far (nested ones included)
  // The oldest transfer held now, and how many pops since it (the next pop not counted yet).
  auto oldest = [&]() {
    if (outer.span > 0) {
      Outer o = outer;
      o.span = SatAdd(outer.span, count);
      return o;
    }
    if (live.empty()) return Outer{};
    const Held& h = live.front();
    return Outer{count - h.start + 1, h.span, h.var->name};
  };
  for (const StmtPtr& s : stmts) {
    if (const ir::Var* v = PopOf(s, popped_)) {
      Outer o = oldest();
      count = SatAdd(count, 1);
      if (o.span == 0) o = Outer{0, s->span, v->name};
      Record(SatAdd(o.span, 1), s, v, o);
      live.push_back({v, s->span, count});
      continue;
    }
    if (const ir::Var* v = ReleaseOf(s, popped_)) {
      live.erase(
          std::remove_if(live.begin(), live.end(), [&](const Held& h) { return h.var == v; }),
          live.end());
      continue;
    }
    const int64_t pops = Pops(s, popped_);
    if (pops == 0) continue;
    Outer inner = oldest();
    if (auto loop = ir::AsLoop(*s)) {
      const StmtPtr& body = *loop->body;
      std::optional<int64_t> trips;
      if (const ir::ForStmt* f = s->As<ir::ForStmt>()) trips = TripCount(*f);
      // The last iteration sees the held transfer furthest behind.
      if (inner.span > 0) {
        if (trips) {
          inner.span = SatAdd(inner.span, SatMul(*trips - 1, Pops(body, popped_)));
        } else {
          inner.span = kUnbounded;
        }
      }
      Body(body, inner);
    } else if (const ir::IfStmt* x = s->As<ir::IfStmt>()) {
      Body(x->then_body, inner);
      Body(x->else_body, inner);
    }
    count = SatAdd(count, pops);
  }
}

}  // namespace

std::vector<StmtPtr> PlaceReleases(const std::vector<StmtPtr>& body, const PoppedMap& popped,
                                   ir::NameGenerator& names) {
  return Releaser(popped, names).Block(body);
}

Demand MeasureDemand(const std::vector<StmtPtr>& body, const PoppedMap& popped, int64_t limit) {
  Meter m(popped, limit);
  m.Block(body, Outer{});
  return m.demand;
}

void RemarkRingSize(const ir::Function& f, int64_t c2v_demand, int64_t v2c_demand,
                    std::optional<int64_t> explicit_slots, int64_t chosen) {
  if (!pass::RemarksEnabled()) return;
  const std::string n = std::to_string(explicit_slots.value_or(chosen));
  pass::EmitRemark(
      pass::RemarkKind::Analysis, f.span,
      "'" + f.name + "': the C2V ring needs " + std::to_string(c2v_demand) +
          " slot(s), the V2C ring " + std::to_string(v2c_demand) + "; slot_num=" + n +
          (explicit_slots ? " (the author's)" : " (the default 2, grown to the demand)"),
      {{"slot_num", n}, {"function", f.name}});
}

// The ring depth (one slot_num serves both pipes): an explicit slot_num is kept when every
// consumer's holds fit in it and rejected at the first pop that would wait on a held slot when
// they do not; without one the default 2 grows to the most transfers a consumer holds apart.
int64_t SizeRings(const ir::Function& f, const std::vector<ir::StmtPtr>& aic,
                  const std::vector<ir::StmtPtr>& aiv, const PoppedMap& popped,
                  std::optional<int64_t> slot_num) {
  const int64_t limit = slot_num.value_or(kUnbounded - 1);
  struct PipeDemand {
    const char* name;
    Demand demand;
  };
  const PipeDemand pipes[] = {{"C2V", MeasureDemand(aiv, popped, limit)},
                              {"V2C", MeasureDemand(aic, popped, limit)}};
  int64_t need = 2;
  for (const PipeDemand& p : pipes) need = std::max(need, p.demand.slots);
  for (const PipeDemand& p : pipes)
    if (p.demand.slots >= kUnbounded)
      ir::ThrowInternal(p.demand.first ? p.demand.first->held : f.span,
                        std::string("expand-mixed-kernel: a popped tile is still held across a "
                                    "run-time loop of ") +
                            p.name + " transfers after its release was placed");
  for (const PipeDemand& p : pipes) {
    if (!p.demand.first) continue;
    const Site& s = *p.demand.first;
    const std::string n = std::to_string(need);
    ir::ThrowUser(
        s.pop,
        "when '" + s.pop_name + "' crosses, the " + p.name + " ring needs " +
            std::to_string(s.slots) + " slots but slot_num is " + std::to_string(*slot_num) +
            ": '" + s.held_name +
            "' is still held and the ring, used in order, wraps onto its slot, so "
            "the split program would deadlock",
        {{s.held, "'" + s.held_name + "' crosses here and is released after its last use"},
         {ir::Span{}, "slot_num=" + n + " is enough for this kernel (pl.cross_core_slot(slot_num=" +
                          n + ") on the scope, or attrs={\"slot_num\": " + n + "}); or use '" +
                          s.held_name + "' before '" + s.pop_name + "' crosses"}});
  }
  RemarkRingSize(f, pipes[0].demand.slots, pipes[1].demand.slots, slot_num, need);
  return slot_num.value_or(need);
}

}  // namespace tilesplit::pipe_slots
