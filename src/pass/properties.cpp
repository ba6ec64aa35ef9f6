// The property catalogue (properties.h), built from the one list in properties.def.
#include "tilesplit/pass/properties.h"

namespace tilesplit::pass {

const std::vector<PropertyInfo>& KnownProperties() {
  static const std::vector<PropertyInfo> kProperties = {
#define TILESPLIT_PROPERTY(NAME, MEANING, UNVERIFIED_BECAUSE) \
  {Property::NAME, #NAME, MEANING, UNVERIFIED_BECAUSE},
#include "tilesplit/pass/properties.def"
#undef TILESPLIT_PROPERTY
  };
  return kProperties;
}

const PropertyInfo& Info(Property p) {
  // The enumerators are numbered in list order, so an enumerator is its entry's index.
  return KnownProperties()[static_cast<size_t>(p)];
}

std::string_view PropertyName(Property p) {
  return Info(p).name;
}

std::optional<Property> PropertyByName(std::string_view name) {
  for (const PropertyInfo& p : KnownProperties())
    if (p.name == name) return p.property;
  return std::nullopt;
}

}  // namespace tilesplit::pass
