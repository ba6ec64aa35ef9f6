// Blocks and simple statements (dsl.md 8): assignments, expression statements, yield and return,
// with the scoping rules of 8.8 and the recovery after a failed statement; loops are in
// parser_loops.cpp, if and pl.at in parser_branches.cpp, pl.split_aiv regions in
// parser_regions.cpp.
#include "parser_impl.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"

namespace tilesplit::dsl::detail {
namespace {

const char* KindName(BlockKind k) {
  switch (k) {
    case BlockKind::Function:
      return "a function body";
    case BlockKind::Loop:
      return "a loop body";
    case BlockKind::Branch:
      return "an if branch";
    case BlockKind::With:
      return "a 'with pl.at' body";
    case BlockKind::Region:
      return "a pl.split_aiv region";
    case BlockKind::TaskScope:
      return "a 'with pl.scope' body";
  }
  return "a body";
}

}  // namespace

// ---- Blocks.

Block Parser::ParseBlock(BlockKind kind) {
  ExpectNewline("after ':'");
  Expect(Tok::kIndent, "for the indented body");
  Nest nest(*this, Peek().span);
  Block b;
  ParseBlockItems(kind, b);
  Expect(Tok::kDedent, "at the end of the body");
  return b;
}

void Parser::ParseBlockItems(BlockKind kind, Block& block) {
  while (!Check(Tok::kDedent) && !Check(Tok::kEnd)) {
    // Between two statements of a function body nothing refers to earlier tokens (the
    // enclosing ParseFunction keeps copies), so a large file is parsed in a window of tokens.
    // A callee parsed on demand sits later in the file than its caller's unfinished statement,
    // whose tokens must survive until the caller resumes: release only at the outermost level.
    if (kind == BlockKind::Function && class_fn_stack_.size() <= 1) Release(Position());
    // Code after a return never runs; the passes would still lower it (a transfer pushed in
    // dead code is never popped), so it is rejected rather than silently kept.
    if (!block.stmts.empty() && block.stmts.back()->kind == ir::StmtKind::Return)
      ir::ThrowUser(
          Peek().span, "unreachable statement after return",
          {{block.stmts.back()->span, "the return is here"},
           {{}, "delete the statements after the return, or move the return to the end"}});
    if (kind != BlockKind::Function) {
      ParseStatement(kind, block);
      continue;
    }
    const size_t start = Position();
    const size_t scopes = names_.Depth();
    const std::optional<ir::SplitMode> region = region_mode_;
    try {
      ParseStatement(kind, block);
      WrapTopLevelRegion(block);
    } catch (const ir::UserError& e) {
      if (!RecoverStatement(e, start)) throw;
      names_.Truncate(scopes);
      region_mode_ = region;
      names_.AllowNewDynamic(false);
    }
  }
}

bool Parser::RecoverStatement(const ir::UserError& e, size_t start) {
  if (IsLexicalError(e)) return false;
  const Tok first = TokenAt(start).kind;
  // A compound statement's error may sit deep in its body: the function-level recovery handles
  // it.
  if (first == Tok::kFor || first == Tok::kWhile || first == Tok::kIf || first == Tok::kWith)
    return false;
  const std::string message = e.message();
  bool consequence = dynamic_cast<const CalleeFailed*>(&e) != nullptr;
  callee_failed_ = callee_failed_ || consequence;
  for (const std::string& n : poisoned_)
    if (message == "unknown name '" + n + "'") consequence = true;
  if (!consequence) statement_errors_.push_back(e);
  // The names this statement would have bound: `a`, `a, b` or `a: T` before its `=`.
  Seek(start);
  while (Check(Tok::kName)) {
    poisoned_.emplace_back(Peek().text);
    if (!Check(Tok::kComma, 1)) break;
    Next();
    Next();
  }
  // Skip to the end of the logical line (brackets join lines in the lexer).
  Seek(start);
  while (!Check(Tok::kNewline) && !Check(Tok::kDedent) && !Check(Tok::kEnd)) Next();
  Accept(Tok::kNewline);
  return Position() > start;
}

void Parser::ThrowStatementErrors(Span function) {
  if (statement_errors_.empty()) {
    if (!callee_failed_) return;
    callee_failed_ = false;
    throw CalleeFailed(function, "'" + std::string(cur_fname_) +
                                     "' calls a function of the program that has errors");
  }
  ir::DetailedUserError all(statement_errors_[0], "dsl.parse");
  for (size_t i = 1; i < statement_errors_.size(); ++i) all.AddFurther(statement_errors_[i]);
  statement_errors_.clear();
  callee_failed_ = false;
  throw all;
}

void Parser::ParseStatement(BlockKind kind, Block& block) {
  const Token& t = Peek();
  switch (t.kind) {
    case Tok::kIndent:
      ir::ThrowUser(t.span, "unexpected indent",
                    {{{}, "indent this line like the statement before it"}});
    case Tok::kFor:
      return ParseFor(block);
    case Tok::kWhile:
      return ParseWhile(block);
    case Tok::kIf:
      block.stmts.push_back(ParseIf(false, nullptr));
      return;
    case Tok::kWith:
      return ParseWith(kind, block);
    case Tok::kElif:
    case Tok::kElse:
      ir::ThrowUser(t.span, "'" + std::string(t.text) + "' without a matching 'if'");
    case Tok::kDef:
    case Tok::kClass:
    case Tok::kAt:
      ir::ThrowUser(t.span, "nested functions and classes are not supported");
    case Tok::kImport:
    case Tok::kFrom:
      ir::ThrowUser(t.span, "an import may only stand at the top of the file");
    case Tok::kPass:
      Next();
      ExpectNewline("after 'pass'");
      return;
    case Tok::kReturn:
      return ParseReturn(kind, block);
    case Tok::kString:
      if (AtDocstring()) {
        Next();
        Next();
        return;
      }
      break;
    default:
      break;
  }
  ParseSimpleStatement(kind, block);
}

// ---- Simple statements.

bool Parser::AtSubscriptAssignment() const {
  if (!Check(Tok::kName) || !Check(Tok::kLBracket, 1)) return false;
  // Only a tensor is written through a subscript; other values keep the subscript's own error.
  const Binding* b = names_.Lookup(Peek().text);
  if (!b || !b->var->type || b->var->type->kind != ir::TypeKind::Tensor) return false;
  int depth = 0;
  for (size_t i = 1;; ++i) {
    const Tok k = Peek(i).kind;
    if (k == Tok::kNewline || k == Tok::kEnd) return false;
    if (k == Tok::kLBracket || k == Tok::kLParen) ++depth;
    if ((k == Tok::kRBracket || k == Tok::kRParen) && --depth == 0)
      return Check(Tok::kAssign, i + 1);
  }
}

void Parser::ParseSubscriptAssignment(Block& block) {
  const Token& name = Next();
  Span open = Next().span;
  ExprPtr target = ResolveName(name);
  Window w = ParseWindow(target, open);
  Expect(Tok::kAssign, "in the subscript assignment");
  ExprPtr value = ParseExpr();
  if (Check(Tok::kAssign)) ir::ThrowUser(Peek().span, "chained assignment is not supported");
  ExpectNewline("after the assignment");
  const bool tile = value->type && value->type->kind == ir::TypeKind::Tile;
  if (!value->type || (!tile && value->type->kind != ir::TypeKind::Tensor))
    ir::ThrowUser(value->span,
                  "the value written into '" + std::string(name.text) +
                      "[...]' must be a tensor "
                      "or a tile, got " +
                      (value->type ? ir::TypeToString(value->type) : std::string("no value")),
                  {{{}, "write a tensor (pl.add(...), pl.matmul(...)) or a tile"}});
  // The window's extents are the value's: a window of another size (or an empty one) would
  // store the whole value from the window's start regardless.
  const std::vector<ExprPtr>* shape = nullptr;
  if (const auto* tt = value->type->As<ir::TensorType>()) shape = &tt->shape;
  if (const auto* tl = value->type->As<ir::TileType>()) shape = &tl->shape;
  for (size_t d = 0; shape && d < w.extents.size() && d < shape->size(); ++d) {
    const auto* e = w.extents[d]->As<ir::ConstInt>();
    const auto* n = (*shape)[d]->As<ir::ConstInt>();
    if (!e || !n || e->value == n->value) continue;
    std::string window;
    for (size_t k = 0; k < w.starts.size(); ++k)
      window += std::string(k ? ", " : "") + ir::ExprToString(w.starts[k]) + ":" +
                ir::ExprToString(ir::MakeBinary(ir::BinaryOp::Add, w.starts[k], w.extents[k]));
    ir::ThrowUser(open,
                  "the window " + std::string(name.text) + "[" + window + "] has extent " +
                      std::to_string(e->value) + " on axis " + std::to_string(d) +
                      ", but the value written has " + std::to_string(n->value) + " there (" +
                      ir::TypeToString(value->type) + ")",
                  {{{},
                    "write a window of the value's shape (start:start + extent on each axis), or "
                    "slice the value to the window first"}});
  }
  const ops::OpDef* op = ops::FindOp(tile ? "tile.store" : "tensor.assemble");
  if (!op) ir::ThrowInternal(open, "tensor.assemble / tile.store is not registered");
  std::vector<CallArg> args(3);
  ExprPtr offsets = ir::MakeTupleExpr(w.starts, open);
  args[0].expr = tile ? value : target;
  args[0].span = tile ? value->span : name.span;
  args[1].expr = tile ? offsets : value;
  args[1].span = tile ? open : value->span;
  args[2].expr = tile ? target : offsets;
  args[2].span = tile ? name.span : open;
  ExprPtr call = BuildOpCall(*op, std::move(args), name.span);
  names_.CheckTargetName(name.text, name.span);
  VarPtr v = names_.DefineTarget(name.text, name.span, call->type);
  block.stmts.push_back(ir::MakeAssign(v, call, name.span));
}

void Parser::ParseSimpleStatement(BlockKind kind, Block& block) {
  if (ParseTaskIdStatement()) return;
  if (AtSubscriptAssignment()) return ParseSubscriptAssignment(block);
  if (Check(Tok::kName) &&
      (Check(Tok::kColon, 1) || Check(Tok::kAssign, 1) || Check(Tok::kComma, 1)))
    return ParseAssignment(kind, block);
  if (CheckPl("yield_")) return ParseYield(kind, block, {});
  if (CheckPl("cond"))
    ir::ThrowUser(Peek().span, "pl.cond is valid only as the first statement of a pl.while_ body");
  if (CheckPl("func_attr"))
    ir::ThrowUser(Peek().span, "pl.func_attr is allowed only at the top of a function body");
  Span s = Peek().span;
  ExprPtr e = AtSelfCall() ? ParseSelfCall(true) : ParseExpr();
  if (Check(Tok::kAssign))
    ir::ThrowUser(Peek().span,
                  "only a plain name can be assigned (subscript assignment is not "
                  "supported)");
  if (e->kind == ir::ExprKind::FunctionCall) {
    ExpectNewline("after the statement");
    block.stmts.push_back(ir::MakeEval(e, s));
    return;
  }
  if (e->kind != ir::ExprKind::Call)
    ir::ThrowUser(s, "an expression statement must be an operator call or a function call",
                  {{{}, "assign the value to a name, or remove the statement"}});
  // A pop discarded as a statement would have no type at all; it must be bound and annotated.
  if (!e->type && ops::Def(*e->As<ir::Call>()).result_from_annotation()) RejectValueless(e, s);
  ExpectNewline("after the statement");
  block.stmts.push_back(ir::MakeEval(e, s));
}

void Parser::RejectValueless(const ExprPtr& e, Span at) const {
  if (const ir::FunctionCall* fc = e ? e->As<ir::FunctionCall>() : nullptr) {
    const ir::TupleType* t = fc->type ? fc->type->As<ir::TupleType>() : nullptr;
    if (t && t->elements.empty())
      ir::ThrowUser(at,
                    "'" + fc->callee +
                        "' returns nothing, so its call has no value; write it as a "
                        "statement of its own",
                    {{{}, "call it as a statement of its own, without a target"}});
    return;
  }
  const ir::Call* call = e ? e->As<ir::Call>() : nullptr;
  if (!call || call->type) return;
  const ops::OpDef& op = ops::Def(*call);
  if (!op.has_result())
    ir::ThrowUser(at, op.name() + " produces no value; write it as a statement of its own",
                  {{{}, "remove the assignment: call the op as a statement of its own"}});
  if (op.result_from_annotation())
    ir::ThrowUser(
        at,
        op.name() +
            ": the popped tile needs an annotated assignment ('x: "
            "pl.Tile[...] = pl." +
            op.name() + "(...)')",
        {{{},
          "bind the call to an annotated target: 'x: pl.Tile[...] = pl." + op.name() + "(...)'"}});
}

void Parser::ParseAssignment(BlockKind kind, Block& block) {
  const Token& name = Next();
  if (Check(Tok::kComma)) {
    std::vector<YieldTarget> targets{{name.text, name.span, std::nullopt}};
    while (Accept(Tok::kComma)) {
      const Token& n = ExpectName("as an assignment target");
      targets.push_back({n.text, n.span, std::nullopt});
    }
    Expect(Tok::kAssign, "after the assignment targets");
    if (CheckPl("yield_")) return ParseYield(kind, block, std::move(targets));
    return ParseTupleUnpacking(block, targets);
  }
  std::optional<TypeAnn> ann;
  if (Accept(Tok::kColon)) ann = ParseType();
  Expect(Tok::kAssign, "in the assignment");
  if (CheckPl("yield_")) return ParseYield(kind, block, {{name.text, name.span, std::move(ann)}});
  // `_ = value` binds nothing (as `_` among tuple targets): a call still runs, as a statement of
  // its own; any other value has no effect to keep.
  if (name.text == "_" && !ann) {
    Span s = Peek().span;
    ExprPtr value = AtSelfCall() ? ParseSelfCall(true) : ParseExpr();
    ExpectNewline("after the assignment");
    RejectValueless(value, s);
    if (value->kind == ir::ExprKind::Call || value->kind == ir::ExprKind::FunctionCall)
      block.stmts.push_back(ir::MakeEval(value, s));
    return;
  }
  names_.CheckTargetName(name.text, name.span);
  ExprPtr value = AtSelfCall() ? ParseSelfCall(true) : ParseExpr();
  if (Check(Tok::kAssign)) ir::ThrowUser(Peek().span, "chained assignment is not supported");
  ExpectNewline("after the assignment");
  if (const ir::FunctionCall* fc = value->As<ir::FunctionCall>()) {
    RejectValueless(value, fc->span);
    // The value is the callee's result as declared; an annotation may restate it, never change it.
    if (ann && (!TypesAgree(ann->type, value->type) || !TypesAgree(value->type, ann->type) ||
                !ir::TypeEqual(FinalType(*ann, value->type), value->type)))
      ir::ThrowUser(ann->span,
                    "the annotation " + ir::TypeToString(ann->type) + " contradicts " +
                        ir::TypeToString(value->type) + ", the return type of '" + fc->callee + "'",
                    {{{}, "change the annotation to the callee's return type, or drop it"}});
    VarPtr v = names_.DefineTarget(name.text, name.span, value->type);
    block.stmts.push_back(ir::MakeAssign(v, value, name.span));
    return;
  }
  if (const ir::Call* call = value->As<ir::Call>()) {
    const ops::OpDef& op = ops::Def(*call);
    if (!op.has_result())
      ir::ThrowUser(call->span,
                    op.name() + " produces no value; write it as a statement of its own",
                    {{{}, "remove the assignment: call the op as a statement of its own"}});
    if (!value->type && !ann)
      ir::ThrowUser(
          call->span,
          op.name() + ": the result needs a type annotation ('" + std::string(name.text) +
              ": pl.Tile[...] = ...')",
          {{{}, "annotate the target with the popped tile's type: 'x: pl.Tile[...] = ...'"}});
  }
  TypePtr var_type;
  if (ann && !value->type) {
    // A pop's type is the annotation's: a tile in the consuming lane's space (ops.md 2.10).
    const ir::Call* call = value->As<ir::Call>();
    const ops::OpDef& op = ops::Def(*call);
    const ir::TileType* tile = ir::AsTileType(ann->type);
    if (!tile)
      ir::ThrowUser(ann->span,
                    op.name() + ": the popped value must be annotated as a tile, got " +
                        ir::TypeToString(ann->type),
                    {{{}, "annotate the target with the popped tile's type, pl.Tile[...]"}});
    if (auto lane = op.ResolveOutputMemory(call->kwargs)) {
      if (tile->memory && *tile->memory != *lane)
        ir::ThrowUser(ann->span,
                      op.name() + ": the popped tile lives in " +
                          std::string(ir::MemorySpaceName(*lane)) + ", not " +
                          std::string(ir::MemorySpaceName(*tile->memory)),
                      {{{},
                        "change the annotation's memory space to pl.Mem." +
                            std::string(ir::MemorySpaceName(*lane))}});
      if (!tile->memory) {
        TypeAnn filled = *ann;
        filled.type = ir::WithMemory(*tile, *lane);
        filled.tile_memory = *lane;
        ann = std::move(filled);
      }
    }
  }
  if (ann) {
    value = ApplyAnnotation(value, *ann, ann->span);
    var_type = (ann->type->kind == ir::TypeKind::Scalar && value->type &&
                value->type->kind == ir::TypeKind::Scalar)
                   ? ann->type
                   : value->type;
  } else {
    var_type = value->type;
  }
  if (!var_type)
    ir::ThrowUser(name.span, "the value assigned to '" + std::string(name.text) + "' has no type");
  VarPtr v = names_.DefineTarget(name.text, name.span, var_type);
  block.stmts.push_back(ir::MakeAssign(v, value, name.span));
}

// `a, b = f(...)` of a call with several results: the tuple bound to one fresh name, then each
// target to its element (`r = f(...)`, `a = r[0]`, `b = r[1]`), which is how it prints; `_`
// takes an element and binds nothing.
void Parser::ParseTupleUnpacking(Block& block, const std::vector<YieldTarget>& targets) {
  const Span at = Peek().span;
  ExprPtr value = AtSelfCall() ? ParseSelfCall(true) : ParseExpr();
  ExpectNewline("after the assignment");
  RejectValueless(value, at);
  const ir::TupleType* tuple = value->type ? value->type->As<ir::TupleType>() : nullptr;
  if (!tuple)
    ir::ThrowUser(at,
                  std::to_string(targets.size()) + " targets take a value with " +
                      std::to_string(targets.size()) + " results, and this is " +
                      TypeText(value->type),
                  {{{},
                    "assign it to one name, or call a function that returns " +
                        std::to_string(targets.size()) + " values"}});
  if (tuple->elements.size() != targets.size())
    ir::ThrowUser(at,
                  std::to_string(targets.size()) + " targets for " +
                      std::to_string(tuple->elements.size()) + " results",
                  {{{}, "write one target per result"}});
  for (size_t i = 0; i < targets.size(); ++i) {
    if (targets[i].name != "_") names_.CheckTargetName(targets[i].name, targets[i].span);
    for (size_t j = 0; j < i; ++j)
      if (targets[i].name != "_" && targets[i].name == targets[j].name)
        ir::ThrowUser(targets[i].span,
                      "target '" + std::string(targets[i].name) + "' appears twice",
                      {{{}, "give each result a name of its own"}});
  }
  std::string name;
  for (const YieldTarget& t : targets)
    if (t.name != "_") name += (name.empty() ? "" : "_") + std::string(t.name);
  name = (name.empty() ? std::string("results") : name) + "_tuple";
  while (names_.Lookup(name)) name += "_";
  VarPtr whole = names_.DefineTarget(name, at, value->type);
  block.stmts.push_back(ir::MakeAssign(whole, value, at));
  for (size_t i = 0; i < targets.size(); ++i) {
    if (targets[i].name == "_") continue;
    ExprPtr item = ir::MakeTupleGetItem(whole, static_cast<int>(i), targets[i].span);
    VarPtr v = names_.DefineTarget(targets[i].name, targets[i].span, item->type);
    block.stmts.push_back(ir::MakeAssign(v, item, targets[i].span));
  }
}

void Parser::ParseYield(BlockKind kind, Block& block, std::vector<YieldTarget> targets) {
  Span span = Peek().span;
  if (kind != BlockKind::Loop && kind != BlockKind::Branch)
    ir::ThrowUser(
        span,
        std::string("pl.yield_ outside a loop or if body (it cannot end ") + KindName(kind) + ")",
        {{{}, "remove the pl.yield_, or move it to the end of a loop or if body"}});
  Next();
  Next();
  Next();
  Expect(Tok::kLParen, "after pl.yield_");
  std::vector<ExprPtr> values;
  while (!Check(Tok::kRParen)) {
    values.push_back(ParseExpr());
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRParen, "closing pl.yield_(...)");
  ExpectNewline("after pl.yield_(...)");
  if (!Check(Tok::kDedent))
    ir::ThrowUser(span, "pl.yield_ must be the last statement of its loop or if body",
                  {{{}, "move the pl.yield_ to the end of its body"}});
  if (targets.empty() && !values.empty())
    ir::ThrowUser(span, "the values of pl.yield_ need targets: 'x = pl.yield_(v)'");
  if (targets.size() != values.size())
    ir::ThrowUser(span, "pl.yield_ gives " + std::to_string(values.size()) + " value(s) to " +
                            std::to_string(targets.size()) + " target(s)");
  if (targets.size() > 1)
    for (size_t i = 0; i < targets.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (targets[i].name == targets[j].name)
          ir::ThrowUser(targets[i].span,
                        "yield target '" + std::string(targets[i].name) + "' appears twice");
  for (const ExprPtr& v : values) {
    RejectValueless(v, v->span);
    if (!v->type) ir::ThrowUser(span, "pl.yield_: a yielded value has no type");
  }
  block.has_yield = true;
  block.yield_targets = std::move(targets);
  block.yield_values = values;
  block.yield_span = span;
  block.stmts.push_back(ir::MakeYield(std::move(values), span));
}

void Parser::ParseReturn(BlockKind kind, Block& block) {
  const Token& tok = Next();
  if (kind == BlockKind::Loop || kind == BlockKind::Branch)
    ir::ThrowUser(tok.span, std::string("return inside ") + KindName(kind) +
                                " is not supported; carry the value out with pl.yield_");
  std::vector<ExprPtr> values;
  std::vector<Span> spans;
  if (!Check(Tok::kNewline)) {
    do {
      spans.push_back(Peek().span);
      values.push_back(AtSelfCall() ? ParseSelfCall(true) : ParseExpr());
    } while (Accept(Tok::kComma));
  }
  ExpectNewline("after the return statement");
  // `return (a, b)` is Python's `return a, b`: where the function declares several results, a
  // lone tuple literal gives them one by one.
  if (values.size() == 1 && fn_.declared_returns && fn_.declared_returns->size() > 1)
    if (const auto* tuple = values[0]->As<ir::MakeTuple>();
        tuple && tuple->elements.size() == fn_.declared_returns->size()) {
      std::vector<ExprPtr> elems = tuple->elements;
      values = std::move(elems);
      spans.assign(values.size(), spans[0]);
    }
  std::vector<TypePtr> types;
  for (size_t i = 0; i < values.size(); ++i) {
    RejectValueless(values[i], spans[i]);
    if (!values[i]->type) ir::ThrowUser(spans[i], "the returned value has no type");
    types.push_back(values[i]->type);
  }
  if (fn_.declared_returns) {
    const auto& decl = *fn_.declared_returns;
    if (decl.size() != types.size())
      ir::ThrowUser(tok.span, "return gives " + std::to_string(types.size()) +
                                  " value(s) but the function declares " +
                                  std::to_string(decl.size()));
    for (size_t i = 0; i < types.size(); ++i)
      if (!TypesAgree(decl[i], types[i]))
        ir::ThrowUser(
            spans[i],
            "returned type " + TypeText(types[i]) + " disagrees with the declared return type " +
                TypeText(decl[i]),
            {{{}, "return a value of the declared type, or change the declared return type"}});
  } else if (fn_.inferred_returns) {
    const auto& prev = *fn_.inferred_returns;
    bool same = prev.size() == types.size();
    for (size_t i = 0; same && i < types.size(); ++i) same = ir::TypeEqual(prev[i], types[i]);
    if (!same) {
      std::string a, b;
      for (const TypePtr& t : types) a += (a.empty() ? "" : ", ") + TypeText(t);
      for (const TypePtr& t : prev) b += (b.empty() ? "" : ", ") + TypeText(t);
      ir::ThrowUser(tok.span,
                    "return type (" + a + ") disagrees with an earlier return (" + b +
                        "); annotate the function with '-> T'",
                    {{fn_.first_return_span, "the earlier return is here"},
                     {{},
                      "return values of one type from every return, or annotate the "
                      "function with '-> T'"}});
    }
  } else {
    fn_.inferred_returns = types;
    fn_.first_return_span = tok.span;
  }
  block.stmts.push_back(ir::MakeReturn(std::move(values), tok.span));
}

// ---- Yield targets and carried values.

void Parser::CheckYieldValues(const Block& body, const std::vector<TypePtr>& types,
                              std::string_view construct) const {
  if (body.yield_values.size() != types.size())
    ir::ThrowUser(body.yield_span,
                  std::string(construct) + " carries " + std::to_string(types.size()) +
                      " value(s) but pl.yield_ gives " + std::to_string(body.yield_values.size()));
  for (size_t i = 0; i < types.size(); ++i) {
    const TypePtr& got = body.yield_values[i]->type;
    if (!TypesAgree(types[i], got) || !TypesAgree(got, types[i]))
      ir::ThrowUser(body.yield_span,
                    "pl.yield_ value " + std::to_string(i) + " has type " + TypeText(got) +
                        " but " + std::string(construct) + " carries " + TypeText(types[i]),
                    {{{},
                      "yield a value of the carried type, or start the carry from a value of the "
                      "yielded type"}});
  }
}

std::vector<VarPtr> Parser::MakeYieldTargets(const Block& body, const std::vector<TypePtr>& types,
                                             bool force_new) {
  std::vector<VarPtr> out;
  for (size_t i = 0; i < body.yield_targets.size(); ++i) {
    const YieldTarget& t = body.yield_targets[i];
    names_.CheckTargetName(t.name, t.span);
    TypePtr type = types[i];
    if (t.ann) {
      CheckAnnotation(*t.ann, type, t.ann->span, "annotation");
    }
    out.push_back(force_new ? names_.BindNew(t.name, t.span, type)
                            : names_.DefineTarget(t.name, t.span, type));
  }
  return out;
}

}  // namespace tilesplit::dsl::detail
