// Type annotations, shapes, views, enum atoms and literals (dsl.md 5, 6.4), and the check of an
// annotation against a deduced type (dsl.md 7.3).
#include "parser_impl.h"
#include "tilesplit/ir/suggest.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::dsl::detail {
namespace {

constexpr std::string_view kEnumTypes[] = {
    "Mem",        "MemorySpace",  "SplitMode", "FunctionType", "Level",      "Role",
    "TileLayout", "TensorLayout", "PadValue",  "CompactMode",  "AtomicType", "ScopeMode",
};

bool IsEnumTypeName(std::string_view n) {
  for (std::string_view e : kEnumTypes)
    if (e == n) return true;
  return false;
}

bool IsIntegerScalar(const ExprPtr& e) {
  auto dt = ir::ScalarDType(e);
  return dt && ir::IsInteger(*dt);
}

Span SpanOr(const ExprPtr& e, Span fallback) {
  return e && e->span.valid() ? e->span : fallback;
}

// Static dims of a written shape are in [1, 2^31); static valid extents within their dims.
void CheckWrittenGeometry(const std::vector<ExprPtr>& shape, const std::vector<ExprPtr>& valid,
                          std::string_view what, Span fallback) {
  for (size_t d = 0; d < shape.size(); ++d)
    if (auto n = ir::AsConstInt(shape[d]))
      if (std::string p = ops::DimProblem(*n); !p.empty())
        ir::ThrowUser(SpanOr(shape[d], fallback),
                      "dimension " + std::to_string(d) + " of the " + std::string(what) + " " + p,
                      {{{}, "write a positive static size below 2^31, or a pl.dynamic dimension"}});
  for (size_t d = 0; d < valid.size() && d < shape.size(); ++d)
    if (auto v = ir::AsConstInt(valid[d]))
      if (std::string p = ops::ValidProblem(*v, ir::AsConstInt(shape[d])); !p.empty())
        ir::ThrowUser(
            SpanOr(valid[d], fallback),
            "valid_shape extent " + std::to_string(d) + " of the " + std::string(what) + " " + p,
            {{{},
              "each valid_shape extent must be between 0 and the dimension; change it to a value "
              "in that range"}});
}

}  // namespace

bool Parser::AtDType(size_t ahead) const {
  if (!CheckName("pl", ahead) || !Check(Tok::kDot, ahead + 1) || !Check(Tok::kName, ahead + 2))
    return false;
  Tok after = Peek(ahead + 3).kind;
  if (after == Tok::kLParen || after == Tok::kDot || after == Tok::kLBracket) return false;
  return ir::DataTypeFromName(Peek(ahead + 2).text).has_value();
}

bool Parser::AtEnumRef(size_t ahead) const {
  // The distributed module's enums (pld.WaitCmp.Ge, pld.NotifyOp.Set, pld.AtomicType.Add,
  // pld.ReduceOp.Sum).
  const bool pld_enum =
      CheckName("pld", ahead) && Check(Tok::kName, ahead + 2) &&
      (Peek(ahead + 2).text == "WaitCmp" || Peek(ahead + 2).text == "NotifyOp" ||
       Peek(ahead + 2).text == "AtomicType" || Peek(ahead + 2).text == "ReduceOp");
  return (CheckName("pl", ahead) || pld_enum) && Check(Tok::kDot, ahead + 1) &&
         Check(Tok::kName, ahead + 2) && (pld_enum || IsEnumTypeName(Peek(ahead + 2).text)) &&
         Check(Tok::kDot, ahead + 3) && Check(Tok::kName, ahead + 4) &&
         !Check(Tok::kLParen, ahead + 5);
}

bool Parser::AtLiteral() const {
  size_t k = Check(Tok::kMinus) ? 1 : 0;
  Tok t = Peek(k).kind;
  if (t == Tok::kInt || t == Tok::kFloat) return true;
  if (k == 0 && (t == Tok::kTrue || t == Tok::kFalse || t == Tok::kString)) return true;
  return false;
}

Literal Parser::ParseEnumRef() {
  if (!AtEnumRef())
    ir::ThrowUser(Peek().span, "expected an enum value such as pl.SplitMode.UP_DOWN, got " +
                                   DescribeToken(Peek()));
  Literal lit;
  lit.kind = Literal::Kind::Enum;
  const Token& first = Next();
  lit.span = first.span;
  Next();
  lit.enum_type = Next().text;
  Next();
  const Token& last = Next();
  lit.enum_value = last.text;
  lit.source = SourceRange(first, last);
  return lit;
}

Literal Parser::ParseLiteral() {
  Literal lit;
  lit.span = Peek().span;
  if (AtEnumRef()) return ParseEnumRef();
  if (AtDType()) {
    lit.kind = Literal::Kind::DType;
    const Token& first = Next();
    Next();
    const Token& n = Next();
    lit.dtype = *ir::DataTypeFromName(n.text);
    lit.source = SourceRange(first, n);
    return lit;
  }
  const Token& start = Peek();
  bool neg = Accept(Tok::kMinus);
  const Token& t = Peek();
  switch (t.kind) {
    case Tok::kInt:
      Next();
      lit.kind = Literal::Kind::Int;
      lit.int_value = neg ? -t.int_value : t.int_value;
      lit.source = SourceRange(start, t);
      return lit;
    case Tok::kFloat:
      Next();
      lit.kind = Literal::Kind::Float;
      lit.float_value = neg ? -t.float_value : t.float_value;
      lit.source = SourceRange(start, t);
      return lit;
    case Tok::kTrue:
    case Tok::kFalse:
      if (neg) break;
      Next();
      lit.kind = Literal::Kind::Bool;
      lit.bool_value = t.kind == Tok::kTrue;
      lit.source = t.text;
      return lit;
    case Tok::kString:
      if (neg) break;
      if (t.triple_quoted)
        ir::ThrowUser(t.span, "triple-quoted strings are only allowed as docstrings",
                      {{{}, "use a one-line string, or put the text in a # comment"}});
      Next();
      lit.kind = Literal::Kind::String;
      lit.string_value = Str(t);
      lit.source = t.text;
      return lit;
    default:
      break;
  }
  ir::ThrowUser(t.span,
                "expected a literal (number, True/False, string, pl.DTYPE or an enum "
                "value), got " +
                    DescribeToken(t));
}

ir::DataType Parser::ParseDType() {
  if (!AtDType()) {
    if (CheckName("pl") && Check(Tok::kDot, 1) && Check(Tok::kName, 2))
      ir::ThrowUser(Peek(2).span, "unknown data type 'pl." + std::string(Peek(2).text) + "'",
                    SuggestMember("DataType", Peek(2).text));
    ir::ThrowUser(Peek().span,
                  "expected a data type such as pl.FP32, got " + DescribeToken(Peek()));
  }
  Next();
  Next();
  return *ir::DataTypeFromName(Next().text);
}

ir::MemorySpace Parser::ParseMemSpace() {
  Literal lit = ParseEnumRef();
  auto m = ir::MemorySpaceFromName(lit.enum_value);
  if ((lit.enum_type != "Mem" && lit.enum_type != "MemorySpace") || !m)
    ir::ThrowUser(
        lit.span, "unknown memory space " + lit.text(),
        OrNote(SuggestMember("Mem", lit.enum_value), "use a pl.Mem member such as pl.Mem.Vec"));
  if (*m == ir::MemorySpace::ScalarLocal)
    ir::ThrowUser(lit.span, "pl.Mem.ScalarLocal is not a valid tile memory space",
                  {{{}, "use a tile memory space such as pl.Mem.Vec"}});
  return *m;
}

ExprPtr Parser::ParseDim(std::string_view what) {
  Span s = Peek().span;
  ExprPtr e = ParseExpr();
  if (!IsIntegerScalar(e))
    ir::ThrowUser(s,
                  std::string(what) + " must be an integer expression, got " +
                      (e->type ? ir::TypeToString(e->type) : std::string("a value without type")));
  return e;
}

std::vector<ExprPtr> Parser::ParseShape(std::string_view what) {
  Expect(Tok::kLBracket, "opening the " + std::string(what));
  std::vector<ExprPtr> dims;
  while (!Check(Tok::kRBracket)) {
    dims.push_back(ParseDim("a dimension of the " + std::string(what)));
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRBracket, "closing the " + std::string(what));
  return dims;
}

namespace {

template <typename E>
E EnumFrom(const Literal& lit, std::string_view type, std::optional<E> (*from)(std::string_view)) {
  if (lit.kind == Literal::Kind::Enum && lit.enum_type == type) {
    if (auto v = from(lit.enum_value)) return *v;
    ir::ThrowUser(
        lit.span,
        "unknown pl." + std::string(type) + " value '" + std::string(lit.enum_value) + "'",
        SuggestMember(type, lit.enum_value));
  }
  ir::ThrowUser(lit.span, "expected a pl." + std::string(type) + " value, got " + lit.text());
}

}  // namespace

TypeAnn Parser::ParseType() {
  TypeAnn ann;
  ann.span = Peek().span;
  // pld.DistributedTensor[shape, dtype]: a tensor shared across devices (a signal tensor).
  if (CheckName("pld") && Check(Tok::kDot, 1) && Check(Tok::kName, 2) &&
      Peek(2).text == "DistributedTensor") {
    Next();
    Next();
    Next();
    Expect(Tok::kLBracket, "after pld.DistributedTensor");
    std::vector<ExprPtr> shape = ParseShape("tensor shape");
    Expect(Tok::kComma, "after the tensor shape");
    ir::DataType dt = ParseDType();
    Expect(Tok::kRBracket, "closing pld.DistributedTensor[...] (it takes a shape and a dtype)");
    ann.type = ir::MakeTensorType(std::move(shape), dt, std::nullopt, /*distributed=*/true);
    return ann;
  }
  // Python's spelling of a tuple type, as PyPTO annotates a call of a function with several
  // results (`r: tuple[A, B] = self.f(...)`): the same type as pl.Tuple[A, B].
  if (CheckName("tuple") && Check(Tok::kLBracket, 1)) {
    Next();
    Next();
    std::vector<TypePtr> elems;
    while (!Check(Tok::kRBracket)) {
      if (CheckPl("Tuple") || (CheckName("tuple") && Check(Tok::kLBracket, 1)))
        ir::ThrowUser(Peek().span, "nested tuple types are not supported",
                      {{{}, "flatten the tuple: list every element type in one tuple[...]"}});
      ann.elements.push_back(ParseType());
      elems.push_back(ann.elements.back().type);
      if (!Accept(Tok::kComma)) break;
    }
    Expect(Tok::kRBracket, "closing tuple[...]");
    if (elems.empty())
      ir::ThrowUser(ann.span, "tuple[...] needs at least one element type",
                    {{{}, "list the element types: tuple[pl.Tensor[...], ...]"}});
    ann.type = ir::MakeTupleType(std::move(elems));
    return ann;
  }
  if (!CheckName("pl") || !Check(Tok::kDot, 1) || !Check(Tok::kName, 2))
    ir::ThrowUser(Peek().span, "expected a type (pl.Scalar, pl.Tensor, pl.Tile or pl.Tuple), got " +
                                   DescribeToken(Peek()));
  const Token& kind = Peek(2);
  std::string_view k = kind.text;
  if (k != "Scalar" && k != "Tensor" && k != "Tile" && k != "Tuple") {
    if (ir::DataTypeFromName(k))
      ir::ThrowUser(
          kind.span,
          "a bare data type is not a type annotation; write pl.Scalar[pl." + std::string(k) + "]",
          {{{}, "write pl.Scalar[pl." + std::string(k) + "]"}});
    ir::ThrowUser(kind.span, "unknown or unsupported type 'pl." + std::string(k) + "'");
  }
  Next();
  Next();
  Next();
  Expect(Tok::kLBracket, "after pl." + std::string(k));
  if (k == "Scalar") {
    ann.type = ir::MakeScalarType(ParseDType());
  } else if (k == "Tuple") {
    std::vector<TypePtr> elems;
    while (!Check(Tok::kRBracket)) {
      if (CheckPl("Tuple"))
        ir::ThrowUser(Peek(2).span, "nested tuple types are not supported",
                      {{{}, "flatten the tuple: list every element type in one pl.Tuple[...]"}});
      ann.elements.push_back(ParseType());
      elems.push_back(ann.elements.back().type);
      if (!Accept(Tok::kComma)) break;
    }
    if (elems.empty()) ir::ThrowUser(ann.span, "pl.Tuple[...] needs at least one element type");
    ann.type = ir::MakeTupleType(std::move(elems));
  } else if (k == "Tensor") {
    std::vector<ExprPtr> shape = ParseShape("tensor shape");
    Expect(Tok::kComma, "after the tensor shape");
    ir::DataType dt = ParseDType();
    std::optional<ir::TensorView> view;
    if (Accept(Tok::kComma) && !Check(Tok::kRBracket)) {
      ir::TensorView v;
      if (CheckPl("ND") || CheckPl("NZ")) {
        Next();
        Next();
        v.layout = Next().text == "ND" ? ir::TensorLayout::ND : ir::TensorLayout::NZ;
      } else if (AtEnumRef() && Peek(2).text == "TensorLayout") {
        Literal lit = ParseEnumRef();
        v.layout = EnumFrom<ir::TensorLayout>(lit, "TensorLayout", &ir::TensorLayoutFromName);
        if (v.layout == ir::TensorLayout::DN)
          ir::ThrowUser(lit.span, "layout DN is only accepted inside pl.TensorView(layout=...)");
      } else if (CheckPl("TensorView")) {
        Next();
        Next();
        Next();
        Expect(Tok::kLParen, "after pl.TensorView");
        static const KeywordSchema schema{
            .name_context = "as a pl.TensorView field",
            .assign_context = "after the field name",
            .noun = "pl.TensorView field",
            .unknown = [](const Token& f, const std::vector<Keyword>& known) {
              ir::ThrowUser(f.span, "unknown pl.TensorView field '" + std::string(f.text) +
                                        "' (expected " + KeywordList(known) + ")");
            }};
        ParseKeywordList(
            schema,
            {{"valid_shape", [&](const Token&) { v.valid_shape = ParseShape("valid_shape"); }},
             {"stride", [&](const Token&) { v.stride = ParseShape("stride"); }},
             {"layout",
              [&](const Token&) {
                v.layout = EnumFrom<ir::TensorLayout>(ParseEnumRef(), "TensorLayout",
                                                      &ir::TensorLayoutFromName);
              }},
             {"pad", [&](const Token&) {
                v.pad = EnumFrom<ir::PadValue>(ParseEnumRef(), "PadValue", &ir::PadValueFromName);
              }}});
        Expect(Tok::kRParen, "closing pl.TensorView(...)");
      } else {
        ir::ThrowUser(Peek().span,
                      "expected a pl.TensorView(...) or a layout in the third slot "
                      "of pl.Tensor, got " +
                          DescribeToken(Peek()));
      }
      if (!v.valid_shape.empty() && v.valid_shape.size() != shape.size())
        ir::ThrowUser(ann.span, "valid_shape has rank " + std::to_string(v.valid_shape.size()) +
                                    " but the tensor shape has rank " +
                                    std::to_string(shape.size()));
      CheckWrittenGeometry(shape, v.valid_shape, "tensor shape", ann.span);
      view = std::move(v);
      Accept(Tok::kComma);
    }
    CheckWrittenGeometry(shape, {}, "tensor shape", ann.span);
    ann.type = ir::MakeTensorType(std::move(shape), dt, std::move(view));
  } else {  // Tile
    std::vector<ExprPtr> shape = ParseShape("tile shape");
    Expect(Tok::kComma, "after the tile shape");
    ir::DataType dt = ParseDType();
    while (Accept(Tok::kComma) && !Check(Tok::kRBracket)) {
      if (AtEnumRef() && (Peek(2).text == "Mem" || Peek(2).text == "MemorySpace")) {
        Span s = Peek().span;
        if (ann.tile_memory) RefuseGivenTwice(s, "the tile memory space");
        ann.tile_memory = ParseMemSpace();
      } else if (CheckPl("TileView")) {
        Span s = Peek().span;
        if (ann.tile_view) RefuseGivenTwice(s, "pl.TileView");
        Next();
        Next();
        Next();
        Expect(Tok::kLParen, "after pl.TileView");
        WrittenTileView w;
        static const KeywordSchema schema{
            .name_context = "as a pl.TileView field",
            .assign_context = "after the field name",
            .noun = "pl.TileView field",
            .unknown = [](const Token& f, const std::vector<Keyword>&) {
              ir::ThrowUser(f.span, "unknown pl.TileView field '" + std::string(f.text) + "'");
            }};
        ParseKeywordList(
            schema,
            {{"valid_shape",
              [&](const Token& f) {
                w.valid_shape = ParseShape("valid_shape");
                if (w.valid_shape.size() != shape.size())
                  ir::ThrowUser(f.span,
                                "valid_shape has rank " + std::to_string(w.valid_shape.size()) +
                                    " but the tile shape has rank " + std::to_string(shape.size()));
              }},
             {"stride", [&](const Token&) { w.stride = ParseShape("stride"); }},
             {"start_offset", [&](const Token&) { w.start_offset = ParseDim("start_offset"); }},
             {"blayout",
              [&](const Token&) {
                w.blayout =
                    EnumFrom<ir::TileLayout>(ParseEnumRef(), "TileLayout", &ir::TileLayoutFromName);
              }},
             {"slayout",
              [&](const Token&) {
                w.slayout =
                    EnumFrom<ir::TileLayout>(ParseEnumRef(), "TileLayout", &ir::TileLayoutFromName);
              }},
             {"fractal",
              [&](const Token&) {
                w.fractal = Expect(Tok::kInt, "as the fractal size").int_value;
              }},
             {"pad",
              [&](const Token&) {
                w.pad = EnumFrom<ir::PadValue>(ParseEnumRef(), "PadValue", &ir::PadValueFromName);
              }},
             {"compact", [&](const Token&) {
                w.compact = EnumFrom<ir::CompactMode>(ParseEnumRef(), "CompactMode",
                                                      &ir::CompactModeFromName);
              }}});
        Expect(Tok::kRParen, "closing pl.TileView(...)");
        ann.tile_view = std::move(w);
      } else if (CheckPl("MemRef")) {
        ParseMemRefPlacement();
      } else {
        ir::ThrowUser(Peek().span,
                      "expected pl.Mem.X, pl.TileView(...) or pl.MemRef(...)[slot] in "
                      "pl.Tile[...], got " +
                          DescribeToken(Peek()));
      }
    }
    CheckWrittenGeometry(shape, ann.tile_view ? ann.tile_view->valid_shape : std::vector<ExprPtr>{},
                         "tile shape", ann.span);
    std::optional<ir::TileView> view;
    if (ann.tile_view) view = BuildTileView(*ann.tile_view, shape, ann.tile_memory);
    ann.type = ir::MakeTileType(std::move(shape), dt, ann.tile_memory, std::move(view));
  }
  Expect(Tok::kRBracket, "closing the type");
  return ann;
}

ir::TileView Parser::BuildTileView(const WrittenTileView& w, const std::vector<ExprPtr>& shape,
                                   std::optional<ir::MemorySpace> mem) const {
  ir::ImplicitLayout imp = ir::ImplicitLayoutFor(shape, mem);
  ir::TileView v;
  v.valid_shape = w.valid_shape;
  v.stride = w.stride;
  v.start_offset = w.start_offset;
  v.blayout = w.blayout.value_or(imp.blayout);
  v.slayout = w.slayout.value_or(imp.slayout);
  v.fractal = w.fractal.value_or(imp.fractal);
  v.pad = w.pad;
  v.compact = w.compact;
  return v;
}

TypePtr Parser::FinalType(const TypeAnn& ann, const TypePtr& deduced) const {
  if (!deduced) {
    if (ann.type->kind == ir::TypeKind::Tile) return ann.type;
    return ann.type;
  }
  switch (ann.type->kind) {
    case ir::TypeKind::Tile: {
      const ir::TileType* at = ann.type->As<ir::TileType>();
      const ir::TileType* dt = deduced->As<ir::TileType>();
      if (!dt) return ann.type;
      std::shared_ptr<const ir::TileType> d(deduced, dt);
      if (ann.tile_memory && dt->memory != ann.tile_memory)
        d = ir::WithMemory(*dt, *ann.tile_memory);
      // A written view that canonicalises away (the implicit view, `pl.TileView()`) is the same
      // type as no view at all (dsl.md 5.4), so it must defer to the deduced view exactly as an
      // omitted one does; otherwise print -> parse would not be idempotent.
      if (ann.tile_view) {
        auto written = ir::MakeTileType(at->shape, at->dtype, d->memory,
                                        BuildTileView(*ann.tile_view, at->shape, d->memory));
        if (written->view) return written;
      }
      return ir::MakeTileType(at->shape, at->dtype, d->memory, d->view);
    }
    case ir::TypeKind::Tuple: {
      const ir::TupleType* dt = deduced->As<ir::TupleType>();
      if (!dt || dt->elements.size() != ann.elements.size()) return ann.type;
      std::vector<TypePtr> elems;
      for (size_t i = 0; i < ann.elements.size(); ++i)
        elems.push_back(FinalType(ann.elements[i], dt->elements[i]));
      return ir::MakeTupleType(std::move(elems));
    }
    case ir::TypeKind::Tensor: {
      // As for a tile: an annotation that writes no view takes the deduced one (a slice's
      // valid_shape), so annotating a value does not drop what its producer says about it.
      const ir::TensorType* at = ann.type->As<ir::TensorType>();
      const ir::TensorType* dt = deduced->As<ir::TensorType>();
      if (!dt || at->view || !dt->view) return ann.type;
      return ir::MakeTensorType(at->shape, at->dtype, dt->view, at->distributed);
    }
    default:
      return ann.type;
  }
}

bool TypesAgree(const TypePtr& a, const TypePtr& d) {
  if (a->kind != d->kind) return false;
  auto dims_agree = [](const std::vector<ExprPtr>& x, const std::vector<ExprPtr>& y) {
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      auto cx = ir::AsConstInt(x[i]);
      auto cy = ir::AsConstInt(y[i]);
      if (cx && cy && *cx != *cy) return false;
    }
    return true;
  };
  switch (a->kind) {
    case ir::TypeKind::Scalar: {
      ir::DataType x = a->As<ir::ScalarType>()->dtype, y = d->As<ir::ScalarType>()->dtype;
      return x == y || (y == ir::DataType::INDEX && ir::IsInteger(x)) ||
             (x == ir::DataType::INDEX && y == ir::DataType::INT64);
    }
    case ir::TypeKind::Tensor: {
      auto x = a->As<ir::TensorType>(), y = d->As<ir::TensorType>();
      return x->dtype == y->dtype && dims_agree(x->shape, y->shape);
    }
    case ir::TypeKind::Tile: {
      auto x = a->As<ir::TileType>(), y = d->As<ir::TileType>();
      return x->dtype == y->dtype && dims_agree(x->shape, y->shape);
    }
    case ir::TypeKind::Tuple: {
      auto x = a->As<ir::TupleType>(), y = d->As<ir::TupleType>();
      if (x->elements.size() != y->elements.size()) return false;
      for (size_t i = 0; i < x->elements.size(); ++i)
        if (!TypesAgree(x->elements[i], y->elements[i])) return false;
      return true;
    }
  }
  return false;
}

void Parser::CheckAnnotation(const TypeAnn& ann, const TypePtr& deduced, Span at,
                             std::string_view what) const {
  if (!deduced || TypesAgree(ann.type, deduced)) return;
  ir::ThrowUser(at,
                std::string(what) + " " + ir::TypeToString(ann.type) +
                    " contradicts the deduced type " + ir::TypeToString(deduced) +
                    ": a declared type must match its auto-inferred shape and dtype",
                {{ir::Span{}, "write the annotation " + ir::TypeToString(deduced) +
                                  ", or drop it and let the type be deduced"}});
}

std::vector<ir::Note> Suggest(std::string_view word, const std::vector<std::string>& candidates) {
  std::string dym = ir::DidYouMean(word, candidates);
  if (dym.empty()) return {};
  return {{{}, dym}};
}

std::vector<ir::Note> SuggestMember(std::string_view enum_type, std::string_view word) {
  return Suggest(word, ir::EnumMemberNames(enum_type));
}

}  // namespace tilesplit::dsl::detail

namespace tilesplit::dsl::detail {

// `pl.MemRef("NAME", slots=N)[SLOT]`: the tile placed in slot SLOT of an allocation of N slots.
// Placement is the memory planner's (PyPTO's guide, performance/04-incore.md); the simulator gives
// every tile storage of its own, so the results do not depend on it. Read, checked and dropped
// (docs/task-model.md, "Placement").
void Parser::ParseMemRefPlacement() {
  const Token& at = Peek();
  Next();
  Next();
  Next();
  Expect(Tok::kLParen, "after pl.MemRef");
  const Token& name = Expect(Tok::kString, "as the name of the allocation");
  if (!IsIdentifier(Str(name)))
    ir::ThrowUser(
        name.span,
        "the allocation name " + ir::AttrValueToString(Str(name)) + " is not a plain identifier",
        {{{}, "use letters, digits and '_', not starting with a digit"}});
  int64_t slots = 1;
  if (Accept(Tok::kComma) && !Check(Tok::kRParen)) {
    static const KeywordSchema schema{
        .name_context = "as a pl.MemRef keyword",
        .assign_context = "after the keyword",
        .noun = "pl.MemRef keyword",
        .unknown = [](const Token& k, const std::vector<Keyword>& known) {
          ir::ThrowUser(k.span, "unsupported pl.MemRef keyword '" + std::string(k.text) +
                                    "' (expected " + KeywordList(known) + ")");
        }};
    ParseKeywordList(schema, {{"slots", [&](const Token&) {
                                 const Token& n = Expect(Tok::kInt, "as the number of slots");
                                 slots = n.int_value;
                                 if (slots < 1)
                                   ir::ThrowUser(n.span, "an allocation has at least one slot",
                                                 {{{}, "give slots=1 or more"}});
                               }}});
  }
  Expect(Tok::kRParen, "closing pl.MemRef(...)");
  if (!Accept(Tok::kLBracket)) {
    if (slots == 1) return;
    ir::ThrowUser(
        at.span, "pl.MemRef with " + std::to_string(slots) + " slots needs the slot the tile takes",
        {{{},
          "index it: pl.MemRef(\"" + Str(name) + "\", slots=" + std::to_string(slots) + ")[i % " +
              std::to_string(slots) + "]"}});
  }
  Span index_span = Peek().span;
  ExprPtr index = ParseExpr();
  auto dt = ir::ScalarDType(index);
  if (!dt || !ir::IsInteger(*dt))
    ir::ThrowUser(index_span, "a slot index is an integer, got " + TypeText(index->type),
                  {{{}, "index the allocation with an integer expression such as i % 2"}});
  if (auto k = ir::AsConstInt(index); k && (*k < 0 || *k >= slots))
    ir::ThrowUser(
        index_span,
        "slot " + std::to_string(*k) + " of an allocation of " + std::to_string(slots) + " slots",
        {{{}, "use a slot index from 0 to " + std::to_string(slots - 1)}});
  Expect(Tok::kRBracket, "closing the slot index");
}

}  // namespace tilesplit::dsl::detail
