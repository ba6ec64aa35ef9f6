// The task model's scheduling constructs (docs/task-model.md): `with pl.scope()`,
// `with pl.manual_scope()` and `with pl.cluster()` (a placement), pl.at's no_dep_args= / deps= /
// `as NAME`. They tell PyPTO's runtime how to track dependencies between tasks and which ring a
// task lands in; none of them changes what a program computes when its tasks run in program
// order, which is how the simulator runs them. So each is read and checked where it is written
// (the names it lists must be what it says), and leaves no node of its own: a scheduling scope's
// statements join the enclosing block. (pl.spmd launches are parser_spmd.cpp's.)
#include "parser_impl.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::dsl::detail {

void Parser::ParseTaskScope(BlockKind kind_of_body, Block& block, const Token& with_tok) {
  const Token& kind = Peek(2);  // scope, manual_scope or cluster
  Next();
  Next();
  Next();
  Expect(Tok::kLParen, "after pl." + std::string(kind.text));
  if (kind.text == "scope") {
    static const KeywordSchema schema{
        .name_context = "as a pl.scope keyword",
        .assign_context = "after the keyword",
        .noun = "pl.scope keyword",
        .unknown = [](const Token& k, const std::vector<Keyword>& known) {
          ir::ThrowUser(k.span, "unsupported pl.scope keyword '" + std::string(k.text) +
                                    "' (expected " + KeywordList(known) + ")");
        }};
    ParseKeywordList(schema, {{"mode", [&](const Token&) {
                                 Literal lit = ParseEnumRef();
                                 if (lit.enum_type != "ScopeMode" ||
                                     (lit.enum_value != "AUTO" && lit.enum_value != "MANUAL"))
                                   ir::ThrowUser(lit.span,
                                                 "mode= takes pl.ScopeMode.AUTO or "
                                                 "pl.ScopeMode.MANUAL, got " +
                                                     lit.text());
                               }}});
  }
  Expect(Tok::kRParen, "closing pl." + std::string(kind.text) + "(...)");
  if (Check(Tok::kAs))
    ir::ThrowUser(Peek().span, "pl." + std::string(kind.text) + "() binds no name",
                  {{{}, "remove 'as ...': only 'with pl.at(...) as NAME' names a task"}});
  Expect(Tok::kColon, "after pl." + std::string(kind.text) + "(...)");
  (void)with_tok;
  if (kind_of_body != BlockKind::Loop && kind_of_body != BlockKind::Branch) {
    Block body = ParseBlock(BlockKind::TaskScope);
    for (StmtPtr& s : body.stmts) block.stmts.push_back(std::move(s));
    return;
  }
  // In a loop or if body the scope's statements are that body's, so its trailing pl.yield_ (as
  // PyPTO writes a carried value updated inside pl.scope()) is the body's yield: valid only when
  // nothing follows the scope.
  ExpectNewline("after ':'");
  Expect(Tok::kIndent, "for the indented body");
  Nest nest(*this, Peek().span);
  ParseBlockItems(kind_of_body, block);
  Expect(Tok::kDedent, "at the end of the body");
  if (block.has_yield && !Check(Tok::kDedent))
    ir::ThrowUser(block.yield_span,
                  "this pl.yield_ ends the pl." + std::string(kind.text) +
                      " body, but the loop or if body holding the scope goes on after it",
                  {{Peek().span, "the next statement is here"},
                   {{}, "move the pl.yield_ after the scope, to the end of the enclosing body"}});
}

void Parser::ParseTaskTensors(std::string_view keyword, std::string_view purpose) {
  const std::string kw(keyword);
  Expect(Tok::kLBracket, "(" + kw + " takes a list of tensors: " + kw + "=[t])");
  while (!Check(Tok::kRBracket)) {
    const Token& name = ExpectName("as a tensor of " + kw);
    ExprPtr v = ResolveName(name);
    if (!v->type || v->type->kind != ir::TypeKind::Tensor)
      ir::ThrowUser(
          name.span,
          kw + " lists tensors " + std::string(purpose) + "; '" + std::string(name.text) + "' is " +
              TypeText(v->type),
          {{{},
            "remove it from the list: " + kw + " takes only tensors the scope reads or writes"}});
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRBracket, "closing the " + kw + " list");
}

std::vector<ExprPtr> Parser::ParseTaskDeps(std::string_view construct) {
  Expect(Tok::kLBracket, "(deps takes a list of task ids: deps=[tid])");
  std::vector<ExprPtr> deps;
  while (!Check(Tok::kRBracket)) {
    const Token& name = ExpectName("as a task id of deps");
    // A task id a pl.submit returned is a value of its own type.
    const Binding* bound = names_.Lookup(name.text);
    const bool task_value = bound && bound->var && ir::ScalarDType(bound->var) &&
                            *ir::ScalarDType(bound->var) == ir::DataType::TASK_ID;
    if (!task_value && !fn_.task_ids.count(std::string(name.text))) {
      std::vector<std::string> ids(fn_.task_ids.begin(), fn_.task_ids.end());
      ir::ThrowUser(
          name.span,
          "deps of " + std::string(construct) + " lists '" + std::string(name.text) +
              "', which no earlier 'with pl.at(...) as " + std::string(name.text) +
              "' of this function names",
          OrNote(Suggest(name.text, ids), "bind the task it waits for with 'with pl.at(...) as " +
                                              std::string(name.text) + ":' before this scope"));
    }
    // A task id value is kept (the outlined submit waits for it); the name of a task id array,
    // or of a task bound where this statement cannot read it, keeps no node (program order
    // already runs it first).
    if (task_value) deps.push_back(ResolveName(name));
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRBracket, "closing the deps list");
  return deps;
}

const Token* Parser::BindTaskId() {
  Next();  // as
  const Token& name = ExpectName("as the task id after 'as'");
  names_.CheckTargetName(name.text, name.span);
  const Binding* held = names_.Lookup(name.text);
  const bool task_value = held && held->var && ir::ScalarDType(held->var) &&
                          *ir::ScalarDType(held->var) == ir::DataType::TASK_ID;
  if (held && !task_value)
    ir::ThrowUser(
        name.span,
        "'" + std::string(name.text) + "' already names a value; a task id needs a name of its own",
        {{{}, "choose another name for the task id"}});
  fn_.task_ids.insert(std::string(name.text));
  return &name;
}

bool Parser::ParseTaskIdStatement() {
  if (!Check(Tok::kName)) return false;
  const Token& name = Peek();
  // NAME = pl.array.create(N, pl.TASK_ID)
  if (Check(Tok::kAssign, 1) && CheckName("pl", 2) && Check(Tok::kDot, 3) && Check(Tok::kName, 4) &&
      Peek(4).text == "array" && Check(Tok::kDot, 5) && Check(Tok::kName, 6) &&
      Peek(6).text == "create") {
    size_t k = 8;  // past '(': find `pl.TASK_ID` as the second argument of the call
    int depth = 0;
    bool task_ids = false;
    for (; !Check(Tok::kNewline, k) && !Check(Tok::kEnd, k); ++k) {
      if (Check(Tok::kLParen, k) || Check(Tok::kLBracket, k)) ++depth;
      if (Check(Tok::kRParen, k) || Check(Tok::kRBracket, k)) --depth;
      if (depth == 0 && Check(Tok::kComma, k) && CheckName("pl", k + 1) &&
          Check(Tok::kName, k + 3) && Peek(k + 3).text == "TASK_ID")
        task_ids = true;
    }
    if (!task_ids)
      ir::ThrowUser(Peek(2).span, "pl.array.create makes arrays of task ids only here",
                    {{{}, "write pl.array.create(N, pl.TASK_ID), or keep values in a tensor"}});
    names_.CheckTargetName(name.text, name.span);
    if (names_.Lookup(name.text))
      ir::ThrowUser(name.span,
                    "'" + std::string(name.text) +
                        "' already names a value; a task id array needs a name of its own",
                    {{{}, "choose another name for the task id array"}});
    Next();
    Next();
    Next();
    Next();
    Next();
    Next();
    Next();
    Expect(Tok::kLParen, "after pl.array.create");
    Span count_span = Peek().span;
    ExprPtr count = ParseExpr();
    auto dt = ir::ScalarDType(count);
    if (!dt || !ir::IsInteger(*dt))
      ir::ThrowUser(count_span, "pl.array.create takes the number of task ids, an integer");
    Expect(Tok::kComma, "after the count");
    Next();
    Next();
    Next();  // pl . TASK_ID
    Expect(Tok::kRParen, "closing pl.array.create(...)");
    ExpectNewline("after pl.array.create(...)");
    fn_.task_ids.insert(std::string(name.text));
    return true;
  }
  // NAME[i] = TID into a task id array
  if (Check(Tok::kLBracket, 1) && fn_.task_ids.count(std::string(name.text))) {
    Next();
    Next();
    Span index_span = Peek().span;
    ExprPtr index = ParseExpr();
    auto dt = ir::ScalarDType(index);
    if (!dt || !ir::IsInteger(*dt))
      ir::ThrowUser(index_span, "a task id array is indexed by an integer");
    Expect(Tok::kRBracket, "closing the index");
    Expect(Tok::kAssign, "after the task id array element");
    const Token& tid = ExpectName("as the task id stored");
    const Binding* held = names_.Lookup(tid.text);
    const bool task_value = held && held->var && ir::ScalarDType(held->var) &&
                            *ir::ScalarDType(held->var) == ir::DataType::TASK_ID;
    if (!task_value && !fn_.task_ids.count(std::string(tid.text)))
      ir::ThrowUser(tid.span,
                    "a task id array holds task ids; '" + std::string(tid.text) + "' is not one",
                    {{{}, "store the name bound by 'with pl.at(...) as NAME'"}});
    ExpectNewline("after the statement");
    return true;
  }
  return false;
}

}  // namespace tilesplit::dsl::detail
