#include "tilesplit/analysis/affinity.h"

#include "tilesplit/ir/error.h"

namespace tilesplit::analysis {

using ir::MemorySpace;

CoreAffinity CombineAffinity(CoreAffinity a, CoreAffinity b) {
  if (a == b) return a;
  if (a == CoreAffinity::SHARED) return b;
  if (b == CoreAffinity::SHARED) return a;
  return CoreAffinity::MIXED;
}

std::optional<std::optional<MemorySpace>> GetFirstTileArgMemory(const ir::Call& call) {
  for (const ir::ExprPtr& a : call.args) {
    if (!a) continue;
    // Projections count: an inline `pair[0]` operand is as much a tile variable as a bound one.
    if (a->kind != ir::ExprKind::Var && a->kind != ir::ExprKind::TupleGetItem) continue;
    if (const ir::TileType* t = ir::TileTypeOf(a)) return t->memory;
  }
  return std::nullopt;
}

MoveDirection ClassifyMoveDirection(const ir::Call& call) {
  if (call.op_name() != "tile.move") return MoveDirection::NONE;
  auto src = GetFirstTileArgMemory(call);
  if (!src || !*src) return MoveDirection::NONE;
  auto tgt = ir::GetAttr<MemorySpace>(call.kwargs, "target_memory");
  if (!tgt) ir::ThrowInternal(call.span, "tile.move without target_memory reached affinity");
  const bool from_cube = ir::IsCubeMemorySpace(**src);
  const bool to_cube = ir::IsCubeMemorySpace(*tgt);
  if (from_cube && !to_cube) return MoveDirection::CUBE_TO_VECTOR;
  if (!from_cube && to_cube) return MoveDirection::VECTOR_TO_CUBE;
  return MoveDirection::NONE;
}

bool IsLaneStated(const ops::OpDef& op) {
  return op.declared_affinity().has_value();
}

namespace {
CoreAffinity FromSpace(MemorySpace m) {
  return ir::IsCubeMemorySpace(m) ? CoreAffinity::CUBE : CoreAffinity::VECTOR;
}
}  // namespace

CoreAffinity ClassifyIntrinsicCallAffinity(const ir::Call& call) {
  if (!call.op) return CoreAffinity::SHARED;  // rule 0
  const ops::OpDef& op = ops::Def(call);
  if (auto a = op.declared_affinity()) return *a;  // rule 1
  const std::string& name = op.name();
  if (name == "tile.move") {  // rule 2
    if (ClassifyMoveDirection(call) != MoveDirection::NONE) return CoreAffinity::MIXED;
    auto src = GetFirstTileArgMemory(call);
    if (src && *src && ir::IsCubeMemorySpace(**src)) return CoreAffinity::CUBE;
    return CoreAffinity::VECTOR;
  }
  if (name == "tile.aiv_shard" || name == "tile.aic_gather") return CoreAffinity::MIXED;  // 2c
  if (auto m = op.ResolveOutputMemory(call.kwargs)) return FromSpace(*m);                 // rule 3
  if (auto first = GetFirstTileArgMemory(call); first && *first) return FromSpace(**first);  // 4
  return CoreAffinity::SHARED;  // rule 5
}

CoreAffinity ClassifyCallAffinity(const ir::Call& call, const PlacedCalls* placed) {
  CoreAffinity a = ClassifyIntrinsicCallAffinity(call);
  if (placed && placed->count(&call) && call.op && !IsLaneStated(ops::Def(call)) &&
      (a == CoreAffinity::VECTOR || a == CoreAffinity::SHARED))
    return CoreAffinity::VECTOR;
  return a;
}

const ir::Call* TopLevelCall(const ir::Stmt& s) {
  if (const ir::AssignStmt* a = s.As<ir::AssignStmt>()) return a->value->As<ir::Call>();
  if (const ir::EvalStmt* e = s.As<ir::EvalStmt>()) return e->expr->As<ir::Call>();
  return nullptr;
}

CoreAffinity RollupAffinity(const ir::StmtPtr& stmt, const PlacedCalls* placed) {
  if (!stmt) return CoreAffinity::SHARED;
  switch (stmt->kind) {
    case ir::StmtKind::Assign:
    case ir::StmtKind::Eval: {
      const ir::Call* c = TopLevelCall(*stmt);
      return c ? ClassifyCallAffinity(*c, placed) : CoreAffinity::SHARED;
    }
    case ir::StmtKind::Seq: {
      CoreAffinity acc = CoreAffinity::SHARED;
      for (const ir::StmtPtr& s : stmt->As<ir::SeqStmts>()->stmts) {
        acc = CombineAffinity(acc, RollupAffinity(s, placed));
        if (acc == CoreAffinity::MIXED) break;
      }
      return acc;
    }
    case ir::StmtKind::For:
      return RollupAffinity(stmt->As<ir::ForStmt>()->body, placed);
    case ir::StmtKind::While:
      return RollupAffinity(stmt->As<ir::WhileStmt>()->body, placed);
    case ir::StmtKind::If: {
      const ir::IfStmt* i = stmt->As<ir::IfStmt>();
      return CombineAffinity(RollupAffinity(i->then_body, placed),
                             RollupAffinity(i->else_body, placed));
    }
    // A scope's affinity is its body's; without this arm a scope-bodied mixed function would
    // roll up SHARED and slip through the split unsplit.
    case ir::StmtKind::Scope:
      return RollupAffinity(stmt->As<ir::ScopeStmt>()->body, placed);
    case ir::StmtKind::SplitAiv:
      return RollupAffinity(stmt->As<ir::SplitAivStmt>()->body, placed);
    case ir::StmtKind::Return:
    case ir::StmtKind::Yield:
      return CoreAffinity::SHARED;
  }
  return CoreAffinity::SHARED;
}

CoreAffinity RollupAffinity(const ir::Function& f) {
  return RollupAffinity(f.body);
}

}  // namespace tilesplit::analysis
