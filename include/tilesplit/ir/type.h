// IR types: Scalar, Tensor, Tile, Tuple. Types are immutable and built only through the Make*
// functions, which canonicalise views (dsl.md 5.3, 5.4) so that structurally equal types have
// one representation.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "tilesplit/ir/enums.h"

namespace tilesplit::ir {

class Expr;
using ExprPtr = std::shared_ptr<const Expr>;

enum class TypeKind : uint8_t { Scalar, Tensor, Tile, Tuple };

class Type {
 public:
  explicit Type(TypeKind k) : kind(k) {}
  virtual ~Type() = default;
  const TypeKind kind;

  template <typename T>
  const T* As() const {
    return kind == T::kKind ? static_cast<const T*>(this) : nullptr;
  }
};
using TypePtr = std::shared_ptr<const Type>;

class ScalarType : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::Scalar;
  explicit ScalarType(DataType dt) : Type(kKind), dtype(dt) {}
  const DataType dtype;
};

struct TensorView {
  std::vector<ExprPtr> valid_shape;  // empty = the shape
  std::vector<ExprPtr> stride;       // empty = packed
  TensorLayout layout = TensorLayout::ND;
  PadValue pad = PadValue::null;
};

class TensorType : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::Tensor;
  TensorType(std::vector<ExprPtr> s, DataType dt, std::optional<TensorView> v, bool dist = false)
      : Type(kKind), shape(std::move(s)), dtype(dt), view(std::move(v)), distributed(dist) {}
  const std::vector<ExprPtr> shape;
  const DataType dtype;
  const std::optional<TensorView> view;  // canonical: never all-default
  // A tensor shared across devices (pld.DistributedTensor): the signal words of
  // pld.system.notify / wait. It holds data like any tensor; only its type says where it lives.
  const bool distributed;
  // The valid shape: the view's when present and non-empty, else the shape.
  const std::vector<ExprPtr>& valid() const {
    return view && !view->valid_shape.empty() ? view->valid_shape : shape;
  }
};

struct TileView {
  std::vector<ExprPtr> valid_shape;  // empty = the shape
  std::vector<ExprPtr> stride;
  ExprPtr start_offset;  // null = none
  TileLayout blayout = TileLayout::row_major;
  TileLayout slayout = TileLayout::none_box;
  int64_t fractal = 512;
  PadValue pad = PadValue::null;
  CompactMode compact = CompactMode::null;
};

// The layout triple a tile gets when none is stated (dsl.md 5.4 table).
struct ImplicitLayout {
  TileLayout blayout;
  TileLayout slayout;
  int64_t fractal;
};
ImplicitLayout ImplicitLayoutFor(const std::vector<ExprPtr>& shape, std::optional<MemorySpace> mem);

class TileType : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::Tile;
  TileType(std::vector<ExprPtr> s, DataType dt, std::optional<MemorySpace> m,
           std::optional<TileView> v)
      : Type(kKind), shape(std::move(s)), dtype(dt), memory(m), view(std::move(v)) {}
  const std::vector<ExprPtr> shape;
  const DataType dtype;
  const std::optional<MemorySpace> memory;
  const std::optional<TileView> view;  // canonical: never the implicit view

  const std::vector<ExprPtr>& valid() const {
    return view && !view->valid_shape.empty() ? view->valid_shape : shape;
  }
  // The stored view, or the implicit one for (shape, memory).
  TileView EffectiveView() const;
};

class TupleType : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::Tuple;
  explicit TupleType(std::vector<TypePtr> e) : Type(kKind), elements(std::move(e)) {}
  const std::vector<TypePtr> elements;
};

TypePtr MakeScalarType(DataType dt);
TypePtr MakeTensorType(std::vector<ExprPtr> shape, DataType dt,
                       std::optional<TensorView> view = std::nullopt, bool distributed = false);
// Canonicalises the view: a valid_shape equal to the shape is cleared; a view equal to the
// implicit one for (shape, memory) disappears.
std::shared_ptr<const TileType> MakeTileType(std::vector<ExprPtr> shape, DataType dt,
                                             std::optional<MemorySpace> mem = std::nullopt,
                                             std::optional<TileView> view = std::nullopt);
TypePtr MakeTupleType(std::vector<TypePtr> elements);

// While one is alive on a thread, MakeTileType returns one shared node for equal tile types built
// over the same shape and view expressions. The parser enables it: a kernel has few distinct tile
// types but one per value. Elsewhere (clones, passes) types keep being built fresh, so no table
// outlives the scope.
class TileTypeInterning {
 public:
  TileTypeInterning();
  ~TileTypeInterning();
  TileTypeInterning(const TileTypeInterning&) = delete;
  TileTypeInterning& operator=(const TileTypeInterning&) = delete;

 private:
  void* previous_;
};

// Rebuilds `t` with memory space `mem`. Layout fields that were the implicit ones for the old
// space follow the new space (ops.md 1.3).
std::shared_ptr<const TileType> WithMemory(const TileType& t, MemorySpace mem);
// Rebuilds `t` with a new valid shape (empty = fully valid), keeping everything else.
std::shared_ptr<const TileType> WithValid(const TileType& t, std::vector<ExprPtr> valid);
// Rebuilds `t` with a new physical shape and valid shape, keeping dtype, memory and layout.
std::shared_ptr<const TileType> WithShape(const TileType& t, std::vector<ExprPtr> shape,
                                          std::vector<ExprPtr> valid);
// Whether two tiles have the same layout (base and secondary layout, fractal, pad, compact,
// stride, start offset): everything of the view but its valid shape.
bool SameLayout(const TileType& a, const TileType& b);
// `t` with the layout of the declared type `declared` when both are tiles of one dtype, memory
// space and rank (a variable's annotation, whose view overrides the deduced one); else `t`.
// Like an annotation, a declared layout that is the implicit one at `t`'s shape (its view
// canonicalises away) declares nothing: `t` stands.
TypePtr WithDeclaredLayout(const TypePtr& declared, const TypePtr& t);

}  // namespace tilesplit::ir
