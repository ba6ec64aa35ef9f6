// if/elif/else with the merge of names bound in both branches (dsl.md 8.6, 8.8) and the pl.at
// scopes (dsl.md 8.7).
#include "parser_impl.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/walk.h"

namespace tilesplit::dsl::detail {

// ---- If.

StmtPtr Parser::ParseIf(bool nested, std::vector<YieldTarget>* targets_out) {
  const Token& tok = Next();
  Nest nest(*this);
  if (nested) nest.Enter(tok.span);  // an elif chain nests one IfStmt per elif
  Span cspan = Peek().span;
  ExprPtr cond = ParseExpr();
  if (!IsBoolScalar(cond))
    ir::ThrowUser(
        cspan, "an if condition must be BOOL (there is no truthiness), got " + TypeText(cond->type),
        {{{}, "compare explicitly, e.g. 'if x != 0:'"}});
  Expect(Tok::kColon, "after the if condition");
  names_.Push();
  Block then_b = ParseBlock(BlockKind::Branch);
  Scope then_scope = names_.Pop();
  Scope else_scope;
  std::optional<Block> else_b;
  Span else_span = tok.span;
  if (Check(Tok::kElif)) {
    else_span = Peek().span;
    names_.Push();
    Block eb;
    std::vector<YieldTarget> inner_targets;
    StmtPtr inner = ParseIf(true, &inner_targets);
    const auto& rvs = inner->As<ir::IfStmt>()->return_vars;
    eb.stmts.push_back(inner);
    if (!rvs.empty()) {
      eb.has_yield = true;
      eb.yield_targets = std::move(inner_targets);
      for (const VarPtr& v : rvs) eb.yield_values.push_back(v);
      eb.yield_span = else_span;
      eb.stmts.push_back(ir::MakeYield(eb.yield_values, else_span));
    }
    else_scope = names_.Pop();
    else_b = std::move(eb);
  } else if (Check(Tok::kElse)) {
    else_span = Next().span;
    Expect(Tok::kColon, "after 'else'");
    names_.Push();
    else_b = ParseBlock(BlockKind::Branch);
    else_scope = names_.Pop();
  }
  // A name first bound in both branches (Python's `if c: y = a` / `else: y = b`) is known after
  // the if: both bindings become one variable, which convert-to-ssa merges like a rebound one.
  // Types must agree, and neither branch may end with a return (its binding never reaches the
  // merge); otherwise the name stays local to its branch.
  std::vector<std::pair<std::string_view, VarPtr>> merged_names;
  if (else_b) {
    auto returns = [](const Block& b) {
      return !b.stmts.empty() && b.stmts.back()->kind == ir::StmtKind::Return;
    };
    ir::VarMap unify;
    if (!returns(then_b) && !returns(*else_b))
      for (const auto& [name, tb] : then_scope.names) {
        auto it = else_scope.names.find(name);
        if (tb.outer_alias || it == else_scope.names.end() || it->second.outer_alias) continue;
        const VarPtr& ev = it->second.var;
        if (!TypesAgree(tb.var->type, ev->type) || !TypesAgree(ev->type, tb.var->type)) continue;
        unify[ev.get()] = tb.var;
        merged_names.emplace_back(name, tb.var);
      }
    if (!unify.empty()) {
      for (StmtPtr& st : else_b->stmts) st = ir::Substitute(st, unify);
      for (ExprPtr& v : else_b->yield_values) v = ir::Substitute(v, unify);
    }
  }
  std::vector<VarPtr> return_vars;
  if (then_b.has_yield || (else_b && else_b->has_yield)) {
    if (!else_b)
      ir::ThrowUser(tok.span,
                    "an if whose branch ends with pl.yield_ needs an else branch "
                    "yielding the same targets",
                    {{{}, "add an else branch that yields the same targets"}});
    const Block& with = then_b.has_yield ? *else_b : then_b;
    if (!then_b.has_yield || !else_b->has_yield)
      ir::ThrowUser(with.stmts.empty() ? else_span : with.stmts.back()->span,
                    "both branches of the if must end with pl.yield_ to the same targets");
    bool same = then_b.yield_targets.size() == else_b->yield_targets.size();
    for (size_t i = 0; same && i < then_b.yield_targets.size(); ++i)
      same = then_b.yield_targets[i].name == else_b->yield_targets[i].name;
    if (!same)
      ir::ThrowUser(else_b->yield_span, "the branches of the if yield to different targets");
    std::vector<TypePtr> types;
    for (size_t i = 0; i < then_b.yield_values.size(); ++i) {
      const auto& ann =
          then_b.yield_targets[i].ann ? then_b.yield_targets[i].ann : else_b->yield_targets[i].ann;
      types.push_back(ann ? FinalType(*ann, then_b.yield_values[i]->type)
                          : then_b.yield_values[i]->type);
    }
    CheckYieldValues(then_b, types, "the if");
    CheckYieldValues(*else_b, types, "the if");
    Block merged = then_b;
    for (size_t i = 0; i < merged.yield_targets.size(); ++i)
      if (!merged.yield_targets[i].ann) merged.yield_targets[i].ann = else_b->yield_targets[i].ann;
    return_vars = MakeYieldTargets(merged, types, nested);
    if (targets_out) *targets_out = merged.yield_targets;
  }
  for (const auto& [name, v] : merged_names) names_.Current().names[name] = Binding{v, false};
  StmtPtr else_stmt;
  if (else_b) else_stmt = ir::MakeSeq(std::move(else_b->stmts), else_span);
  return std::make_shared<ir::IfStmt>(cond, ir::MakeSeq(std::move(then_b.stmts), tok.span),
                                      std::move(else_stmt), std::move(return_vars), tok.span);
}

// ---- Scopes and regions.

// `[pl.split(...), pl.cross_core_slot(slot_num=N), ...]`: the value of pl.at's optimizations=.
std::vector<ir::ScopeOptimization> Parser::ParseScopeOptimizations() {
  std::vector<ir::ScopeOptimization> opts;
  Expect(Tok::kLBracket, "opening the optimizations list");
  while (!Check(Tok::kRBracket)) {
    if (CheckPl("split") && Check(Tok::kLParen, 3)) {
      Next();
      Next();
      Next();
      Next();
      const ir::SplitMode m =
          ParseEnumValue("pl.split", "SplitMode", &ir::SplitModeFromName,
                         {{{}, "use pl.SplitMode.UP_DOWN or pl.SplitMode.LEFT_RIGHT"}})
              .first;
      Expect(Tok::kRParen, "closing pl.split(...)");
      ir::ScopeOptimization o{ir::ScopeOptimization::Kind::Split};
      o.split = m;
      opts.push_back(o);
    } else if (CheckPl("cross_core_slot") && Check(Tok::kLParen, 3)) {
      Next();
      Next();
      Next();
      Next();
      ExpectNameText("slot_num", "in pl.cross_core_slot(slot_num=N)");
      Expect(Tok::kAssign, "after slot_num");
      const Token& n = Expect(Tok::kInt, "as the slot count");
      if (n.int_value < 1)
        ir::ThrowUser(n.span, "slot_num must be at least 1",
                      {{{}, "give the number of slots of each pipe's ring (1 or more)"}});
      Expect(Tok::kRParen, "closing pl.cross_core_slot(...)");
      ir::ScopeOptimization o{ir::ScopeOptimization::Kind::CrossCoreSlot};
      o.slot_num = n.int_value;
      opts.push_back(o);
    } else {
      ir::ThrowUser(Peek().span, "expected pl.split(...) or pl.cross_core_slot(slot_num=N), got " +
                                     DescribeToken(Peek()));
    }
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRBracket, "closing the optimizations list");
  return opts;
}

void Parser::ParseWith(BlockKind kind, Block& block) {
  const Token& tok = Next();
  if (CheckPl("scope") || CheckPl("manual_scope") || CheckPl("cluster"))
    return ParseTaskScope(kind, block, tok);
  if (CheckPl("spmd")) return ParseSpmdWith(block, tok);
  if (!CheckPl("at"))
    ir::ThrowUser(Peek().span,
                  "only 'with pl.at(level=pl.Level.CORE_GROUP, ...)', 'with pl.scope()', "
                  "'with pl.manual_scope()' and 'with pl.cluster()' are supported");
  Next();
  Next();
  Next();
  Expect(Tok::kLParen, "after pl.at");
  std::optional<ir::Level> level;
  std::vector<ir::ScopeOptimization> opts;
  std::string name_hint;
  bool early = false;
  std::vector<ExprPtr> deps;
  static const KeywordSchema schema{
      .name_context = "as a pl.at keyword",
      .assign_context = "after the keyword",
      .noun = "pl.at keyword",
      .unknown = [](const Token& k, const std::vector<Keyword>& known) {
        ir::ThrowUser(k.span, "unsupported pl.at keyword '" + std::string(k.text) + "' (expected " +
                                  KeywordList(known) + ")");
      }};
  ParseKeywordList(
      schema,
      {{"level",
        [&](const Token&) {
          auto [l, lit] = ParseEnumValue("level=", "Level", &ir::LevelFromName);
          if (l != ir::Level::CORE_GROUP)
            ir::ThrowUser(lit.span,
                          "only pl.Level.CORE_GROUP scopes are supported, got " + lit.text(),
                          {{{}, "use pl.at(level=pl.Level.CORE_GROUP, ...)"}});
          level = l;
        }},
       {"optimizations", [&](const Token&) { opts = ParseScopeOptimizations(); }},
       {"no_dep_args",
        [&](const Token&) {
          ParseTaskTensors("no_dep_args", "whose dependency tracking the task skips");
        }},
       // A runtime debugging mark (the device dumps the tensors' contents around the task); the
       // simulator's outputs are already all there is to see, so it is checked and dropped.
       {"dumps",
        [&](const Token&) { ParseTaskTensors("dumps", "whose contents the runtime dumps"); }},
       {"deps", [&](const Token&) { deps = ParseTaskDeps("pl.at"); }},
       {"name_hint",
        [&](const Token&) {
          const Token& hint = Expect(Tok::kString, "as the name hint");
          name_hint = Str(hint);
          // outline-incore-scopes names the new function after the hint, and the printer writes
          // it after `def`: anything but a plain name would print a program that does not read
          // back.
          if (!name_hint.empty() && !IsIdentifier(name_hint))
            ir::ThrowUser(
                hint.span,
                "name_hint " + ir::AttrValueToString(name_hint) + " is not a plain identifier",
                {{{},
                  "the outlined function is named after it: use letters, digits and '_', "
                  "not starting with a digit, and no keyword"}});
        }},
       {"allow_early_resolve", [&](const Token&) {
          if (Accept(Tok::kTrue)) {
            early = true;
          } else if (Accept(Tok::kFalse)) {
            early = false;
          } else {
            Unexpected("True or False for allow_early_resolve");
          }
        }}});
  Expect(Tok::kRParen, "closing pl.at(...)");
  if (!level) ir::ThrowUser(tok.span, "pl.at needs level=pl.Level.CORE_GROUP");
  // A copy: the body's tokens may move the window (the text it names stays).
  std::optional<Token> tid;
  if (Check(Tok::kAs)) tid = *BindTaskId();
  Expect(Tok::kColon, "after pl.at(...)");
  Block body = ParseBlock(BlockKind::With);
  // The task's id is the scope's own definition, after its body.
  ir::VarPtr task_id =
      tid ? names_.DefineTarget(tid->text, tid->span, ir::MakeScalarType(ir::DataType::TASK_ID))
          : nullptr;
  StmtPtr seq = ir::MakeSeq(std::move(body.stmts), tok.span);
  RefuseLaunchIn(seq, "a pl.at scope");
  // Checked here as well as in outline-incore-scopes, which sees the same IR: only the parser
  // sees the text, and an author reads the error at decoration time. pl.split(pl.SplitMode.NONE)
  // is refused too: it still asks for a function-level split.
  for (const ir::ScopeOptimization& o : opts)
    if (o.kind == ir::ScopeOptimization::Kind::Split &&
        ir::FirstOfKind<ir::SplitAivStmt>(seq, ir::kWalkAll))
      ir::ThrowUser(tok.span,
                    "this scope asks for a function-level split (pl.split) and also holds "
                    "pl.split_aiv regions; the two are mutually exclusive",
                    {{ir::Span{},
                      "drop pl.split(...) and keep the regions (use "
                      "optimizations=[pl.cross_core_slot(slot_num=N)] to size the pipe without a "
                      "split), or drop the regions for an AUTO split"}});
  block.stmts.push_back(std::make_shared<ir::ScopeStmt>(*level, std::move(opts),
                                                        std::move(name_hint), early, seq, tok.span,
                                                        std::move(task_id), std::move(deps)));
}

}  // namespace tilesplit::dsl::detail
