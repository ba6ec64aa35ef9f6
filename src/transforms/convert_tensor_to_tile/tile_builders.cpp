// convert-tensor-to-tile-ops: shared builders (tile_builders.h).
#include "tile_builders.h"

#include "tilesplit/ir/walk.h"

namespace tilesplit::pass::to_tile {

using ir::ExprPtr;

namespace {
// The private call attribute of a Mat load the conversion made (docs/tensor-lowering.md).
constexpr const char* kMatBridgeAttr = "__compiler_tensor_to_tile_mat_bridge";
}  // namespace

const ir::TensorType* TensorTypeOf(const ExprPtr& e) {
  return e && e->type ? e->type->As<ir::TensorType>() : nullptr;
}

const ir::Call* AsOpCall(const ExprPtr& e) {
  return e ? e->As<ir::Call>() : nullptr;
}

ExprPtr Zeros(size_t rank) {
  std::vector<ExprPtr> z;
  for (size_t i = 0; i < rank; ++i) z.push_back(ir::Index(0));
  return ir::MakeTupleExpr(std::move(z));
}

ExprPtr TupleOf(const std::vector<ExprPtr>& elems) {
  return ir::MakeTupleExpr(elems);
}

ExprPtr Build(const std::string& op, std::vector<ExprPtr> args, ir::AttrMap kwargs, ir::Span span) {
  return ops::Create(op, std::move(args), std::move(kwargs), span, ops::MemoryContract::Defer);
}
ExprPtr Build(const ops::OpDef& op, std::vector<ExprPtr> args, ir::AttrMap kwargs, ir::Span span) {
  return ops::Create(op, std::move(args), std::move(kwargs), span, ops::MemoryContract::Defer);
}

ExprPtr WholeLoad(const ExprPtr& tensor, ir::AttrMap kwargs, ir::Span span) {
  const auto& shape = tensor->type->As<ir::TensorType>()->shape;
  return Build("tile.load", {tensor, Zeros(shape.size()), TupleOf(shape), TupleOf(shape)},
               std::move(kwargs), span);
}

ExprPtr WithMatBridge(const ExprPtr& load) {
  ir::AttrMap attrs = load->As<ir::Call>()->attrs;
  ir::SetSortedAttr(attrs, kMatBridgeAttr, true);
  return ir::WithCallAttrs(load, std::move(attrs));
}

}  // namespace tilesplit::pass::to_tile
