// Structural equality (dsl.md 11). One Comparer walks both trees in lockstep, keeping a
// bijection between the variables each side defines; the first difference stops the walk and
// records its path and both sides' text.
#include "tilesplit/dsl/structural_equal.h"

#include <algorithm>
#include <cstdint>

#include "tilesplit/dsl/printer.h"
#include "tilesplit/ir/ptr_map.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/walk.h"

namespace tilesplit::dsl {
namespace {

using ir::ExprKind;
using ir::ExprPtr;
using ir::StmtKind;
using ir::StmtPtr;
using ir::TypePtr;
using ir::Var;
using ir::VarPtr;

// INDEX and INT64 constants are interchangeable (a literal dim reads back as INDEX).
ir::DataType ConstIntClass(ir::DataType dt) {
  return dt == ir::DataType::INT64 ? ir::DataType::INDEX : dt;
}

std::optional<ir::DataType> DTypeOf(const TypePtr& t) {
  const auto* s = t ? t->As<ir::ScalarType>() : nullptr;
  if (!s) return std::nullopt;
  return s->dtype;
}

std::vector<StmtPtr> Flatten(const StmtPtr& s) {
  std::vector<StmtPtr> out;
  if (s) out = ir::FlattenStmts(s);
  return out;
}

std::string StmtText(const StmtPtr& s) {
  if (!s) return "<none>";
  std::string text = dsl::PrintStmt(s);
  // The first line names the statement well enough for a report.
  size_t nl = text.find('\n');
  if (nl != std::string::npos && nl + 1 < text.size()) return text.substr(0, nl) + " ...";
  if (nl != std::string::npos) text.resize(nl);
  return text;
}

// Variable -> variable, one table per direction of the bijection.
class VarMap {
 public:
  const Var* Find(const Var* k) const {
    const Var* const* v = map_.Find(k);
    return v ? *v : nullptr;
  }
  void Insert(const Var* k, const Var* v) { map_.Insert(k, v); }

 private:
  ir::PtrMap<Var, const Var*> map_;
};

class Comparer {
 public:
  explicit Comparer(const EqualOptions& o) : opt_(o) { path_.reserve(32); }
  EqualResult result;

  // ---- programs and functions
  bool Program(const ir::Program& a, const ir::Program& b) {
    std::vector<std::string> an, bn;
    for (const auto& f : a.functions) an.push_back(f ? f->name : "");
    for (const auto& f : b.functions) bn.push_back(f ? f->name : "");
    std::sort(an.begin(), an.end());
    std::sort(bn.begin(), bn.end());
    if (an != bn) {
      return Fail("functions", Join(an), Join(bn));
    }
    for (const auto& fa : a.functions) {
      if (!fa) continue;
      ir::FunctionPtr fb = b.Find(fa->name);
      Scope s(this, "function", fa->name);
      if (!Function(*fa, *fb)) return false;
    }
    return true;
  }

  bool Function(const ir::Function& a, const ir::Function& b) {
    if (a.func_type != b.func_type)
      return Fail("type", std::string(ir::FunctionTypeName(a.func_type)),
                  std::string(ir::FunctionTypeName(b.func_type)));
    if (!Attrs(a.attrs, b.attrs, "attrs")) return false;
    if (a.params.size() != b.params.size())
      return Fail("params", std::to_string(a.params.size()) + " parameters",
                  std::to_string(b.params.size()) + " parameters");
    for (size_t i = 0; i < a.params.size(); ++i) {
      Scope s(this, "params", i);
      const auto& pa = a.params[i];
      const auto& pb = b.params[i];
      if (pa.direction != pb.direction)
        return Fail("direction", DirectionName(pa.direction), DirectionName(pb.direction));
      if (!Define(pa.var, pb.var)) return false;
    }
    if (a.return_types.size() != b.return_types.size())
      return Fail("return_types", std::to_string(a.return_types.size()) + " results",
                  std::to_string(b.return_types.size()) + " results");
    for (size_t i = 0; i < a.return_types.size(); ++i) {
      Scope s(this, "return_types", i);
      if (!Type(a.return_types[i], b.return_types[i])) return false;
    }
    return Block(a.body, b.body, "body");
  }

  // ---- statements
  bool Block(const StmtPtr& a, const StmtPtr& b, const char* label) {
    std::vector<StmtPtr> la = Flatten(a), lb = Flatten(b);
    size_t n = std::min(la.size(), lb.size());
    for (size_t i = 0; i < n; ++i) {
      Scope s(this, label, i);
      if (!Stmt(la[i], lb[i])) return false;
    }
    if (la.size() != lb.size()) {
      Scope s(this, label, n);
      return Fail("", n < la.size() ? StmtText(la[n]) : "<end of block>",
                  n < lb.size() ? StmtText(lb[n]) : "<end of block>");
    }
    return true;
  }

  bool Stmt(const StmtPtr& a, const StmtPtr& b) {
    if (a->kind != b->kind) return Fail("", StmtText(a), StmtText(b));
    // Same kinds: each pair is compared by the overload of its node class.
    return ir::VisitStmtKind(
        *a, [&]<typename T>(const T& x) { return Same(x, static_cast<const T&>(*b), a, b); });
  }

  bool Same(const ir::AssignStmt& x, const ir::AssignStmt& y, const StmtPtr&, const StmtPtr&) {
    return Field("value", x.value, y.value) && DefineAt("var", x.var, y.var);
  }
  bool Same(const ir::EvalStmt& x, const ir::EvalStmt& y, const StmtPtr&, const StmtPtr&) {
    return Field("expr", x.expr, y.expr);
  }
  bool Same(const ir::ReturnStmt& x, const ir::ReturnStmt& y, const StmtPtr&, const StmtPtr&) {
    return Exprs(x.values, y.values, "values");
  }
  bool Same(const ir::YieldStmt& x, const ir::YieldStmt& y, const StmtPtr&, const StmtPtr&) {
    return Exprs(x.values, y.values, "values");
  }
  bool Same(const ir::SeqStmts&, const ir::SeqStmts&, const StmtPtr& a, const StmtPtr& b) {
    return Block(a, b, "stmts");  // unreachable after flattening
  }
  bool Same(const ir::ForStmt& x, const ir::ForStmt& y, const StmtPtr&, const StmtPtr&) {
    if (x.for_kind != y.for_kind)
      return Fail("kind", std::string(ir::ForKindName(x.for_kind)),
                  std::string(ir::ForKindName(y.for_kind)));
    if (x.stage != y.stage) return Fail("stage", std::to_string(x.stage), std::to_string(y.stage));
    if (!Field("start", x.start, y.start) || !Field("stop", x.stop, y.stop) ||
        !Field("step", x.step, y.step))
      return false;
    if (!IterInits(x.iter_args, y.iter_args)) return false;
    if (!DefineAt("loop_var", x.loop_var, y.loop_var)) return false;
    if (!IterVars(x.iter_args, y.iter_args)) return false;
    if (!Block(x.body, y.body, "body")) return false;
    return DefineList(x.return_vars, y.return_vars, "return_vars");
  }
  bool Same(const ir::WhileStmt& x, const ir::WhileStmt& y, const StmtPtr&, const StmtPtr&) {
    if (!IterInits(x.iter_args, y.iter_args) || !IterVars(x.iter_args, y.iter_args)) return false;
    if (!Field("cond", x.cond, y.cond) || !Block(x.body, y.body, "body")) return false;
    return DefineList(x.return_vars, y.return_vars, "return_vars");
  }
  bool Same(const ir::IfStmt& x, const ir::IfStmt& y, const StmtPtr&, const StmtPtr&) {
    if (!Field("cond", x.cond, y.cond) || !Block(x.then_body, y.then_body, "then") ||
        !Block(x.else_body, y.else_body, "else"))
      return false;
    return DefineList(x.return_vars, y.return_vars, "return_vars");
  }
  bool Same(const ir::ScopeStmt& x, const ir::ScopeStmt& y, const StmtPtr&, const StmtPtr&) {
    if (x.level != y.level)
      return Fail("level", std::string(ir::LevelName(x.level)),
                  std::string(ir::LevelName(y.level)));
    if (x.name_hint != y.name_hint) return Fail("name_hint", x.name_hint, y.name_hint);
    if (x.optimizations != y.optimizations)
      return Fail("optimizations", Optimizations(x.optimizations), Optimizations(y.optimizations));
    if (x.allow_early_resolve != y.allow_early_resolve)
      return Fail("allow_early_resolve", x.allow_early_resolve ? "True" : "False",
                  y.allow_early_resolve ? "True" : "False");
    if (!Exprs(x.deps, y.deps, "deps") || !Block(x.body, y.body, "body")) return false;
    return DefineAt("task_id", x.task_id, y.task_id);
  }
  bool Same(const ir::SpmdScopeStmt& x, const ir::SpmdScopeStmt& y, const StmtPtr&,
            const StmtPtr&) {
    if (x.name_hint != y.name_hint) return Fail("name_hint", x.name_hint, y.name_hint);
    if (x.allow_early_resolve != y.allow_early_resolve)
      return Fail("allow_early_resolve", x.allow_early_resolve ? "True" : "False",
                  y.allow_early_resolve ? "True" : "False");
    return Field("core_num", x.core_num, y.core_num) && Block(x.body, y.body, "body");
  }
  bool Same(const ir::SplitAivStmt& x, const ir::SplitAivStmt& y, const StmtPtr&, const StmtPtr&) {
    if (x.mode != y.mode)
      return Fail("mode", std::string(ir::SplitModeName(x.mode)),
                  std::string(ir::SplitModeName(y.mode)));
    return Block(x.body, y.body, "body");
  }

  // ---- expressions
  bool Expr(const ExprPtr& a, const ExprPtr& b) {
    if (a == b && (!a || !HasVars(a))) return true;
    if (!a || !b) return Fail("", ir::ExprToString(a), ir::ExprToString(b));
    if (a->kind != b->kind) return Mismatch(a, b);
    return ir::VisitExprKind(
        *a, [&]<typename T>(const T& x) { return Same(x, static_cast<const T&>(*b), a, b); });
  }

  bool Same(const ir::Var& x, const ir::Var& y, const ExprPtr&, const ExprPtr&) {
    return Use(&x, &y);
  }
  bool Same(const ir::ConstInt& x, const ir::ConstInt& y, const ExprPtr& a, const ExprPtr& b) {
    auto dx = DTypeOf(x.type), dy = DTypeOf(y.type);
    bool same_dtype = dx && dy ? ConstIntClass(*dx) == ConstIntClass(*dy) : dx == dy;
    if (x.value != y.value || !same_dtype) return Mismatch(a, b);
    return true;
  }
  bool Same(const ir::ConstFloat& x, const ir::ConstFloat& y, const ExprPtr& a, const ExprPtr& b) {
    if (!(x.value == y.value) || DTypeOf(x.type) != DTypeOf(y.type)) return Mismatch(a, b);
    return true;
  }
  bool Same(const ir::ConstBool& x, const ir::ConstBool& y, const ExprPtr& a, const ExprPtr& b) {
    if (x.value != y.value) return Mismatch(a, b);
    return true;
  }
  bool Same(const ir::Binary& x, const ir::Binary& y, const ExprPtr& a, const ExprPtr& b) {
    if (x.op != y.op) return Mismatch(a, b);
    return Field("lhs", x.lhs, y.lhs) && Field("rhs", x.rhs, y.rhs);
  }
  bool Same(const ir::Unary& x, const ir::Unary& y, const ExprPtr& a, const ExprPtr& b) {
    if (x.op != y.op) return Mismatch(a, b);
    return Field("operand", x.operand, y.operand);
  }
  bool Same(const ir::Cast& x, const ir::Cast& y, const ExprPtr& a, const ExprPtr& b) {
    if (DTypeOf(x.type) != DTypeOf(y.type)) return Mismatch(a, b);
    return Field("value", x.value, y.value);
  }
  bool Same(const ir::Call& x, const ir::Call& y, const ExprPtr&, const ExprPtr&) {
    std::string on_x = x.op ? x.op->name() : "", on_y = y.op ? y.op->name() : "";
    if (on_x != on_y) return Fail("op", on_x, on_y);
    if (!Exprs(x.args, y.args, "args")) return false;
    if (!Attrs(x.kwargs, y.kwargs, "kwargs")) return false;
    if (!Attrs(x.attrs, y.attrs, "attrs")) return false;
    Scope s(this, "type");
    return Type(x.type, y.type);
  }
  bool Same(const ir::MakeTuple& x, const ir::MakeTuple& y, const ExprPtr&, const ExprPtr&) {
    return Exprs(x.elements, y.elements, "elements");
  }
  bool Same(const ir::TupleGetItem& x, const ir::TupleGetItem& y, const ExprPtr& a,
            const ExprPtr& b) {
    if (x.index != y.index) return Mismatch(a, b);
    return Field("tuple", x.tuple, y.tuple);
  }
  bool Same(const ir::FunctionCall& x, const ir::FunctionCall& y, const ExprPtr&, const ExprPtr&) {
    if (x.callee != y.callee) return Fail("callee", x.callee, y.callee);
    if (x.task.has_value() != y.task.has_value())
      return Fail("submit", x.task ? "a submit" : "a call", y.task ? "a submit" : "a call");
    if (!Exprs(x.args, y.args, "args")) return false;
    if (x.task) {
      if (!Exprs(x.task->deps, y.task->deps, "deps")) return false;
      if (x.task->allow_early_resolve != y.task->allow_early_resolve)
        return Fail("allow_early_resolve", x.task->allow_early_resolve ? "True" : "False",
                    y.task->allow_early_resolve ? "True" : "False");
    }
    if (!Attrs(x.attrs, y.attrs, "attrs")) return false;
    Scope s(this, "type");
    return Type(x.type, y.type);
  }

  // ---- types
  bool Type(const TypePtr& a, const TypePtr& b) {
    if (a == b && (!a || a->kind == ir::TypeKind::Scalar)) return true;
    auto fail = [&] { return Fail("", ir::TypeToString(a), ir::TypeToString(b)); };
    if (!a || !b || a->kind != b->kind) return fail();
    switch (a->kind) {
      case ir::TypeKind::Scalar:
        if (DTypeOf(a) != DTypeOf(b)) return fail();
        return true;
      case ir::TypeKind::Tensor: {
        const auto& x = static_cast<const ir::TensorType&>(*a);
        const auto& y = static_cast<const ir::TensorType&>(*b);
        if (x.dtype != y.dtype) return Fail("dtype", ir::TypeToString(a), ir::TypeToString(b));
        if (x.distributed != y.distributed)
          return Fail("distributed", ir::TypeToString(a), ir::TypeToString(b));
        if (!Dims(x.shape, y.shape, "shape")) return false;
        if (x.view.has_value() != y.view.has_value())
          return Fail("view", ir::TypeToString(a), ir::TypeToString(b));
        if (!x.view) return true;
        Scope s(this, "view");
        const auto& vx = *x.view;
        const auto& vy = *y.view;
        if (!Dims(vx.valid_shape, vy.valid_shape, "valid_shape") ||
            !Dims(vx.stride, vy.stride, "stride"))
          return false;
        if (vx.layout != vy.layout)
          return Fail("layout", std::string(ir::TensorLayoutName(vx.layout)),
                      std::string(ir::TensorLayoutName(vy.layout)));
        if (vx.pad != vy.pad)
          return Fail("pad", std::string(ir::PadValueName(vx.pad)),
                      std::string(ir::PadValueName(vy.pad)));
        return true;
      }
      case ir::TypeKind::Tile: {
        const auto& x = static_cast<const ir::TileType&>(*a);
        const auto& y = static_cast<const ir::TileType&>(*b);
        if (x.dtype != y.dtype) return Fail("dtype", ir::TypeToString(a), ir::TypeToString(b));
        if (!Dims(x.shape, y.shape, "shape")) return false;
        if (x.memory != y.memory) return Fail("memory", ir::TypeToString(a), ir::TypeToString(b));
        if (x.view.has_value() != y.view.has_value())
          return Fail("view", ir::TypeToString(a), ir::TypeToString(b));
        if (!x.view) return true;
        Scope s(this, "view");
        const auto& vx = *x.view;
        const auto& vy = *y.view;
        if (!Dims(vx.valid_shape, vy.valid_shape, "valid_shape") ||
            !Dims(vx.stride, vy.stride, "stride"))
          return false;
        if ((vx.start_offset == nullptr) != (vy.start_offset == nullptr))
          return Fail("start_offset", ir::ExprToString(vx.start_offset),
                      ir::ExprToString(vy.start_offset));
        if (vx.start_offset && !Field("start_offset", vx.start_offset, vy.start_offset))
          return false;
        if (vx.blayout != vy.blayout)
          return Fail("blayout", std::string(ir::TileLayoutName(vx.blayout)),
                      std::string(ir::TileLayoutName(vy.blayout)));
        if (vx.slayout != vy.slayout)
          return Fail("slayout", std::string(ir::TileLayoutName(vx.slayout)),
                      std::string(ir::TileLayoutName(vy.slayout)));
        if (vx.fractal != vy.fractal)
          return Fail("fractal", std::to_string(vx.fractal), std::to_string(vy.fractal));
        if (vx.pad != vy.pad)
          return Fail("pad", std::string(ir::PadValueName(vx.pad)),
                      std::string(ir::PadValueName(vy.pad)));
        if (vx.compact != vy.compact)
          return Fail("compact", std::string(ir::CompactModeName(vx.compact)),
                      std::string(ir::CompactModeName(vy.compact)));
        return true;
      }
      case ir::TypeKind::Tuple: {
        const auto& ex = static_cast<const ir::TupleType&>(*a).elements;
        const auto& ey = static_cast<const ir::TupleType&>(*b).elements;
        if (ex.size() != ey.size()) return fail();
        for (size_t i = 0; i < ex.size(); ++i) {
          Scope s(this, "elements", i);
          if (!Type(ex[i], ey[i])) return false;
        }
        return true;
      }
    }
    return true;
  }

 private:
  // One step of the path to the node under comparison. Segments are rendered only on failure,
  // so the walk itself allocates nothing for them.
  struct Segment {
    std::string_view label;
    std::string_view name;  // "function f"
    size_t index = kNoIndex;
  };
  static constexpr size_t kNoIndex = static_cast<size_t>(-1);

  // Pushes one path segment for the lifetime of the object. The viewed strings outlive it.
  class Scope {
   public:
    Scope(Comparer* c, std::string_view label) : c_(c) { c_->path_.push_back({label, {}}); }
    Scope(Comparer* c, std::string_view label, size_t index) : c_(c) {
      c_->path_.push_back({label, {}, index});
    }
    Scope(Comparer* c, std::string_view label, std::string_view name) : c_(c) {
      c_->path_.push_back({label, name});
    }
    ~Scope() { c_->path_.pop_back(); }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    Comparer* c_;
  };

  bool Fail(const std::string& seg, std::string lhs, std::string rhs) {
    result.equal = false;
    std::string p;
    for (const Segment& s : path_) {
      if (!p.empty()) p += " / ";
      p += s.label;
      if (!s.name.empty()) {
        p += ' ';
        p += s.name;
      }
      if (s.index != kNoIndex) p += "[" + std::to_string(s.index) + "]";
    }
    if (!seg.empty()) p += p.empty() ? seg : " / " + seg;
    result.path = std::move(p);
    result.lhs = std::move(lhs);
    result.rhs = std::move(rhs);
    return false;
  }

  bool Mismatch(const ExprPtr& a, const ExprPtr& b) {
    return Fail("", ir::ExprToString(a), ir::ExprToString(b));
  }

  bool Field(const char* name, const ExprPtr& a, const ExprPtr& b) {
    Scope s(this, name);
    return Expr(a, b);
  }

  bool Exprs(const std::vector<ExprPtr>& a, const std::vector<ExprPtr>& b, const char* label) {
    if (a.size() != b.size()) return Fail(label, ListText(a), ListText(b));
    for (size_t i = 0; i < a.size(); ++i) {
      Scope s(this, label, i);
      if (!Expr(a[i], b[i])) return false;
    }
    return true;
  }

  bool Dims(const std::vector<ExprPtr>& a, const std::vector<ExprPtr>& b, const char* label) {
    if (a.size() != b.size()) return Fail(label, ir::ShapeToString(a), ir::ShapeToString(b));
    return Exprs(a, b, label);
  }

  static std::string ListText(const std::vector<ExprPtr>& es) {
    std::string s = "(";
    for (size_t i = 0; i < es.size(); ++i) {
      if (i) s += ", ";
      s += ir::ExprToString(es[i]);
    }
    return s + ")";
  }

  static std::string Join(const std::vector<std::string>& names) {
    return "{" + ir::Join(names) + "}";
  }

  static std::string DirectionName(ir::ParamDirection d) {
    switch (d) {
      case ir::ParamDirection::In:
        return "In";
      case ir::ParamDirection::Out:
        return "Out";
      case ir::ParamDirection::InOut:
        return "InOut";
    }
    return "?";
  }

  static std::string Optimizations(const std::vector<ir::ScopeOptimization>& os) {
    std::string s = "[";
    for (size_t i = 0; i < os.size(); ++i) {
      if (i) s += ", ";
      if (os[i].kind == ir::ScopeOptimization::Kind::Split) {
        s += "pl.split(pl.SplitMode." + std::string(ir::SplitModeName(os[i].split)) + ")";
      } else {
        s += "pl.cross_core_slot(slot_num=" + std::to_string(os[i].slot_num) + ")";
      }
    }
    return s + "]";
  }

  // Unordered key -> value comparison; each side's keys are unique.
  bool Attrs(const ir::AttrMap& a, const ir::AttrMap& b, const char* label) {
    Scope s(this, label);
    for (const auto& [k, va] : a) {
      const ir::AttrValue* vb = ir::FindAttr(b, k);
      if (!vb) return Fail(k, ir::AttrValueToString(va), "<absent>");
      if (!ir::AttrValueEqual(va, *vb))
        return Fail(k, ir::AttrValueToString(va), ir::AttrValueToString(*vb));
    }
    for (const auto& [k, vb] : b)
      if (!ir::FindAttr(a, k)) return Fail(k, "<absent>", ir::AttrValueToString(vb));
    return true;
  }

  bool IterInits(const std::vector<ir::IterArg>& a, const std::vector<ir::IterArg>& b) {
    if (a.size() != b.size())
      return Fail("iter_args", std::to_string(a.size()) + " iter args",
                  std::to_string(b.size()) + " iter args");
    for (size_t i = 0; i < a.size(); ++i) {
      Scope s(this, "iter_args", i);
      if (!Field("init", a[i].init, b[i].init)) return false;
    }
    return true;
  }

  bool IterVars(const std::vector<ir::IterArg>& a, const std::vector<ir::IterArg>& b) {
    for (size_t i = 0; i < a.size(); ++i) {
      Scope s(this, "iter_args", i);
      if (!DefineAt("var", a[i].var, b[i].var)) return false;
    }
    return true;
  }

  bool DefineList(const std::vector<VarPtr>& a, const std::vector<VarPtr>& b, const char* label) {
    if (a.size() != b.size())
      return Fail(label, std::to_string(a.size()) + " variables",
                  std::to_string(b.size()) + " variables");
    for (size_t i = 0; i < a.size(); ++i) {
      Scope s(this, label, i);
      if (!Define(a[i], b[i])) return false;
    }
    return true;
  }

  bool DefineAt(const char* name, const VarPtr& a, const VarPtr& b) {
    Scope s(this, name);
    return Define(a, b);
  }

  // A definition: types first, then the pair joins the bijection.
  bool Define(const VarPtr& a, const VarPtr& b) {
    if (!a || !b) {
      if (a == b) return true;
      return Fail("", a ? a->name : "<none>", b ? b->name : "<none>");
    }
    {
      Scope s(this, "type");
      if (!Type(a->type, b->type)) return false;
    }
    if (opt_.compare_name_hints && a->name != b->name) return Fail("name", a->name, b->name);
    return Bind(a.get(), b.get());
  }

  bool Bind(const Var* a, const Var* b) {
    const Var* ma = l2r_.Find(a);
    const Var* mb = r2l_.Find(b);
    if (ma || mb) {
      if (ma == b && mb == a) return true;
      return Fail("", a->name, b->name);
    }
    l2r_.Insert(a, b);
    r2l_.Insert(b, a);
    return true;
  }

  // A use: follows the bijection; an unmapped pair is a free variable.
  bool Use(const Var* a, const Var* b) {
    if (const Var* ma = l2r_.Find(a)) {
      if (ma == b) return true;
      return Fail("", a->name, b->name);
    }
    if (r2l_.Find(b)) return Fail("", a->name, b->name);
    if (!opt_.map_free_vars) {
      if (a == b) return true;
      if (!opt_.free_vars_by_name || a->name != b->name) return Fail("", a->name, b->name);
    }
    {
      Scope s(this, "type");
      if (!Type(a->type, b->type)) return false;
    }
    if (opt_.compare_name_hints && a->name != b->name) return Fail("name", a->name, b->name);
    return Bind(a, b);
  }

  // A shared subtree can be skipped only when it contains no variable, since variables on the
  // two sides must still follow the map.
  static bool HasVars(const ExprPtr& e) {
    return e->kind != ExprKind::ConstInt && e->kind != ExprKind::ConstFloat &&
           e->kind != ExprKind::ConstBool;
  }

  const EqualOptions& opt_;
  std::vector<Segment> path_;
  VarMap l2r_;
  VarMap r2l_;
};

}  // namespace

std::string EqualResult::Describe() const {
  if (equal) return "";
  return "structurally different at " + (path.empty() ? std::string("<root>") : path) + ": lhs `" +
         lhs + "` vs rhs `" + rhs + "`";
}

EqualResult StructuralEqual(const ir::ProgramPtr& a, const ir::ProgramPtr& b,
                            const EqualOptions& options) {
  Comparer c(options);
  if (!a || !b) {
    if (a != b) {
      c.result.equal = false;
      c.result.lhs = a ? "program" : "<null>";
      c.result.rhs = b ? "program" : "<null>";
    }
    return c.result;
  }
  c.Program(*a, *b);
  return c.result;
}

EqualResult StructuralEqual(const ir::FunctionPtr& a, const ir::FunctionPtr& b,
                            const EqualOptions& options) {
  Comparer c(options);
  if (!a || !b) {
    if (a != b) {
      c.result.equal = false;
      c.result.lhs = a ? a->name : "<null>";
      c.result.rhs = b ? b->name : "<null>";
    }
    return c.result;
  }
  c.Function(*a, *b);
  return c.result;
}

EqualResult StructuralEqual(const ir::StmtPtr& a, const ir::StmtPtr& b,
                            const EqualOptions& options) {
  Comparer c(options);
  c.Block(a, b, "stmts");
  return c.result;
}

EqualResult StructuralEqual(const ir::ExprPtr& a, const ir::ExprPtr& b,
                            const EqualOptions& options) {
  Comparer c(options);
  c.Expr(a, b);
  return c.result;
}

}  // namespace tilesplit::dsl
