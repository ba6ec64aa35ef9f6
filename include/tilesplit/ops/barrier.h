// The cores a barrier (system.syncall) joins, and their one spelling as its core_type kwarg: the
// registry, the deducer, the semantics and the simulator's messages all read this table.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tilesplit::ops {

// The AIV lanes, the cube, or all of the group.
enum class BarrierCores : uint8_t { AIV, AIC, All };

inline constexpr BarrierCores kAllBarrierCores[] = {BarrierCores::AIV, BarrierCores::AIC,
                                                    BarrierCores::All};

constexpr std::string_view BarrierCoresName(BarrierCores who) {
  switch (who) {
    case BarrierCores::AIV:
      return "aiv_only";
    case BarrierCores::AIC:
      return "aic_only";
    case BarrierCores::All:
      break;
  }
  return "mix";
}

constexpr std::optional<BarrierCores> BarrierCoresByName(std::string_view name) {
  for (BarrierCores who : kAllBarrierCores)
    if (BarrierCoresName(who) == name) return who;
  return std::nullopt;
}

}  // namespace tilesplit::ops
