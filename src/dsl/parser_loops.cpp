// Loops (dsl.md 8.3-8.5): the four pl.range-family kinds with their iter-args, the carried
// pl.while_ and the plain while; pl.split_aiv regions, written as a for, are in parser_regions.cpp.
#include "parser_impl.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"

namespace tilesplit::dsl::detail {

std::vector<ExprPtr> Parser::ParseInitValues() {
  Expect(Tok::kLParen, "(init_values takes a parenthesised tuple such as (x,))");
  std::vector<ExprPtr> values;
  while (!Check(Tok::kRParen)) {
    Span s = Peek().span;
    values.push_back(ParseExpr());
    if (!values.back()->type) ir::ThrowUser(s, "an init value has no type");
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRParen, "closing init_values");
  return values;
}

// ---- Loops.

void Parser::ParseFor(Block& block) {
  const Token& for_tok = Next();
  if (Check(Tok::kLParen)) return ParseWhileCarried(block, for_tok, true);
  // PyPTO spells the carried while without parentheses: `for a, b in pl.while_(...)` (a while
  // has no loop variable, so every name is carried).
  size_t k = 0;
  while (Check(Tok::kName, k) && Check(Tok::kComma, k + 1)) k += 2;
  if (Check(Tok::kName, k) && Check(Tok::kIn, k + 1) && CheckPl("while_", k + 2))
    return ParseWhileCarried(block, for_tok, false);
  const Token& var = ExpectName("as the loop variable");
  if (Check(Tok::kIn) && CheckPl("split_aiv", 1)) {
    Next();
    return ParseSplitAiv(block, for_tok, var);
  }
  if (Check(Tok::kIn) && CheckPl("spmd", 1)) {
    Next();
    return ParseSpmdFor(block, for_tok, var);
  }
  if (Check(Tok::kComma)) {
    // `for a, b in pl.split_aiv(...)`: say what a region takes before the iter-arg syntax of
    // pl.range would complain about the missing parentheses.
    size_t k = 1;
    while (Check(Tok::kName, k) || Check(Tok::kComma, k) || Check(Tok::kLParen, k) ||
           Check(Tok::kRParen, k))
      ++k;
    if (Check(Tok::kIn, k) && CheckPl("split_aiv", k + 1))
      ir::ThrowUser(var.span, "pl.split_aiv takes a single loop variable: the lane index",
                    {{ir::Span{}, "write 'for " + std::string(var.text) +
                                      " in pl.split_aiv(...)' (or '_' when the body does not "
                                      "read the lane)"}});
  }
  return ParseRangeFor(block, for_tok, var);
}

void Parser::ParseRangeFor(Block& block, const Token& for_tok, const Token& var_tok) {
  std::vector<const Token*> iter_names;
  if (Accept(Tok::kComma)) {
    Expect(Tok::kLParen, "around the iter-arg names: 'for i, (a, b) in ...'");
    while (!Check(Tok::kRParen)) {
      iter_names.push_back(&ExpectName("as an iter-arg name"));
      if (!Accept(Tok::kComma)) break;
    }
    Expect(Tok::kRParen, "closing the iter-arg names");
    if (iter_names.empty()) ir::ThrowUser(var_tok.span, "empty iter-arg list");
  }
  Expect(Tok::kIn, "after the loop target");
  if (!CheckName("pl") || !Check(Tok::kDot, 1) || !Check(Tok::kName, 2))
    ir::ThrowUser(Peek().span, "expected pl.range, pl.parallel, pl.unroll or pl.pipeline, got " +
                                   DescribeToken(Peek()));
  const Token& kind_tok = Peek(2);
  if (kind_tok.text == "while_")
    ir::ThrowUser(kind_tok.span,
                  "a pl.while_ loop is written 'for (a, b) in pl.while_(init_values=(...))'");
  auto kind = ir::ForKindFromName(kind_tok.text);
  if (!kind)
    ir::ThrowUser(kind_tok.span,
                  "unknown loop kind 'pl." + std::string(kind_tok.text) +
                      "' (expected range, parallel, unroll or pipeline)",
                  SuggestMember("ForKind", kind_tok.text));
  Next();
  Next();
  Next();
  Expect(Tok::kLParen, "after the loop kind");
  std::vector<ExprPtr> bounds;
  std::vector<Span> bound_spans;
  std::optional<int64_t> stage;
  Span stage_span;
  std::optional<std::vector<ExprPtr>> inits;
  Span inits_span;
  // Only `NAME=` reaches the keyword reader (a bound is any expression), so its '=' is there.
  static const KeywordSchema schema{
      .name_context = "as a loop keyword",
      .assign_context = "after the keyword",
      .unknown = [](const Token& k, const std::vector<Keyword>& known) {
        ir::ThrowUser(k.span, "unknown loop keyword '" + std::string(k.text) + "' (expected " +
                                  KeywordList(known) + ")");
      }};
  const std::vector<Keyword> keywords{
      {"stage",
       [&](const Token& k) {
         stage_span = k.span;
         stage = Expect(Tok::kInt, "as the pipeline stage count").int_value;
       }},
      {"init_values", [&](const Token& k) {
         inits_span = k.span;
         inits = ParseInitValues();
       }}};
  std::vector<std::string_view> given;
  while (!Check(Tok::kRParen)) {
    if (Check(Tok::kName) && Check(Tok::kAssign, 1)) {
      ParseKeyword(schema, keywords, given);
    } else {
      if (stage || inits)
        ir::ThrowUser(Peek().span, "loop bounds must come before stage= and init_values=");
      bound_spans.push_back(Peek().span);
      bounds.push_back(ParseExpr());
      auto dt = ir::ScalarDType(bounds.back());
      if (!dt || !ir::IsInteger(*dt))
        ir::ThrowUser(bound_spans.back(), "a loop bound must be an integer scalar, got " +
                                              TypeText(bounds.back()->type));
    }
    if (!Accept(Tok::kComma)) break;
  }
  const Token& close = Expect(Tok::kRParen, "closing the loop header");
  if (bounds.empty() || bounds.size() > 3)
    ir::ThrowUser(
        bounds.empty() ? close.span : bound_spans[3],
        "pl." + std::string(kind_tok.text) + " takes 1 to 3 bounds (stop | start, stop[, step])");
  Expect(Tok::kColon, "after the loop header");
  ExprPtr start = bounds.size() >= 2 ? bounds[0] : ir::MakeConstInt(0);
  ExprPtr stop = bounds.size() >= 2 ? bounds[1] : bounds[0];
  ExprPtr step = bounds.size() == 3 ? bounds[2] : ir::MakeConstInt(1);
  if (bounds.size() == 3 && ir::IsConstInt(step, 0))
    ir::ThrowUser(bound_spans[2], "the loop step must not be zero");
  if (*kind == ir::ForKind::Pipeline) {
    if (!stage)
      ir::ThrowUser(kind_tok.span, "pl.pipeline needs stage=N",
                    {{{}, "add stage=N (N >= 1) after the bounds"}});
    if (*stage < 1) ir::ThrowUser(stage_span, "stage must be at least 1");
  } else if (stage) {
    ir::ThrowUser(stage_span, "stage= is valid only on pl.pipeline");
  }
  if (*kind == ir::ForKind::Unroll) {
    for (size_t i = 0; i < bounds.size(); ++i)
      if (!ir::AsConstInt(bounds[i]))
        ir::ThrowUser(
            bound_spans[i], "pl.unroll needs constant bounds",
            {{{}, "use constant bounds, or use pl.range for bounds known only at run time"}});
  }
  if (inits && inits->size() != iter_names.size())
    ir::ThrowUser(inits ? inits_span : var_tok.span,
                  std::to_string(inits->size()) + " init value(s) for " +
                      std::to_string(iter_names.size()) + " iter-arg name(s)");
  if (!inits && !iter_names.empty())
    ir::ThrowUser(iter_names[0]->span, "iter-arg names need init_values=(...)");

  names_.Push();
  // `for _ in ...` binds nothing: the loop still counts with a variable, which no name reads.
  VarPtr lv;
  if (var_tok.text == "_") {
    lv = ir::MakeVar("idx", ir::MakeScalarType(ir::DataType::INDEX), var_tok.span);
  } else {
    names_.CheckTargetName(var_tok.text, var_tok.span);
    lv = names_.BindNew(var_tok.text, var_tok.span, ir::MakeScalarType(ir::DataType::INDEX));
  }
  std::vector<ir::IterArg> iter_args;
  std::vector<TypePtr> carried;
  for (size_t i = 0; i < iter_names.size(); ++i) {
    const Token& n = *iter_names[i];
    names_.CheckTargetName(n.text, n.span);
    if (n.text == var_tok.text || names_.Current().names.count(n.text))
      ir::ThrowUser(n.span, "loop name '" + std::string(n.text) + "' is bound twice");
    iter_args.push_back({names_.BindNew(n.text, n.span, (*inits)[i]->type), (*inits)[i]});
    carried.push_back((*inits)[i]->type);
  }
  Block body = ParseBlock(BlockKind::Loop);
  names_.Pop();

  std::vector<VarPtr> return_vars;
  if (!iter_args.empty()) {
    if (!body.has_yield)
      ir::ThrowUser(for_tok.span, "a loop with init_values must end with 'x = pl.yield_(...)'");
    CheckYieldValues(body, carried, "the loop");
    return_vars = MakeYieldTargets(body, carried, false);
  } else if (body.has_yield && !body.yield_values.empty()) {
    ir::ThrowUser(body.yield_span, "pl.yield_ in a loop without init_values");
  }
  block.stmts.push_back(std::make_shared<ir::ForStmt>(
      lv, start, stop, step, *kind, stage.value_or(0), std::move(iter_args),
      ir::MakeSeq(std::move(body.stmts), for_tok.span), std::move(return_vars), for_tok.span));
}

void Parser::ParseWhileCarried(Block& block, const Token& for_tok, bool parenthesized) {
  if (parenthesized) Expect(Tok::kLParen, "around the carried names");
  std::vector<const Token*> names;
  while (!Check(parenthesized ? Tok::kRParen : Tok::kIn)) {
    names.push_back(&ExpectName("as a carried name"));
    if (!Accept(Tok::kComma)) break;
  }
  if (parenthesized) Expect(Tok::kRParen, "closing the carried names");
  Expect(Tok::kIn, "after the carried names");
  if (!CheckPl("while_"))
    ir::ThrowUser(Peek().span, "expected pl.while_(init_values=(...)) after 'for (...) in'");
  Span wspan = Peek(2).span;
  Next();
  Next();
  Next();
  Expect(Tok::kLParen, "after pl.while_");
  if (!CheckName("init_values") || !Check(Tok::kAssign, 1))
    ir::ThrowUser(Peek().span, "pl.while_ takes init_values=(...)");
  Next();
  Next();
  std::vector<ExprPtr> inits = ParseInitValues();
  Accept(Tok::kComma);
  Expect(Tok::kRParen, "closing pl.while_(...)");
  Expect(Tok::kColon, "after the loop header");
  if (names.empty() || names.size() != inits.size())
    ir::ThrowUser(wspan, std::to_string(inits.size()) + " init value(s) for " +
                             std::to_string(names.size()) + " carried name(s)");
  names_.Push();
  std::vector<ir::IterArg> iter_args;
  std::vector<TypePtr> carried;
  for (size_t i = 0; i < names.size(); ++i) {
    names_.CheckTargetName(names[i]->text, names[i]->span);
    if (names_.Current().names.count(names[i]->text))
      ir::ThrowUser(names[i]->span,
                    "carried name '" + std::string(names[i]->text) + "' is bound twice");
    iter_args.push_back({names_.BindNew(names[i]->text, names[i]->span, inits[i]->type), inits[i]});
    carried.push_back(inits[i]->type);
  }
  ExpectNewline("after ':'");
  Expect(Tok::kIndent, "for the loop body");
  while (AtDocstring()) {
    Next();
    Next();
  }
  if (!CheckPl("cond"))
    ir::ThrowUser(Peek().span, "a pl.while_ body must start with pl.cond(...)",
                  {{{}, "put pl.cond(CONDITION) first in the body"}});
  Span cspan = Peek().span;
  Next();
  Next();
  Next();
  Expect(Tok::kLParen, "after pl.cond");
  ExprPtr cond = ParseExpr();
  Expect(Tok::kRParen, "closing pl.cond(...)");
  ExpectNewline("after pl.cond(...)");
  if (!IsBoolScalar(cond))
    ir::ThrowUser(cspan, "pl.cond needs a BOOL condition, got " + TypeText(cond->type));
  Block body;
  ParseBlockItems(BlockKind::Loop, body);
  Expect(Tok::kDedent, "at the end of the loop body");
  names_.Pop();
  if (!body.has_yield)
    ir::ThrowUser(for_tok.span, "a pl.while_ body must end with pl.yield_(...) targets");
  CheckYieldValues(body, carried, "the loop");
  std::vector<VarPtr> return_vars = MakeYieldTargets(body, carried, false);
  block.stmts.push_back(std::make_shared<ir::WhileStmt>(
      cond, std::move(iter_args), ir::MakeSeq(std::move(body.stmts), for_tok.span),
      std::move(return_vars), for_tok.span));
}

void Parser::ParseWhile(Block& block) {
  const Token& tok = Next();
  Span cspan = Peek().span;
  ExprPtr cond = ParseExpr();
  if (!IsBoolScalar(cond))
    ir::ThrowUser(
        cspan,
        "a while condition must be BOOL (there is no truthiness), got " + TypeText(cond->type),
        {{{}, "compare explicitly, e.g. 'while k < n:' or 'x != 0'"}});
  Expect(Tok::kColon, "after the while condition");
  names_.Push();
  Block body = ParseBlock(BlockKind::Loop);
  names_.Pop();
  if (body.has_yield && !body.yield_values.empty())
    ir::ThrowUser(body.yield_span,
                  "a plain while loop carries nothing; use "
                  "'for (a,) in pl.while_(init_values=(...))'");
  block.stmts.push_back(std::make_shared<ir::WhileStmt>(
      cond, std::vector<ir::IterArg>{}, ir::MakeSeq(std::move(body.stmts), tok.span),
      std::vector<VarPtr>{}, tok.span));
}

}  // namespace tilesplit::dsl::detail
