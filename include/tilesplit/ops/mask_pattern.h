// The mask patterns of the vector unit's TGATHER / TSCATTER mask forms (pto-isa TSCATTER.md,
// "MaskPattern Enum"): which element of every group of `factor` a gather keeps (a scatter places
// the source there, zeros elsewhere). PyPTO's `mask_pattern=` codes them 1..7 in the table's
// order, P0101 first ("in range P0101 to P1111").
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace tilesplit::ops {

struct MaskPattern {
  int64_t factor;    // elements per group: 2, 4, or 1 for P1111
  int64_t position;  // the kept element within its group
  const char* name;  // "P0101", ...
};

// The pattern of `code`; none outside 1..7.
std::optional<MaskPattern> MaskPatternOf(int64_t code);
// "1 (P0101), 2 (P1010), ..., 7 (P1111)", for messages.
std::string MaskPatternCodes();

}  // namespace tilesplit::ops
