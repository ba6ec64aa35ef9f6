// Literal values used as op kwargs and function attributes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "tilesplit/ir/enums.h"

namespace tilesplit::ir {

// The variant alternative records the literal's kind, so `split=1` (int) and
// `split=pl.SplitMode.UP_DOWN` (enum) stay distinguishable where that matters.
using AttrValue = std::variant<int64_t, bool, double, std::string, DataType, MemorySpace, SplitMode,
                               TileLayout, PadValue, TensorLayout>;

// An ordered list of (key, value). Kwargs keep the op's declared order; function attrs are kept
// sorted by key. Equality treats both as unordered maps.
using AttrMap = std::vector<std::pair<std::string, AttrValue>>;

inline const AttrValue* FindAttr(const AttrMap& m, std::string_view key) {
  for (const auto& [k, v] : m)
    if (k == key) return &v;
  return nullptr;
}

template <typename T>
std::optional<T> GetAttr(const AttrMap& m, std::string_view key) {
  const AttrValue* v = FindAttr(m, key);
  if (!v) return std::nullopt;
  if (const T* p = std::get_if<T>(v)) return *p;
  return std::nullopt;
}

// Integer view of an int-kinded value; SplitMode attrs read as their integer code.
std::optional<int64_t> AttrAsInt(const AttrValue& v);
// Sets or replaces `key`, keeping `m` sorted by key.
void SetSortedAttr(AttrMap& m, std::string key, AttrValue value);
void EraseAttr(AttrMap& m, std::string_view key);
bool AttrValueEqual(const AttrValue& a, const AttrValue& b);

}  // namespace tilesplit::ir
