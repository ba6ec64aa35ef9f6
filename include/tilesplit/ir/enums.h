// The enumerations of the IR and their DSL spellings (dsl.md section 12).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tilesplit::ir {

enum class DataType : uint8_t {
  BOOL = 0x00,
  INT4 = 0x10,
  INT8 = 0x11,
  INT16 = 0x12,
  INT32 = 0x13,
  INT64 = 0x14,
  INDEX = 0x15,
  UINT4 = 0x20,
  UINT8 = 0x21,
  UINT16 = 0x22,
  UINT32 = 0x23,
  UINT64 = 0x24,
  FP4 = 0x30,
  FP8E4M3FN = 0x31,
  FP8E5M2 = 0x32,
  FP16 = 0x33,
  FP32 = 0x34,
  FP8E8M0 = 0x36,
  BF16 = 0x40,
  HF4 = 0x41,
  HF8 = 0x42,
  // The id of a launched task (pl.submit's last result, docs/task-model.md): a handle that only
  // deps= reads; neither an integer nor a float, so no arithmetic takes it.
  TASK_ID = 0x50,
};

int DataTypeBits(DataType dt);
bool IsFloat(DataType dt);
bool IsInteger(DataType dt);  // signed or unsigned integers and INDEX; not BOOL
bool IsSigned(DataType dt);
std::string_view DataTypeName(DataType dt);  // "FP32"
std::optional<DataType> DataTypeFromName(std::string_view name);

enum class MemorySpace : uint8_t {
  DDR = 0,
  Vec = 1,
  Mat = 2,
  Left = 3,
  Right = 4,
  Acc = 5,
  Bias = 6,
  ScalarLocal = 7,
  LeftScale = 8,
  RightScale = 9,
};
std::string_view MemorySpaceName(MemorySpace m);
std::optional<MemorySpace> MemorySpaceFromName(std::string_view name);
// Every space but DDR and Vec belongs to the cube side (ops.md 4.2).
inline bool IsCubeMemorySpace(MemorySpace m) {
  return m != MemorySpace::DDR && m != MemorySpace::Vec;
}

enum class SplitMode : uint8_t { None = 0, UpDown = 1, LeftRight = 2 };
std::string_view SplitModeName(SplitMode m);  // "NONE", "UP_DOWN", "LEFT_RIGHT"
std::optional<SplitMode> SplitModeFromName(std::string_view name);

enum class FunctionType : uint8_t {
  Opaque = 0,
  Orchestration = 1,
  InCore = 2,
  AIC = 3,
  AIV = 4,
  Group = 5,
  // Spliced into every call site by inline-functions; leaves no function behind.
  Inline = 6,
  // A host-side task graph (PyPTO's Graph): like an Orchestration function it calls kernels and
  // holds pl.at scopes and pl.spmd launches, and outlining keeps its type.
  Graph = 7
};
std::string_view FunctionTypeName(FunctionType t);
// The host-side functions: Opaque, Orchestration and Graph. They hold pl.at scopes and pl.spmd
// launches, which outline-incore-scopes lifts out of them, and call kernels.
inline bool IsHostFunction(FunctionType t) {
  return t == FunctionType::Opaque || t == FunctionType::Orchestration || t == FunctionType::Graph;
}
std::optional<FunctionType> FunctionTypeFromName(std::string_view name);

enum class Level : uint8_t {
  AIV = 0,
  AIC = 1,
  CORE_GROUP = 2,
  CHIP_DIE = 3,
  CHIP = 4,
  HOST = 5,
  CLUSTER_0 = 6,
  CLUSTER_1 = 7,
  CLUSTER_2 = 8,
  GLOBAL = 9,
};
std::string_view LevelName(Level l);
std::optional<Level> LevelFromName(std::string_view name);  // also the input aliases

enum class Role : uint8_t { Orchestrator = 0, SubWorker = 1 };
std::string_view RoleName(Role r);
std::optional<Role> RoleFromName(std::string_view name);

enum class ParamDirection : uint8_t { In = 0, Out = 1, InOut = 2 };

enum class ForKind : uint8_t { Range = 0, Parallel = 1, Unroll = 2, Pipeline = 3 };
std::string_view ForKindName(ForKind k);  // "range", ...
std::optional<ForKind> ForKindFromName(std::string_view name);

enum class TileLayout : uint8_t { none_box = 0, row_major = 1, col_major = 2 };
std::string_view TileLayoutName(TileLayout l);
std::optional<TileLayout> TileLayoutFromName(std::string_view name);

enum class TensorLayout : uint8_t { ND = 0, DN = 1, NZ = 2 };
std::string_view TensorLayoutName(TensorLayout l);
std::optional<TensorLayout> TensorLayoutFromName(std::string_view name);

enum class PadValue : uint8_t { null = 0, zero = 1, max = 2, min = 3 };
std::string_view PadValueName(PadValue p);
std::optional<PadValue> PadValueFromName(std::string_view name);

enum class CompactMode : uint8_t { null = 0, normal = 1 };
std::string_view CompactModeName(CompactMode c);
std::optional<CompactMode> CompactModeFromName(std::string_view name);

}  // namespace tilesplit::ir
