// Runtime values (core-group.md 3): scalars, GM tensors and tiles: the runtime layer, on ir alone
// (not the operator registry). The execution semantics (semantics/semantics.h, a layer above ops
// and runtime) compute on them, and the simulator (sim/) runs programs over them. The namespace
// is tilesplit::sim, the vocabulary every user of these types shares.
//
// Storage is deliberately coarse: every floating dtype lives in an FP32 buffer whose elements are
// kept rounded to the dtype (FP16/BF16 round-to-nearest-even), every integer dtype in an INT64
// buffer whose elements are kept wrapped to the dtype's width. Arithmetic runs in FP32 / INT64 and
// rounds on the way out, so both executions of a check perform identical operations.
//
// Undefined elements (outside a tile's valid extent, in a scratch nobody wrote) hold a poison
// value: a NaN with a recognisable payload for floats, a sentinel outside every narrow integer
// range for integers. Operations propagate it, so undefined data that reaches an output is seen.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "tilesplit/ir/enums.h"

namespace tilesplit::sim {

using ir::DataType;
using ir::MemorySpace;

enum class StorageKind : uint8_t { F32, I64 };
StorageKind StorageOf(DataType dt);

// Rounds an FP32 value to the precision of a floating dtype (RNE); NaNs keep their payload.
float RoundToDType(DataType dt, float v);
// Wraps an integer to the width and signedness of an integer dtype; BOOL becomes 0/1.
int64_t WrapToDType(DataType dt, int64_t v);

// A signalling NaN: arithmetic quietens it but keeps the low payload bits we test for.
inline constexpr uint32_t kPoisonF32Bits = 0x7FBADBADu;
inline constexpr uint32_t kPoisonPayloadMask = 0x003FFFFFu;
float PoisonF32();
bool IsPoisonF32(float v);
inline constexpr int64_t kPoisonI64 = 0x7EADBEEF5A5A5A5ALL;
inline bool IsPoisonI64(int64_t v) {
  return v == kPoisonI64;
}

struct Scalar {
  DataType dtype = DataType::INDEX;
  int64_t i = 0;  // integer and BOOL values
  double f = 0;   // floating values (already rounded to dtype)
  bool is_float() const { return ir::IsFloat(dtype); }
  double AsDouble() const { return is_float() ? f : static_cast<double>(i); }
  int64_t AsInt() const { return is_float() ? static_cast<int64_t>(f) : i; }
  static Scalar Int(int64_t v, DataType dt = DataType::INDEX) {
    return {dt, WrapToDType(dt, v), 0};
  }
  static Scalar Float(double v, DataType dt = DataType::FP32) {
    return {dt, 0, static_cast<double>(RoundToDType(dt, static_cast<float>(v)))};
  }
  static Scalar Bool(bool b) { return {DataType::BOOL, b ? 1 : 0, 0}; }
};

// The elements of a buffer: a contiguous array shared copy-on-write. Copying a Storage (and hence
// a Buffer, a tile, a tensor) shares the array; the first write through a non-const accessor of a
// shared array gives the writer its own copy (Detach), so no holder ever sees another's writes.
// A load of a whole tensor and a store of a whole tile therefore move no elements until one side
// is written (docs/simulator.md, "Storage is shared until written").
//
// The array's bytes are charged to the process-wide live count (LiveBufferBytes) once, by the
// array itself, however many buffers share it; its storage goes back to the per-thread pool
// (StoragePoolStats) when the last holder lets go.
template <typename T>
class Storage {
 public:
  struct Block;  // the shared array (value.cpp)

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  size_t capacity() const;
  // Whether another Storage shares this array (a write would copy it first).
  bool shared() const { return p_ && p_.use_count() > 1; }
  bool SharesWith(const Storage& o) const { return p_ && p_ == o.p_; }

  const T* data() const { return base_; }
  const T& operator[](size_t k) const { return base_[k]; }
  const T* begin() const { return base_; }
  const T* end() const { return base_ + size_; }
  // Non-const access is write access: a shared array is copied first.
  T* data() { return Mut(); }
  T& operator[](size_t k) { return Mut()[k]; }
  T* begin() { return Mut(); }
  T* end() { return Mut() + size_; }

  // Replaces the contents (a fresh array).
  Storage& operator=(std::initializer_list<T> values);
  // Sizes the array to `n` elements whose values are unspecified (stale storage of a recycled
  // array): reuses this array when no one shares it and it fits, else takes one from the pool.
  void Allocate(size_t n);
  // Lets go of the array.
  void Release();
  // Makes this storage the `n` elements of `src` from `offset` on: shared with `src`, copied on the
  // first write like any shared array (a load of a contiguous band of a tensor).
  void ShareRange(const Storage& src, size_t offset, size_t n);

 private:
  T* Mut() {
    if (p_.use_count() > 1) Detach();
    return base_;
  }
  void Detach();
  std::shared_ptr<Block> p_;
  T* base_ = nullptr;  // the first element (in p_'s array, at an offset for a range), cached
  size_t size_ = 0;
};
extern template class Storage<float>;
extern template class Storage<int64_t>;

// What a freshly sized buffer holds. `Unspecified` is for an op that itself writes every element
// of the box (and then poisons what lies outside the valid extent): its storage may be a recycled
// buffer still holding an earlier tile's values, so skipping the fill is only sound when nothing
// is read before it is written.
enum class BufferInit : uint8_t { Poison, Zero, Unspecified };

// A dense row-major buffer in one of the two storages. Copies share the elements (Storage).
//
// Large storage is recycled: a released array hands its vector to a per-thread pool and the
// next buffer of a similar size takes it (StoragePoolStats), which spares the allocation, the
// page faults of fresh memory and, with BufferInit::Unspecified, the fill.
struct Buffer {
  StorageKind kind = StorageKind::F32;
  Storage<float> f;
  Storage<int64_t> i;

  size_t size() const { return kind == StorageKind::F32 ? f.size() : i.size(); }
  // Whether another buffer shares this one's elements.
  bool shared() const { return kind == StorageKind::F32 ? f.shared() : i.shared(); }
  void Resize(StorageKind k, size_t n, bool poison);
  // Sizes the buffer to `n` elements of storage `k`, drawing on the pool.
  void Allocate(StorageKind k, size_t n, BufferInit fill);
  bool IsPoison(size_t idx) const {
    return kind == StorageKind::F32 ? IsPoisonF32(f[idx]) : IsPoisonI64(i[idx]);
  }
  void SetPoison(size_t idx) {
    if (kind == StorageKind::F32)
      f[idx] = PoisonF32();
    else
      i[idx] = kPoisonI64;
  }
  // The element's bit pattern widened to 64 bits, for bitwise comparison.
  uint64_t Bits(size_t idx) const;
};

// Bytes of storage held by every live array of the process, each shared array once (the simulator's
// memory budget compares against it before sizing a new tile).
int64_t LiveBufferBytes();

// The calling thread's storage pool: buffers handed back, and allocations served from it.
struct StoragePoolStats {
  uint64_t returned = 0;
  uint64_t reused = 0;
  size_t held_bytes = 0;
};
StoragePoolStats GetStoragePoolStats();
// Frees every buffer the calling thread's pool holds.
void DrainStoragePool();

int64_t NumElements(const std::vector<int64_t>& shape);
// Row-major strides of `shape` in elements.
std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& shape);

// Who wrote a GM element: used to name the lane in a mismatch report.
enum class Writer : int8_t { None = -1, Reference = 0, AIC = 1, AIV0 = 2, AIV1 = 3 };
std::string WriterName(Writer w);

// A tensor in global memory. Shared by every core of a group, so it is held by pointer and
// updated in place by stores.
struct TensorValue {
  std::string name;  // the parameter it was bound to, for reports
  DataType dtype = DataType::FP32;
  std::vector<int64_t> shape;
  Buffer data;
  std::vector<Writer> writer;  // per element, the last store's core
};
using TensorPtr = std::shared_ptr<TensorValue>;
TensorPtr MakeTensor(std::string name, DataType dt, std::vector<int64_t> shape, bool poison);

// A tile: box (physical shape), dtype, memory space, runtime valid extent per axis and data.
struct TileValue {
  DataType dtype = DataType::FP32;
  MemorySpace mem = MemorySpace::Vec;
  std::vector<int64_t> shape;
  std::vector<int64_t> valid;
  Buffer data;
  // Set on a tile popped from a cross-core pipe: which pipe and slot it occupies, for tfree.
  int pipe_id = -1;
  int64_t slot_seq = -1;

  int64_t numel() const { return static_cast<int64_t>(data.size()); }
  bool InValid(const std::vector<int64_t>& idx) const;
};
using TilePtr = std::shared_ptr<const TileValue>;
using MutTilePtr = std::shared_ptr<TileValue>;

// A tile of the given geometry whose every element is poison.
MutTilePtr MakePoisonTile(DataType dt, MemorySpace mem, std::vector<int64_t> shape,
                          std::vector<int64_t> valid);
// A tile of the given geometry whose elements are initialised as `fill` says.
MutTilePtr MakeTile(DataType dt, MemorySpace mem, std::vector<int64_t> shape,
                    std::vector<int64_t> valid, BufferInit fill);
// Overwrites every element outside the valid extent with poison.
void PoisonOutsideValid(TileValue& t);

struct Value;
using TupleValue = std::vector<Value>;

struct Value {
  std::variant<std::monostate, Scalar, TensorPtr, TilePtr, std::shared_ptr<const TupleValue>> v;

  Value() = default;
  Value(Scalar s) : v(s) {}                          // NOLINT
  Value(TensorPtr t) : v(std::move(t)) {}            // NOLINT
  Value(TilePtr t) : v(std::move(t)) {}              // NOLINT
  Value(MutTilePtr t) : v(TilePtr(std::move(t))) {}  // NOLINT
  static Value Tuple(TupleValue elements) {
    Value r;
    r.v = std::make_shared<const TupleValue>(std::move(elements));
    return r;
  }
  bool empty() const { return std::holds_alternative<std::monostate>(v); }
  const Scalar* scalar() const { return std::get_if<Scalar>(&v); }
  const TensorPtr* tensor() const { return std::get_if<TensorPtr>(&v); }
  const TilePtr* tile() const { return std::get_if<TilePtr>(&v); }
  const TupleValue* tuple() const {
    auto p = std::get_if<std::shared_ptr<const TupleValue>>(&v);
    return p ? p->get() : nullptr;
  }
};

// "1.5", "-3", "poison": one element for reports.
std::string FormatElement(const Buffer& b, size_t idx, DataType dt);

}  // namespace tilesplit::sim
