#include "tilesplit/ir/stmt.h"

#include "tilesplit/ir/function.h"

namespace tilesplit::ir {

StmtPtr MakeAssign(VarPtr var, ExprPtr value, Span span) {
  return std::make_shared<AssignStmt>(std::move(var), std::move(value), span);
}
StmtPtr MakeEval(ExprPtr e, Span span) {
  return std::make_shared<EvalStmt>(std::move(e), span);
}
StmtPtr MakeReturn(std::vector<ExprPtr> values, Span span) {
  return std::make_shared<ReturnStmt>(std::move(values), span);
}
StmtPtr MakeSeq(std::vector<StmtPtr> stmts, Span span) {
  return std::make_shared<SeqStmts>(std::move(stmts), span);
}
StmtPtr MakeYield(std::vector<ExprPtr> values, Span span) {
  return std::make_shared<YieldStmt>(std::move(values), span);
}

namespace {
void Flatten(const StmtPtr& s, std::vector<StmtPtr>& out) {
  if (!s) return;
  if (const SeqStmts* seq = s->As<SeqStmts>()) {
    for (const StmtPtr& c : seq->stmts) Flatten(c, out);
  } else {
    out.push_back(s);
  }
}
}  // namespace

std::vector<StmtPtr> FlattenStmts(const StmtPtr& body) {
  std::vector<StmtPtr> out;
  Flatten(body, out);
  return out;
}

const YieldStmt* TrailingYield(const StmtPtr& body) {
  std::vector<StmtPtr> stmts = FlattenStmts(body);
  return stmts.empty() ? nullptr : stmts.back()->As<YieldStmt>();
}

bool IsGetSubblockIdxCall(const ExprPtr& e) {
  const Call* c = e ? e->As<Call>() : nullptr;
  return c && c->op_name() == std::string_view("tile.get_subblock_idx");
}

VarPtr LaneVar(const SplitAivStmt& region) {
  const StmtPtr* first = nullptr;
  const StmtPtr* cur = &region.body;
  // Descend into leading sequences to find the first real statement.
  while (*cur) {
    if (const SeqStmts* seq = (*cur)->As<SeqStmts>()) {
      if (seq->stmts.empty()) return nullptr;
      cur = &seq->stmts.front();
    } else {
      first = cur;
      break;
    }
  }
  if (!first) return nullptr;
  const AssignStmt* a = (*first)->As<AssignStmt>();
  if (a && IsGetSubblockIdxCall(a->value)) return a->var;
  return nullptr;
}

std::optional<SplitMode> Function::split_mode() const {
  const AttrValue* v = FindAttr(attrs, fattr::kSplit.key);
  if (!v) return std::nullopt;
  if (const SplitMode* m = std::get_if<SplitMode>(v)) return *m;
  if (auto i = AttrAsInt(*v); i && *i >= 0 && *i <= 2) return static_cast<SplitMode>(*i);
  return std::nullopt;
}

const std::string* ExternalSource(const Function& f) {
  const AttrValue* v = FindAttr(f.attrs, kExternalSourceAttr);
  return v ? std::get_if<std::string>(v) : nullptr;
}

bool Function::BoolAttr(FunctionAttr<bool> a) const {
  auto b = GetAttr(attrs, a);
  return b && *b;
}

FunctionPtr Program::Find(std::string_view fname) const {
  for (const FunctionPtr& f : functions)
    if (f->name == fname) return f;
  return nullptr;
}

FunctionPtr WithBody(const Function& f, StmtPtr body) {
  return std::make_shared<Function>(f.name, f.func_type, f.params, f.return_types, f.attrs,
                                    std::move(body), f.span);
}

FunctionPtr WithAttrs(const Function& f, AttrMap attrs) {
  return std::make_shared<Function>(f.name, f.func_type, f.params, f.return_types, std::move(attrs),
                                    f.body, f.span);
}

}  // namespace tilesplit::ir
