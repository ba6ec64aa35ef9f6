// Canonical spelling of expressions, types and literal values (dsl.md 5, 6, 9 items 5-8). The
// program printer and every diagnostic go through these functions, so a type quoted in an error
// message reads exactly as the user would write it.
#include "tilesplit/ir/text.h"

#include <charconv>
#include <cmath>
#include <string_view>

namespace tilesplit::ir {

std::string Join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += sep;
    out += parts[i];
  }
  return out;
}
namespace {

// Binding strength of a printed expression (dsl.md 6.2). Atoms, calls, pl.min/pl.max/pl.cast
// and projections bind tightest.
constexpr int kPrecOr = 1;
constexpr int kPrecAnd = 2;
constexpr int kPrecNot = 3;
constexpr int kPrecCompare = 4;
constexpr int kPrecAdd = 5;
constexpr int kPrecMul = 6;
constexpr int kPrecNeg = 7;
constexpr int kPrecAtom = 8;

int BinaryPrec(BinaryOp op) {
  switch (op) {
    case BinaryOp::Or:
      return kPrecOr;
    case BinaryOp::And:
      return kPrecAnd;
    case BinaryOp::Eq:
    case BinaryOp::Ne:
    case BinaryOp::Lt:
    case BinaryOp::Le:
    case BinaryOp::Gt:
    case BinaryOp::Ge:
      return kPrecCompare;
    case BinaryOp::Add:
    case BinaryOp::Sub:
      return kPrecAdd;
    case BinaryOp::Mul:
    case BinaryOp::FloorDiv:
    case BinaryOp::FloorMod:
    case BinaryOp::FloatDiv:
      return kPrecMul;
    case BinaryOp::Min:
    case BinaryOp::Max:
      return kPrecAtom;
  }
  return kPrecAtom;
}

bool IsCompareOp(BinaryOp op) {
  return BinaryPrec(op) == kPrecCompare;
}

int Prec(const Expr& e) {
  if (const auto* b = e.As<Binary>()) return BinaryPrec(b->op);
  if (const auto* u = e.As<Unary>()) return u->op == UnaryOp::Neg ? kPrecNeg : kPrecNot;
  return kPrecAtom;
}

bool IsPythonKeyword(std::string_view s) {
  static constexpr std::string_view kKeywords[] = {
      "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
      "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
      "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
      "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};
  for (std::string_view k : kKeywords)
    if (k == s) return true;
  return false;
}

void AppendQuoted(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '"':
        out += "\\\"";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += c;
    }
  }
  out += '"';
}

void AppendDType(std::string& out, DataType dt) {
  out += "pl.";
  out += DataTypeName(dt);
}

// The callee spelling of an op name: "tile.add" -> "pl.tile.add", "pld.system.wait" stays, and a
// last segment that is a Python keyword takes a trailing '_' (dsl.md 7.1).
void AppendCallee(std::string& out, const std::string& name) {
  if (name.rfind("pld.", 0) != 0) out += "pl.";
  out += name;
  size_t dot = name.rfind('.');
  std::string_view last =
      dot == std::string::npos ? std::string_view(name) : std::string_view(name).substr(dot + 1);
  if (IsPythonKeyword(last)) out += '_';
}

class Writer {
 public:
  Writer(std::string& out, const VarNamer& namer) : out_(out), namer_(namer) {}

  void Expr(const ExprPtr& e) {
    if (!e) {
      out_ += "<null>";
      return;
    }
    switch (e->kind) {
      case ExprKind::Var: {
        const auto& v = static_cast<const Var&>(*e);
        out_ += namer_ ? namer_(&v) : v.name;
        return;
      }
      case ExprKind::ConstInt: {
        const auto& c = static_cast<const ConstInt&>(*e);
        const auto* st = c.type ? c.type->As<ScalarType>() : nullptr;
        if (!st || st->dtype == DataType::INDEX) {
          out_ += std::to_string(c.value);
        } else {
          out_ += "pl.const(";
          out_ += std::to_string(c.value);
          out_ += ", ";
          AppendDType(out_, st->dtype);
          out_ += ')';
        }
        return;
      }
      case ExprKind::ConstFloat: {
        const auto& c = static_cast<const ConstFloat&>(*e);
        const auto* st = c.type ? c.type->As<ScalarType>() : nullptr;
        if (!st || st->dtype == DataType::FP32) {
          out_ += FloatToString(c.value);
        } else {
          out_ += "pl.const(";
          out_ += FloatToString(c.value);
          out_ += ", ";
          AppendDType(out_, st->dtype);
          out_ += ')';
        }
        return;
      }
      case ExprKind::ConstBool:
        out_ += static_cast<const ConstBool&>(*e).value ? "True" : "False";
        return;
      case ExprKind::Binary:
        BinaryExpr(static_cast<const Binary&>(*e));
        return;
      case ExprKind::Unary: {
        const auto& u = static_cast<const Unary&>(*e);
        // `-(a + b)` keeps its parentheses; `not` binds looser than comparisons. A negation of a
        // negation is written `- -a`: parentheses would make each level cost two of the
        // parser's nesting limit, so a deep chain the parser read would not read back.
        bool neg = u.op == UnaryOp::Neg;
        out_ += neg ? "-" : "not ";
        int p = u.operand ? Prec(*u.operand) : kPrecAtom;
        if (neg && p == kPrecNeg && u.operand->As<Unary>()) {
          out_ += ' ';
          Expr(u.operand);
          return;
        }
        Operand(u.operand, neg ? p <= kPrecNeg : p < kPrecNot);
        return;
      }
      case ExprKind::Cast: {
        const auto& c = static_cast<const Cast&>(*e);
        out_ += "pl.cast(";
        Expr(c.value);
        out_ += ", ";
        if (const auto* st = c.type ? c.type->As<ScalarType>() : nullptr) {
          AppendDType(out_, st->dtype);
        } else {
          out_ += "<non-scalar>";
        }
        out_ += ')';
        return;
      }
      case ExprKind::Call:
        CallExpr(static_cast<const Call&>(*e));
        return;
      case ExprKind::MakeTuple:
        List(static_cast<const MakeTuple&>(*e).elements);
        return;
      case ExprKind::TupleGetItem: {
        const auto& g = static_cast<const TupleGetItem&>(*e);
        Operand(g.tuple, g.tuple && Prec(*g.tuple) < kPrecAtom);
        out_ += '[';
        out_ += std::to_string(g.index);
        out_ += ']';
        return;
      }
      case ExprKind::FunctionCall: {
        const auto& c = static_cast<const FunctionCall&>(*e);
        if (c.task) {  // pl.submit(self.f, args..., deps=[...], allow_early_resolve=True)
          out_ += "pl.submit(self.";
          out_ += c.callee;
          for (const ExprPtr& a : c.args) {
            out_ += ", ";
            Operand(a, false);
          }
          if (!c.task->deps.empty()) {
            out_ += ", deps=";
            List(c.task->deps);
          }
          if (c.task->allow_early_resolve) out_ += ", allow_early_resolve=True";
          CallAttrs(c.attrs, false);
          out_ += ')';
          return;
        }
        out_ += "self.";
        out_ += c.callee;
        out_ += '(';
        Items(c.args);
        CallAttrs(c.attrs, c.args.empty());
        out_ += ')';
        return;
      }
    }
  }

  void List(const std::vector<ExprPtr>& items) {
    out_ += '[';
    Items(items);
    out_ += ']';
  }

  void Items(const std::vector<ExprPtr>& items) {
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) out_ += ", ";
      Expr(items[i]);
    }
  }

  // A dimension: a ConstInt prints bare whatever its dtype (dsl.md 5.2).
  void Dim(const ExprPtr& d) {
    if (d && d->kind == ExprKind::ConstInt) {
      out_ += std::to_string(static_cast<const ConstInt&>(*d).value);
    } else {
      Expr(d);
    }
  }

  void Shape(const std::vector<ExprPtr>& dims) {
    out_ += '[';
    for (size_t i = 0; i < dims.size(); ++i) {
      if (i) out_ += ", ";
      Dim(dims[i]);
    }
    out_ += ']';
  }

  void Type(const TypePtr& t) {
    if (!t) {
      out_ += "<no type>";
      return;
    }
    switch (t->kind) {
      case TypeKind::Scalar:
        out_ += "pl.Scalar[";
        AppendDType(out_, static_cast<const ScalarType&>(*t).dtype);
        out_ += ']';
        return;
      case TypeKind::Tensor:
        TensorTypeText(static_cast<const TensorType&>(*t));
        return;
      case TypeKind::Tile:
        TileTypeText(static_cast<const TileType&>(*t));
        return;
      case TypeKind::Tuple: {
        out_ += "pl.Tuple[";
        const auto& elems = static_cast<const TupleType&>(*t).elements;
        for (size_t i = 0; i < elems.size(); ++i) {
          if (i) out_ += ", ";
          Type(elems[i]);
        }
        out_ += ']';
        return;
      }
    }
  }

 private:
  void Operand(const ExprPtr& e, bool parenthesise) {
    if (parenthesise) out_ += '(';
    Expr(e);
    if (parenthesise) out_ += ')';
  }

  void BinaryExpr(const Binary& b) {
    if (b.op == BinaryOp::Min || b.op == BinaryOp::Max) {
      out_ += BinaryOpText(b.op);
      out_ += '(';
      Expr(b.lhs);
      out_ += ", ";
      Expr(b.rhs);
      out_ += ')';
      return;
    }
    int p = BinaryPrec(b.op);
    bool cmp = IsCompareOp(b.op);
    auto needs = [&](const ExprPtr& operand, bool right) {
      if (!operand) return false;
      int q = Prec(*operand);
      // A comparison under a comparison would read back as a chained comparison.
      if (cmp && q == kPrecCompare) return true;
      return q < p || (q == p && right);
    };
    Operand(b.lhs, needs(b.lhs, false));
    out_ += ' ';
    out_ += BinaryOpText(b.op);
    out_ += ' ';
    Operand(b.rhs, needs(b.rhs, true));
  }

  void CallExpr(const Call& c) {
    AppendCallee(out_, c.op ? c.op->name() : std::string("<no op>"));
    out_ += '(';
    bool first = true;
    auto sep = [&] {
      if (!first) out_ += ", ";
      first = false;
    };
    // Absent optional arguments are trailing in the common case and simply stop the list; after
    // a gap the remaining ones must bind by name (dsl.md 7.2).
    size_t last = c.args.size();
    while (last > 0 && !c.args[last - 1]) --last;
    bool gap = false;
    for (size_t i = 0; i < last; ++i) {
      if (!c.args[i]) {
        gap = true;
        continue;
      }
      sep();
      if (gap) {
        std::string name = c.op ? c.op->ArgName(i) : std::string();
        out_ += name.empty() ? "arg" + std::to_string(i) : name;
        out_ += '=';
      }
      Expr(c.args[i]);
    }
    for (const auto& [key, value] : c.kwargs) {
      sep();
      out_ += key;
      out_ += '=';
      out_ += AttrValueToString(value);
    }
    CallAttrs(c.attrs, first);
    out_ += ')';
  }

  // A call's annotations, last: `attrs={"key": value, ...}` (sorted by key, as stored).
  void CallAttrs(const AttrMap& attrs, bool first) {
    if (attrs.empty()) return;
    if (!first) out_ += ", ";
    out_ += "attrs={";
    for (size_t i = 0; i < attrs.size(); ++i) {
      if (i) out_ += ", ";
      out_ += AttrValueToString(AttrValue(attrs[i].first));
      out_ += ": ";
      out_ += AttrValueToString(attrs[i].second);
    }
    out_ += '}';
  }

  void TensorTypeText(const TensorType& t) {
    out_ += t.distributed ? "pld.DistributedTensor[" : "pl.Tensor[";
    Shape(t.shape);
    out_ += ", ";
    AppendDType(out_, t.dtype);
    if (t.view) {
      std::string fields;
      {
        Writer w(fields, namer_);
        auto field = [&](std::string_view name) {
          if (!fields.empty()) fields += ", ";
          fields += name;
          fields += '=';
        };
        const TensorView& v = *t.view;
        if (!v.valid_shape.empty() && !ExprListEqual(v.valid_shape, t.shape)) {
          field("valid_shape");
          w.Shape(v.valid_shape);
        }
        if (!v.stride.empty()) {
          field("stride");
          w.Shape(v.stride);
        }
        if (v.layout != TensorLayout::ND) {
          field("layout");
          fields += "pl.TensorLayout.";
          fields += TensorLayoutName(v.layout);
        }
        if (v.pad != PadValue::null) {
          field("pad");
          fields += "pl.PadValue.";
          fields += PadValueName(v.pad);
        }
      }
      if (!fields.empty()) {
        out_ += ", pl.TensorView(";
        out_ += fields;
        out_ += ')';
      }
    }
    out_ += ']';
  }

  void TileTypeText(const TileType& t) {
    out_ += "pl.Tile[";
    Shape(t.shape);
    out_ += ", ";
    AppendDType(out_, t.dtype);
    if (t.memory) {
      out_ += ", pl.Mem.";
      out_ += MemorySpaceName(*t.memory);
    }
    if (t.view) {
      std::string fields;
      {
        Writer w(fields, namer_);
        auto field = [&](std::string_view name) {
          if (!fields.empty()) fields += ", ";
          fields += name;
          fields += '=';
        };
        const TileView& v = *t.view;
        ImplicitLayout implicit = ImplicitLayoutFor(t.shape, t.memory);
        if (!v.valid_shape.empty() && !ExprListEqual(v.valid_shape, t.shape)) {
          field("valid_shape");
          w.Shape(v.valid_shape);
        }
        if (!v.stride.empty()) {
          field("stride");
          w.Shape(v.stride);
        }
        if (v.start_offset) {
          field("start_offset");
          w.Dim(v.start_offset);
        }
        if (v.blayout != implicit.blayout) {
          field("blayout");
          fields += "pl.TileLayout.";
          fields += TileLayoutName(v.blayout);
        }
        if (v.slayout != implicit.slayout) {
          field("slayout");
          fields += "pl.TileLayout.";
          fields += TileLayoutName(v.slayout);
        }
        if (v.fractal != implicit.fractal) {
          field("fractal");
          fields += std::to_string(v.fractal);
        }
        if (v.pad != PadValue::null) {
          field("pad");
          fields += "pl.PadValue.";
          fields += PadValueName(v.pad);
        }
        if (v.compact != CompactMode::null) {
          field("compact");
          fields += "pl.CompactMode.";
          fields += CompactModeName(v.compact);
        }
      }
      if (!fields.empty()) {
        out_ += ", pl.TileView(";
        out_ += fields;
        out_ += ')';
      }
    }
    out_ += ']';
  }

  std::string& out_;
  const VarNamer& namer_;
};

}  // namespace

std::string FloatToString(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  if (ec != std::errc()) return std::to_string(v);
  std::string s(buf, end);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::string ExprToString(const ExprPtr& e, const VarNamer& namer) {
  std::string out;
  Writer(out, namer).Expr(e);
  return out;
}

std::string TypeToString(const TypePtr& t, const VarNamer& namer) {
  std::string out;
  Writer(out, namer).Type(t);
  return out;
}

std::string ShapeToString(const std::vector<ExprPtr>& shape, const VarNamer& namer) {
  std::string out;
  Writer(out, namer).Shape(shape);
  return out;
}

std::string AttrValueToString(const AttrValue& v) {
  struct Visitor {
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(double d) const { return FloatToString(d); }
    std::string operator()(const std::string& s) const {
      std::string out;
      AppendQuoted(out, s);
      return out;
    }
    std::string operator()(DataType dt) const {
      std::string out;
      AppendDType(out, dt);
      return out;
    }
    std::string operator()(MemorySpace m) const {
      return "pl.Mem." + std::string(MemorySpaceName(m));
    }
    std::string operator()(SplitMode m) const {
      return "pl.SplitMode." + std::string(SplitModeName(m));
    }
    std::string operator()(TileLayout l) const {
      return "pl.TileLayout." + std::string(TileLayoutName(l));
    }
    std::string operator()(PadValue p) const {
      return "pl.PadValue." + std::string(PadValueName(p));
    }
    std::string operator()(TensorLayout l) const {
      return "pl.TensorLayout." + std::string(TensorLayoutName(l));
    }
  };
  return std::visit(Visitor{}, v);
}

}  // namespace tilesplit::ir
