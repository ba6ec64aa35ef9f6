// Pass properties as an enum: every property a pass may require, produce or invalidate is a
// pass::Property, declared once in properties.def with its name, its meaning and, when no verifier
// checks it, why not. A misspelt property does not compile; the name is what is printed
// (diagnostics, instrumentation, Python's IRProperty, which the bindings take from this enum).
// A unit test holds the catalogue to its rules (PassProperties.*): a property without a verifier
// and without a reason, or a reason on a verified property, fails.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace tilesplit::pass {

enum class Property : uint8_t {
#define TILESPLIT_PROPERTY(NAME, MEANING, UNVERIFIED_BECAUSE) NAME,
#include "tilesplit/pass/properties.def"
#undef TILESPLIT_PROPERTY
};

struct PropertyInfo {
  Property property;
  std::string_view name;     // the spec's name, as printed
  std::string_view meaning;  // what holds of a program that has it
  // Empty when a verifier is registered (TILESPLIT_REGISTER_VERIFIER); otherwise why none is.
  std::string_view unverified_because;
};

// Every property, in declaration order (PyPTO's, then ours).
const std::vector<PropertyInfo>& KnownProperties();
const PropertyInfo& Info(Property p);
std::string_view PropertyName(Property p);
// The property of a printed name (Python and the command line name properties by their names).
std::optional<Property> PropertyByName(std::string_view name);

}  // namespace tilesplit::pass
