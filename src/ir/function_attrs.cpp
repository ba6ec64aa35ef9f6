#include "tilesplit/ir/function_attrs.h"

#include <variant>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::ir {
namespace {

template <typename T>
constexpr std::string_view TypeName();
template <>
constexpr std::string_view TypeName<SplitMode>() {
  return "SplitMode";
}
template <>
constexpr std::string_view TypeName<bool>() {
  return "bool";
}
template <>
constexpr std::string_view TypeName<int64_t>() {
  return "int64_t";
}
template <>
constexpr std::string_view TypeName<std::string>() {
  return "std::string";
}
template <>
constexpr std::string_view TypeName<AttrValue>() {
  return "any";
}

// Whether `v` holds the alternative the table names (an int reads as a split mode's code).
bool HoldsType(std::string_view type, const AttrValue& v) {
  if (type == "any") return true;
  if (type == "SplitMode") return std::holds_alternative<SplitMode>(v);
  if (type == "bool") return std::holds_alternative<bool>(v);
  if (type == "int64_t") return std::holds_alternative<int64_t>(v);
  return std::holds_alternative<std::string>(v);
}

std::string_view Spoken(std::string_view type) {
  if (type == "SplitMode") return "a pl.SplitMode";
  if (type == "bool") return "True or False";
  if (type == "int64_t") return "an integer";
  return "a string";
}

}  // namespace

const std::vector<FunctionAttrInfo>& FunctionAttrs() {
  static const std::vector<FunctionAttrInfo> table = {
#define TILESPLIT_FUNCTION_ATTR(ID, KEY, TYPE, LEAST, AUTHORED, DOC) \
  {KEY, TypeName<TYPE>(), LEAST, AUTHORED, DOC},
#include "tilesplit/ir/function_attrs.def"
#undef TILESPLIT_FUNCTION_ATTR
  };
  return table;
}

const FunctionAttrInfo* FindFunctionAttr(std::string_view key) {
  for (const FunctionAttrInfo& a : FunctionAttrs())
    if (a.key == key) return &a;
  return nullptr;
}

std::string CheckFunctionAttr(std::string_view key, const AttrValue& value) {
  const FunctionAttrInfo* a = FindFunctionAttr(key);
  if (!a) return "unknown function attribute \"" + std::string(key) + "\"";
  if (!HoldsType(a->type, value))
    return "attr \"" + std::string(key) + "\" must be " + std::string(Spoken(a->type)) + ", got " +
           AttrValueToString(value);
  if (a->least >= 0 && std::get<int64_t>(value) < a->least)
    return "attr \"" + std::string(key) + "\" must be an integer of at least " +
           std::to_string(a->least) + ", got " + AttrValueToString(value);
  return "";
}

void RequireValidFunctionAttrs(const Function& f, std::string_view who) {
  for (const auto& [key, value] : f.attrs) {
    const FunctionAttrInfo* a = FindFunctionAttr(key);
    if (!a) continue;
    if (std::string why = CheckFunctionAttr(key, value); !why.empty())
      ThrowUser(f.span, std::string(who) + ": " + why + " (function '" + f.name + "')",
                {{Span{}, "give \"" + key + "\" a value of its kind: " + std::string(a->doc)}});
  }
}

}  // namespace tilesplit::ir
