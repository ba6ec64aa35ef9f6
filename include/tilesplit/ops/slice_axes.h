// The two index spaces of a dropping tile.slice (ops.md 2.4 "Axis maps"): the pre-drop axes that
// shape/offset/valid_shape are indexed by, and the axes of the result after drop_dims removed some
// and unit axes were prepended to reach rank 2.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "tilesplit/ir/expr.h"

namespace tilesplit::ops {

struct SliceAxes {
  std::vector<size_t> surviving;  // pre-drop axes not dropped, ascending
  size_t prepended = 0;           // synthetic unit axes in front of the result (k)

  // Result axis r -> pre-drop axis; nullopt for a synthetic axis.
  std::optional<size_t> PreDropAxis(size_t r) const {
    if (r < prepended) return std::nullopt;
    size_t j = r - prepended;
    if (j >= surviving.size()) return std::nullopt;
    return surviving[j];
  }
  // Pre-drop axis a -> result axis; nullopt when a was dropped.
  std::optional<size_t> ResultAxis(size_t a) const {
    for (size_t j = 0; j < surviving.size(); ++j)
      if (surviving[j] == a) return j + prepended;
    return std::nullopt;
  }
};

// The axis maps of a slice of pre-drop rank `rank` dropping `drop_dims` (static, in range).
SliceAxes MakeSliceAxes(size_t rank, const std::vector<int64_t>& drop_dims);
// The same for a tile.slice call; a call without drop_dims maps every axis to itself (plus the
// rank-2 clamp of a rank-1 slice).
SliceAxes SliceAxesOf(const ir::Call& slice);

}  // namespace tilesplit::ops
