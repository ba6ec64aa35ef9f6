// AnalyzeSplitBody (admission.h).
#include "admission.h"

#include <unordered_map>

#include "rewrite_util.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/lane.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/ops/split_code.h"

namespace tilesplit::vector_split {
namespace {

class Analyzer {
 public:
  Analyzer(const AdmissionInput& in, AdmissionReport& report)
      : axis_(ops::SplitAxisOfMode(in.mode).value_or(0)),
        report_(report),
        seeded_(in.seeded_lane_local) {
    if (in.lane) lane_derived_.insert(in.lane);
  }

  void Walk(const std::vector<StmtPtr>& stmts) {
    for (const StmtPtr& s : stmts) Stmt(s);
  }

 private:
  const int axis_;
  AdmissionReport& report_;
  const std::function<bool(const Var*)>& seeded_;                  // lane-local from the start
  std::unordered_set<const Var*> local_;                           // lane-local tiles found here
  std::unordered_map<const Var*, std::vector<bool>> tuple_local_;  // per element
  std::unordered_set<const Var*> lane_derived_;  // scalars computed from the lane index

  // ---- Facts of expressions.

  bool IsLocal(const ExprPtr& e) const {
    if (!e) return false;
    if (const Var* v = e->As<Var>()) return Local(v);
    if (const ir::TupleGetItem* g = e->As<ir::TupleGetItem>())
      if (const Var* t = g->tuple->As<Var>()) {
        auto it = tuple_local_.find(t);
        return it != tuple_local_.end() && static_cast<size_t>(g->index) < it->second.size() &&
               it->second[g->index];
      }
    return false;
  }

  bool Local(const Var* v) const { return local_.count(v) > 0 || (seeded_ && seeded_(v)); }
  void MarkLocal(const Var* v) {
    if (!seeded_ || !seeded_(v)) local_.insert(v);
  }

  // The per-element facts of a tuple-typed expression (empty when it is no tracked tuple).
  std::vector<bool> TupleFacts(const ExprPtr& e) const {
    if (e)
      if (const Var* v = e->As<Var>()) {
        auto it = tuple_local_.find(v);
        if (it != tuple_local_.end()) return it->second;
      }
    return {};
  }

  bool RefsLane(const ExprPtr& e) const {
    if (!e || lane_derived_.empty()) return false;
    return ops::ReadsLaneIndex(e, [&](const Var& v) { return lane_derived_.count(&v) > 0; });
  }

  // Copies the facts of `value` onto `v` (aliases, carries, merges).
  void Adopt(const Var* v, const ExprPtr& value) {
    if (IsLocal(value)) MarkLocal(v);
    std::vector<bool> t = TupleFacts(value);
    if (!t.empty()) tuple_local_[v] = std::move(t);
    if (RefsLane(value)) lane_derived_.insert(v);
  }

  // ---- Calls.

  // Whether an op with tile result is admitted, and whether its result joins the per-lane
  // dataflow. Reports it otherwise.
  bool AdmitTileCall(const ir::Call& c, const ir::AssignStmt& a) {
    const ops::OpDef& op = ops::Def(c);
    if (op.is_shard()) {
      auto split = ir::GetAttr<int64_t>(c.kwargs, "split");
      return !split || *split != 0;
    }
    if (op.is_gather()) return false;  // full width on the cube side
    for (const ExprPtr& arg : c.args)
      if (IsLocal(arg)) return true;  // in the half-width dataflow by construction
    if (analysis::ClassifyCallAffinity(c) != analysis::CoreAffinity::VECTOR) return false;
    if (op.is_generator()) return false;  // admitted for itself only
    for (size_t pos : op.address_arg_positions())
      if (pos < c.args.size() && RefsLane(c.args[pos])) return true;  // localized read address
    // Staging for a later lane-local slice: views of full values and rank-1 loads.
    if (op.rectangle_change() == ops::RectangleChange::OrderKept) return false;
    const ir::TileType* rt = ir::AsTileType(c.type);
    if (IsGmRead(c) && rt->shape.size() == 1) return false;
    // A broadcast read or read-only singleton arithmetic: one copy serves both lanes.
    if (rt && (axis_ >= static_cast<int>(rt->shape.size()) || ir::IsConstInt(rt->shape[axis_], 1)))
      return false;
    if (!rt && c.type && c.type->kind != ir::TypeKind::Tuple) return false;
    report_.full_width_vec_ops.push_back({c.op_name(), a.var->name, a.span});
    return false;
  }

  void Assign(const ir::AssignStmt& a) {
    const Var* v = a.var.get();
    const ir::Call* c = a.value->As<ir::Call>();
    if (!c) return Adopt(v, a.value);  // aliases, projections, scalar arithmetic
    const ir::TypeKind k = a.var->type->kind;
    if (k == ir::TypeKind::Tile) {
      if (AdmitTileCall(*c, a)) MarkLocal(v);
    } else if (k == ir::TypeKind::Tuple) {
      if (AdmitTileCall(*c, a))
        tuple_local_[v] =
            std::vector<bool>(a.var->type->As<ir::TupleType>()->elements.size(), true);
    } else if (k == ir::TypeKind::Scalar) {
      bool derived = RefsLane(a.value);
      for (const ExprPtr& arg : c->args) derived = derived || IsLocal(arg);
      if (derived) lane_derived_.insert(v);
    }
  }

  // A carry keeps its initial value's facts; the backedge must not lose a shard fact. A neutral
  // carry stays neutral even when its body makes the value lane-local: a zero-trip exit yields
  // only the initial value.
  void Loop(const std::vector<ir::IterArg>& ias, const StmtPtr& body,
            const std::vector<ir::VarPtr>& rvs, const ExprPtr& cond) {
    for (const ir::IterArg& ia : ias) Adopt(ia.var.get(), ia.init);
    const size_t mark_ops = report_.full_width_vec_ops.size();
    const size_t mark_carry = report_.carry_mismatches.size();
    Walk(ir::FlattenStmts(body));
    const ir::YieldStmt* y = ir::TrailingYield(body);
    // A scalar carry that picks up the lane index only on the backedge: walk once more so
    // addresses built from it are recognised (rare, so the re-walk stays cheap).
    bool rewalk = false;
    for (size_t i = 0; y && i < ias.size() && i < y->values.size(); ++i)
      if (!lane_derived_.count(ias[i].var.get()) && RefsLane(y->values[i]) &&
          ias[i].var->type->kind == ir::TypeKind::Scalar) {
        lane_derived_.insert(ias[i].var.get());
        rewalk = true;
      }
    if (rewalk) {
      report_.full_width_vec_ops.resize(mark_ops);
      report_.carry_mismatches.resize(mark_carry);
      Walk(ir::FlattenStmts(body));
    }
    (void)cond;
    for (size_t i = 0; y && i < ias.size() && i < y->values.size(); ++i) {
      const Var* carry = ias[i].var.get();
      const ExprPtr& val = y->values[i];
      bool lost = Local(carry) && !IsLocal(val);
      auto ct = tuple_local_.find(carry);
      if (ct != tuple_local_.end()) {
        std::vector<bool> yt = TupleFacts(val);
        for (size_t e = 0; e < ct->second.size(); ++e)
          if (ct->second[e] && (e >= yt.size() || !yt[e]) && !IsLocal(val)) lost = true;
      }
      if (lost) {
        const Var* yv = val->As<Var>();
        report_.carry_mismatches.push_back(
            {ias[i].var->name, yv ? yv->name : std::string("an unbound expression"), y->span});
      }
    }
    for (size_t i = 0; i < rvs.size() && i < ias.size(); ++i) Adopt(rvs[i].get(), ias[i].var);
  }

  void If(const ir::IfStmt& s) {
    Walk(ir::FlattenStmts(s.then_body));
    if (s.else_body) Walk(ir::FlattenStmts(s.else_body));
    const ir::YieldStmt* ty = ir::TrailingYield(s.then_body);
    const ir::YieldStmt* ey = s.else_body ? ir::TrailingYield(s.else_body) : nullptr;
    for (size_t i = 0; i < s.return_vars.size(); ++i) {
      if (!ty || !ey || i >= ty->values.size() || i >= ey->values.size()) continue;
      const ExprPtr &a = ty->values[i], &b = ey->values[i];
      const Var* rv = s.return_vars[i].get();
      if (IsLocal(a) && IsLocal(b)) MarkLocal(rv);
      std::vector<bool> ta = TupleFacts(a), tb = TupleFacts(b);
      if (!ta.empty() && ta.size() == tb.size()) {
        std::vector<bool> m(ta.size());
        for (size_t e = 0; e < ta.size(); ++e) m[e] = ta[e] && tb[e];
        tuple_local_[rv] = std::move(m);
      }
      if (RefsLane(a) || RefsLane(b) || RefsLane(s.cond)) lane_derived_.insert(rv);
    }
  }

  void Stmt(const StmtPtr& s) {
    ir::VisitStmtKind(
        *s, ir::Overloaded{
                [&](const ir::AssignStmt& a) { Assign(a); },
                [&](const ir::SeqStmts& q) { Walk(q.stmts); },
                [&](const ir::ForStmt& f) {
                  if (RefsLane(f.start) || RefsLane(f.stop) || RefsLane(f.step))
                    lane_derived_.insert(f.loop_var.get());
                  Loop(f.iter_args, f.body, f.return_vars, nullptr);
                },
                [&](const ir::WhileStmt& w) { Loop(w.iter_args, w.body, w.return_vars, w.cond); },
                [&](const ir::IfStmt& i) { If(i); },
                // stores, yields, returns, effects: nothing to admit
                [](const auto&) {}});
  }
};

std::string Line(ir::Span s) {
  return s.valid() ? " (line " + std::to_string(s.line) + ")" : "";
}

}  // namespace

struct SplitBodyAdmission::State {
  explicit State(AdmissionInput i) : in(std::move(i)), analyzer(in, report) {}
  AdmissionInput in;  // the analyzer keeps a reference to its seed
  AdmissionReport report;
  Analyzer analyzer;
};

SplitBodyAdmission::SplitBodyAdmission(AdmissionInput in)
    : state_(std::make_unique<State>(std::move(in))) {}
SplitBodyAdmission::~SplitBodyAdmission() = default;

void SplitBodyAdmission::Walk(const std::vector<ir::StmtPtr>& stmts) {
  state_->analyzer.Walk(stmts);
}

const AdmissionReport& SplitBodyAdmission::report() const {
  return state_->report;
}

AdmissionReport AnalyzeSplitBody(const std::vector<ir::StmtPtr>& body, const AdmissionInput& in) {
  AdmissionReport report;
  Analyzer(in, report).Walk(body);
  return report;
}

void ReportAdmission(const AdmissionReport& report, BodyOrigin origin, const std::string& what,
                     const std::string& lane_name) {
  if (report.ok()) return;
  const bool user = origin == BodyOrigin::Explicit;
  const std::string lane =
      lane_name.empty() ? std::string("the lane index") : "'" + lane_name + "'";
  if (!report.carry_mismatches.empty()) {
    const CarryMismatch& m = report.carry_mismatches.front();
    std::string msg = what + ": the loop carry '" + m.carry +
                      "' starts from a per-lane value but its backedge yields '" + m.yielded +
                      "', which is full width, so the carry loses the shard fact of its initial "
                      "value";
    for (size_t i = 1; i < report.carry_mismatches.size(); ++i)
      msg += (i == 1 ? "; also: '" : ", '") + report.carry_mismatches[i].carry + "'" +
             Line(report.carry_mismatches[i].span);
    if (!user) ir::ThrowInternal(m.span, "after automatic halving, " + msg);
    ir::ThrowUser(m.span, msg,
                  {{ir::Span{},
                    "yield a lane-local value: one derived from the carry or from a "
                    "tile.aiv_shard result of this region"}});
  }
  const FullWidthOp& first = report.full_width_vec_ops.front();
  std::string names;
  for (const FullWidthOp& op : report.full_width_vec_ops)
    names += (names.empty() ? "" : ", ") + op.op_name + " -> '" + op.result + "'" + Line(op.span);
  std::string msg = what +
                    " leaves vector operations at full width (it mixes explicit per-lane work "
                    "with whole-tile work), so both AIV lanes would compute the same whole "
                    "tile: " +
                    names;
  if (!user) ir::ThrowInternal(first.span, "after automatic halving, " + msg);
  ir::ThrowUser(
      first.span, msg,
      {{ir::Span{},
        "give each of them a lane-local operand (derived from a "
        "tile.aiv_shard result of this region), or localize its read "
        "address by " +
            lane + " (e.g. pl.load(t, [base + " +
            (lane_name.empty() ? std::string("aiv_id") : lane_name) + " * HALF, 0], ...))"}});
}

}  // namespace tilesplit::vector_split
