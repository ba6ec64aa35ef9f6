// The facts of `tilesplit explain`, read from the split pass's remarks and output (explain.h).
#include <algorithm>
#include <set>

#include "explain.h"
#include "explain_provenance.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/eval.h"
#include "tilesplit/ir/suggest.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ops/split_code.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/target/split_program.h"
#include "tilesplit/transforms/lane_facts.h"
#include "tilesplit/transforms/passes.h"
#include "tilesplit/transforms/split_decisions.h"

namespace tilesplit::cli::explain {
namespace {

using pass::Remark;
using pass::RemarkKind;

Location At(ir::Span s) {
  return {static_cast<int>(s.line), static_cast<int>(s.col)};
}

// Integer evaluation of the expressions the pass wrote, with the lane index and the given
// scalars bound; anything else (a loop variable, an unbound scalar) leaves it unknown.
class Evaluator {
 public:
  Evaluator(const vector_split::FunctionLaneFacts& lanes,
            const std::map<std::string, int64_t>& scalars)
      : lanes_(lanes), scalars_(scalars) {}

  LaneExpr Both(const ir::ExprPtr& e) const {
    LaneExpr out;
    out.expr = e ? ir::ExprToString(e) : "?";
    for (int l = 0; l < 2; ++l) out.lane[l] = Eval(e, l);
    return out;
  }

  std::optional<int64_t> Eval(const ir::ExprPtr& e, int lane) const {
    return ir::EvalInt(e, [&](const ir::Var& v) -> std::optional<int64_t> {
      if (lanes_.IsLaneVar(v)) return lane;
      auto it = scalars_.find(v.name);
      if (it != scalars_.end()) return it->second;
      return std::nullopt;
    });
  }

 private:
  const vector_split::FunctionLaneFacts& lanes_;
  const std::map<std::string, int64_t>& scalars_;
};

// The statements and calls of one lowered function that explain reads.
struct Collected {
  struct Def {
    ir::VarPtr var;
    const ir::Expr* value;  // null for a loop result or an if result
    ir::Span span;
    std::string role = "assignment";
    std::string construct;
    ir::Span construct_span;
  };
  std::vector<Def> defs;
  std::vector<std::pair<const ir::Call*, ir::Span>> stores;
};

class Collector : public ir::IRVisitor {
 public:
  Collected out;

 protected:
  void VisitAssign(const ir::AssignStmt& a) override {
    out.defs.push_back({a.var, a.value.get(), a.span, "assignment", "", {}});
    span_ = a.span;
    ir::IRVisitor::VisitAssign(a);
  }
  void VisitEval(const ir::EvalStmt& s) override {
    span_ = s.span;
    ir::IRVisitor::VisitEval(s);
  }
  void VisitReturn(const ir::ReturnStmt& s) override {
    span_ = s.span;
    ir::IRVisitor::VisitReturn(s);
  }
  // The values that flow through control flow are definitions too: a loop's carries before its
  // body, its results and an if's merged results after.
  void VisitFor(const ir::ForStmt& f) override {
    const std::string kind = "pl." + std::string(ir::ForKindName(f.for_kind));
    for (const ir::IterArg& ia : f.iter_args)
      Flowing(ia.var, ia.init.get(), "loop carry", kind, f.span);
    ir::IRVisitor::VisitFor(f);
    for (const ir::VarPtr& v : f.return_vars) Flowing(v, nullptr, "loop result", kind, f.span);
  }
  void VisitWhile(const ir::WhileStmt& w) override {
    for (const ir::IterArg& ia : w.iter_args)
      Flowing(ia.var, ia.init.get(), "loop carry", "pl.while_", w.span);
    ir::IRVisitor::VisitWhile(w);
    for (const ir::VarPtr& v : w.return_vars)
      Flowing(v, nullptr, "loop result", "pl.while_", w.span);
  }
  void VisitIf(const ir::IfStmt& s) override {
    ir::IRVisitor::VisitIf(s);
    for (const ir::VarPtr& v : s.return_vars) Flowing(v, nullptr, "if result", "if", s.span);
  }
  void VisitCall(const ir::Call& c) override {
    if (c.op_name() == "tile.store") out.stores.push_back({&c, c.span.valid() ? c.span : span_});
    ir::IRVisitor::VisitCall(c);
  }

 private:
  void Flowing(const ir::VarPtr& v, const ir::Expr* value, const char* role,
               const std::string& kind, ir::Span at) {
    out.defs.push_back({v, value, v->span.valid() ? v->span : at, role, kind, at});
  }

  ir::Span span_;
};

std::vector<std::optional<int64_t>> Consts(const std::vector<ir::ExprPtr>& v) {
  std::vector<std::optional<int64_t>> out;
  for (const ir::ExprPtr& e : v) out.push_back(ir::AsConstInt(e));
  return out;
}

std::vector<std::string> Texts(const std::vector<ir::ExprPtr>& v) {
  std::vector<std::string> out;
  for (const ir::ExprPtr& e : v) out.push_back(ir::ExprToString(e));
  return out;
}

std::string ModeName(ir::SplitMode m) {
  switch (m) {
    case ir::SplitMode::UpDown:
      return "UP_DOWN";
    case ir::SplitMode::LeftRight:
      return "LEFT_RIGHT";
    case ir::SplitMode::None:
      break;
  }
  return "NONE";
}

// Lane `l`'s band along `axis` (start, extent) and the whole valid extent on the other axis.
Band MakeBand(int axis, std::optional<int64_t> start, std::optional<int64_t> extent,
              std::optional<int64_t> other) {
  Band b;
  if (axis == 0) {
    b.row0 = start, b.rows = extent, b.col0 = 0, b.cols = other;
  } else {
    b.col0 = start, b.cols = extent, b.row0 = 0, b.rows = other;
  }
  return b;
}

// The transport code the expansion chose for each crossing, by (line, popped variable): the
// tpop that receives it is bound to the boundary op's variable.
using TransportCodes = std::map<std::pair<uint32_t, std::string>, int64_t>;

TransportCodes ReadTransportCodes(const ir::Program& expanded) {
  struct Finder : ir::IRVisitor {
    TransportCodes codes;
    void VisitAssign(const ir::AssignStmt& a) override {
      if (const ir::Call* c = a.value->As<ir::Call>())
        if (c->op_name() == "tile.tpop_from_aic" || c->op_name() == "tile.tpop_from_aiv")
          if (auto code = ir::GetAttr<int64_t>(c->kwargs, "split"))
            codes[{a.span.line, a.var->name}] = *code;
      ir::IRVisitor::VisitAssign(a);
    }
  } f;
  f.VisitProgram(expanded);
  return f.codes;
}

CrossingFacts ReadCrossing(const Collected::Def& d, const ir::Call& c, const Evaluator& ev,
                           const TransportCodes& codes) {
  CrossingFacts x;
  const bool shard = c.op_name() == "tile.aiv_shard";
  x.kind = shard ? "shard" : "gather";
  x.value = d.var->name;
  x.operand = c.args.empty() ? "?" : ir::ExprToString(c.args[0]);
  x.at = At(d.span);
  x.boundary_split = ir::GetAttr<int64_t>(c.kwargs, "split").value_or(0);
  x.code = x.boundary_split;
  if (auto it = codes.find({d.span.line, d.var->name}); it != codes.end()) {
    x.code = it->second;
    x.code_from_transport = true;
  }
  auto lane_stride = ir::GetAttr<int64_t>(c.kwargs, "lane_stride");
  x.balanced = lane_stride.has_value();
  x.axis = ops::SplitAxisFromSplitCode(x.code).value_or(-1);
  // The full tile is the shard's source or the gather's result; the per-lane tile the other.
  const ir::TileType* full = ir::AsTileType(shard ? c.args[0]->type : c.type);
  const ir::TileType* lane = ir::AsTileType(shard ? c.type : c.args[0]->type);
  if (!full || !lane || full->shape.size() != 2 || lane->shape.size() != 2) return x;
  x.tile_box = Consts(full->shape);
  x.tile_valid = Consts(full->valid());
  x.tile_box_text = Texts(full->shape);
  x.tile_valid_text = Texts(full->valid());
  if (x.axis < 0) {
    // split=0: both lanes hold the whole tile.
    for (Band& b : x.band) b = MakeBand(0, 0, x.tile_valid[0], x.tile_valid[1]);
    x.stride = {"0", {0, 0}};
    x.lane_box = ev.Both(full->shape[0]);
    x.lane_extent = ev.Both(full->valid()[0]);
    return x;
  }
  const int a = x.axis, o = 1 - a;
  // Lane 1 starts at the stride the shard carries, else at the per-lane box (ops.md 5.4).
  x.stride = lane_stride ? LaneExpr{std::to_string(*lane_stride), {*lane_stride, *lane_stride}}
                         : ev.Both(lane->shape[a]);
  x.lane_box = ev.Both(lane->shape[a]);
  x.lane_extent = ev.Both(lane->valid()[a]);
  for (int l = 0; l < 2; ++l) {
    std::optional<int64_t> start;
    if (x.stride.lane[l]) start = l * *x.stride.lane[l];
    x.band[l] = MakeBand(a, start, x.lane_extent.lane[l], ev.Eval(lane->valid()[o], l));
  }
  return x;
}

StoreFacts ReadStore(const ir::Call& c, ir::Span span, const Evaluator& ev) {
  StoreFacts s;
  s.at = At(span);
  if (c.args.size() < 3) return s;
  s.tile = ir::ExprToString(c.args[0]);
  s.tensor = ir::ExprToString(c.args[2]);
  const ir::TileType* t = ir::TileTypeOf(c.args[0]);
  s.writer = t && t->memory && *t->memory == ir::MemorySpace::Vec ? "lanes" : "aic";
  if (const ir::TensorType* tt =
          c.args[2]->type ? c.args[2]->type->As<ir::TensorType>() : nullptr) {
    s.tensor_shape = Consts(tt->shape);
    s.tensor_shape_text = Texts(tt->shape);
  }
  std::vector<ir::ExprPtr> offs;
  if (const ir::MakeTuple* m = c.args[1]->As<ir::MakeTuple>()) offs = m->elements;
  for (const ir::ExprPtr& e : offs) s.offset.push_back(ev.Both(e));
  if (t)
    for (const ir::ExprPtr& e : t->valid()) s.extent.push_back(ev.Both(e));
  if (s.offset.size() == 2 && s.extent.size() == 2)
    for (int l = 0; l < 2; ++l)
      s.band[l] =
          Band{s.offset[0].lane[l], s.extent[0].lane[l], s.offset[1].lane[l], s.extent[1].lane[l]};
  return s;
}

// Why a value the pass neither halved nor kept with a remark is full width. A carry takes its
// initial value's partition, a loop result its carry's, an if result its branches' (which must
// agree), so for those the reason is where the value comes from.
std::string SharedWhy(const std::string& role) {
  if (role == "loop carry")
    return "not halved: its initial value is full width, and a carry keeps it";
  if (role == "loop result") return "not halved: the loop's carry is full width";
  if (role == "if result") return "not halved: the branches yield full-width values";
  return "not halved: the same full tile wherever it is used";
}

// How a lane-local value the split made no remark about holds this lane's part.
std::string LaneLocalWhy(const Collected::Def& d, const vector_split::VarLaneFacts& facts,
                         const std::string& path, const vector_split::FunctionLaneFacts& lanes) {
  if (path == "explicit regions" && facts.enclosing)
    return "written per lane by the author, inside a pl.split_aiv region";
  if (const ir::Call* c = d.value ? d.value->As<ir::Call>() : nullptr)
    for (const ir::ExprPtr& a : c->args)
      if (a->As<ir::Var>() && lanes.Of(std::static_pointer_cast<const ir::Var>(a)).lane_local)
        return "computed from the lane-local '" + a->As<ir::Var>()->name + "'";
  return "it holds this lane's part on every path (a shard, a read at an address that depends on "
         "the lane)";
}

void ReadLowered(const ir::Function& f, const vector_split::SplitDecisions& decisions,
                 const Options& options, const TransportCodes& codes, FunctionFacts& out) {
  Collector c;
  c.VisitStmt(f.body);
  const Collected& col = c.out;
  // The split's decision about a value; the last one about a name wins (an alias again).
  auto about = [&](const std::string& name) -> const vector_split::SplitDecisions::Value* {
    auto it = decisions.values.find(name);
    return it == decisions.values.end() ? nullptr : &it->second;
  };
  auto halving = [&](const ir::Var& v) -> const vector_split::SplitDecisions::Value* {
    const vector_split::SplitDecisions::Value* d = about(v.name);
    return d && d->axis ? d : nullptr;
  };
  // The lane facts, seeded with the tiles the halving halved (its decisions name them).
  std::set<const ir::Var*> halved;
  for (const Collected::Def& d : col.defs)
    if (halving(*d.var)) halved.insert(d.var.get());
  const vector_split::FunctionLaneFacts lanes(
      f, [halved](const ir::Var& v) { return halved.count(&v) > 0; });
  Evaluator ev(lanes, options.scalars);
  for (const ir::Var* l : lanes.LaneVars()) out.lane += (out.lane.empty() ? "" : ", ") + l->name;
  if (auto m = f.split_mode()) out.mode = ModeName(*m);
  for (const Collected::Def& d : col.defs) {
    const ir::TileType* t = ir::AsTileType(d.var->type);
    if (const ir::Call* call =
            d.value && d.role == "assignment" ? d.value->As<ir::Call>() : nullptr) {
      const std::string& op = call->op_name();
      if (op == "tile.aiv_shard" || op == "tile.aic_gather")
        out.crossings.push_back(ReadCrossing(d, *call, ev, codes));
    }
    if (!t) continue;
    ValueFacts v;
    v.name = d.var->name;
    v.at = At(d.span);
    v.role = d.role;
    v.construct = d.construct;
    if (!d.construct.empty()) v.construct_at = At(d.construct_span);
    v.memory = t->memory ? std::string(ir::MemorySpaceName(*t->memory)) : "";
    const vector_split::VarLaneFacts lf = lanes.Of(d.var);
    for (const ir::ExprPtr& e : lf.box) v.box.push_back(ev.Both(e));
    for (const ir::ExprPtr& e : lf.valid) v.valid.push_back(ev.Both(e));
    v.lane_local = lf.lane_local;
    const vector_split::SplitDecisions::Value* r = about(v.name);
    if (const vector_split::SplitDecisions::Value* h = v.lane_local ? halving(*d.var) : nullptr) {
      // The halving's own axis: a reshape or transpose moves it off the mode's.
      v.axis = *h->axis;
      v.why = h->message;
      v.full_box.assign(t->shape.size(), "");
      if (static_cast<size_t>(v.axis) < v.full_box.size()) {
        for (size_t i = 0; i < t->shape.size(); ++i) v.full_box[i] = ir::ExprToString(t->shape[i]);
        v.full_box[v.axis] = h->full_box;
      }
    } else if (v.lane_local) {
      v.axis = lf.axis.value_or(-1);
      v.why = LaneLocalWhy(d, lf, out.path, lanes);
    } else {
      v.why = r ? r->why : SharedWhy(d.role);
    }
    out.values.push_back(std::move(v));
  }
  for (const auto& [call, span] : col.stores) out.stores.push_back(ReadStore(*call, span, ev));
}

// The function of `p` whose text holds `line`: the last one starting at or before it.
std::string FunctionAt(const ir::Program& p, ir::Span s) {
  std::string best;
  uint32_t best_line = 0;
  for (const ir::FunctionPtr& f : p.functions)
    if (f->span.file == s.file && f->span.line <= s.line && f->span.line >= best_line)
      best = f->name, best_line = f->span.line;
  return best;
}

RejectionFacts Rejection(const ir::UserError& e, const std::string& pass_name) {
  RejectionFacts r;
  r.at = At(e.span());
  if (e.span().valid())
    r.statement = std::string(ir::SourceManager::Line(e.span().file, e.span().line));
  r.rule = e.message();
  for (const ir::Note& n : e.notes()) r.fixes.push_back(n.message);
  r.pass = pass_name;
  return r;
}

std::vector<pass::Pass> Passes(const std::vector<std::string>& names) {
  std::vector<pass::Pass> out;
  for (const std::string& n : names) {
    const pass::PassInfo* info = pass::PassRegistry::Global().Find(n);
    if (!info) ir::ThrowInternal({}, "explain: pass '" + n + "' is not registered");
    out.push_back(info->factory());
  }
  return out;
}

// Each function of `p` not in `set` that calls one in it (directly, or through another such
// caller), with the callee; in the order the closure finds them.
std::vector<std::pair<std::string, std::string>> CallersOf(const ir::Program& p,
                                                           std::set<std::string> set) {
  struct Calls : ir::IRVisitor {
    std::vector<std::string> callees;
    void VisitFunctionCall(const ir::FunctionCall& c) override {
      callees.push_back(c.callee);
      ir::IRVisitor::VisitFunctionCall(c);
    }
  };
  std::vector<std::pair<std::string, std::string>> out;
  for (bool grew = true; grew;) {
    grew = false;
    for (const ir::FunctionPtr& f : p.functions) {
      if (set.count(f->name) || !f->body) continue;
      Calls c;
      c.VisitStmt(f->body);
      for (const std::string& callee : c.callees)
        if (set.count(callee)) {
          out.push_back({f->name, callee});
          set.insert(f->name);
          grew = true;
          break;
        }
    }
  }
  return out;
}

// default-pipeline's passes before the expansion: the passes of PyPTO's order, then the split.
std::vector<pass::Pass> SplitStage() {
  const pass::PipelineInfo* p = pass::PassRegistry::Global().FindPipeline(pass::kDefaultPipeline);
  if (!p) ir::ThrowInternal({}, "explain: the default pipeline is not registered");
  std::vector<std::string> names;
  for (const std::string& n : p->passes) {
    names.push_back(n);
    if (n == "lower-auto-vector-split") return Passes(names);
  }
  ir::ThrowInternal({}, "explain: the default pipeline has no lower-auto-vector-split");
}

ir::ProgramPtr Without(const ir::Program& p, const std::set<std::string>& drop) {
  std::vector<ir::FunctionPtr> keep;
  for (const ir::FunctionPtr& f : p.functions)
    if (!drop.count(f->name)) keep.push_back(f);
  return std::make_shared<ir::Program>(p.name, std::move(keep), p.span);
}

RemarkFacts ToFacts(const Remark& r) {
  return {pass::RemarkKindName(r.kind), At(r.span), r.pass, r.message};
}

}  // namespace

Explanation Explain(const std::string& path, const Options& options) {
  Explanation ex;
  ex.file = path;
  ex.scalars = options.scalars;
  dsl::ParseOptions parse;
  parse.defines = options.defines;
  ir::ProgramPtr input = dsl::ParseFile(path, parse);
  if (input->span.file) ex.source = ir::SourceManager::Text(input->span.file);
  // default-pipeline (what `check` and `run` lower with) up to the split: a tensor-level program
  // is converted to tile ops first, a tile-level one goes through unchanged in substance. A
  // rejected function is set aside and the rest run again, so that each function gets its own
  // facts.
  std::map<std::string, RejectionFacts> rejected;
  std::map<std::string, std::vector<Remark>> rejected_remarks;
  std::set<std::string> dropped;
  std::map<std::string, std::string> not_reached;  // a caller of a rejected function -> the callee
  ir::ProgramPtr lowered;
  std::vector<Remark> remarks;
  auto split = SplitStage();
  // The split's decisions about each function it produced (vector_split::SplitDecisions), kept in
  // the analyses of the context the stage runs in.
  std::unique_ptr<pass::PassContext> decided;
  for (size_t attempt = 0; attempt <= input->functions.size() && !lowered; ++attempt) {
    pass::RemarkCollector sink;
    pass::PipelineOptions po;
    po.remarks = &sink;
    decided = std::make_unique<pass::PassContext>();
    decided->record_decisions = true;
    decided->SetOption(pass::SplitOptions{.extensions = options.split_extensions});
    po.context = decided.get();
    std::string pass_name;
    try {
      ir::ProgramPtr p = Without(*input, dropped);
      for (const pass::Pass& one : split) {
        pass_name = one.name();
        p = pass::RunPipeline(p, {one}, po);
      }
      lowered = p;
      remarks = sink.remarks();
    } catch (const ir::UserError& e) {
      std::string f = FunctionAt(*input, e.span());
      if (f.empty() || dropped.count(f)) throw;  // not one function's: report it as it is
      rejected[f] = Rejection(e, pass_name);
      for (const Remark& r : sink.remarks())
        if (r.function == f) rejected_remarks[f].push_back(r);
      dropped.insert(f);
      // Its callers cannot go on without it: they are set aside too, not rejected.
      for (const auto& [caller, callee] : CallersOf(*input, dropped))
        if (dropped.insert(caller).second) not_reached[caller] = callee;
    }
  }
  // The expansion sizes the rings and places the releases: its remarks say how.
  std::optional<std::pair<std::string, RejectionFacts>> late;
  TransportCodes codes;
  ir::ProgramPtr expanded;
  std::optional<target::SplitProgram> program;
  if (lowered) {
    pass::RemarkCollector sink;
    pass::PipelineOptions po;
    po.remarks = &sink;
    try {
      expanded = pass::RunPipeline(lowered, Passes({"expand-mixed-kernel"}), po);
      codes = ReadTransportCodes(*expanded);
      program.emplace(*expanded, /*runnable=*/false);
    } catch (const ir::UserError& e) {
      late.emplace(FunctionAt(*lowered, e.span()), Rejection(e, "expand-mixed-kernel"));
    }
    for (const Remark& r : sink.remarks()) remarks.push_back(r);
  }

  auto wanted = [&](const std::string& name) {
    return options.func.empty() || name == options.func ||
           name.rfind(options.func + "_", 0) == 0;  // the functions outlined from it
  };
  // Remarks without a function name (the expansion's) belong to the function holding them.
  auto owner = [&](const Remark& r) {
    if (!r.function.empty()) return r.function;
    if (!r.Arg("function").empty()) return r.Arg("function");
    return lowered ? FunctionAt(*lowered, r.span) : std::string();
  };
  std::vector<FunctionFacts> fns;
  for (const auto& [name, rej] : rejected) {
    if (!wanted(name)) continue;
    FunctionFacts f;
    f.name = name;
    for (const ir::FunctionPtr& g : input->functions)
      if (g->name == name) f.at = At(g->span);
    f.path = "rejected";
    f.why = rej.rule;
    f.rejection = rej;
    for (const Remark& r : rejected_remarks[name]) f.remarks.push_back(ToFacts(r));
    fns.push_back(std::move(f));
  }
  for (const auto& [name, callee] : not_reached) {
    if (!wanted(name)) continue;
    FunctionFacts f;
    f.name = name;
    for (const ir::FunctionPtr& g : input->functions)
      if (g->name == name) f.at = At(g->span);
    f.path = "not reached";
    f.why = "it calls '" + callee + "', which is rejected; it is explained once that one is fixed";
    fns.push_back(std::move(f));
  }
  if (lowered)
    for (const ir::FunctionPtr& g : lowered->functions) {
      if (!wanted(g->name)) continue;
      FunctionFacts f;
      f.name = g->name;
      f.at = At(g->span);
      std::vector<Remark> mine;
      for (const Remark& r : remarks)
        if (owner(r) == g->name) mine.push_back(r);
      for (const Remark& r : mine) f.remarks.push_back(ToFacts(r));
      // The ring depth the expansion chose, as the split program states it.
      if (const target::KernelGroup* kg = program ? program->Find(g->name) : nullptr;
          kg && kg->group && kg->aic && kg->aiv)
        f.slot_num = kg->slot_num;
      const vector_split::SplitDecisions* decisions =
          decided ? decided->analyses().Find<vector_split::SplitDecisions>(g) : nullptr;
      if (decisions && !decisions->path.empty()) {
        f.path = decisions->path;
        f.why = decisions->path_message;
        if (!decisions->flat_because.empty())
          f.why += ": no region around its vector phase, because " + decisions->flat_because;
      } else {
        f.path = "untouched";
        f.why = "lower-auto-vector-split made no decision about it (outlined or added by a pass)";
      }
      if (f.path != "untouched") ReadLowered(*g, *decisions, options, codes, f);
      if (late && late->first == g->name) {
        f.rejection = late->second;
        f.path += ", rejected by expand-mixed-kernel";
      }
      fns.push_back(std::move(f));
    }
  // --func may name a function of the file or one the passes made of it (an outlined scope,
  // named after its name_hint): the lowered program knows both.
  if (!options.func.empty() && fns.empty()) {
    std::vector<std::string> names;
    for (const ir::FunctionPtr& f : input->functions) names.push_back(f->name);
    if (lowered)
      for (const ir::FunctionPtr& f : lowered->functions) names.push_back(f->name);
    const std::string hint = ir::DidYouMean(options.func, names);
    ir::ThrowUser({}, "explain: no function '" + options.func + "' in " + path,
                  {{{}, hint.empty() ? "pass one of the file's functions to --func" : hint}});
  }
  if (lowered) ReadTensorOps(*input, *lowered, expanded.get(), fns);
  std::stable_sort(fns.begin(), fns.end(), [](const FunctionFacts& a, const FunctionFacts& b) {
    return a.at.line < b.at.line;
  });
  ex.functions = std::move(fns);
  return ex;
}

}  // namespace tilesplit::cli::explain
