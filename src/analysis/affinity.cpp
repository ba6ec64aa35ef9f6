#include "tilesplit/analysis/affinity.h"

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/walk.h"

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
  const ops::OpDef* def = ops::RegisteredDef(call);
  if (!def || !def->is_memory_move()) return MoveDirection::NONE;
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
  return op.states_lane();
}

namespace {
CoreAffinity FromSpace(MemorySpace m) {
  return ir::IsCubeMemorySpace(m) ? CoreAffinity::CUBE : CoreAffinity::VECTOR;
}

}  // namespace

CoreAffinity ClassifyIntrinsicCallAffinity(const ir::Call& call) {
  const ops::OpDef* def = ops::RegisteredDef(call);  // null for a bare OpBase
  if (!def) return CoreAffinity::SHARED;             // rule 0
  const ops::OpDef& op = *def;
  if (auto a = op.StatedAffinity(call.kwargs)) return *a;  // rule 1
  if (op.is_memory_move()) {                               // rule 2
    if (ClassifyMoveDirection(call) != MoveDirection::NONE) return CoreAffinity::MIXED;
    auto src = GetFirstTileArgMemory(call);
    if (src && *src && ir::IsCubeMemorySpace(**src)) return CoreAffinity::CUBE;
    return CoreAffinity::VECTOR;
  }
  if (op.is_boundary()) return CoreAffinity::MIXED;                        // 2c
  if (auto m = op.ResolveOutputMemory(call.kwargs)) return FromSpace(*m);  // rule 3
  // Rule 3 without its kwarg: a producer whose result space infer-tile-memory-space placed (a
  // default Vec load keeps no kwarg, as PyPTO prints it) is on the side of that space, read
  // from the result's type as rule 4 reads an operand's.
  if (op.output_memory_rule() == ops::OutputMemoryRule::Kwarg)
    if (const ir::TileType* t = ir::AsTileType(call.type); t && t->memory)
      return FromSpace(*t->memory);
  if (auto first = GetFirstTileArgMemory(call); first && *first) return FromSpace(**first);  // 4
  return CoreAffinity::SHARED;  // rule 5
}

std::string DescribeIntrinsicAffinity(const ops::OpDef& op) {
  auto side = [](MemorySpace m) { return std::string(ops::CoreAffinityName(FromSpace(m))); };
  if (auto a = op.declared_affinity()) return "declared " + std::string(ops::CoreAffinityName(*a));
  if (!op.affinity_table().empty()) {
    std::string r = "declared by " + op.affinity_kwarg() + ":";
    for (const auto& [value, a] : op.affinity_table())
      r += " " + value + " " + std::string(ops::CoreAffinityName(a)) + ",";
    r.pop_back();
    return r;
  }
  if (op.is_memory_move())
    return "rule 2: MIXED across cube/vector, else the source side (VECTOR if unresolved)";
  if (op.is_boundary()) return "rule 2c: MIXED";
  switch (op.output_memory_rule()) {
    case ops::OutputMemoryRule::Fixed:
      return "rule 3: " + side(*op.ResolveOutputMemory({}));
    case ops::OutputMemoryRule::Kwarg:
      if (auto d = op.ResolveOutputMemory({}))
        return "rule 3: by " + op.output_memory_kwarg() + " (default " +
               std::string(ir::MemorySpaceName(*d)) + ": " + side(*d) + ")";
      return "rule 3: by " + op.output_memory_kwarg() +
             " (absent: the placed result space); else rule 4, else rule 5 SHARED";
    case ops::OutputMemoryRule::Inherit:
    case ops::OutputMemoryRule::None:
      break;
  }
  return "rule 4: first tile variable's space; none: rule 5 SHARED";
}

namespace {

CoreAffinity OwnAffinity(const ir::Call& call, const PlacedCalls* placed) {
  CoreAffinity a = ClassifyIntrinsicCallAffinity(call);
  if (a != CoreAffinity::VECTOR && a != CoreAffinity::SHARED) return a;
  if (!placed || !placed->count(&call)) return a;
  const ops::OpDef* def = ops::RegisteredDef(call);
  if (def && IsLaneStated(*def)) return a;
  return CoreAffinity::VECTOR;
}

}  // namespace

CoreAffinity ClassifyCallAffinity(const ir::Call& call, const PlacedCalls* placed) {
  CoreAffinity a = OwnAffinity(call, placed);
  for (const ir::ExprPtr& arg : call.args)
    if (const ir::Call* inner = arg ? arg->As<ir::Call>() : nullptr)
      a = CombineAffinity(a, ClassifyCallAffinity(*inner, placed));
  return a;
}

bool NestsCrossCoreWork(const ir::Call& call, const PlacedCalls* placed) {
  const CoreAffinity own = OwnAffinity(call, placed);
  for (const ir::ExprPtr& arg : call.args) {
    const ir::Call* inner = arg ? arg->As<ir::Call>() : nullptr;
    if (!inner) continue;
    const CoreAffinity nested = ClassifyCallAffinity(*inner, placed);
    // A crossing's operand may be computed inline on the side that pushes it; anything else
    // mixing sides, or a crossing nested in an operand, has no one side to run on.
    if (nested == CoreAffinity::MIXED) return true;
    if (own != CoreAffinity::MIXED && CombineAffinity(own, nested) == CoreAffinity::MIXED)
      return true;
  }
  return false;
}

const ir::Call* TopLevelCall(const ir::Stmt& s) {
  if (const ir::AssignStmt* a = s.As<ir::AssignStmt>()) return a->value->As<ir::Call>();
  if (const ir::EvalStmt* e = s.As<ir::EvalStmt>()) return e->expr->As<ir::Call>();
  return nullptr;
}

CoreAffinity RollupAffinity(const ir::StmtPtr& stmt, const PlacedCalls* placed) {
  if (!stmt) return CoreAffinity::SHARED;
  if (ir::IsLeafStmt(*stmt)) {
    // A FunctionCall is not a Call and rolls up SHARED: the caller does no core work itself,
    // the callee is a kernel of its own (calls stand only in Opaque/Orchestration/Group code).
    // Returns and yields have no top-level call and roll up SHARED too.
    const ir::Call* c = TopLevelCall(*stmt);
    return c ? ClassifyCallAffinity(*c, placed) : CoreAffinity::SHARED;
  }
  // Every nested body counts, scopes and regions included: a scope-bodied mixed function that
  // rolled up SHARED would slip through the split unsplit.
  CoreAffinity acc = CoreAffinity::SHARED;
  ir::ForEachChild(*stmt, ir::kWalkAll, [&](const ir::StmtPtr& s) {
    acc = CombineAffinity(acc, RollupAffinity(s, placed));
    return acc != CoreAffinity::MIXED;
  });
  return acc;
}

CoreAffinity RollupAffinity(const ir::Function& f) {
  return RollupAffinity(f.body);
}

}  // namespace tilesplit::analysis
