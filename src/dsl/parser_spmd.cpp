// pl.spmd launches (docs/task-model.md): `with pl.spmd(n, ...):` and `for i in pl.spmd(n, ...):`,
// one launch of n blocks, each running the body with its own block index. Both become an
// ir::SpmdScopeStmt. The with-form's body either dispatches kernels (it calls them; they read the
// block index themselves) or is a kernel's body written inline, which stands in an implicit
// CORE_GROUP scope the outliner lifts out, as PyPTO reads it. The loop form is the second with the
// block index bound to the loop variable first.
#include "parser_impl.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/walk.h"

namespace tilesplit::dsl::detail {

namespace {

bool CallsAFunction(const StmtPtr& body) {
  return ir::AnyStmt(body, ir::kWalkAll, [](const StmtPtr& s) {
    bool found = false;
    ir::ForEachLeafExpr(*s, true, [&](const ExprPtr& e) {
      found = found ||
              ir::AnyExpr(e, [](const ir::Expr& x) { return x.As<ir::FunctionCall>() != nullptr; });
    });
    return found;
  });
}

bool ReadsBlockIndex(const StmtPtr& body) {
  const ops::OpDef* idx = ops::FindOp("tile.get_block_idx");
  return ir::AnyStmt(body, ir::kWalkAll, [&](const StmtPtr& s) {
    bool found = false;
    ir::ForEachLeafExpr(*s, true, [&](const ExprPtr& e) {
      found = found || ir::AnyExpr(e, [&](const ir::Expr& x) {
                const ir::Call* c = x.As<ir::Call>();
                return c && &ops::Def(*c) == idx;
              });
    });
    return found;
  });
}

}  // namespace

// A launch stands on the host side, in the statements of an Opaque or Orchestration function: a
// kernel (a pl.at scope's body, or another launch's blocks) runs on cores and launches nothing.
void Parser::RefuseLaunchIn(const StmtPtr& body, std::string_view where) const {
  const StmtPtr launch = ir::FirstStmt(
      body, ir::kWalkAll, [](const StmtPtr& s) { return s->As<ir::SpmdScopeStmt>() != nullptr; });
  if (launch)
    ir::ThrowUser(launch->span,
                  "a pl.spmd launch inside " + std::string(where) +
                      ": launches do not nest, and a kernel launches no blocks",
                  {{{}, "move the pl.spmd launch out, to the orchestration statements"}});
}

Parser::SpmdHeader Parser::ParseSpmdHeader(bool with_form) {
  Next();
  Next();
  Next();
  Expect(Tok::kLParen, "after pl.spmd");
  SpmdHeader h;
  Span count_span = Peek().span;
  h.core_num = ParseExpr();
  auto dt = ir::ScalarDType(h.core_num);
  if (!dt || !ir::IsInteger(*dt))
    ir::ThrowUser(count_span, "pl.spmd takes the number of blocks, an integer, got " +
                                  TypeText(h.core_num->type));
  if (auto n = ir::AsConstInt(h.core_num); n && *n < 1)
    ir::ThrowUser(
        count_span,
        "pl.spmd launches " + std::to_string(*n) + " blocks; a launch needs at least one block",
        {{{}, "give a block count of 1 or more"}});
  if (Accept(Tok::kComma) && !Check(Tok::kRParen)) {
    static const KeywordSchema schema{
        .name_context = "as a pl.spmd keyword",
        .assign_context = "after the keyword",
        .noun = "pl.spmd keyword",
        .unknown = [](const Token& k, const std::vector<Keyword>& known) {
          if (k.text == "deps")
            ir::ThrowUser(k.span, "pl.spmd() does not accept 'deps=' here",
                          {{{},
                            "only 'with pl.spmd(n, deps=[...]) as tid:' takes deps=, and that "
                            "form is not supported: bind the dependency on a pl.at scope"}});
          if (k.text == "predicate")
            ir::ThrowUser(k.span, "pl.spmd's predicate= is not supported",
                          {{{},
                            "guard the launch with an if on the same condition, which runs it "
                            "or not as the predicate would"}});
          ir::ThrowUser(k.span, "unsupported pl.spmd keyword '" + std::string(k.text) +
                                    "' (expected " + KeywordList(known) + ")");
        }};
    ParseKeywordList(schema, {{"name_hint",
                               [&](const Token&) {
                                 const Token& hint = Expect(Tok::kString, "as the name hint");
                                 h.name_hint = Str(hint);
                                 if (!h.name_hint.empty() && !IsIdentifier(h.name_hint))
                                   ir::ThrowUser(hint.span,
                                                 "name_hint " + ir::AttrValueToString(h.name_hint) +
                                                     " is not a plain identifier",
                                                 {{{},
                                                   "the kernel is named after it: use letters, "
                                                   "digits and '_', not starting with a digit"}});
                               }},
                              {"allow_early_resolve", [&](const Token&) {
                                 if (Accept(Tok::kTrue))
                                   h.early = true;
                                 else if (!Accept(Tok::kFalse))
                                   Unexpected("True or False for allow_early_resolve");
                               }}});
  }
  Expect(Tok::kRParen, "closing pl.spmd(...)");
  if (with_form && Check(Tok::kAs))
    ir::ThrowUser(Peek().span, "'with pl.spmd(...) as tid:' is not supported",
                  {{{},
                    "write the launch's kernel in a 'with pl.at(level=pl.Level.CORE_GROUP, "
                    "deps=[...]) as tid:' scope, which names its task"}});
  Expect(Tok::kColon, "after pl.spmd(...)");
  return h;
}

void Parser::ParseSpmdWith(Block& block, const Token& with_tok) {
  if (!ir::IsHostFunction(cur_ftype_))
    ir::ThrowUser(
        with_tok.span,
        "a pl.spmd launch stands in an Opaque, Orchestration or Graph function; this one is " +
            std::string(ir::FunctionTypeName(cur_ftype_)),
        {{{}, "move the launch to the orchestration function that calls the kernel"}});
  SpmdHeader h = ParseSpmdHeader(/*with_form=*/true);
  Block body = ParseBlock(BlockKind::With);
  if (body.has_yield)
    ir::ThrowUser(body.yield_span, "pl.yield_ in a pl.spmd body",
                  {{{}, "a block carries nothing to the next: write results into tensors"}});
  StmtPtr seq = ir::MakeSeq(std::move(body.stmts), with_tok.span);
  RefuseLaunchIn(seq, "a pl.spmd launch");
  const std::vector<StmtPtr> stmts = ir::FlattenStmts(seq);
  const bool one_scope = stmts.size() == 1 && stmts[0]->As<ir::ScopeStmt>();
  if (!one_scope && !CallsAFunction(seq)) {
    // A kernel's body written inline: every block would compute the same thing unless it reads
    // its block index (PyPTO refuses it for the same reason).
    if (!ReadsBlockIndex(seq))
      ir::ThrowUser(with_tok.span,
                    "this pl.spmd body neither reads the block index nor dispatches a kernel: "
                    "every block would do the same work",
                    {{{},
                      "read pl.tile.get_block_idx() to pick each block's part, or call the "
                      "kernel the blocks run"}});
    seq = ir::MakeSeq({std::make_shared<ir::ScopeStmt>(
                          ir::Level::CORE_GROUP, std::vector<ir::ScopeOptimization>{},
                          std::move(h.name_hint), false, seq, with_tok.span)},
                      with_tok.span);
    h.name_hint.clear();
  }
  block.stmts.push_back(std::make_shared<ir::SpmdScopeStmt>(h.core_num, std::move(h.name_hint),
                                                            h.early, seq, with_tok.span));
}

// `for i in pl.spmd(n):` is the launch whose inline kernel binds i to its block index first.
void Parser::ParseSpmdFor(Block& block, const Token& for_tok, const Token& var_tok) {
  if (!ir::IsHostFunction(cur_ftype_))
    ir::ThrowUser(
        for_tok.span,
        "a pl.spmd launch stands in an Opaque, Orchestration or Graph function; this one is " +
            std::string(ir::FunctionTypeName(cur_ftype_)),
        {{{}, "move the launch to the orchestration function that calls the kernel"}});
  SpmdHeader h = ParseSpmdHeader(/*with_form=*/false);
  std::vector<StmtPtr> stmts;
  if (var_tok.text != "_") {
    names_.CheckTargetName(var_tok.text, var_tok.span);
    const ops::OpDef* op = ops::FindOp("tile.get_block_idx");
    if (!op) ir::ThrowUser(var_tok.span, "unknown operator 'tile.get_block_idx'");
    ExprPtr idx = ops::Create(*op, {}, {}, var_tok.span);
    stmts.push_back(ir::MakeAssign(names_.DefineTarget(var_tok.text, var_tok.span, idx->type), idx,
                                   var_tok.span));
  }
  Block body = ParseBlock(BlockKind::With);
  if (body.has_yield)
    ir::ThrowUser(body.yield_span, "pl.yield_ in a pl.spmd body",
                  {{{}, "a block carries nothing to the next: write results into tensors"}});
  for (StmtPtr& s : body.stmts) stmts.push_back(std::move(s));
  StmtPtr seq = ir::MakeSeq(std::move(stmts), for_tok.span);
  RefuseLaunchIn(seq, "a pl.spmd launch");
  StmtPtr scope =
      std::make_shared<ir::ScopeStmt>(ir::Level::CORE_GROUP, std::vector<ir::ScopeOptimization>{},
                                      std::move(h.name_hint), false, seq, for_tok.span);
  block.stmts.push_back(std::make_shared<ir::SpmdScopeStmt>(
      h.core_num, std::string(), h.early, ir::MakeSeq({scope}, for_tok.span), for_tok.span));
}

}  // namespace tilesplit::dsl::detail
