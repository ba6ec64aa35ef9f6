// Function attributes, declared once (function_attrs.def): a typed constant per attribute, read
// and written through it, so that a key is spelt in one place and a value always has its type;
// and the table the parser and the verifiers check attributes against.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tilesplit/ir/attr.h"

namespace tilesplit::ir {

// One declared attribute whose values are of type T.
template <typename T>
struct FunctionAttr {
  std::string_view key;
};

namespace fattr {
#define TILESPLIT_FUNCTION_ATTR(ID, KEY, TYPE, LEAST, AUTHORED, DOC) \
  inline constexpr FunctionAttr<TYPE> ID{KEY};
#include "tilesplit/ir/function_attrs.def"
#undef TILESPLIT_FUNCTION_ATTR
}  // namespace fattr

template <typename T>
std::optional<T> GetAttr(const AttrMap& m, FunctionAttr<T> a) {
  return GetAttr<T>(m, a.key);
}
template <typename T, typename V>
void SetAttr(AttrMap& m, FunctionAttr<T> a, V value) {
  SetSortedAttr(m, std::string(a.key), AttrValue(static_cast<T>(value)));
}
template <typename T>
void EraseAttr(AttrMap& m, FunctionAttr<T> a) {
  EraseAttr(m, a.key);
}

// What the table says of one attribute.
struct FunctionAttrInfo {
  std::string_view key;
  std::string_view type;  // "SplitMode", "bool", "int64_t", "std::string", "any"
  int64_t least;          // the least integer value; -1 when not an integer
  bool authored;          // an author may write it in attrs={...}
  std::string_view doc;
};
// Every declared attribute, in the order of the .def.
const std::vector<FunctionAttrInfo>& FunctionAttrs();
const FunctionAttrInfo* FindFunctionAttr(std::string_view key);
// What is wrong with `value` under `key` (empty: nothing): an undeclared key, a value of another
// type, or an integer below the least. The message names the key and the value.
std::string CheckFunctionAttr(std::string_view key, const AttrValue& value);

class Function;
// Every declared attribute of `f` held to the table (hand-built IR, from C++ or Python, can carry
// what the parser refuses): a UserError at the function, "WHO: ..." and a note saying what each
// attribute takes. Keys the table does not declare are not this check's.
void RequireValidFunctionAttrs(const Function& f, std::string_view who);

}  // namespace tilesplit::ir
