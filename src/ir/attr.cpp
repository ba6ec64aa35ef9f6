#include "tilesplit/ir/attr.h"

#include <algorithm>

namespace tilesplit::ir {

std::optional<int64_t> AttrAsInt(const AttrValue& v) {
  if (const int64_t* i = std::get_if<int64_t>(&v)) return *i;
  if (const SplitMode* s = std::get_if<SplitMode>(&v)) return static_cast<int64_t>(*s);
  return std::nullopt;
}

void SetSortedAttr(AttrMap& m, std::string key, AttrValue value) {
  auto it = std::lower_bound(m.begin(), m.end(), key,
                             [](const auto& kv, const std::string& k) { return kv.first < k; });
  if (it != m.end() && it->first == key) {
    it->second = std::move(value);
  } else {
    m.insert(it, {std::move(key), std::move(value)});
  }
}

void EraseAttr(AttrMap& m, std::string_view key) {
  m.erase(std::remove_if(m.begin(), m.end(), [&](const auto& kv) { return kv.first == key; }),
          m.end());
}

bool AttrValueEqual(const AttrValue& a, const AttrValue& b) {
  if (a.index() != b.index()) return false;
  if (const double* x = std::get_if<double>(&a)) return *x == std::get<double>(b);
  return a == b;
}

}  // namespace tilesplit::ir
