// Expressions: the precedence climb of dsl.md 6.2, atoms (6.1) and name resolution (8.8).
#include <algorithm>

#include "parser_impl.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::dsl::detail {
namespace {

std::optional<ir::BinaryOp> ComparisonOp(Tok k) {
  switch (k) {
    case Tok::kEq:
      return ir::BinaryOp::Eq;
    case Tok::kNe:
      return ir::BinaryOp::Ne;
    case Tok::kLt:
      return ir::BinaryOp::Lt;
    case Tok::kLe:
      return ir::BinaryOp::Le;
    case Tok::kGt:
      return ir::BinaryOp::Gt;
    case Tok::kGe:
      return ir::BinaryOp::Ge;
    default:
      return std::nullopt;
  }
}

}  // namespace

ExprPtr Parser::ParseExpr() {
  Nest nest(*this, Peek().span);
  return ParseOr();
}

ExprPtr Parser::ParseOr() {
  ExprPtr lhs = ParseAnd();
  Nest chain(*this);  // each operator of the chain makes the tree one level deeper
  while (Check(Tok::kOr)) {
    Span s = Next().span;
    chain.Enter(s);
    lhs = ir::MakeBinary(ir::BinaryOp::Or, lhs, ParseAnd(), s);
  }
  return lhs;
}

ExprPtr Parser::ParseAnd() {
  ExprPtr lhs = ParseNot();
  Nest chain(*this);
  while (Check(Tok::kAnd)) {
    Span s = Next().span;
    chain.Enter(s);
    lhs = ir::MakeBinary(ir::BinaryOp::And, lhs, ParseNot(), s);
  }
  return lhs;
}

ExprPtr Parser::ParseNot() {
  if (Check(Tok::kNot)) {
    Span s = Next().span;
    Nest nest(*this, s);
    return ir::MakeUnary(ir::UnaryOp::Not, ParseNot(), s);
  }
  return ParseCompare();
}

ExprPtr Parser::ParseCompare() {
  ExprPtr lhs = ParseArith();
  auto op = ComparisonOp(Peek().kind);
  if (!op) return lhs;
  Span s = Next().span;
  ExprPtr rhs = ParseArith();
  if (ComparisonOp(Peek().kind))
    ir::ThrowUser(Peek().span,
                  "chained comparisons are not supported; write "
                  "'(a < b) and (b < c)' instead",
                  {{{}, "write '(a < b) and (b < c)'"}});
  return ir::MakeBinary(*op, lhs, rhs, s);
}

ExprPtr Parser::ParseArith() {
  ExprPtr lhs = ParseTerm();
  Nest chain(*this);
  while (Check(Tok::kPlus) || Check(Tok::kMinus)) {
    const Token& t = Next();
    chain.Enter(t.span);
    ir::BinaryOp op = t.kind == Tok::kPlus ? ir::BinaryOp::Add : ir::BinaryOp::Sub;
    lhs = ir::MakeBinary(op, lhs, ParseTerm(), t.span);
  }
  return lhs;
}

ExprPtr Parser::ParseTerm() {
  ExprPtr lhs = ParseUnary();
  Nest chain(*this);
  while (true) {
    ir::BinaryOp op;
    switch (Peek().kind) {
      case Tok::kStar:
        op = ir::BinaryOp::Mul;
        break;
      case Tok::kSlash:
        op = ir::BinaryOp::FloatDiv;
        break;
      case Tok::kDoubleSlash:
        op = ir::BinaryOp::FloorDiv;
        break;
      case Tok::kPercent:
        op = ir::BinaryOp::FloorMod;
        break;
      default:
        return lhs;
    }
    Span s = Next().span;
    chain.Enter(s);
    lhs = ir::MakeBinary(op, lhs, ParseUnary(), s);
  }
}

ExprPtr Parser::ParseUnary() {
  if (Check(Tok::kMinus)) {
    Span s = Next().span;
    Nest nest(*this, s);
    return ir::MakeUnary(ir::UnaryOp::Neg, ParseUnary(), s);
  }
  return ParsePostfix();
}

ExprPtr Parser::ParsePostfix() {
  ExprPtr e = ParseAtom();
  Nest chain(*this);
  while (Check(Tok::kLBracket)) {
    Span s = Next().span;
    chain.Enter(s);
    if (e->type && e->type->kind == ir::TypeKind::Tensor) {
      // A read of a window: tensor.slice(t, extents, starts).
      Window w = ParseWindow(e, s);
      const ops::OpDef* op = ops::FindOp("tensor.slice");
      if (!op) ir::ThrowInternal(s, "tensor.slice is not registered");
      std::vector<CallArg> args(3);
      args[0].expr = e;
      args[0].span = e->span;
      args[1].expr = ir::MakeTupleExpr(w.extents, s);
      args[1].span = s;
      args[2].expr = ir::MakeTupleExpr(w.starts, s);
      args[2].span = s;
      // An axis given one index is dropped, as Python indexing drops it (`x[r]` of a
      // [2, 16, 32] tensor is [16, 32]); a window indexed on every axis keeps them all.
      const size_t rank = e->type->As<ir::TensorType>()->shape.size();
      if (!w.indexed.empty() && w.indexed.size() < rank) {
        std::vector<ExprPtr> dims;
        for (int64_t d : w.indexed) dims.push_back(ir::MakeConstInt(d, ir::DataType::INDEX, s));
        // drop_dims follows valid_shape, which is then the whole window.
        CallArg valid;
        valid.keyword = "valid_shape";
        valid.span = s;
        valid.keyword_span = s;
        valid.expr = ir::MakeTupleExpr(w.extents, s);
        args.push_back(std::move(valid));
        CallArg drop;
        drop.keyword = "drop_dims";
        drop.span = s;
        drop.keyword_span = s;
        drop.expr = ir::MakeTupleExpr(std::move(dims), s);
        args.push_back(std::move(drop));
      }
      e = BuildOpCall(*op, std::move(args), s);
      continue;
    }
    if (e->type && e->type->kind != ir::TypeKind::Tuple)
      ir::ThrowUser(
          s,
          "subscripts on " + ir::TypeToString(e->type) +
              " are not supported; only a tuple can be indexed, with an integer "
              "literal",
          {{{},
            "index only a tuple value (the result of a call with several results), e.g. r[0]"}});
    if (!Check(Tok::kInt) || !Check(Tok::kRBracket, 1))
      ir::ThrowUser(Peek().span, "a tuple index must be an integer literal");
    const Token& k = Next();
    Next();
    if (k.int_value > INT32_MAX) ir::ThrowUser(k.span, "tuple index out of range");
    e = ir::MakeTupleGetItem(e, static_cast<int>(k.int_value), s);
  }
  return e;
}

Parser::Window Parser::ParseWindow(const ExprPtr& tensor, Span open) {
  const ir::TensorType* tt = tensor->type ? tensor->type->As<ir::TensorType>() : nullptr;
  if (!tt) ir::ThrowInternal(open, "a window on a value that is not a tensor");
  Window w;
  size_t axis = 0;
  while (!Check(Tok::kRBracket)) {
    if (axis >= tt->shape.size())
      ir::ThrowUser(Peek().span,
                    "too many subscripts for " + ir::TypeToString(tensor->type) + " (rank " +
                        std::to_string(tt->shape.size()) + ")",
                    {{{}, "give one start:stop per axis"}});
    Span at = Peek().span;
    ExprPtr start, stop;
    bool range = false;
    if (!Check(Tok::kColon)) start = ParseExpr();
    if (Accept(Tok::kColon)) {
      range = true;
      if (!Check(Tok::kComma) && !Check(Tok::kRBracket)) stop = ParseExpr();
    }
    if (!start) start = ir::MakeConstInt(0, ir::DataType::INDEX, at);
    ExprPtr extent;
    if (!range) {
      extent = ir::MakeConstInt(1, ir::DataType::INDEX, at);
      w.indexed.push_back(static_cast<int64_t>(axis));
    } else {
      if (!stop) stop = tt->shape[axis];
      const ir::ConstInt* a = start->As<ir::ConstInt>();
      const ir::ConstInt* b = stop->As<ir::ConstInt>();
      // `s : s + k` (PyPTO's usual window of a loop-dependent start) has the extent k.
      const ir::Binary* sum = stop->As<ir::Binary>();
      const ir::ConstInt* k =
          sum && sum->op == ir::BinaryOp::Add ? sum->rhs->As<ir::ConstInt>() : nullptr;
      if (a && b)
        extent = ir::MakeConstInt(b->value - a->value, ir::DataType::INDEX, at);
      else if (k && ir::ExprToString(sum->lhs) == ir::ExprToString(start))
        extent = ir::MakeConstInt(k->value, ir::DataType::INDEX, at);
      else
        extent = ir::MakeBinary(ir::BinaryOp::Sub, stop, start, at);
    }
    w.starts.push_back(start);
    w.extents.push_back(extent);
    ++axis;
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRBracket, "closing the subscript");
  // Axes not written are whole.
  for (; axis < tt->shape.size(); ++axis) {
    w.starts.push_back(ir::MakeConstInt(0, ir::DataType::INDEX, open));
    w.extents.push_back(tt->shape[axis]);
  }
  return w;
}

ExprPtr Parser::ParseBracketList(Tok close, Span open_span) {
  std::vector<ExprPtr> elems;
  bool trailing_comma = false;
  while (!Check(close)) {
    elems.push_back(ParseExpr());
    trailing_comma = false;
    if (!Accept(Tok::kComma)) break;
    trailing_comma = true;
  }
  Expect(close, close == Tok::kRParen ? "closing the parenthesis" : "closing the list");
  if (close == Tok::kRParen && elems.size() == 1 && !trailing_comma) return elems[0];
  if (close == Tok::kRParen && elems.empty())
    ir::ThrowUser(open_span, "the empty tuple '()' is not a value; write '[]'");
  return ir::MakeTupleExpr(std::move(elems), open_span);
}

void Parser::NotAValue(const Token& at, std::string_view what) {
  ir::ThrowUser(at.span, std::string(what));
}

ExprPtr Parser::ParseAtom() {
  const Token& t = Peek();
  switch (t.kind) {
    case Tok::kInt:
      Next();
      return ir::MakeConstInt(t.int_value, ir::DataType::INDEX, t.span);
    case Tok::kFloat:
      Next();
      return ir::MakeConstFloat(t.float_value, ir::DataType::FP32, t.span);
    case Tok::kTrue:
    case Tok::kFalse:
      Next();
      return ir::MakeConstBool(t.kind == Tok::kTrue, t.span);
    case Tok::kString:
      if (t.triple_quoted)
        ir::ThrowUser(t.span, "triple-quoted strings are only allowed as docstrings",
                      {{{}, "use a one-line string, or put the text in a # comment"}});
      ir::ThrowUser(t.span, "a string is not a value here (strings are only keyword values)");
    case Tok::kLBracket: {
      Span s = Next().span;
      return ParseBracketList(Tok::kRBracket, s);
    }
    case Tok::kLParen: {
      Span s = Next().span;
      return ParseBracketList(Tok::kRParen, s);
    }
    case Tok::kName:
      if ((t.text == "pl" || t.text == "pld") && Check(Tok::kDot, 1)) {
        if (AtCall()) return ParseCall();
        if (AtDType())
          ir::ThrowUser(t.span, "data type pl." + std::string(Peek(2).text) +
                                    " is valid only as a keyword value or in an annotation");
        if (AtEnumRef())
          ir::ThrowUser(t.span, "enum value pl." + std::string(Peek(2).text) + "." +
                                    std::string(Peek(4).text) +
                                    " is valid only as a keyword value or in an annotation");
        if (Check(Tok::kName, 2) && (Peek(2).text == "Tile" || Peek(2).text == "Tensor" ||
                                     Peek(2).text == "Scalar" || Peek(2).text == "Tuple"))
          ir::ThrowUser(t.span, "type pl." + std::string(Peek(2).text) + " is not a value");
        if (Check(Tok::kName, 2))
          ir::ThrowUser(
              Peek(2).span,
              "unknown name '" + std::string(t.text) + "." + std::string(Peek(2).text) + "'",
              {{{}, "use a name the pl module has (docs/dsl.md lists them)"}});
        Unexpected("a name after '" + std::string(t.text) + ".'");
      }
      if (t.text == "self" && Check(Tok::kDot, 1)) return ParseSelfCall(false);
      Next();
      return ResolveName(t);
    default:
      Unexpected("an expression");
  }
}

ExprPtr Parser::ResolveName(const Token& name) {
  if (const Binding* b = names_.Lookup(name.text)) return b->var;
  if (const VarPtr* d = names_.FindDynamic(name.text)) return *d;
  if (const ExprPtr* c = consts_.Find(name.text)) {
    if (const ir::ConstInt* i = (*c)->As<ir::ConstInt>())
      return ir::MakeConstInt(i->value, i->type->As<ir::ScalarType>()->dtype, name.span);
    const ir::ConstFloat* f = (*c)->As<ir::ConstFloat>();
    return ir::MakeConstFloat(f->value, f->type->As<ir::ScalarType>()->dtype, name.span);
  }
  std::string_view n = name.text;
  if (n == "pl" || n == "pld")
    ir::ThrowUser(name.span, "module '" + std::string(n) + "' is not a value");
  if (n == "self") ir::ThrowUser(name.span, "'self' has meaning only as the first parameter");
  if (n == "_") ir::ThrowUser(name.span, "'_' binds nothing and cannot be used as a value");
  if (names_.AllowsNewDynamic()) {
    if (n == "tuple") ir::ThrowUser(name.span, "'tuple' cannot name a dynamic dimension");
    return names_.NewDynamic(n, name.span);
  }
  std::vector<std::string> visible = names_.Visible();
  for (const auto& kv : consts_.All()) visible.emplace_back(kv.first);
  std::sort(visible.begin(), visible.end());  // deterministic ties
  ir::ThrowUser(name.span, "unknown name '" + std::string(n) + "'",
                OrNote(Suggest(n, visible), "define '" + std::string(n) +
                                                "' before this statement, or pass it as a "
                                                "parameter"));
}

}  // namespace tilesplit::dsl::detail
