// Which statements each tensor-level op became (explain_provenance.h).
//
// The link is the source span. convert-tensor-to-tile-ops builds the tile ops of a tensor op
// with the op's span, infer-tile-memory-space gives the moves it inserts for an operand the span
// of the statement that reads it, and the split keeps both. A statement the passes made with no
// source op behind it (the entry load of a parameter, at the parameter; the store of a returned
// tile, at the return) joins the op it feeds or the op whose value it consumes.
#include "explain_provenance.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "explain_util.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/target/split_program.h"

namespace tilesplit::cli::explain {
namespace {

using Key = std::tuple<uint32_t, uint32_t, uint32_t>;

Key KeyOf(ir::Span s) {
  return {s.file, s.line, s.col};
}

Location At(ir::Span s) {
  return {static_cast<int>(s.line), static_cast<int>(s.col)};
}

bool IsTensorOp(const ir::Call& c) {
  return c.op_name().rfind("tensor.", 0) == 0;
}

const ops::OpDef* DefOf(const ir::Call& c) {
  return ops::RegisteredDef(c);
}

bool WritesGm(const ir::Call& c) {
  const ops::OpDef* d = DefOf(c);
  return d && d->gm_window() && d->gm_window()->access == ops::GmWindow::Access::Write;
}

// The tensor ops of the program as parsed, by their own span and by the span of the statement
// holding one as its value; and the spans of every call and statement the author wrote, so that
// a statement of the lowered program can be told from one a pass made.
class SourceOps : public ir::IRVisitor {
 public:
  std::vector<TensorOpFacts> ops;
  std::map<Key, size_t> by_call, by_stmt;
  std::set<Key> calls, stmts;

 protected:
  void VisitAssign(const ir::AssignStmt& a) override {
    ir::IRVisitor::VisitAssign(a);
    Held(a.span, a.value);
  }
  void VisitEval(const ir::EvalStmt& s) override {
    ir::IRVisitor::VisitEval(s);
    Held(s.span, s.expr);
  }
  void VisitCall(const ir::Call& c) override {
    ir::IRVisitor::VisitCall(c);
    if (!c.span.valid()) return;
    calls.insert(KeyOf(c.span));
    if (!IsTensorOp(c) || by_call.count(KeyOf(c.span))) return;
    TensorOpFacts t;
    t.op = c.op_name();
    t.at = At(c.span);
    t.text = Trim(std::string(ir::SourceManager::Line(c.span.file, c.span.line)));
    by_call[KeyOf(c.span)] = ops.size();
    ops.push_back(std::move(t));
  }

 private:
  // A return is not recorded: the store of a returned tile is made by a pass, at the return.
  void Held(ir::Span span, const ir::ExprPtr& value) {
    if (!span.valid()) return;
    stmts.insert(KeyOf(span));
    const ir::Call* c = value ? value->As<ir::Call>() : nullptr;
    if (!c) return;
    if (auto it = by_call.find(KeyOf(c->span)); it != by_call.end())
      by_stmt.emplace(KeyOf(span), it->second);
  }
};

// One call statement of a lowered function.
struct Produced {
  const ir::Var* var = nullptr;  // null for an evaluated call
  const ir::Call* call = nullptr;
  ir::Span span;  // the statement's
  std::set<const ir::Var*> reads;
  long op = -1;              // the source op it belongs to, by its span
  std::vector<long> joined;  // made by a pass: the ops it joins (it feeds them, or consumes one)
  std::string link;
};

std::set<const ir::Var*> VarsOf(const ir::Call& c) {
  struct Finder : ir::IRVisitor {
    std::set<const ir::Var*> vars;
    void VisitVar(const ir::VarPtr& v) override { vars.insert(v.get()); }
  } f;
  for (const ir::ExprPtr& a : c.args) f.VisitExpr(a);
  return f.vars;
}

std::vector<Produced> CallStmts(const ir::Function& f) {
  std::vector<Produced> out;
  ir::ForEachStmt(f.body, ir::kWalkAll, [&](const ir::StmtPtr& s) {
    Produced p;
    if (const auto* a = s->As<ir::AssignStmt>()) {
      p.var = a->var.get();
      p.call = a->value->As<ir::Call>();
    } else if (const auto* e = s->As<ir::EvalStmt>()) {
      p.call = e->expr->As<ir::Call>();
    }
    if (!p.call) return;
    p.span = s->span;
    p.reads = VarsOf(*p.call);
    out.push_back(std::move(p));
  });
  return out;
}

bool IsTile(const ir::Var* v) {
  return v && ir::AsTileType(v->type);
}

// The op each statement belongs to: by its call's span, then by its statement's. A statement a
// pass made (neither span the author's) joins the ops it feeds (an entry load read by two ops
// belongs to both), else the op whose value it consumes.
void Link(const ir::Function& f, std::vector<Produced>& stmts, const SourceOps& src) {
  // An entry load stands at the parameter it loads. The parameter of an outlined kernel is the
  // captured value, located where the caller defines it, which may be a statement holding an op:
  // the load is still the pass's, not that op's.
  auto loads_its_parameter = [&](const Produced& p) {
    for (const ir::Param& param : f.params)
      if (KeyOf(param.var->span) == KeyOf(p.span) && p.reads.count(param.var.get())) return true;
    return false;
  };
  for (Produced& p : stmts) {
    if (auto it = src.by_call.find(KeyOf(p.call->span)); it != src.by_call.end())
      p.op = static_cast<long>(it->second);
    else if (auto st = src.by_stmt.find(KeyOf(p.span));
             st != src.by_stmt.end() && !loads_its_parameter(p))
      p.op = static_cast<long>(st->second);
  }
  for (size_t i = 0; i < stmts.size(); ++i) {
    Produced& p = stmts[i];
    if (p.op >= 0 || src.calls.count(KeyOf(p.call->span)) ||
        (src.stmts.count(KeyOf(p.span)) && !loads_its_parameter(p)))
      continue;
    std::string readers;
    if (IsTile(p.var))
      for (size_t j = i + 1; j < stmts.size(); ++j) {
        const Produced& r = stmts[j];
        if (r.op < 0 || !r.reads.count(p.var)) continue;
        if (std::find(p.joined.begin(), p.joined.end(), r.op) == p.joined.end())
          p.joined.push_back(r.op);
        readers += (readers.empty() ? "" : ", ") + (r.var ? r.var->name + " = " : std::string()) +
                   r.call->op_name();
      }
    if (!p.joined.empty()) {
      p.link = "made by a pass, read by " + readers;
      continue;
    }
    for (size_t j = 0; j < i && p.joined.empty(); ++j)
      if (stmts[j].op >= 0 && IsTile(stmts[j].var) && p.reads.count(stmts[j].var)) {
        p.joined.push_back(stmts[j].op);
        p.link = "made by a pass, reads " + stmts[j].var->name;
      }
  }
}

// On which cores each statement of the expanded program runs, by (line, col, variable or op).
using Sides = std::map<std::tuple<uint32_t, uint32_t, std::string>, std::set<std::string>>;

// The cores of the statements of lowered function `name`: the expansion keeps its name, on the
// function itself (retyped) or on the Group that calls its AIC and AIV parts.
Sides ReadSides(const ir::Program& expanded, const std::string& name) {
  std::vector<const ir::Function*> parts;
  if (const ir::FunctionPtr f = expanded.Find(name)) {
    if (f->func_type != ir::FunctionType::Group) {
      parts.push_back(f.get());
    } else {
      // Read as the split program's group (explain shows a split not yet dispatched too).
      const target::KernelGroup g = target::ResolveKernelGroup(expanded, name, /*runnable=*/false);
      for (const ir::Function* part : {g.aic, g.aiv})
        if (part) parts.push_back(part);
    }
  }
  Sides out;
  for (const ir::Function* f : parts) {
    if (!f->body) continue;
    for (const Produced& p : CallStmts(*f))
      out[{p.span.line, p.span.col, p.var ? p.var->name : p.call->op_name()}].insert(
          std::string(ir::FunctionTypeName(f->func_type)));
  }
  return out;
}

std::string Numbers(const std::vector<LaneExpr>& v, int lane) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + Num(v[i].lane[lane]);
  return s + "]";
}

std::string Strings(const std::vector<std::string>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
  return s + "]";
}

// How the split treated the statement, from the facts read off the lowered program.
std::string SplitOf(const FunctionFacts& f, const Produced& p, Location at) {
  if (f.path == "untouched") return "not split (see the function's why)";
  if (p.var)
    for (const CrossingFacts& c : f.crossings)
      if (c.value == p.var->name && c.at.line == at.line) {
        const char* verb = c.kind == "shard" ? " pops " : " pushes ";
        return std::string(c.kind == "shard" ? "crosses cube -> vector"
                                             : "crosses vector -> cube") +
               " (" + c.kind + ", split code " + std::to_string(c.code) + " " + CodeName(c.code) +
               "): lane 0" + verb + BandText(c.band[0]) + "; lane 1" + verb + BandText(c.band[1]);
      }
  if (WritesGm(*p.call))
    for (const StoreFacts& s : f.stores)
      if (s.at.line == at.line && s.at.col == at.col) {
        if (s.writer == "aic") return "the AIC writes " + BandText(s.band[0]);
        return "lane 0 writes " + BandText(s.band[0]) + "; lane 1 writes " + BandText(s.band[1]);
      }
  if (!p.var) return "";
  for (const ValueFacts& v : f.values) {
    if (v.name != p.var->name) continue;
    if (v.lane_local) {
      std::string s = "halved";
      if (v.axis >= 0) s += " on axis " + std::to_string(v.axis);
      s += ": each lane holds " + Numbers(v.box, 0);
      if (Numbers(v.box, 0) != Numbers(v.box, 1)) s += " (lane 1: " + Numbers(v.box, 1) + ")";
      if (!v.full_box.empty()) s += " of " + Strings(v.full_box);
      return s;
    }
    return (v.memory == "Vec" ? "whole on both lanes: " : "whole: ") + v.why;
  }
  return "";
}

BecameFacts Became(const FunctionFacts& f, const Produced& p, const Sides& sides) {
  BecameFacts b;
  b.var = p.var ? p.var->name : "";
  b.op = p.call->op_name();
  b.at = At(p.call->span.valid() ? p.call->span : p.span);
  if (const ir::TileType* tt = p.var ? ir::AsTileType(p.var->type) : nullptr)
    if (tt->memory) b.memory = std::string(ir::MemorySpaceName(*tt->memory));
  b.split = SplitOf(f, p, b.at);
  const ops::OpDef* def = DefOf(*p.call);
  if (def && def->is_shard()) {
    b.side = "AIC -> AIV";
  } else if (def && def->is_gather()) {
    b.side = "AIV -> AIC";
  } else if (auto s = sides.find({p.span.line, p.span.col, b.var.empty() ? b.op : b.var});
             s != sides.end()) {
    for (const std::string& side : s->second) b.side += (b.side.empty() ? "" : " and ") + side;
  }
  b.link = p.link;
  return b;
}

}  // namespace

void ReadTensorOps(const ir::Program& source, const ir::Program& lowered,
                   const ir::Program* expanded, std::vector<FunctionFacts>& fns) {
  SourceOps src;
  src.VisitProgram(source);
  if (src.ops.empty()) return;
  std::map<std::string, FunctionFacts*> by_name;
  for (FunctionFacts& f : fns) by_name[f.name] = &f;
  for (const ir::FunctionPtr& g : lowered.functions) {
    auto fit = by_name.find(g->name);
    if (fit == by_name.end() || !g->body) continue;
    FunctionFacts& f = *fit->second;
    std::vector<Produced> stmts = CallStmts(*g);
    Link(*g, stmts, src);
    const Sides sides = expanded ? ReadSides(*expanded, g->name) : Sides{};
    // In the order of the program: by the first statement each op became at its own span (an
    // entry load joining an op comes before every op).
    std::map<long, size_t> slot, first;
    std::vector<TensorOpFacts> mine;
    for (size_t i = 0; i < stmts.size(); ++i) {
      const Produced& p = stmts[i];
      if (p.op >= 0) first.emplace(p.op, i);
      std::vector<long> ops = p.joined;
      if (p.op >= 0) ops.push_back(p.op);
      if (ops.empty()) continue;
      const BecameFacts b = Became(f, p, sides);
      for (long op : ops) {
        auto [it, fresh] = slot.emplace(op, mine.size());
        if (fresh) mine.push_back(src.ops[static_cast<size_t>(op)]);
        mine[it->second].became.push_back(b);
      }
    }
    std::vector<std::pair<size_t, long>> by_first;
    for (const auto& [op, at] : slot)
      by_first.push_back({first.count(op) ? first.at(op) : stmts.size(), op});
    std::stable_sort(by_first.begin(), by_first.end());
    for (const auto& [pos, op] : by_first) f.tensor_ops.push_back(std::move(mine[slot.at(op)]));
  }
}

}  // namespace tilesplit::cli::explain
