// Runtime values: dtype rounding, poison, buffers, tensors and tiles.
#include "tilesplit/runtime/value.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <sstream>
#include <type_traits>

#include "tilesplit/ir/error.h"

namespace tilesplit::sim {

namespace {

// Rounds to `mant` explicit mantissa bits with RNE, keeping FP32's exponent range. Used for
// BF16 (mant = 7), whose exponent range equals FP32's.
float RoundMantissa(float v, int mant) {
  uint32_t b = std::bit_cast<uint32_t>(v);
  if ((b & 0x7F800000u) == 0x7F800000u) return v;  // inf / NaN untouched
  const int drop = 23 - mant;
  const uint32_t half = 1u << (drop - 1);
  const uint32_t lsb = (b >> drop) & 1u;
  b += half - 1 + lsb;
  b &= ~((1u << drop) - 1);
  return std::bit_cast<float>(b);
}

// Generic IEEE-like rounding to a format with `mant` mantissa bits and exponent bias `bias`,
// largest finite value `max_finite`; overflow goes to inf when the format has one, else
// saturates. Subnormals are rounded on the format's fixed grid.
float RoundSmallFloat(float v, int mant, int bias, float max_finite, bool has_inf) {
  if (std::isnan(v)) return v;
  if (std::isinf(v)) return has_inf ? v : std::copysign(max_finite, v);
  float a = std::fabs(v);
  if (a == 0) return v;
  int e;
  std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  int exp = e - 1;    // a = 1.x * 2^exp
  const int min_exp = 1 - bias;
  if (exp < min_exp) exp = min_exp;  // subnormal grid
  const float quantum = std::ldexp(1.0f, exp - mant);
  float q = std::nearbyint(a / quantum) * quantum;  // default rounding mode is RNE
  if (q > max_finite) {
    // Values that round past the largest finite value overflow.
    q = has_inf ? INFINITY : max_finite;
  }
  return std::copysign(q, v);
}

}  // namespace

StorageKind StorageOf(DataType dt) {
  return ir::IsFloat(dt) ? StorageKind::F32 : StorageKind::I64;
}

float RoundToDType(DataType dt, float v) {
  switch (dt) {
    case DataType::FP32:
      return v;
    case DataType::BF16:
      return RoundMantissa(v, 7);
    case DataType::FP16:
      return RoundSmallFloat(v, 10, 15, 65504.0f, true);
    case DataType::FP8E4M3FN:
      return RoundSmallFloat(v, 3, 7, 448.0f, false);
    case DataType::FP8E5M2:
      return RoundSmallFloat(v, 2, 15, 57344.0f, true);
    case DataType::FP8E8M0: {
      if (std::isnan(v) || v <= 0) return v;
      int e;
      std::frexp(v, &e);
      return std::ldexp(1.0f, e - 1);  // powers of two only
    }
    case DataType::FP4:
    case DataType::HF4:
      return RoundSmallFloat(v, 1, 1, 6.0f, false);
    case DataType::HF8:
      return RoundSmallFloat(v, 3, 7, 448.0f, false);
    default:
      return v;
  }
}

int64_t WrapToDType(DataType dt, int64_t v) {
  if (dt == DataType::BOOL) return v != 0 ? 1 : 0;
  const int bits = ir::DataTypeBits(dt);
  if (bits <= 0 || bits >= 64) return v;
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  uint64_t u = static_cast<uint64_t>(v) & mask;
  if (ir::IsSigned(dt) && (u >> (bits - 1)) & 1u) u |= ~mask;
  return static_cast<int64_t>(u);
}

float PoisonF32() {
  return std::bit_cast<float>(kPoisonF32Bits);
}

bool IsPoisonF32(float v) {
  const uint32_t b = std::bit_cast<uint32_t>(v);
  return (b & 0x7F800000u) == 0x7F800000u &&
         (b & kPoisonPayloadMask) == (kPoisonF32Bits & kPoisonPayloadMask);
}

namespace {

// Per-thread recycling of large buffer storage. A kernel on 256 x 256 tiles allocates a fresh
// 256 KiB result per op; taking the storage of a dead tile instead avoids fresh pages (and their
// faults) and lets an op that overwrites every element skip the fill. Buffers below kMinBytes are
// left to the allocator, which serves them faster than a search. The pool is bounded so that a
// large run does not pin its peak memory; per thread, so it needs no lock (the core-group
// executor's cores each recycle what they free).
class StoragePool {
 public:
  static constexpr size_t kMinBytes = 16 * 1024;
  static constexpr size_t kMaxBytes = 32u << 20;
  static constexpr size_t kMaxEntries = 32;

  template <typename T>
  void Put(std::vector<T>& v) {
    const size_t bytes = v.capacity() * sizeof(T);
    if (bytes < kMinBytes || bytes > kMaxBytes) return;
    // Over the bounds, the oldest buffers of this storage go first: a run whose sizes change
    // does not keep serving from sizes it no longer uses.
    auto& list = List<T>();
    while (!list.empty() && (f_.size() + i_.size() >= kMaxEntries || held_ + bytes > kMaxBytes)) {
      held_ -= list.front().capacity() * sizeof(T);
      list.erase(list.begin());
    }
    if (f_.size() + i_.size() >= kMaxEntries || held_ + bytes > kMaxBytes) return;
    held_ += bytes;
    ++stats_.returned;
    list.push_back(std::move(v));
    v = std::vector<T>();
  }

  // Storage of at least `n` elements (and at most twice that, so a small buffer does not take
  // a huge one) whose first min(old size, n) elements are stale; empty when none fits.
  template <typename T>
  std::vector<T> Take(size_t n) {
    auto& list = List<T>();
    if (n * sizeof(T) < kMinBytes) return {};
    size_t best = list.size();
    for (size_t k = 0; k < list.size(); ++k) {
      const size_t cap = list[k].capacity();
      // Of equal sizes the one returned last: its memory is the likeliest still in the cache.
      if (cap >= n && cap / 2 <= n && (best == list.size() || cap <= list[best].capacity()))
        best = k;
    }
    if (best == list.size()) return {};
    std::vector<T> v = std::move(list[best]);
    list.erase(list.begin() + static_cast<std::ptrdiff_t>(best));
    held_ -= v.capacity() * sizeof(T);
    ++stats_.reused;
    return v;
  }

  StoragePoolStats Stats() const {
    StoragePoolStats s = stats_;
    s.held_bytes = held_;
    return s;
  }
  void Drain() {
    f_.clear();
    i_.clear();
    held_ = 0;
  }

 private:
  template <typename T>
  std::vector<std::vector<T>>& List() {
    if constexpr (std::is_same_v<T, float>)
      return f_;
    else
      return i_;
  }

  std::vector<std::vector<float>> f_;
  std::vector<std::vector<int64_t>> i_;
  size_t held_ = 0;
  StoragePoolStats stats_;
};

// Buffers can die during thread exit, after the pool itself (a thread_local destroyed earlier, a
// static Value at program exit). The pointer is trivially destructible, so it can be tested at
// any time; the owner clears it when the pool goes.
thread_local StoragePool* t_pool = nullptr;

struct PoolOwner {
  StoragePool pool;
  PoolOwner() { t_pool = &pool; }
  ~PoolOwner() { t_pool = nullptr; }
};

StoragePool* Pool() {
  thread_local PoolOwner owner;
  return t_pool;
}

// Storage held by live arrays, process-wide (cores are threads).
std::atomic<int64_t> g_live_bytes{0};

}  // namespace

int64_t LiveBufferBytes() {
  return g_live_bytes.load(std::memory_order_relaxed);
}

// The shared array: its vector and the bytes it charged to the live count.
template <typename T>
struct Storage<T>::Block {
  std::vector<T> v;
  int64_t charged = 0;

  Block() = default;
  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;
  // Brings the live count up to the vector's current capacity.
  void Account() {
    const int64_t now = static_cast<int64_t>(v.capacity() * sizeof(T));
    g_live_bytes.fetch_add(now - charged, std::memory_order_relaxed);
    charged = now;
  }
  ~Block() {
    g_live_bytes.fetch_sub(charged, std::memory_order_relaxed);
    if (t_pool) t_pool->Put(v);
  }
};

namespace {

// A fresh array of `n` elements, from the pool when one fits; the values are stale.
template <typename T>
std::shared_ptr<typename Storage<T>::Block> NewBlock(size_t n) {
  auto b = std::make_shared<typename Storage<T>::Block>();
  if (StoragePool* pool = Pool()) b->v = pool->template Take<T>(n);
  b->v.resize(n);  // value-initialises only elements past the stale ones
  b->Account();
  return b;
}

}  // namespace

template <typename T>
size_t Storage<T>::capacity() const {
  return p_ ? p_->v.capacity() : 0;
}

template <typename T>
void Storage<T>::Detach() {
  auto b = NewBlock<T>(size_);
  std::copy_n(base_, size_, b->v.data());
  p_ = std::move(b);
  base_ = p_->v.data();
}

template <typename T>
void Storage<T>::Allocate(size_t n) {
  const bool fits = p_ && p_.use_count() == 1 && p_->v.capacity() >= n && p_->v.capacity() / 2 <= n;
  if (fits) {
    p_->v.resize(n);
    p_->Account();
  } else {
    p_.reset();  // back to the pool first: it may be the array that fits
    p_ = NewBlock<T>(n);
  }
  base_ = p_->v.data();
  size_ = n;
}

template <typename T>
void Storage<T>::ShareRange(const Storage& src, size_t offset, size_t n) {
  if (!src.p_ || offset + n > src.size_) ir::ThrowInternal({}, "Storage::ShareRange out of range");
  p_ = src.p_;
  base_ = src.base_ + offset;
  size_ = n;
}

template <typename T>
void Storage<T>::Release() {
  p_.reset();
  base_ = nullptr;
  size_ = 0;
}

template <typename T>
Storage<T>& Storage<T>::operator=(std::initializer_list<T> values) {
  Release();
  Allocate(values.size());
  std::copy(values.begin(), values.end(), base_);
  return *this;
}

template class Storage<float>;
template class Storage<int64_t>;

void Buffer::Allocate(StorageKind k, size_t n, BufferInit fill) {
  kind = k;
  if (k == StorageKind::F32) {
    i.Release();
    f.Allocate(n);
    if (fill != BufferInit::Unspecified)
      std::fill_n(f.data(), n, fill == BufferInit::Poison ? PoisonF32() : 0.0f);
  } else {
    f.Release();
    i.Allocate(n);
    if (fill != BufferInit::Unspecified)
      std::fill_n(i.data(), n, fill == BufferInit::Poison ? kPoisonI64 : 0);
  }
}

void Buffer::Resize(StorageKind k, size_t n, bool poison) {
  Allocate(k, n, poison ? BufferInit::Poison : BufferInit::Zero);
}

StoragePoolStats GetStoragePoolStats() {
  StoragePool* pool = Pool();
  return pool ? pool->Stats() : StoragePoolStats();
}

void DrainStoragePool() {
  if (StoragePool* pool = Pool()) pool->Drain();
}

uint64_t Buffer::Bits(size_t idx) const {
  if (kind == StorageKind::F32) return std::bit_cast<uint32_t>(f[idx]);
  return static_cast<uint64_t>(i[idx]);
}

int64_t NumElements(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) s[d - 1] = s[d] * shape[d];
  return s;
}

std::string WriterName(Writer w) {
  switch (w) {
    case Writer::None:
      return "no core";
    case Writer::Reference:
      return "the reference";
    case Writer::AIC:
      return "AIC";
    case Writer::AIV0:
      return "AIV lane 0";
    case Writer::AIV1:
      return "AIV lane 1";
  }
  return "?";
}

TensorPtr MakeTensor(std::string name, DataType dt, std::vector<int64_t> shape, bool poison) {
  auto t = std::make_shared<TensorValue>();
  t->name = std::move(name);
  t->dtype = dt;
  t->shape = std::move(shape);
  const size_t n = static_cast<size_t>(NumElements(t->shape));
  t->data.Resize(StorageOf(dt), n, poison);
  t->writer.assign(n, Writer::None);
  return t;
}

bool TileValue::InValid(const std::vector<int64_t>& idx) const {
  for (size_t d = 0; d < idx.size(); ++d)
    if (idx[d] >= valid[d]) return false;
  return true;
}

MutTilePtr MakeTile(DataType dt, MemorySpace mem, std::vector<int64_t> shape,
                    std::vector<int64_t> valid, BufferInit fill) {
  auto t = std::make_shared<TileValue>();
  t->dtype = dt;
  t->mem = mem;
  t->shape = std::move(shape);
  t->valid = std::move(valid);
  t->data.Allocate(StorageOf(dt), static_cast<size_t>(NumElements(t->shape)), fill);
  return t;
}

MutTilePtr MakePoisonTile(DataType dt, MemorySpace mem, std::vector<int64_t> shape,
                          std::vector<int64_t> valid) {
  return MakeTile(dt, mem, std::move(shape), std::move(valid), BufferInit::Poison);
}

void PoisonOutsideValid(TileValue& t) {
  const size_t rank = t.shape.size();
  bool full = true;
  for (size_t d = 0; d < rank; ++d) full = full && t.valid[d] >= t.shape[d];
  if (full || t.data.size() == 0) return;
  // Walk the box with an odometer; only the last axis is a contiguous run.
  const int64_t last = rank ? t.shape[rank - 1] : 1;
  const int64_t vlast = rank ? std::max<int64_t>(0, std::min(t.valid[rank - 1], last)) : 1;
  std::vector<int64_t> idx(rank, 0);
  const int64_t rows = last ? t.numel() / last : 0;
  for (int64_t r = 0; r < rows; ++r) {
    bool row_valid = true;
    for (size_t d = 0; d + 1 < rank; ++d) row_valid = row_valid && idx[d] < t.valid[d];
    const size_t base = static_cast<size_t>(r * last);
    for (int64_t c = row_valid ? vlast : 0; c < last; ++c) t.data.SetPoison(base + c);
    for (size_t d = rank - 1; d-- > 0;) {
      if (++idx[d] < t.shape[d]) break;
      idx[d] = 0;
    }
  }
}

std::string FormatElement(const Buffer& b, size_t idx, DataType dt) {
  if (b.IsPoison(idx)) return "poison (undefined)";
  std::ostringstream os;
  if (b.kind == StorageKind::F32) {
    os.precision(9);
    os << b.f[idx];
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08x", static_cast<unsigned>(b.Bits(idx)));
    os << " (" << hex << ")";
  } else {
    os << b.i[idx];
  }
  return os.str();
}

}  // namespace tilesplit::sim
