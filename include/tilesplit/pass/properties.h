// The catalogue of pass properties: every property a pass may require, produce or invalidate,
// what it means, and whether a verifier checks it. Passes still name properties by their spec
// names (pass.h); this table is what makes a name a known property, and a unit test holds every
// registered pass to it (PassProperties.*): an unknown name, a property without a verifier and
// without a reason, or a reason on a verified property fails.
#pragma once

#include <string_view>
#include <vector>

namespace tilesplit::pass {

struct PropertyInfo {
  std::string_view name;     // the spec's name, as passes spell it
  std::string_view meaning;  // what holds of a program that has it
  // Empty when a verifier is registered (TILESPLIT_REGISTER_VERIFIER); otherwise why none is.
  std::string_view unverified_because;
};

// Every known property, in pipeline order.
const std::vector<PropertyInfo>& KnownProperties();
const PropertyInfo* FindProperty(std::string_view name);

}  // namespace tilesplit::pass
