// pl.split_aiv regions (dsl.md 8.7): the region statement, and the implicit CORE_GROUP scope a
// region at the top of a plain (Opaque) or Orchestration function stands in.
#include "parser_impl.h"
#include "tilesplit/ir/error_info.h"

namespace tilesplit::dsl::detail {

// A pl.split_aiv region at the top of a plain (Opaque) or Orchestration function body is a
// CORE_GROUP-level construct: it stands in an implicit `with pl.at(level=pl.Level.CORE_GROUP):`
// scope, so the outliner lifts it into an InCore function (spec: "use plain @pl.function (Opaque)
// so pass 8 outlines it"). The scope prints out, so the text reads back as the same program.
void Parser::WrapTopLevelRegion(Block& block) {
  if (!ir::IsHostFunction(cur_ftype_)) return;
  if (block.stmts.empty() || !block.stmts.back()->As<ir::SplitAivStmt>()) return;
  StmtPtr region = block.stmts.back();
  const Span span = region->span;
  block.stmts.back() =
      std::make_shared<ir::ScopeStmt>(ir::Level::CORE_GROUP, std::vector<ir::ScopeOptimization>{},
                                      std::string(), false, ir::MakeSeq({region}, span), span);
}

void Parser::ParseSplitAiv(Block& block, const Token& for_tok, const Token& var_tok) {
  const Token& kw = Peek(2);
  Next();
  Next();
  Next();
  Expect(Tok::kLParen, "after pl.split_aiv");
  if (!Check(Tok::kInt) || Peek().int_value != 2)
    ir::ThrowUser(Peek().span,
                  "pl.split_aiv requires n == 2: it takes the lane count 2 as its first argument",
                  {{ir::Span{},
                    "write pl.split_aiv(2, mode=pl.SplitMode.X): a core group has two "
                    "vector lanes"}});
  Next();
  std::optional<ir::SplitMode> mode;
  static const KeywordSchema schema{
      .name_context = "as a pl.split_aiv keyword",
      .assign_context = "after mode",
      .unknown_first = true,
      .unknown = [](const Token& k, const std::vector<Keyword>&) {
        ir::ThrowUser(k.span,
                      "pl.split_aiv does not accept '" + std::string(k.text) +
                          "=': a region carries no loop values and takes no options",
                      {{ir::Span{}, "remove '" + std::string(k.text) +
                                        "='; pl.split_aiv takes the lane count 2 and mode= only"}});
      }};
  const std::vector<Keyword> keywords{
      {"mode", [&](const Token&) {
         mode = ParseEnumValue("mode=", "SplitMode", &ir::SplitModeFromName,
                               {{{}, "use pl.SplitMode.UP_DOWN or pl.SplitMode.LEFT_RIGHT"}})
                    .first;
       }}};
  std::vector<std::string_view> given;
  while (Accept(Tok::kComma) && !Check(Tok::kRParen)) ParseKeyword(schema, keywords, given);
  Expect(Tok::kRParen, "closing pl.split_aiv(...)");
  if (!mode)
    ir::ThrowUser(kw.span, "pl.split_aiv requires mode=pl.SplitMode.X",
                  {{ir::Span{}, "add mode=pl.SplitMode.UP_DOWN, LEFT_RIGHT or NONE"}});
  Expect(Tok::kColon, "after pl.split_aiv(...)");
  if (region_mode_)
    ir::ThrowUser(for_tok.span, "nested pl.split_aiv: pl.split_aiv regions cannot nest",
                  {{ir::Span{},
                    "close the outer region first, or write this work directly in "
                    "the outer region"}});
  std::vector<StmtPtr> stmts;
  if (var_tok.text != "_") {
    names_.CheckTargetName(var_tok.text, var_tok.span);
    const ops::OpDef* op = ops::FindOp("tile.get_subblock_idx");
    if (!op) ir::ThrowUser(var_tok.span, "unknown operator 'tile.get_subblock_idx'");
    ExprPtr idx = ops::Create(*op, {}, {}, var_tok.span);
    VarPtr lane = names_.BindNew(var_tok.text, var_tok.span, idx->type);
    stmts.push_back(ir::MakeAssign(lane, idx, var_tok.span));
  }
  region_mode_ = mode;
  Block body = ParseBlock(BlockKind::Region);
  region_mode_.reset();
  for (StmtPtr& s : body.stmts) stmts.push_back(std::move(s));
  block.stmts.push_back(std::make_shared<ir::SplitAivStmt>(
      *mode, ir::MakeSeq(std::move(stmts), for_tok.span), for_tok.span));
}

}  // namespace tilesplit::dsl::detail
