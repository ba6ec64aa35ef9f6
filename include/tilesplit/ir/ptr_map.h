// A map keyed by node address, with open addressing in one flat array.
//
// Walks over large functions keep per-variable facts (a clone's renaming, the printer's names,
// the split pass's tracked tiles) and touch the map once or twice per statement. A node-based
// map allocates an entry per insertion and follows two pointers per lookup, both cache misses
// once the function outgrows the caches; here an insertion allocates nothing (but on growth)
// and a lookup reads one slot, usually the one it hashes to.
//
// Values live in the slots, so a pointer returned by Find is invalidated by the next insertion
// that grows the table. There is no erase: the maps it serves only ever add or overwrite. Keys
// are never null (a null key marks an empty slot); Find(nullptr) finds nothing.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tilesplit::ir {

template <typename K, typename V>
class PtrMap {
 public:
  V* Find(const K* k) {
    if (slots_.empty() || k == nullptr) return nullptr;
    for (size_t i = Hash(k) & mask_;; i = (i + 1) & mask_) {
      if (slots_[i].key == k) return &slots_[i].value;
      if (!slots_[i].key) return nullptr;
    }
  }
  const V* Find(const K* k) const { return const_cast<PtrMap*>(this)->Find(k); }
  bool Contains(const K* k) const { return Find(k) != nullptr; }

  // Adds `k -> v` when `k` is absent and returns true; otherwise keeps the old value.
  bool Insert(const K* k, V v) {
    if (Find(k)) return false;
    Add(k, std::move(v));
    return true;
  }
  // Adds or overwrites; returns the stored value.
  V& InsertOrAssign(const K* k, V v) {
    if (V* old = Find(k)) return *old = std::move(v);
    return Add(k, std::move(v));
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Calls f(key, value) for every entry, in no particular order.
  template <typename F>
  void ForEach(F&& f) const {
    for (const Slot& s : slots_)
      if (s.key) f(s.key, s.value);
  }
  // Sizes the table for `n` entries without growing on the way.
  void Reserve(size_t n) {
    size_t want = 64;
    while (want < 2 * n) want *= 2;
    if (want > slots_.size()) Rehash(want);
  }

 private:
  struct Slot {
    const K* key = nullptr;
    V value{};
  };
  static size_t Hash(const K* k) {
    // Node addresses are 16-byte aligned and close together: drop the zero bits, then let a
    // multiplicative hash spread neighbours over the table.
    auto x = reinterpret_cast<uintptr_t>(k);
    return static_cast<size_t>((x >> 4) * 0x9E3779B97F4A7C15ull >> 16);
  }
  V& Add(const K* k, V v) {
    assert(k != nullptr);
    if ((size_ + 1) * 2 > slots_.size()) Rehash(slots_.empty() ? 64 : slots_.size() * 2);
    ++size_;
    return Place(k, std::move(v));
  }
  V& Place(const K* k, V v) {
    size_t i = Hash(k) & mask_;
    while (slots_[i].key) i = (i + 1) & mask_;
    slots_[i].key = k;
    slots_[i].value = std::move(v);
    return slots_[i].value;
  }
  void Rehash(size_t n) {
    std::vector<Slot> old = std::move(slots_);
    slots_.clear();
    slots_.resize(n);
    mask_ = n - 1;
    for (Slot& s : old)
      if (s.key) Place(s.key, std::move(s.value));
  }

  std::vector<Slot> slots_;
  size_t mask_ = 0;
  size_t size_ = 0;
};

// A set of node addresses on the same table: the facts a walk keeps per variable as membership
// (the lanes' differing values, lane-local tiles). Null is never a member.
template <typename K>
class PtrSet {
 public:
  // Adds `k`; false when it was a member already (or is null).
  bool insert(const K* k) { return k != nullptr && map_.Insert(k, true); }
  size_t count(const K* k) const { return map_.Contains(k) ? 1 : 0; }
  size_t size() const { return map_.size(); }
  bool empty() const { return map_.empty(); }

 private:
  PtrMap<K, bool> map_;
};

}  // namespace tilesplit::ir
