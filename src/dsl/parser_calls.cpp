// Operator calls: call forms and short forms (dsl.md 7.1), argument and keyword binding (7.2),
// the scalar call-like forms pl.const / pl.min / pl.max / pl.cast (6.1, 6.2) and typing an
// annotated value (7.3).
#include <algorithm>
#include <iterator>
#include <map>

#include "parser_impl.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::dsl::detail {
namespace {

// A last name segment that is a Python keyword is written with a trailing '_' (pl.tile.not_).
std::string OpSegment(std::string_view seg) {
  static constexpr std::string_view kPythonKeywords[] = {
      "not",    "and",     "or",    "in",     "is",     "if",     "else",     "for",      "while",
      "with",   "def",     "class", "return", "pass",   "import", "from",     "as",       "lambda",
      "None",   "True",    "False", "del",    "global", "yield",  "break",    "continue", "try",
      "except", "finally", "raise", "assert", "async",  "await",  "nonlocal", "elif"};
  if (seg.size() > 1 && seg.back() == '_') {
    std::string_view base = seg.substr(0, seg.size() - 1);
    for (std::string_view k : kPythonKeywords)
      if (k == base) return std::string(base);
  }
  return std::string(seg);
}

bool IsScalarExpr(const ExprPtr& e) {
  return e && e->type && e->type->kind == ir::TypeKind::Scalar;
}

std::optional<int64_t> CastModeFromName(std::string_view n) {
  static constexpr std::string_view kModes[] = {"none", "rint",  "round", "floor",
                                                "ceil", "trunc", "odd"};
  for (size_t i = 0; i < std::size(kModes); ++i)
    if (kModes[i] == n) return static_cast<int64_t>(i);
  return std::nullopt;
}

ExprPtr LiteralExpr(const Literal& lit) {
  switch (lit.kind) {
    case Literal::Kind::Int:
      return ir::MakeConstInt(lit.int_value, ir::DataType::INDEX, lit.span);
    case Literal::Kind::Float:
      return ir::MakeConstFloat(lit.float_value, ir::DataType::FP32, lit.span);
    case Literal::Kind::Bool:
      return ir::MakeConstBool(lit.bool_value, lit.span);
    default:
      return nullptr;
  }
}

// The registered name of an operator PyPTO spells otherwise (the last segment; the level stays):
// `arange` is PyPTO's name of `ci` (user/ops/01-catalog.md), and `mrgsort` names TMRGSORT's two
// variants, told apart as PyPTO's dispatcher does: a `block_len` keyword picks the single-list
// sort (format 1), anything else the merge of 2 to 4 lists (format 2). `gather` / `scatter` with
// a `mask_pattern` keyword are the vector unit's mask-pattern forms (gather_mask, scatter_mask).
std::string RenamedOpSegment(std::string_view seg, const std::vector<CallArg>& args) {
  if (seg == "arange") return "ci";
  if (seg == "gather" || seg == "scatter") {
    const bool mask = std::any_of(args.begin(), args.end(),
                                  [](const CallArg& a) { return a.keyword == "mask_pattern"; });
    return std::string(seg) + (mask ? "_mask" : "");
  }
  if (seg == "mrgsort") {
    const bool single = std::any_of(args.begin(), args.end(),
                                    [](const CallArg& a) { return a.keyword == "block_len"; });
    return single ? "mrgsort_format1" : "mrgsort_format2";
  }
  return std::string(seg);
}

// The same for a qualified name (pl.tile.arange, pl.tensor.mrgsort).
std::string RenamedQualifiedOp(const std::string& name, const std::vector<CallArg>& args) {
  const size_t dot = name.rfind('.');
  if (dot == std::string::npos) return name;
  return name.substr(0, dot + 1) + RenamedOpSegment(std::string_view(name).substr(dot + 1), args);
}

bool IsRenamedSegment(std::string_view seg) {
  return seg == "arange" || seg == "mrgsort" || seg == "gather" || seg == "scatter";
}

}  // namespace

bool Parser::AtCall() const {
  // The distributed module's ops are always written in full: pld.system.X, pld.tensor.X,
  // pld.tile.X (PyPTO's guide, distributed/02-primitives.md).
  if (CheckName("pld"))
    return Check(Tok::kDot, 1) &&
           (CheckName("system", 2) || CheckName("tensor", 2) || CheckName("tile", 2)) &&
           Check(Tok::kDot, 3) && Check(Tok::kName, 4) && Check(Tok::kLParen, 5);
  if (!CheckName("pl") || !Check(Tok::kDot, 1) || !Check(Tok::kName, 2)) return false;
  if (Check(Tok::kLParen, 3)) return true;
  std::string_view ns = Peek(2).text;
  return (ns == "tile" || ns == "tensor" || ns == "system") && Check(Tok::kDot, 3) &&
         Check(Tok::kName, 4) && Check(Tok::kLParen, 5);
}

std::vector<CallArg> Parser::ParseCallArgs() {
  Expect(Tok::kLParen, "opening the argument list");
  std::vector<CallArg> args;
  bool seen_keyword = false;
  while (!Check(Tok::kRParen)) {
    CallArg a = ParseCallArg();
    if (a.keyword.empty() && seen_keyword)
      ir::ThrowUser(a.span, "positional argument follows a keyword argument");
    seen_keyword = seen_keyword || !a.keyword.empty();
    args.push_back(std::move(a));
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRParen, "closing the argument list");
  return args;
}

CallArg Parser::ParseCallArg() {
  CallArg a;
  if (Check(Tok::kName) && Check(Tok::kAssign, 1)) {
    const Token& k = Next();
    a.keyword = k.text;
    a.keyword_span = k.span;
    Next();
  }
  a.span = Peek().span;
  if (a.keyword == "attrs" && Check(Tok::kLBrace)) {
    a.call_attrs = ParseCallAttrDict();
    return a;
  }
  // pl.AUTO: "let the compiler choose" (a reserve_buffer's base): the integer -1, which the
  // operators that take it declare as their default.
  if (!a.keyword.empty() && CheckName("pl") && Check(Tok::kDot, 1) && Check(Tok::kName, 2) &&
      Peek(2).text == "AUTO" && (Check(Tok::kComma, 3) || Check(Tok::kRParen, 3))) {
    const Token& first = Next();
    Next();
    const Token& last = Next();
    Literal lit;
    lit.span = first.span;
    lit.kind = Literal::Kind::Int;
    lit.int_value = -1;
    lit.source = SourceRange(first, last);
    a.literal = lit;
    a.expr = LiteralExpr(lit);
    return a;
  }
  if (AtEnumRef() || AtDType() || (Check(Tok::kString) && !Peek().triple_quoted)) {
    a.literal = ParseLiteral();
    return a;
  }
  if (AtLiteral()) {
    size_t len = Check(Tok::kMinus) ? 2 : 1;
    Tok after = Peek(len).kind;
    if (after == Tok::kComma || after == Tok::kRParen) {
      a.literal = ParseLiteral();
      a.expr = LiteralExpr(*a.literal);
      return a;
    }
  }
  a.expr = ParseExpr();
  return a;
}

// A call's annotations (ir::Call::attrs): literal values under string keys. Placement is the one
// thing they may not say: the spec derives a call's lane from its region, and "no placement or
// validation attributes are serialized", so a `core_placement` would be a second authority.
ir::AttrMap Parser::ParseCallAttrDict() {
  Expect(Tok::kLBrace, "opening the call's attrs dict");
  ir::AttrMap attrs;
  while (!Check(Tok::kRBrace)) {
    const Token& k = Expect(Tok::kString, "as a call attr key");
    std::string key = Str(k);
    if (key == "core_placement")
      ir::ThrowUser(k.span, "a call carries no \"core_placement\" attribute",
                    {{{},
                      "a call's lane follows from where it stands: put it inside a "
                      "`pl.split_aiv` region to place it on the AIV lanes, or remove the attr"}});
    if (ir::FindAttr(attrs, key))
      RefuseGivenTwice(k.span, "call attr key \"" + key + "\"", "remove one of them");
    Expect(Tok::kColon, "after the call attr key");
    if (!AtLiteral() && !AtEnumRef() && !AtDType())
      ir::ThrowUser(Peek().span,
                    "call attr \"" + key + "\" needs a literal value, got " + DescribeToken(Peek()),
                    {{{},
                      "give an int, float, bool, string, data type or enum member; an operand "
                      "of the op is passed as an argument, not in attrs"}});
    Literal lit = ParseLiteral();
    ir::SetSortedAttr(attrs, key, AttrFromLiteral(key, lit));
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRBrace, "closing the call's attrs dict");
  return attrs;
}

ExprPtr Parser::ParseCall() {
  Span span = Peek().span;
  std::string name;
  const Token* name_tok = nullptr;
  bool short_form = false;
  if (CheckName("pld")) {
    Next();
    Next();
    const Token& ns = Next();
    Next();
    name_tok = &Next();
    name = "pld." + std::string(ns.text) + "." + OpSegment(name_tok->text);
  } else {
    Next();
    Next();
    const Token& seg = Next();
    if (Check(Tok::kDot)) {
      Next();
      name_tok = &Next();
      name = std::string(seg.text) + "." + OpSegment(name_tok->text);
    } else {
      name_tok = &seg;
      name = OpSegment(seg.text);
      short_form = true;
    }
  }
  const Token& ntok = *name_tok;
  if (short_form) {
    std::vector<CallArg> args = ParseCallArgs();
    return BuildShortForm(name, ntok, std::move(args), span);
  }
  // PyPTO's scalar max / min are also spelt at tile level (pl.tile.max, pl.tile.min): the same
  // scalar expression as pl.max / pl.min, not a tile reduction (user/ops/01-catalog.md).
  if (name == "tile.max" || name == "tile.min")
    return BuildShortForm(name.substr(5), ntok, ParseCallArgs(), span);
  // A renamed operator is resolved from its arguments (mrgsort's block_len), so they are read
  // first; any other call looks its operator up before reading them.
  std::optional<std::vector<CallArg>> early;
  if (IsRenamedSegment(std::string_view(name).substr(name.rfind('.') + 1))) {
    early = ParseCallArgs();
    name = RenamedQualifiedOp(name, *early);
  }
  const ops::OpDef* op = ops::FindOp(name);
  if (!op) {
    std::vector<std::string> names;
    for (const ops::OpDef* d : ops::OpRegistry::Global().All()) names.push_back(d->name());
    ir::ThrowUser(ntok.span, "unknown operator '" + name + "'",
                  OrNote(Suggest(name, names), "use an operator that `tilesplit ops` lists"));
  }
  std::vector<CallArg> args = early ? std::move(*early) : ParseCallArgs();
  return BuildOpCall(*op, std::move(args), span);
}

ir::AttrValue Parser::KwargFromArg(const ops::OpDef& op, const ops::KwargSpec& spec,
                                   const CallArg& a) {
  const std::string where = op.name() + ": keyword '" + spec.name + "'";
  if (!a.literal)
    ir::ThrowUser(
        a.span,
        where + " needs a literal value of kind " + std::string(ops::KwargKindName(spec.kind)),
        {{{}, "write a literal of that kind as the value"}});
  const Literal& lit = *a.literal;
  using K = Literal::Kind;
  auto bad = [&]() -> ir::AttrValue {
    ir::ThrowUser(
        lit.span,
        where + " must be a " + std::string(ops::KwargKindName(spec.kind)) + ", got " + lit.text(),
        {{{}, "give it a " + std::string(ops::KwargKindName(spec.kind)) + " value"}});
  };
  switch (spec.kind) {
    case ops::KwargKind::TransportCode:  // an integer: a pl.SplitMode is no transport code
      if (lit.kind == K::Int) return lit.int_value;
      return bad();
    case ops::KwargKind::SplitMode:
    case ops::KwargKind::Int:
      if (lit.kind == K::Int) return lit.int_value;
      if (lit.kind == K::Enum && lit.enum_type == "SplitMode") {
        auto m = ir::SplitModeFromName(lit.enum_value);
        if (!m)
          ir::ThrowUser(lit.span, "unknown split mode " + lit.text(),
                        SuggestMember("SplitMode", lit.enum_value));
        return static_cast<int64_t>(*m);
      }
      // The signalling enums read as the integer codes their ops take (ops.md 2.11).
      if (lit.kind == K::Enum && lit.enum_type == "WaitCmp") {
        if (lit.enum_value == "Eq") return int64_t{0};
        if (lit.enum_value == "Ge") return int64_t{1};
        ir::ThrowUser(lit.span, "unknown wait comparison " + lit.text() + " (expected Eq or Ge)");
      }
      if (lit.kind == K::Enum && lit.enum_type == "NotifyOp") {
        if (lit.enum_value == "AtomicAdd") return int64_t{0};
        if (lit.enum_value == "Set") return int64_t{1};
        ir::ThrowUser(lit.span,
                      "unknown notify operation " + lit.text() + " (expected AtomicAdd or Set)");
      }
      if (lit.kind == K::Enum && lit.enum_type == "AtomicType") {
        if (lit.enum_value == "None_") return int64_t{0};
        if (lit.enum_value == "Add") return int64_t{1};
        ir::ThrowUser(lit.span, "unknown atomic type " + lit.text() + " (expected None_ or Add)");
      }
      if (lit.kind == K::Enum && lit.enum_type == "ReduceOp") {
        constexpr std::string_view kReduceOps[] = {"Sum", "Max", "Min", "Prod"};
        for (size_t i = 0; i < std::size(kReduceOps); ++i)
          if (lit.enum_value == kReduceOps[i]) return static_cast<int64_t>(i);
        ir::ThrowUser(lit.span, "unknown reduce operation " + lit.text() +
                                    " (expected Sum, Max, Min or Prod)");
      }
      if (lit.kind == K::String && spec.name == "mode") {
        if (auto m = CastModeFromName(lit.string_value)) return *m;
        ir::ThrowUser(lit.span,
                      "unknown cast mode " + lit.text() +
                          " (expected none, rint, round, floor, ceil, trunc or odd)",
                      {{{}, "use one of the modes none, rint, round, floor, ceil, trunc or odd"}});
      }
      return bad();
    case ops::KwargKind::Bool:
      if (lit.kind == K::Bool) return lit.bool_value;
      return bad();
    case ops::KwargKind::Float:
      if (lit.kind == K::Float) return lit.float_value;
      if (lit.kind == K::Int) return static_cast<double>(lit.int_value);
      return bad();
    case ops::KwargKind::String:
      if (lit.kind == K::String) return lit.string_value;
      return bad();
    case ops::KwargKind::DType:
      if (lit.kind == K::DType) return lit.dtype;
      return bad();
    case ops::KwargKind::Mem:
      if (lit.kind == K::Enum && (lit.enum_type == "Mem" || lit.enum_type == "MemorySpace")) {
        auto m = ir::MemorySpaceFromName(lit.enum_value);
        if (!m)
          ir::ThrowUser(lit.span, "unknown memory space " + lit.text(),
                        OrNote(SuggestMember("Mem", lit.enum_value),
                               "use a pl.Mem member such as pl.Mem.Vec"));
        return *m;
      }
      return bad();
    case ops::KwargKind::Layout:
      if (lit.kind == K::Enum && lit.enum_type == "TileLayout") {
        auto l = ir::TileLayoutFromName(lit.enum_value);
        if (!l)
          ir::ThrowUser(lit.span, "unknown tile layout " + lit.text(),
                        SuggestMember("TileLayout", lit.enum_value));
        return *l;
      }
      return bad();
    case ops::KwargKind::TensorLayout:
      if (lit.kind == K::Enum && lit.enum_type == "TensorLayout") {
        auto l = ir::TensorLayoutFromName(lit.enum_value);
        if (!l)
          ir::ThrowUser(lit.span, "unknown tensor layout " + lit.text(),
                        SuggestMember("TensorLayout", lit.enum_value));
        return *l;
      }
      return bad();
    case ops::KwargKind::Pad:
      if (lit.kind == K::Enum && lit.enum_type == "PadValue") {
        auto p = ir::PadValueFromName(lit.enum_value);
        if (!p)
          ir::ThrowUser(lit.span, "unknown pad value " + lit.text(),
                        SuggestMember("PadValue", lit.enum_value));
        return *p;
      }
      return bad();
  }
  return bad();
}

ExprPtr Parser::BuildOpCall(const ops::OpDef& op, std::vector<CallArg> args, Span span) {
  const std::vector<ops::ArgSpec>& specs = op.args();
  std::vector<ExprPtr> bound;
  if (!op.is_variadic()) bound.resize(specs.size());
  ir::AttrMap kwargs;
  std::optional<ir::AttrMap> call_attrs;
  size_t npos = 0;
  for (CallArg& a : args) {
    if (a.call_attrs) {
      if (call_attrs)
        RefuseGivenTwice(a.keyword_span, op.name() + ": keyword 'attrs'", "remove one of them");
      call_attrs = std::move(a.call_attrs);
      continue;
    }
    if (a.expr) RejectValueless(a.expr, a.span);
    if (a.keyword.empty()) {
      // PyPTO writes the data type of an op with a single dtype keyword positionally
      // (`pl.tensor.reinterpret_view(x, pl.INT16)`): it binds to that keyword.
      if (!a.expr && a.literal && a.literal->kind == Literal::Kind::DType) {
        const ops::KwargSpec* dtype = nullptr;
        size_t n = 0;
        for (const ops::KwargSpec& ks : op.kwargs())
          if (ks.kind == ops::KwargKind::DType) {
            dtype = &ks;
            ++n;
          }
        if (n == 1 && !ir::FindAttr(kwargs, dtype->name)) {
          kwargs.emplace_back(dtype->name, KwargFromArg(op, *dtype, a));
          continue;
        }
      }
      if (!a.expr) {
        ir::ThrowUser(
            a.span,
            op.name() + ": " + (a.literal ? a.literal->text() : "this value") +
                " is not a valid argument (enum values and data types are "
                "keyword values)",
            {{{},
              "pass it as a keyword argument, e.g. target_memory=pl.Mem.Vec or dtype=pl.FP32"}});
      }
      if (op.is_variadic()) {
        bound.push_back(a.expr);
        continue;
      }
      if (npos >= specs.size())
        ir::ThrowUser(
            a.span,
            op.name() + ": too many arguments (takes at most " + std::to_string(specs.size()) + ")",
            {{{}, "remove the extra arguments"}});
      bound[npos++] = a.expr;
      continue;
    }
    std::optional<size_t> idx = op.is_variadic() ? std::nullopt : op.arg_index(a.keyword);
    if (idx) {
      if (bound[*idx])
        RefuseGivenTwice(a.keyword_span, op.name() + ": argument '" + std::string(a.keyword) + "'",
                         "remove one of them");
      if (!a.expr)
        ir::ThrowUser(a.span, op.name() + ": argument '" + std::string(a.keyword) +
                                  "' must be an expression, got " + a.literal->text());
      bound[*idx] = a.expr;
      continue;
    }
    const ops::KwargSpec* spec = op.find_kwarg(a.keyword);
    if (!spec) {
      std::vector<std::string> names;
      if (!op.is_variadic())
        for (const ops::ArgSpec& as : specs) names.push_back(as.name);
      for (const ops::KwargSpec& ks : op.kwargs()) names.push_back(ks.name);
      ir::ThrowUser(
          a.keyword_span, op.name() + ": unknown keyword '" + std::string(a.keyword) + "'",
          OrNote(
              Suggest(a.keyword, names), "remove it; " + op.name() + " takes the keywords " + [&] {
                std::string l;
                for (const std::string& n : names) l += (l.empty() ? "" : ", ") + n;
                return l.empty() ? std::string("(none)") : l;
              }()));
    }
    if (ir::FindAttr(kwargs, spec->name))
      RefuseGivenTwice(a.keyword_span, op.name() + ": keyword '" + spec->name + "'",
                       "remove one of them");
    kwargs.emplace_back(spec->name, KwargFromArg(op, *spec, a));
  }
  if (!op.is_variadic()) {
    for (size_t i = 0; i < specs.size(); ++i) {
      if (bound[i]) continue;
      if (auto from = op.parser_default_source(i); from && *from < bound.size() && bound[*from])
        bound[i] = bound[*from];
    }
    for (size_t i = 0; i < specs.size(); ++i)
      if (!bound[i] && !specs[i].optional)
        ir::ThrowUser(span, op.name() + ": missing argument '" + specs[i].name + "'",
                      {{{}, "add the argument '" + specs[i].name + "' to the call"}});
    while (!bound.empty() && !bound.back()) bound.pop_back();
    for (size_t i = 0; i < bound.size(); ++i)
      if (!bound[i])
        ir::ThrowUser(span, op.name() + ": argument '" + specs[i].name +
                                "' must be given when a later argument is");
  }
  // A boundary op inside a region inherits the region's split mode.
  if (region_mode_ && op.is_boundary() && !ir::FindAttr(kwargs, "split"))
    kwargs.emplace_back("split", static_cast<int64_t>(*region_mode_));
  // Kwargs in the op's declared order (the print order).
  const auto& kspecs = op.kwargs();
  auto rank = [&](const std::string& k) {
    for (size_t i = 0; i < kspecs.size(); ++i)
      if (kspecs[i].name == k) return i;
    return kspecs.size();
  };
  // Insertion sort: kwarg lists are a handful long and usually already in order.
  for (size_t i = 1; i < kwargs.size(); ++i)
    for (size_t j = i; j > 0 && rank(kwargs[j].first) < rank(kwargs[j - 1].first); --j)
      std::swap(kwargs[j], kwargs[j - 1]);
  try {
    ExprPtr call = ops::Create(
        op, std::move(bound), std::move(kwargs), span,
        defer_memory_contract_ ? ops::MemoryContract::Defer : ops::MemoryContract::Enforce);
    return call_attrs ? ir::WithCallAttrs(call, std::move(*call_attrs)) : call;
  } catch (const ir::UserError& e) {
    throw e.WithSpanIfMissing(span);
  }
}

ExprPtr Parser::BuildConst(std::vector<CallArg> args, Span span) {
  if (args.size() != 2 || !args[0].keyword.empty() || !args[1].keyword.empty())
    ir::ThrowUser(span, "pl.const takes a literal and a data type: pl.const(v, pl.DT)");
  const CallArg& v = args[0];
  if (!v.literal ||
      (v.literal->kind != Literal::Kind::Int && v.literal->kind != Literal::Kind::Float))
    ir::ThrowUser(v.span, "pl.const: the value must be a number literal");
  if (!args[1].literal || args[1].literal->kind != Literal::Kind::DType)
    ir::ThrowUser(args[1].span,
                  "pl.const: the second argument must be a data type such as pl.INT32");
  ir::DataType dt = args[1].literal->dtype;
  const Literal& lit = *v.literal;
  // A BOOL integer constant is what the printer writes for a hand-built ConstInt of dtype BOOL
  // (PyPTO's ir.ConstInt(0, DataType.BOOL)), so it reads back as that node; only 0 and 1 are
  // truth values.
  if (dt == ir::DataType::BOOL &&
      (lit.kind != Literal::Kind::Int || (lit.int_value != 0 && lit.int_value != 1)))
    ir::ThrowUser(v.span, "pl.const: a BOOL constant is 0 or 1, got " + lit.text(),
                  {{{}, "write pl.const(0, pl.BOOL) or pl.const(1, pl.BOOL), or True or False"}});
  if (ir::IsFloat(dt)) {
    double d =
        lit.kind == Literal::Kind::Float ? lit.float_value : static_cast<double>(lit.int_value);
    return ir::MakeConstFloat(d, dt, span);
  }
  if (lit.kind == Literal::Kind::Float)
    ir::ThrowUser(v.span,
                  "pl.const: the float literal " + lit.text() +
                      " cannot have the integer type pl." + std::string(ir::DataTypeName(dt)),
                  {{{}, "write an integer literal, or use a float type such as pl.FP32"}});
  return ir::MakeConstInt(lit.int_value, dt, span);
}

ExprPtr Parser::BuildMinMax(ir::BinaryOp op, std::vector<CallArg> args, Span span) {
  const char* name = op == ir::BinaryOp::Min ? "pl.min" : "pl.max";
  if (args.size() != 2)
    ir::ThrowUser(span, std::string(name) + " takes exactly two scalar operands, got " +
                            std::to_string(args.size()));
  for (const CallArg& a : args) {
    if (!a.keyword.empty())
      ir::ThrowUser(a.keyword_span, std::string(name) + " takes no keyword arguments");
    if (!a.expr) ir::ThrowUser(a.span, std::string(name) + ": operand must be a scalar");
    if (!IsScalarExpr(a.expr))
      ir::ThrowUser(a.span, std::string(name) + " works on scalars; for tiles use " +
                                (op == ir::BinaryOp::Min ? "pl.minimum" : "pl.maximum"));
  }
  return ir::MakeBinary(op, args[0].expr, args[1].expr, span);
}

ExprPtr Parser::BuildCast(std::vector<CallArg> args, Span span) {
  ExprPtr value;
  std::optional<Literal> dtype, mode;
  size_t npos = 0;
  for (const CallArg& a : args) {
    std::string_view k = a.keyword;
    if (k.empty()) k = npos == 0 ? "x" : npos == 1 ? "target_type" : npos == 2 ? "mode" : "";
    if (a.keyword.empty()) ++npos;
    if (k == "x" || k == "tile") {
      if (!a.expr) ir::ThrowUser(a.span, "pl.cast: the operand must be a value");
      value = a.expr;
    } else if (k == "target_type" || k == "dtype") {
      if (!a.literal || a.literal->kind != Literal::Kind::DType)
        ir::ThrowUser(a.span, "pl.cast: the target must be a data type such as pl.FP16");
      dtype = a.literal;
    } else if (k == "mode") {
      if (!a.literal) ir::ThrowUser(a.span, "pl.cast: mode must be a literal");
      mode = a.literal;
    } else {
      ir::ThrowUser(a.keyword.empty() ? a.span : a.keyword_span,
                    a.keyword.empty()
                        ? "pl.cast: too many arguments"
                        : "pl.cast: unknown keyword '" + std::string(a.keyword) + "'");
    }
  }
  if (!value || !dtype)
    ir::ThrowUser(span, "pl.cast takes a value and a data type: pl.cast(x, pl.DT)");
  if (IsScalarExpr(value)) {
    if (mode) ir::ThrowUser(mode->span, "pl.cast: a scalar cast takes no mode");
    return ir::MakeCast(value, dtype->dtype, span);
  }
  const bool on_tensor = value->type && value->type->kind == ir::TypeKind::Tensor;
  const ops::OpDef* op = ops::FindOp(on_tensor ? "tensor.cast" : "tile.cast");
  if (!op) ir::ThrowUser(span, "unknown operator 'tile.cast'");
  std::vector<CallArg> call;
  CallArg x;
  x.span = span;
  x.expr = value;
  call.push_back(x);
  CallArg t;
  t.keyword = "target_type";
  t.keyword_span = dtype->span;
  t.span = dtype->span;
  t.literal = dtype;
  call.push_back(t);
  CallArg m;
  m.keyword = "mode";
  m.span = m.keyword_span = mode ? mode->span : span;
  if (mode) {
    m.literal = mode;
  } else {
    Literal def;
    def.kind = Literal::Kind::Int;
    def.int_value = 2;  // round (dsl.md 7.1)
    def.source = "2";
    def.span = span;
    m.literal = def;
  }
  call.push_back(m);
  return BuildOpCall(*op, std::move(call), span);
}

ExprPtr Parser::BuildShortForm(std::string_view name, const Token& name_tok,
                               std::vector<CallArg> args, Span span) {
  const bool scalar_form = name == "const" || name == "min" || name == "max" || name == "cast";
  for (const CallArg& a : args)
    if (a.call_attrs && scalar_form)
      ir::ThrowUser(a.keyword_span,
                    "pl." + std::string(name) + " builds a scalar expression, which has no attrs",
                    {{{}, "remove the attrs, or annotate the operator call that uses the value"}});
  if (name == "const") return BuildConst(std::move(args), span);
  if (name == "min") return BuildMinMax(ir::BinaryOp::Min, std::move(args), span);
  if (name == "max") return BuildMinMax(ir::BinaryOp::Max, std::move(args), span);
  if (name == "cast") return BuildCast(std::move(args), span);
  if (name == "yield_")
    ir::ThrowUser(span, "pl.yield_ must be a statement ending a loop or if body");
  if (name == "range" || name == "parallel" || name == "unroll" || name == "pipeline" ||
      name == "while_" || name == "split_aiv")
    ir::ThrowUser(span,
                  "pl." + std::string(name) + "(...) is valid only as the iterable of a for loop");
  if (name == "cond")
    ir::ThrowUser(span, "pl.cond is valid only as the first statement of a pl.while_ body");
  if (name == "dynamic")
    ir::ThrowUser(span, "pl.dynamic is valid only in a declaration at the top of the file");
  if (name == "func_attr")
    ir::ThrowUser(span, "pl.func_attr is allowed only at the top of a function body");
  if (name == "at") ir::ThrowUser(span, "pl.at is valid only in a 'with' statement");

  std::string op_name = "tile." + RenamedOpSegment(name, args);
  // PyPTO's dispatcher: a scalar second operand picks the operator's scalar form, the one
  // registered under its name and an 's' (add -> adds, rem -> rems, cmp -> cmps).
  const bool has_scalar_variant = ops::FindOp(op_name + "s") != nullptr;
  if (has_scalar_variant) {
    std::vector<const CallArg*> positional;
    for (const CallArg& a : args)
      if (a.keyword.empty()) positional.push_back(&a);
    if (positional.size() >= 2 && positional[0]->expr && positional[1]->expr) {
      bool s0 = IsScalarExpr(positional[0]->expr), s1 = IsScalarExpr(positional[1]->expr);
      if (s0 && s1)
        ir::ThrowUser(span,
                      "pl." + std::string(name) +
                          " with only scalar operands is not an op; write the arithmetic "
                          "operator (e.g. 'i + 1')",
                      {{{}, "write the arithmetic operator instead of the call, e.g. 'i + 1'"}});
      if (s1) op_name += "s";
    }
  } else if (name == "read") {
    std::vector<CallArg*> positional;
    for (CallArg& a : args)
      if (a.keyword.empty()) positional.push_back(&a);
    if (positional.size() >= 2 && positional[1]->expr &&
        positional[1]->expr->kind != ir::ExprKind::MakeTuple)
      positional[1]->expr = ir::MakeTupleExpr({positional[1]->expr}, positional[1]->span);
  }
  // A short form names the tensor-level op of that name, where one is registered, when its first
  // operand is a Tensor (pl.read(t, ...) -> tensor.read, pl.add(t, 1.0) -> tensor.adds), and, for
  // an op with no tensor or tile operand to dispatch on (pl.full), when it stands outside the
  // kernels: Opaque and Orchestration functions, and the pl.at scopes in them, compute on tensors
  // until they are outlined and converted, so PyPTO's pl.full is tensor.full there.
  if (const std::string tensor_op = "tensor." + op_name.substr(op_name.find('.') + 1);
      ops::FindOp(tensor_op)) {
    auto kind_of = [](const CallArg& a) {
      return a.expr && a.expr->type ? std::optional(a.expr->type->kind) : std::nullopt;
    };
    std::optional<ir::TypeKind> first;
    bool has_data = false;
    for (const CallArg& a : args) {
      if (!a.keyword.empty()) continue;
      if (!first) first = kind_of(a).value_or(ir::TypeKind::Scalar);
      has_data = has_data || kind_of(a) == ir::TypeKind::Tensor || kind_of(a) == ir::TypeKind::Tile;
    }
    const bool in_kernel = cur_ftype_ == ir::FunctionType::InCore ||
                           cur_ftype_ == ir::FunctionType::AIC ||
                           cur_ftype_ == ir::FunctionType::AIV;
    if (first == ir::TypeKind::Tensor || (!has_data && !in_kernel)) op_name = tensor_op;
  }
  // Short forms PyPTO spells after the thing they create rather than the op's own name.
  static const std::map<std::string_view, std::string_view> kRenamedShortForms = {
      {"create_tensor", "tensor.create"}, {"create_tile", "tile.create"}};
  if (auto it = kRenamedShortForms.find(name); it != kRenamedShortForms.end())
    op_name = std::string(it->second);
  // A short form names a tile.* op, else a system.* one (pl.tfree_to_aic -> system.tfree_to_aic).
  if (!ops::FindOp(op_name) && ops::FindOp("system." + std::string(name)))
    op_name = "system." + std::string(name);
  const ops::OpDef* op = ops::FindOp(op_name);
  if (!op) {
    // Short forms name the tile.* ops without their namespace.
    std::vector<std::string> names = {"const", "min", "max", "cast"};
    for (const ops::OpDef* d : ops::OpRegistry::Global().All())
      if (d->name().rfind("tile.", 0) == 0) names.push_back(d->name().substr(5));
    ir::ThrowUser(
        name_tok.span,
        "unknown operator 'pl." + std::string(name) + "' (no " + op_name + " is registered)",
        OrNote(Suggest(name, names), "use an operator that `tilesplit ops` lists"));
  }
  return BuildOpCall(*op, std::move(args), span);
}

ExprPtr Parser::ApplyAnnotation(const ExprPtr& value, const TypeAnn& ann, Span at) {
  if (const ir::Call* call = value->As<ir::Call>()) {
    if (!value->type)
      return ir::MakeCall(call->op, call->args, call->kwargs, ann.type, call->span, call->attrs);
    CheckAnnotation(ann, value->type, at, "annotation");
    // An annotation may restate the space the op writes, never move the result elsewhere: a
    // matmul result annotated Vec would skip the Acc -> Vec crossing the split relies on.
    const ops::OpDef& op = ops::Def(*call);
    if (auto out = op.ResolveOutputMemory(call->kwargs);
        out && ann.tile_memory && *ann.tile_memory != *out && ir::AsTileType(value->type))
      ir::ThrowUser(
          at,
          "the annotation puts the result of " + op.name() + " in " +
              std::string(ir::MemorySpaceName(*ann.tile_memory)) + ", but " + op.name() +
              " writes " + std::string(ir::MemorySpaceName(*out)),
          {{{},
            "annotate it as pl.Mem." + std::string(ir::MemorySpaceName(*out)) +
                ", and move it with pl.tile.move(..., target_memory=pl.Mem." +
                std::string(ir::MemorySpaceName(*ann.tile_memory)) + ") if it is needed there"}});
    TypePtr final_type = FinalType(ann, value->type);
    if (ir::TypeEqual(final_type, value->type)) return value;
    return ir::MakeCall(call->op, call->args, call->kwargs, final_type, call->span, call->attrs);
  }
  const ir::ScalarType* st = ann.type->As<ir::ScalarType>();
  if (st) {
    if (const ir::ConstInt* c = value->As<ir::ConstInt>()) {
      if (ir::IsInteger(st->dtype)) return ir::MakeConstInt(c->value, st->dtype, value->span);
      if (ir::IsFloat(st->dtype))
        return ir::MakeConstFloat(static_cast<double>(c->value), st->dtype, value->span);
    }
    if (const ir::ConstFloat* c = value->As<ir::ConstFloat>())
      if (ir::IsFloat(st->dtype)) return ir::MakeConstFloat(c->value, st->dtype, value->span);
  }
  CheckAnnotation(ann, value->type, at, "annotation");
  return value;
}

}  // namespace tilesplit::dsl::detail
