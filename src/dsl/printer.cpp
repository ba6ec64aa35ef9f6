// The canonical program printer (dsl.md 9). Two passes per function: the first collects variable
// definitions in the order of dsl.md 9.11 together with the free variables (dynamic dimensions),
// the second writes text with the uniquified names. Output is what the parser reads back to a
// structurally equal program, and printing that again gives the same bytes.
#include "tilesplit/dsl/printer.h"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "tilesplit/ir/ptr_map.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::dsl {
namespace {

using ir::ExprKind;
using ir::ExprPtr;
using ir::StmtKind;
using ir::StmtPtr;
using ir::TypePtr;
using ir::Var;
using ir::VarPtr;

bool IsFixedReserved(std::string_view s) {
  static constexpr std::string_view kReserved[] = {
      "pl",     "pld",  "self",   "_",      "tuple",  "False",   "None",     "True",
      "and",    "as",   "assert", "async",  "await",  "break",   "class",    "continue",
      "def",    "del",  "elif",   "else",   "except", "finally", "for",      "from",
      "global", "if",   "import", "in",     "is",     "lambda",  "nonlocal", "not",
      "or",     "pass", "raise",  "return", "try",    "while",   "with",     "yield"};
  for (std::string_view r : kReserved)
    if (r == s) return true;
  return false;
}

// Hints written by passes are not always identifiers; the text needs one.
std::string IdentifierFor(const std::string& hint) {
  if (hint.empty()) return "v";
  std::string s = hint;
  for (char& c : s) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || static_cast<unsigned char>(c) >= 0x80;
    if (!ok) c = '_';
  }
  if (s[0] >= '0' && s[0] <= '9') s.insert(s.begin(), 'v');
  return s;
}

std::vector<StmtPtr> Flatten(const StmtPtr& s) {
  std::vector<StmtPtr> out;
  if (s) out = ir::FlattenStmts(s);
  return out;
}

using ir::PtrMap;

// Var -> printed name. The names sit in a vector and the map holds indexes: a function's naming
// table lives through the whole printing of the function, and 16-byte slots instead of 40-byte
// ones keep it small for large bodies.
class VarNames {
 public:
  const std::string* Find(const Var* v) const {
    const uint32_t* i = index_.Find(v);
    return i ? &names_[*i] : nullptr;
  }
  bool Insert(const Var* v, std::string name) {
    if (!index_.Insert(v, static_cast<uint32_t>(names_.size()))) return false;
    names_.push_back(std::move(name));
    return true;
  }

 private:
  PtrMap<Var, uint32_t> index_;
  std::vector<std::string> names_;
};

// Definitions in dsl.md 9.11 order, and every variable used (in expressions and inside types)
// in first-use order.
class VarCollector {
 public:
  std::vector<const Var*> defs;
  std::vector<const Var*> uses;

  void Def(const VarPtr& v) {
    if (!v) return;
    if (defined_.Insert(v.get(), true)) defs.push_back(v.get());
    Type(v->type);
  }

  bool IsDefined(const Var* v) const { return defined_.Find(v) != nullptr; }

  void Function(const ir::Function& f) {
    for (const auto& p : f.params) Def(p.var);
    for (const auto& t : f.return_types) Type(t);
    Stmt(f.body);
  }

  void Stmt(const StmtPtr& s) {
    if (!s) return;
    ir::VisitStmtKind(*s, ir::Overloaded{
                              [&](const ir::AssignStmt& a) {
                                Expr(a.value);
                                Def(a.var);
                              },
                              [&](const ir::EvalStmt& ev) { Expr(ev.expr); },
                              [&](const ir::ReturnStmt& r) {
                                for (const auto& e : r.values) Expr(e);
                              },
                              [&](const ir::YieldStmt& y) {
                                for (const auto& e : y.values) Expr(e);
                              },
                              [&](const ir::SeqStmts& q) {
                                for (const auto& c : q.stmts) Stmt(c);
                              },
                              [&](const ir::ForStmt& f) {
                                Expr(f.start);
                                Expr(f.stop);
                                Expr(f.step);
                                for (const auto& ia : f.iter_args) Expr(ia.init);
                                Def(f.loop_var);
                                for (const auto& ia : f.iter_args) Def(ia.var);
                                Stmt(f.body);
                                for (const auto& r : f.return_vars) Def(r);
                              },
                              [&](const ir::WhileStmt& w) {
                                for (const auto& ia : w.iter_args) Expr(ia.init);
                                for (const auto& ia : w.iter_args) Def(ia.var);
                                Expr(w.cond);
                                Stmt(w.body);
                                for (const auto& r : w.return_vars) Def(r);
                              },
                              [&](const ir::IfStmt& b) {
                                Expr(b.cond);
                                Stmt(b.then_body);
                                Stmt(b.else_body);
                                for (const auto& r : b.return_vars) Def(r);
                              },
                              [&](const ir::ScopeStmt& sc) {
                                for (const auto& d : sc.deps) Expr(d);
                                Stmt(sc.body);
                                if (sc.task_id) Def(sc.task_id);
                              },
                              [&](const ir::SplitAivStmt& r) { Stmt(r.body); },
                              [&](const ir::SpmdScopeStmt& sp) {
                                Expr(sp.core_num);
                                Stmt(sp.body);
                              },
                          });
  }

  void Expr(const ExprPtr& e) {
    if (!e) return;
    if (const Var* v = e->As<Var>()) {
      if (used_.Insert(v, true)) {
        uses.push_back(v);
        Type(v->type);
      }
      return;
    }
    ir::AnyOperand(*e, [&](const ExprPtr& x) {
      Expr(x);
      return false;
    });
    // A call's result type can name variables (a dynamic extent) that nothing else uses.
    if (e->As<ir::Call>() || e->As<ir::FunctionCall>()) Type(e->type);
  }

  void Type(const TypePtr& t) {
    if (!t || t->kind == ir::TypeKind::Scalar || !types_.Insert(t.get(), true)) return;
    switch (t->kind) {
      case ir::TypeKind::Scalar:
        return;
      case ir::TypeKind::Tensor: {
        const auto& tt = static_cast<const ir::TensorType&>(*t);
        Exprs(tt.shape);
        if (tt.view) {
          Exprs(tt.view->valid_shape);
          Exprs(tt.view->stride);
        }
        return;
      }
      case ir::TypeKind::Tile: {
        const auto& tt = static_cast<const ir::TileType&>(*t);
        Exprs(tt.shape);
        if (tt.view) {
          Exprs(tt.view->valid_shape);
          Exprs(tt.view->stride);
          Expr(tt.view->start_offset);
        }
        return;
      }
      case ir::TypeKind::Tuple:
        for (const auto& el : static_cast<const ir::TupleType&>(*t).elements) Type(el);
        return;
    }
  }

  // Used but never defined here, in first-use order.
  std::vector<const Var*> Free() const {
    std::vector<const Var*> out;
    for (const Var* v : uses)
      if (!IsDefined(v)) out.push_back(v);
    return out;
  }
  // After Free(): only `defs` is needed for naming; the indexes are as large as the function.
  void DropIndexes() {
    defined_ = {};
    used_ = {};
    types_ = {};
    uses = {};
  }

 private:
  void Exprs(const std::vector<ExprPtr>& es) {
    for (const auto& e : es) Expr(e);
  }

  PtrMap<Var, bool> defined_;
  PtrMap<Var, bool> used_;
  PtrMap<ir::Type, bool> types_;
};

// dsl.md 9.11: a unique unreserved hint is kept; variables sharing hint x (or with a reserved x)
// take x, x_1, x_2, ... in collection order, skipping reserved and taken names.
void AssignNames(const std::vector<const Var*>& order,
                 const std::unordered_set<std::string>& extra_reserved, VarNames& names) {
  struct Group {
    size_t count = 0;
    size_t next = 0;
    bool reserved = false;
  };
  std::vector<std::string> hints;
  hints.reserve(order.size());
  for (const Var* v : order) hints.push_back(IdentifierFor(v->name));
  // Keys view `hints`, which is not resized from here on.
  std::unordered_map<std::string_view, Group> groups;
  groups.reserve(hints.size());
  std::vector<Group*> group_of;
  group_of.reserve(hints.size());
  for (const std::string& h : hints) {
    auto [it, fresh] = groups.try_emplace(h);
    if (fresh) it->second.reserved = IsFixedReserved(h) || extra_reserved.count(h) != 0;
    ++it->second.count;
    group_of.push_back(&it->second);
  }
  auto keeps_hint = [](const Group& g) { return g.count == 1 && !g.reserved; };
  // Names handed out that equal some variable's hint. Other generated names need no record:
  // "x_k" splits uniquely at its last '_', so two groups never generate the same suffixed name,
  // and a name that is nobody's hint is never proposed again.
  std::unordered_set<std::string_view> claimed;
  auto free_candidate = [&](const std::string& c) {
    if (extra_reserved.count(c)) return false;
    auto it = groups.find(c);
    return it == groups.end() || (!keeps_hint(it->second) && !claimed.count(it->first));
  };
  for (size_t i = 0; i < order.size(); ++i) {
    Group& g = *group_of[i];
    if (keeps_hint(g)) {
      names.Insert(order[i], hints[i]);
      continue;
    }
    std::string name;
    if (g.next == 0) {
      g.next = 1;
      // A hint is never a fixed reserved word once suffixed, so only the bare hint checks them.
      if (!g.reserved && !claimed.count(hints[i])) name = hints[i];
    }
    while (name.empty()) {
      std::string cand = hints[i] + "_" + std::to_string(g.next++);
      if (free_candidate(cand)) name = std::move(cand);
    }
    if (auto it = groups.find(name); it != groups.end()) claimed.insert(it->first);
    names.Insert(order[i], std::move(name));
  }
}

// Names of the free variables shared by all functions printed together.
struct GlobalNames {
  VarNames names;
  std::unordered_set<std::string> reserved;  // every global name: locals must avoid them
  std::vector<std::string> dynamic_decls;    // sorted, INDEX scalars only
};

GlobalNames NameFreeVars(const std::vector<const Var*>& free) {
  GlobalNames g;
  AssignNames(free, {}, g.names);
  for (const Var* v : free) {
    const std::string& n = *g.names.Find(v);
    g.reserved.insert(n);
    const auto* st = v->type ? v->type->As<ir::ScalarType>() : nullptr;
    if (st && st->dtype == ir::DataType::INDEX) g.dynamic_decls.push_back(n);
  }
  std::sort(g.dynamic_decls.begin(), g.dynamic_decls.end());
  return g;
}

class Printer {
 public:
  Printer(std::string& out, const GlobalNames& global) : out_(out), global_(global) {
    namer_ = [this](const Var* v) -> std::string {
      if (const std::string* n = local_.Find(v)) return *n;
      if (const std::string* n = global_.names.Find(v)) return *n;
      return v->name;
    };
  }

  // Names the definitions of one function (or statement) before printing it.
  void NameLocals(const std::vector<const Var*>& defs) {
    local_ = VarNames();
    AssignNames(defs, global_.reserved, local_);
  }

  void Function(const ir::Function& f, int indent, bool method) {
    std::string line = "@pl.function";
    bool has_type = f.func_type != ir::FunctionType::Opaque;
    // An external function's source is a decorator keyword of its own, as the author wrote it.
    // With a body (hand-built IR), the attr prints as one, which the parser refuses (an unknown
    // function attribute): the pair is not a function the DSL can state.
    const std::string* external = ir::ExternalSource(f);
    if (external && f.body) {
      const ir::SeqStmts* seq = f.body->As<ir::SeqStmts>();
      if (!seq || !seq->stmts.empty()) external = nullptr;
    }
    std::vector<const std::pair<std::string, ir::AttrValue>*> attrs;
    for (const auto& kv : f.attrs)
      if (!external || kv.first != ir::kExternalSourceAttr) attrs.push_back(&kv);
    if (has_type || !attrs.empty() || external) {
      line += '(';
      if (has_type) {
        line += "type=pl.FunctionType.";
        line += ir::FunctionTypeName(f.func_type);
      }
      if (!attrs.empty()) {
        if (has_type) line += ", ";
        line += "attrs={";
        std::sort(attrs.begin(), attrs.end(),
                  [](const auto* a, const auto* b) { return a->first < b->first; });
        for (size_t i = 0; i < attrs.size(); ++i) {
          if (i) line += ", ";
          line += ir::AttrValueToString(ir::AttrValue(attrs[i]->first));
          line += ": ";
          line += ir::AttrValueToString(attrs[i]->second);
        }
        line += '}';
      }
      if (external) {
        if (has_type || !attrs.empty()) line += ", ";
        line += "external_source=" + ir::AttrValueToString(ir::AttrValue(*external));
      }
      line += ')';
    }
    Line(indent, line);

    line = "def " + f.name + "(";
    bool first = true;
    if (method) {
      line += "self";
      first = false;
    }
    for (const auto& p : f.params) {
      if (!first) line += ", ";
      first = false;
      line += Name(p.var);
      line += ": ";
      std::string type = Type(p.var ? p.var->type : nullptr);
      switch (p.direction) {
        case ir::ParamDirection::In:
          line += type;
          break;
        case ir::ParamDirection::Out:
          line += "pl.Out[" + type + "]";
          break;
        case ir::ParamDirection::InOut:
          line += "pl.InOut[" + type + "]";
          break;
      }
    }
    line += ')';
    if (f.return_types.size() == 1) {
      line += " -> " + Type(f.return_types[0]);
    } else if (f.return_types.size() > 1) {
      line += " -> tuple[";
      for (size_t i = 0; i < f.return_types.size(); ++i) {
        if (i) line += ", ";
        line += Type(f.return_types[i]);
      }
      line += ']';
    }
    line += ':';
    Line(indent, line);
    if (external)
      Line(indent + 4, "...");  // the body is the external source's
    else
      Block(f.body, indent + 4, nullptr);
  }

  // `targets`: the variables a yield at the end of this block defines (the enclosing loop's or
  // if's return vars), or null outside any loop or if.
  void Block(const StmtPtr& body, int indent, const std::vector<VarPtr>* targets) {
    std::vector<StmtPtr> stmts = Flatten(body);
    Stmts(stmts, 0, indent, targets);
  }

  void Stmts(const std::vector<StmtPtr>& stmts, size_t from, int indent,
             const std::vector<VarPtr>* targets) {
    if (from >= stmts.size()) {
      Line(indent, "pass");
      return;
    }
    for (size_t i = from; i < stmts.size(); ++i) Stmt(stmts[i], indent, targets);
  }

  void Stmt(const StmtPtr& s, int indent, const std::vector<VarPtr>* targets) {
    if (!s) return;
    ir::VisitStmtKind(*s, ir::Overloaded{
                              [&](const ir::AssignStmt& a) {
                                Line(indent, Name(a.var) + ": " +
                                                 Type(a.var ? a.var->type : nullptr) + " = " +
                                                 Value(a.value));
                              },
                              [&](const ir::EvalStmt& ev) { Line(indent, Value(ev.expr)); },
                              [&](const ir::ReturnStmt& r) {
                                Line(indent, r.values.empty() ? std::string("return")
                                                              : "return " + Exprs(r.values));
                              },
                              [&](const ir::SeqStmts& q) {
                                for (const auto& c : q.stmts) Stmt(c, indent, targets);
                              },
                              [&](const ir::YieldStmt& y) { Yield(y, indent, targets); },
                              [&](const ir::ForStmt& f) { For(f, indent); },
                              [&](const ir::WhileStmt& w) { While(w, indent); },
                              [&](const ir::IfStmt& b) { If(b, indent); },
                              [&](const ir::ScopeStmt& sc) { Scope(sc, indent, targets); },
                              [&](const ir::SplitAivStmt& r) { SplitAiv(r, indent, targets); },
                              [&](const ir::SpmdScopeStmt& sp) { Spmd(sp, indent, targets); },
                          });
  }

 private:
  void Line(int indent, const std::string& text) {
    out_.append(static_cast<size_t>(indent), ' ');
    out_ += text;
    out_ += '\n';
    if (sink_ && out_.size() >= kChunk) {
      (*sink_)(out_);
      out_.clear();
    }
  }

  std::string Name(const VarPtr& v) { return v ? namer_(v.get()) : std::string("_"); }
  std::string Expr(const ExprPtr& e) { return ir::ExprToString(e, namer_); }

  // A statement's value. Inside a region a boundary op split by the region's own mode prints
  // without `split=`: the region states it, and the parser gives it back (dsl.md 8.7).
  std::string Value(const ExprPtr& e) {
    const ir::Call* c = region_ && e ? e->As<ir::Call>() : nullptr;
    if (!c || !ops::Def(*c).is_boundary()) return Expr(e);
    auto split = ir::GetAttr<int64_t>(c->kwargs, "split");
    if (!split || *split != static_cast<int64_t>(*region_)) return Expr(e);
    ir::AttrMap rest;
    for (const auto& kv : c->kwargs)
      if (kv.first != "split") rest.push_back(kv);
    return Expr(ir::MakeCall(c->op, c->args, std::move(rest), c->type, c->span, c->attrs));
  }
  std::optional<ir::SplitMode> region_;  // the mode of the region being printed
  std::string Type(const TypePtr& t) { return ir::TypeToString(t, namer_); }
  std::string Exprs(const std::vector<ExprPtr>& es) {
    std::string s;
    for (size_t i = 0; i < es.size(); ++i) {
      if (i) s += ", ";
      s += Expr(es[i]);
    }
    return s;
  }
  // "(a, b)" or "(a,)": a one-element tuple keeps its comma.
  template <typename T, typename F>
  std::string Paren(const std::vector<T>& items, F text) {
    std::string s = "(";
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) s += ", ";
      s += text(items[i]);
    }
    if (items.size() == 1) s += ',';
    return s + ")";
  }
  std::string IterNames(const std::vector<ir::IterArg>& ias) {
    return Paren(ias, [&](const ir::IterArg& ia) { return Name(ia.var); });
  }
  std::string InitValues(const std::vector<ir::IterArg>& ias) {
    return "init_values=" + Paren(ias, [&](const ir::IterArg& ia) { return Expr(ia.init); });
  }

  void Yield(const ir::YieldStmt& y, int indent, const std::vector<VarPtr>* targets) {
    std::string call = "pl.yield_(" + Exprs(y.values) + ")";
    if (!targets || targets->empty() || targets->size() != y.values.size()) {
      Line(indent, call);
    } else if (targets->size() == 1) {
      const VarPtr& t = (*targets)[0];
      Line(indent, Name(t) + ": " + Type(t ? t->type : nullptr) + " = " + call);
    } else {
      std::string lhs;
      for (size_t i = 0; i < targets->size(); ++i) {
        if (i) lhs += ", ";
        lhs += Name((*targets)[i]);
      }
      Line(indent, lhs + " = " + call);
    }
  }

  static bool IsIndexConst(const ExprPtr& e, int64_t v) {
    const auto* c = e ? e->As<ir::ConstInt>() : nullptr;
    if (!c || c->value != v) return false;
    const auto* st = c->type ? c->type->As<ir::ScalarType>() : nullptr;
    return st && st->dtype == ir::DataType::INDEX;
  }

  void For(const ir::ForStmt& f, int indent) {
    std::string line = "for " + Name(f.loop_var);
    if (!f.iter_args.empty()) line += ", " + IterNames(f.iter_args);
    line += " in pl.";
    line += ir::ForKindName(f.for_kind);
    line += '(';
    bool unit_step = IsIndexConst(f.step, 1);
    if (unit_step && IsIndexConst(f.start, 0)) {
      line += Expr(f.stop);
    } else if (unit_step) {
      line += Expr(f.start) + ", " + Expr(f.stop);
    } else {
      line += Expr(f.start) + ", " + Expr(f.stop) + ", " + Expr(f.step);
    }
    if (f.for_kind == ir::ForKind::Pipeline || f.stage != 0)
      line += ", stage=" + std::to_string(f.stage);
    if (!f.iter_args.empty()) line += ", " + InitValues(f.iter_args);
    line += "):";
    Line(indent, line);
    Block(f.body, indent + 4, &f.return_vars);
  }

  void While(const ir::WhileStmt& w, int indent) {
    if (w.iter_args.empty()) {
      Line(indent, "while " + Expr(w.cond) + ":");
      Block(w.body, indent + 4, &w.return_vars);
      return;
    }
    Line(indent,
         "for " + IterNames(w.iter_args) + " in pl.while_(" + InitValues(w.iter_args) + "):");
    Line(indent + 4, "pl.cond(" + Expr(w.cond) + ")");
    std::vector<StmtPtr> stmts = Flatten(w.body);
    for (const auto& s : stmts) Stmt(s, indent + 4, &w.return_vars);
  }

  void If(const ir::IfStmt& i, int indent) {
    Line(indent, "if " + Expr(i.cond) + ":");
    Block(i.then_body, indent + 4, &i.return_vars);
    std::vector<StmtPtr> else_stmts = Flatten(i.else_body);
    if (!else_stmts.empty()) {
      Line(indent, "else:");
      Stmts(else_stmts, 0, indent + 4, &i.return_vars);
    }
  }

  void Scope(const ir::ScopeStmt& s, int indent, const std::vector<VarPtr>* targets) {
    std::string line = "with pl.at(level=pl.Level.";
    line += ir::LevelName(s.level);
    if (!s.optimizations.empty()) {
      line += ", optimizations=[";
      for (size_t i = 0; i < s.optimizations.size(); ++i) {
        if (i) line += ", ";
        const auto& o = s.optimizations[i];
        if (o.kind == ir::ScopeOptimization::Kind::Split) {
          line += "pl.split(pl.SplitMode.";
          line += ir::SplitModeName(o.split);
          line += ')';
        } else {
          line += "pl.cross_core_slot(slot_num=" + std::to_string(o.slot_num) + ")";
        }
      }
      line += ']';
    }
    if (!s.name_hint.empty()) line += ", name_hint=" + ir::AttrValueToString(s.name_hint);
    if (s.allow_early_resolve) line += ", allow_early_resolve=True";
    if (!s.deps.empty()) {
      line += ", deps=[";
      for (size_t i = 0; i < s.deps.size(); ++i) line += (i ? ", " : "") + Expr(s.deps[i]);
      line += ']';
    }
    line += ")";
    if (s.task_id) line += " as " + Name(s.task_id);
    line += ":";
    Line(indent, line);
    Block(s.body, indent + 4, targets);
  }

  // Always the with-form: the loop form's scope prints inside it, its block index binding first,
  // and reads back as the same statement.
  void Spmd(const ir::SpmdScopeStmt& s, int indent, const std::vector<VarPtr>* targets) {
    std::string line = "with pl.spmd(" + Expr(s.core_num);
    if (!s.name_hint.empty()) line += ", name_hint=" + ir::AttrValueToString(s.name_hint);
    if (s.allow_early_resolve) line += ", allow_early_resolve=True";
    Line(indent, line + "):");
    Block(s.body, indent + 4, targets);
  }

  // dsl.md 8.7: the parser rebuilds the leading lane binding from `for v in`, so it is printed
  // only through the target; without one the target is `_` and the body is printed whole.
  void SplitAiv(const ir::SplitAivStmt& r, int indent, const std::vector<VarPtr>* targets) {
    std::vector<StmtPtr> stmts = Flatten(r.body);
    std::string target = "_";
    size_t from = 0;
    if (!stmts.empty()) {
      const auto* a = stmts[0]->As<ir::AssignStmt>();
      const auto* st = a && a->var && a->var->type ? a->var->type->As<ir::ScalarType>() : nullptr;
      if (a && st && st->dtype == ir::DataType::INDEX && ir::IsGetSubblockIdxCall(a->value)) {
        const auto* call = a->value->As<ir::Call>();
        if (call->args.empty() && call->kwargs.empty()) {
          target = Name(a->var);
          from = 1;
        }
      }
    }
    Line(indent, "for " + target + " in pl.split_aiv(2, mode=pl.SplitMode." +
                     std::string(ir::SplitModeName(r.mode)) + "):");
    region_ = r.mode;
    Stmts(stmts, from, indent + 4, targets);
    region_.reset();
  }

  std::string& out_;

 public:
  // Where full chunks of output go when printing to a stream (nothing: the whole text stays in
  // out_). Streaming keeps the printed text from adding its whole size to the peak memory.
  static constexpr size_t kChunk = size_t{1} << 18;
  const std::function<void(std::string_view)>* sink_ = nullptr;

 private:
  const GlobalNames& global_;
  VarNames local_;
  ir::VarNamer namer_;
};

// Collects every function, then names the free variables once for all of them.
struct Collected {
  std::vector<VarCollector> per_function;
  GlobalNames global;
};

Collected CollectFunctions(const std::vector<ir::FunctionPtr>& functions) {
  Collected c;
  c.per_function.resize(functions.size());
  std::vector<const Var*> free;
  PtrMap<Var, bool> seen;
  for (size_t i = 0; i < functions.size(); ++i) {
    if (!functions[i]) continue;
    c.per_function[i].Function(*functions[i]);
    for (const Var* v : c.per_function[i].Free())
      if (seen.Insert(v, true)) free.push_back(v);
    c.per_function[i].DropIndexes();
  }
  c.global = NameFreeVars(free);
  return c;
}

}  // namespace

namespace {

void PrintProgram(const ir::ProgramPtr& program, std::string& out,
                  const std::function<void(std::string_view)>* sink) {
  out += "import pypto.language as pl\n\n";
  if (!program) return;
  Collected c = CollectFunctions(program->functions);
  for (const std::string& d : c.global.dynamic_decls)
    out += d + " = pl.dynamic(" + ir::AttrValueToString(ir::AttrValue(d)) + ")\n";
  if (!c.global.dynamic_decls.empty()) out += '\n';
  bool method = !program->name.empty();
  int indent = method ? 4 : 0;
  if (method) out += "@pl.program\nclass " + program->name + ":\n";
  if (sink) {
    out.reserve(Printer::kChunk + 4096);
  } else {
    // A generous estimate of the output: reserved pages cost nothing until written, while
    // growing by doubling would copy the text and briefly hold it twice.
    size_t defs = 0;
    for (const VarCollector& vc : c.per_function) defs += vc.defs.size();
    out.reserve(out.size() + 4096 + defs * 256);
  }
  Printer printer(out, c.global);
  printer.sink_ = sink;
  bool any = false;
  for (size_t i = 0; i < program->functions.size(); ++i) {
    const auto& f = program->functions[i];
    if (!f) continue;
    if (any) out += '\n';
    any = true;
    printer.NameLocals(c.per_function[i].defs);
    c.per_function[i].defs = {};  // named: no longer needed
    printer.Function(*f, indent, method);
  }
  if (method && !any) out += "    pass\n";
}

}  // namespace

std::string Print(const ir::ProgramPtr& program) {
  std::string out;
  PrintProgram(program, out, nullptr);
  return out;
}

void Print(const ir::ProgramPtr& program, const std::function<void(std::string_view)>& sink) {
  std::string out;
  PrintProgram(program, out, &sink);
  if (!out.empty()) sink(out);
}

std::string PrintFunction(const ir::FunctionPtr& function) {
  std::string out;
  if (!function) return out;
  Collected c = CollectFunctions({function});
  Printer printer(out, c.global);
  printer.NameLocals(c.per_function[0].defs);
  printer.Function(*function, 0, false);
  return out;
}

std::string PrintStmt(const ir::StmtPtr& stmt) {
  std::string out;
  if (!stmt) return out;
  VarCollector vc;
  vc.Stmt(stmt);
  GlobalNames global = NameFreeVars(vc.Free());
  Printer printer(out, global);
  printer.NameLocals(vc.defs);
  printer.Stmt(stmt, 0, nullptr);
  return out;
}

}  // namespace tilesplit::dsl
