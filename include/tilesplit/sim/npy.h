// .npy files (numpy format version 1.0, little-endian, C order) for `tilesplit run`.
#pragma once

#include <string>

#include "tilesplit/runtime/value.h"

namespace tilesplit::sim {

// The descriptor a tensor of `dt` is written with: '<f4', '<f2', '<i4', '|b1', ...
// BF16 and the narrow float formats have no numpy dtype; they are written as '<f4' (exactly).
std::string NpyDescr(DataType dt);

// Serialises `t` (its data only) into .npy bytes.
std::string EncodeNpy(const TensorValue& t);
// Writes `t` to `path`; a failure is a UserError naming the path.
void WriteNpy(const std::string& path, const TensorValue& t);

// Reads `path` into a tensor of dtype `dt` and shape `shape` (the parameter's): the file's shape
// must match and its dtype must convert (any numeric descriptor is accepted; values are rounded
// to `dt`; C or Fortran order). Errors are UserErrors naming the file and what was expected.
TensorPtr ReadNpy(const std::string& path, const std::string& name, DataType dt,
                  const std::vector<int64_t>& shape);
// Decodes .npy bytes (`what` names the source in errors).
TensorPtr DecodeNpy(const std::string& bytes, const std::string& what, const std::string& name,
                    DataType dt, const std::vector<int64_t>& shape);

}  // namespace tilesplit::sim
