// Statements (dsl.md 8): assignments, expression statements, return, the four for kinds, both
// while forms, if/elif/else with merges and pl.at scopes, with the scoping rules of 8.8; the
// pl.split_aiv regions are in parser_regions.cpp.
#include "parser_impl.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"

namespace tilesplit::dsl::detail {
namespace {

bool IsBoolScalar(const ExprPtr& e) {
  auto dt = ir::ScalarDType(e);
  return dt && *dt == ir::DataType::BOOL;
}

std::string TypeText(const TypePtr& t) {
  return t ? ir::TypeToString(t) : "no value";
}

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
    if (kind == BlockKind::Function && class_fn_stack_.size() <= 1) ts_.Release(pos_);
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
    const size_t start = pos_;
    const size_t scopes = scopes_.size();
    const std::optional<ir::SplitMode> region = region_mode_;
    try {
      ParseStatement(kind, block);
      WrapTopLevelRegion(block);
    } catch (const ir::UserError& e) {
      if (!RecoverStatement(e, start)) throw;
      scopes_.resize(scopes);
      region_mode_ = region;
      allow_new_dyn_ = false;
    }
  }
}

bool Parser::RecoverStatement(const ir::UserError& e, size_t start) {
  if (IsLexicalError(e)) return false;
  const Tok first = ts_.At(start).kind;
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
  pos_ = start;
  while (Check(Tok::kName)) {
    poisoned_.emplace_back(Peek().text);
    if (!Check(Tok::kComma, 1)) break;
    Next();
    Next();
  }
  // Skip to the end of the logical line (brackets join lines in the lexer).
  pos_ = start;
  while (!Check(Tok::kNewline) && !Check(Tok::kDedent) && !Check(Tok::kEnd)) Next();
  Accept(Tok::kNewline);
  return pos_ > start;
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
      return ParseWith(block);
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
  const Binding* b = Lookup(Peek().text);
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
  CheckTargetName(name.text, name.span);
  VarPtr v = DefineTarget(name.text, name.span, call->type);
  block.stmts.push_back(ir::MakeAssign(v, call, name.span));
}

void Parser::ParseSimpleStatement(BlockKind kind, Block& block) {
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

void Parser::CheckTargetName(std::string_view name, Span span) const {
  if (name == "pl" || name == "pld" || name == "self" || name == "_" || name == "tuple")
    ir::ThrowUser(span, "'" + std::string(name) + "' cannot be assigned");
  if (dyn_.count(name) && !Lookup(name))
    ir::ThrowUser(span, "cannot assign to the dynamic dimension '" + std::string(name) + "'");
}

VarPtr Parser::BindNew(std::string_view name, Span span, const TypePtr& type) {
  // A variable's type is printed as its annotation, and pl.Tuple[...] annotations do not nest:
  // a nested tuple variable would print a program that does not read back.
  if (const auto* tuple = type ? type->As<ir::TupleType>() : nullptr)
    for (const TypePtr& e : tuple->elements)
      if (e && e->kind == ir::TypeKind::Tuple)
        ir::ThrowUser(span,
                      "'" + std::string(name) + "' would hold a nested tuple " + TypeText(type) +
                          "; nested tuple types are not supported",
                      {{{}, "bind the elements to separate variables instead of one tuple"}});
  VarPtr v = ir::MakeVar(std::string(name), type, span);
  scopes_.back().names[name] = Binding{v, false};
  return v;
}

VarPtr Parser::DefineTarget(std::string_view name, Span span, const TypePtr& type) {
  CheckTargetName(name, span);
  size_t idx = 0;
  const Binding* b = Lookup(name, &idx);
  if (b && strict_ssa_)
    throw ir::UserError(
        span, "'" + std::string(name) + "' is bound a second time in a strict_ssa function",
        {{{}, "give the new value a new name, or drop strict_ssa=True"}},
        ir::UserErrorKind::SSAViolation);
  const bool current = b && idx + 1 == scopes_.size();
  const bool rebinding_outer =
      b && ((current && b->outer_alias) || (!current && idx + 1 < scopes_.size()));
  if (!rebinding_outer) return BindNew(name, span, type);
  // A body rebinding a name of an enclosing scope: a second definition of the outer variable,
  // turned into a loop carry or a branch merge by convert-to-ssa.
  VarPtr outer = b->var;
  if (!TypesAgree(outer->type, type) || !TypesAgree(type, outer->type))
    ir::ThrowUser(span,
                  "rebinding '" + std::string(name) +
                      "' inside a loop or if body changes its type from " + TypeText(outer->type) +
                      " to " + TypeText(type) +
                      "; use a new name, or carry it explicitly with init_values and pl.yield_",
                  {{{},
                    "use a new name for the new value, or carry it explicitly with init_values and "
                    "pl.yield_"}});
  scopes_.back().names[name] = Binding{outer, true};
  return outer;
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
    if (!CheckPl("yield_"))
      ir::ThrowUser(Peek().span,
                    "several targets can only receive pl.yield_(...) values "
                    "(tuple unpacking of a call is not supported)",
                    {{{}, "bind the call to one name, then take its elements: r[0], r[1]"}});
    return ParseYield(kind, block, std::move(targets));
  }
  std::optional<TypeAnn> ann;
  if (Accept(Tok::kColon)) ann = ParseType();
  Expect(Tok::kAssign, "in the assignment");
  if (CheckPl("yield_")) return ParseYield(kind, block, {{name.text, name.span, std::move(ann)}});
  CheckTargetName(name.text, name.span);
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
    VarPtr v = DefineTarget(name.text, name.span, value->type);
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
  VarPtr v = DefineTarget(name.text, name.span, var_type);
  block.stmts.push_back(ir::MakeAssign(v, value, name.span));
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
    CheckTargetName(t.name, t.span);
    TypePtr type = types[i];
    if (t.ann) {
      CheckAnnotation(*t.ann, type, t.ann->span, "annotation");
    }
    out.push_back(force_new ? BindNew(t.name, t.span, type) : DefineTarget(t.name, t.span, type));
  }
  return out;
}

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

  scopes_.emplace_back();
  CheckTargetName(var_tok.text, var_tok.span);
  VarPtr lv = BindNew(var_tok.text, var_tok.span, ir::MakeScalarType(ir::DataType::INDEX));
  std::vector<ir::IterArg> iter_args;
  std::vector<TypePtr> carried;
  for (size_t i = 0; i < iter_names.size(); ++i) {
    const Token& n = *iter_names[i];
    CheckTargetName(n.text, n.span);
    if (n.text == var_tok.text || scopes_.back().names.count(n.text))
      ir::ThrowUser(n.span, "loop name '" + std::string(n.text) + "' is bound twice");
    iter_args.push_back({BindNew(n.text, n.span, (*inits)[i]->type), (*inits)[i]});
    carried.push_back((*inits)[i]->type);
  }
  Block body = ParseBlock(BlockKind::Loop);
  scopes_.pop_back();

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
  scopes_.emplace_back();
  std::vector<ir::IterArg> iter_args;
  std::vector<TypePtr> carried;
  for (size_t i = 0; i < names.size(); ++i) {
    CheckTargetName(names[i]->text, names[i]->span);
    if (scopes_.back().names.count(names[i]->text))
      ir::ThrowUser(names[i]->span,
                    "carried name '" + std::string(names[i]->text) + "' is bound twice");
    iter_args.push_back({BindNew(names[i]->text, names[i]->span, inits[i]->type), inits[i]});
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
  scopes_.pop_back();
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
  scopes_.emplace_back();
  Block body = ParseBlock(BlockKind::Loop);
  scopes_.pop_back();
  if (body.has_yield && !body.yield_values.empty())
    ir::ThrowUser(body.yield_span,
                  "a plain while loop carries nothing; use "
                  "'for (a,) in pl.while_(init_values=(...))'");
  block.stmts.push_back(std::make_shared<ir::WhileStmt>(
      cond, std::vector<ir::IterArg>{}, ir::MakeSeq(std::move(body.stmts), tok.span),
      std::vector<VarPtr>{}, tok.span));
}

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
  scopes_.emplace_back();
  Block then_b = ParseBlock(BlockKind::Branch);
  Scope then_scope = std::move(scopes_.back());
  scopes_.pop_back();
  Scope else_scope;
  std::optional<Block> else_b;
  Span else_span = tok.span;
  if (Check(Tok::kElif)) {
    else_span = Peek().span;
    scopes_.emplace_back();
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
    else_scope = std::move(scopes_.back());
    scopes_.pop_back();
    else_b = std::move(eb);
  } else if (Check(Tok::kElse)) {
    else_span = Next().span;
    Expect(Tok::kColon, "after 'else'");
    scopes_.emplace_back();
    else_b = ParseBlock(BlockKind::Branch);
    else_scope = std::move(scopes_.back());
    scopes_.pop_back();
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
  for (const auto& [name, v] : merged_names) scopes_.back().names[name] = Binding{v, false};
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
      Literal lit = ParseEnumRef();
      auto m = lit.enum_type == "SplitMode" ? ir::SplitModeFromName(lit.enum_value) : std::nullopt;
      if (!m)
        ir::ThrowUser(lit.span, "pl.split takes a pl.SplitMode value, got " + lit.text(),
                      {{{}, "use pl.SplitMode.UP_DOWN or pl.SplitMode.LEFT_RIGHT"}});
      Expect(Tok::kRParen, "closing pl.split(...)");
      ir::ScopeOptimization o{ir::ScopeOptimization::Kind::Split};
      o.split = *m;
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

void Parser::ParseWith(Block& block) {
  const Token& tok = Next();
  if (!CheckPl("at"))
    ir::ThrowUser(Peek().span, "only 'with pl.at(level=pl.Level.CORE_GROUP, ...)' is supported");
  Next();
  Next();
  Next();
  Expect(Tok::kLParen, "after pl.at");
  std::optional<ir::Level> level;
  std::vector<ir::ScopeOptimization> opts;
  std::string name_hint;
  bool early = false;
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
          Literal lit = ParseEnumRef();
          auto l = lit.enum_type == "Level" ? ir::LevelFromName(lit.enum_value) : std::nullopt;
          if (!l) ir::ThrowUser(lit.span, "level= takes a pl.Level value, got " + lit.text());
          if (*l != ir::Level::CORE_GROUP)
            ir::ThrowUser(lit.span,
                          "only pl.Level.CORE_GROUP scopes are supported, got " + lit.text(),
                          {{{}, "use pl.at(level=pl.Level.CORE_GROUP, ...)"}});
          level = *l;
        }},
       {"optimizations", [&](const Token&) { opts = ParseScopeOptimizations(); }},
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
  if (Check(Tok::kAs)) ir::ThrowUser(Peek().span, "'with pl.at(...) as NAME' is not supported");
  Expect(Tok::kColon, "after pl.at(...)");
  Block body = ParseBlock(BlockKind::With);
  block.stmts.push_back(
      std::make_shared<ir::ScopeStmt>(*level, std::move(opts), std::move(name_hint), early,
                                      ir::MakeSeq(std::move(body.stmts), tok.span), tok.span));
}

}  // namespace tilesplit::dsl::detail
