#include "tilesplit/ir/type.h"

#include <array>
#include <unordered_map>

#include "tilesplit/ir/expr.h"

namespace tilesplit::ir {
namespace {

// A rank-2 static column vector gets a column-major base layout by default (dsl.md 5.4: S).
TileLayout DefaultBaseLayout(const std::vector<ExprPtr>& shape) {
  if (shape.size() == 2) {
    auto d0 = AsConstInt(shape[0]);
    auto d1 = AsConstInt(shape[1]);
    if (d0 && d1 && *d1 == 1 && *d0 > 1) return TileLayout::col_major;
  }
  return TileLayout::row_major;
}

bool IsImplicit(const TileView& v, const std::vector<ExprPtr>& shape,
                std::optional<MemorySpace> mem) {
  if (!v.valid_shape.empty() || !v.stride.empty() || v.start_offset) return false;
  if (v.pad != PadValue::null || v.compact != CompactMode::null) return false;
  ImplicitLayout imp = ImplicitLayoutFor(shape, mem);
  return v.blayout == imp.blayout && v.slayout == imp.slayout && v.fractal == imp.fractal;
}

// Tile types are interned within a TileTypeInterning scope (per thread, so no locking): a kernel
// has few distinct tile types but one per value, and a TileType with its view is a node of about
// 200 bytes. The key is the
// identity of the shape and view expressions plus the scalar fields, so a hit is structurally
// equal without comparing expressions. Entries are weak: interning keeps nothing alive, and a live
// entry keeps its expressions alive, which keeps the pointers in its key unambiguous.
struct TileKey {
  static constexpr size_t kMaxRank = 4;
  // dims, valid shape, stride (kMaxRank each), start offset, packed small fields, fractal.
  std::array<uintptr_t, 3 * kMaxRank + 3> words{};
  bool operator==(const TileKey& o) const { return words == o.words; }
};

struct TileKeyHash {
  size_t operator()(const TileKey& k) const {
    uint64_t h = 0;
    for (uintptr_t w : k.words) h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    return static_cast<size_t>(h ^ (h >> 29));
  }
};

bool FillKey(TileKey& key, size_t at, const std::vector<ExprPtr>& exprs) {
  if (exprs.size() > TileKey::kMaxRank) return false;
  for (size_t i = 0; i < exprs.size(); ++i)
    key.words[at + i] = reinterpret_cast<uintptr_t>(exprs[i].get());
  return true;
}

class TileInterner {
 public:
  std::shared_ptr<const TileType> Get(std::vector<ExprPtr> shape, DataType dt,
                                      std::optional<MemorySpace> mem,
                                      std::optional<TileView> view) {
    constexpr size_t R = TileKey::kMaxRank;
    TileKey key;
    uint64_t small = shape.size() | static_cast<uint64_t>(dt) << 8 |
                     static_cast<uint64_t>(mem ? static_cast<uint8_t>(*mem) + 1 : 0) << 16;
    bool ok = FillKey(key, 0, shape);
    if (view) {
      ok = ok && FillKey(key, R, view->valid_shape) && FillKey(key, 2 * R, view->stride);
      key.words[3 * R] = reinterpret_cast<uintptr_t>(view->start_offset.get());
      small |= uint64_t{1} << 24 | static_cast<uint64_t>(view->valid_shape.size()) << 32 |
               static_cast<uint64_t>(view->stride.size()) << 40 |
               static_cast<uint64_t>(view->blayout) << 48 |
               static_cast<uint64_t>(view->slayout) << 52 | static_cast<uint64_t>(view->pad) << 56 |
               static_cast<uint64_t>(view->compact) << 60;
      key.words[3 * R + 2] = static_cast<uintptr_t>(view->fractal);
    }
    key.words[3 * R + 1] = small;
    if (!ok) return std::make_shared<TileType>(std::move(shape), dt, mem, std::move(view));
    std::weak_ptr<const TileType>& slot = table_[key];
    if (auto hit = slot.lock()) return hit;
    auto t = std::make_shared<TileType>(std::move(shape), dt, mem, std::move(view));
    slot = t;
    if (table_.size() > sweep_at_) Sweep();
    return t;
  }

 private:
  // Drops entries whose type died, so the table stays proportional to the live types.
  void Sweep() {
    for (auto it = table_.begin(); it != table_.end();)
      it = it->second.expired() ? table_.erase(it) : std::next(it);
    sweep_at_ = 2 * table_.size() + 1024;
  }

  std::unordered_map<TileKey, std::weak_ptr<const TileType>, TileKeyHash> table_;
  size_t sweep_at_ = 1024;
};

thread_local TileInterner* active_interner = nullptr;

}  // namespace

ImplicitLayout ImplicitLayoutFor(const std::vector<ExprPtr>& shape,
                                 std::optional<MemorySpace> mem) {
  const TileLayout s = DefaultBaseLayout(shape);
  if (!mem) return {s, TileLayout::none_box, 512};
  switch (*mem) {
    case MemorySpace::DDR:
    case MemorySpace::Vec:
    case MemorySpace::Bias:
    case MemorySpace::ScalarLocal:
      return {s, TileLayout::none_box, 512};
    case MemorySpace::Mat:
    case MemorySpace::Left:
      return {TileLayout::col_major, TileLayout::row_major, 512};
    case MemorySpace::Right:
      return {s, TileLayout::col_major, 512};
    case MemorySpace::Acc:
      return {TileLayout::col_major, TileLayout::row_major, 1024};
    case MemorySpace::LeftScale:
      return {TileLayout::row_major, TileLayout::row_major, 32};
    case MemorySpace::RightScale:
      return {TileLayout::col_major, TileLayout::col_major, 32};
  }
  return {s, TileLayout::none_box, 512};
}

TileView TileType::EffectiveView() const {
  if (view) return *view;
  TileView v;
  ImplicitLayout imp = ImplicitLayoutFor(shape, memory);
  v.blayout = imp.blayout;
  v.slayout = imp.slayout;
  v.fractal = imp.fractal;
  return v;
}

TypePtr MakeScalarType(DataType dt) {
  // Scalar types are interned: there are few of them and they are built constantly.
  static const std::array<TypePtr, 256> cache = [] {
    std::array<TypePtr, 256> c;
    for (size_t i = 0; i < c.size(); ++i)
      c[i] = std::make_shared<ScalarType>(static_cast<DataType>(i));
    return c;
  }();
  return cache[static_cast<uint8_t>(dt)];
}

TypePtr MakeTensorType(std::vector<ExprPtr> shape, DataType dt, std::optional<TensorView> view,
                       bool distributed) {
  if (view) {
    if (ExprListEqual(view->valid_shape, shape)) view->valid_shape.clear();
    if (view->valid_shape.empty() && view->stride.empty() && view->layout == TensorLayout::ND &&
        view->pad == PadValue::null)
      view.reset();
  }
  return std::make_shared<TensorType>(std::move(shape), dt, std::move(view), distributed);
}

std::shared_ptr<const TileType> MakeTileType(std::vector<ExprPtr> shape, DataType dt,
                                             std::optional<MemorySpace> mem,
                                             std::optional<TileView> view) {
  if (view) {
    if (ExprListEqual(view->valid_shape, shape)) view->valid_shape.clear();
    if (IsImplicit(*view, shape, mem)) view.reset();
  }
  if (active_interner) return active_interner->Get(std::move(shape), dt, mem, std::move(view));
  return std::make_shared<TileType>(std::move(shape), dt, mem, std::move(view));
}

TileTypeInterning::TileTypeInterning() : previous_(active_interner) {
  active_interner = new TileInterner();
}

TileTypeInterning::~TileTypeInterning() {
  delete active_interner;
  active_interner = static_cast<TileInterner*>(previous_);
}

TypePtr MakeTupleType(std::vector<TypePtr> elements) {
  return std::make_shared<TupleType>(std::move(elements));
}

std::shared_ptr<const TileType> WithMemory(const TileType& t, MemorySpace mem) {
  std::optional<TileView> view = t.view;
  if (view) {
    // Layout fields that were merely the implicit ones of the old space follow the new space.
    ImplicitLayout old_imp = ImplicitLayoutFor(t.shape, t.memory);
    if (view->blayout == old_imp.blayout && view->slayout == old_imp.slayout &&
        view->fractal == old_imp.fractal) {
      ImplicitLayout imp = ImplicitLayoutFor(t.shape, mem);
      view->blayout = imp.blayout;
      view->slayout = imp.slayout;
      view->fractal = imp.fractal;
    }
  }
  return MakeTileType(t.shape, t.dtype, mem, std::move(view));
}

std::shared_ptr<const TileType> WithValid(const TileType& t, std::vector<ExprPtr> valid) {
  TileView view = t.EffectiveView();
  view.valid_shape = std::move(valid);
  return MakeTileType(t.shape, t.dtype, t.memory, std::move(view));
}

std::shared_ptr<const TileType> WithShape(const TileType& t, std::vector<ExprPtr> shape,
                                          std::vector<ExprPtr> valid) {
  if (!t.view) {
    // No stored view: the layout stays implicit and follows the new shape.
    if (valid.empty()) return MakeTileType(std::move(shape), t.dtype, t.memory);
    TileView v;
    ImplicitLayout imp = ImplicitLayoutFor(shape, t.memory);
    v.blayout = imp.blayout;
    v.slayout = imp.slayout;
    v.fractal = imp.fractal;
    v.valid_shape = std::move(valid);
    return MakeTileType(std::move(shape), t.dtype, t.memory, std::move(v));
  }
  TileView v = *t.view;
  v.valid_shape = std::move(valid);
  return MakeTileType(std::move(shape), t.dtype, t.memory, std::move(v));
}

bool SameLayout(const TileType& a, const TileType& b) {
  const TileView v = a.EffectiveView(), w = b.EffectiveView();
  const bool so = (!v.start_offset && !w.start_offset) ||
                  (v.start_offset && w.start_offset && ExprEqual(v.start_offset, w.start_offset));
  return so && ExprListEqual(v.stride, w.stride) && v.blayout == w.blayout &&
         v.slayout == w.slayout && v.fractal == w.fractal && v.pad == w.pad &&
         v.compact == w.compact;
}

TypePtr WithDeclaredLayout(const TypePtr& declared, const TypePtr& t) {
  const TileType* d = declared ? declared->As<TileType>() : nullptr;
  const TileType* x = t ? t->As<TileType>() : nullptr;
  if (!d || !x || d->dtype != x->dtype || d->memory != x->memory ||
      d->shape.size() != x->shape.size() || SameLayout(*d, *x))
    return t;
  std::vector<ExprPtr> valid = x->valid();
  if (ExprListEqual(valid, x->shape)) valid.clear();
  auto kept = WithShape(*d, x->shape, std::move(valid));
  // As the parser reads an annotation: a view that canonicalises away at the new shape declares
  // nothing, so the deduced view stands (else print -> parse would not give this type back).
  if (!kept->view) return t;
  return kept;
}

}  // namespace tilesplit::ir
