#include "tilesplit/ir/enums.h"

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "tilesplit/ir/suggest.h"

namespace tilesplit::ir {
namespace {

template <typename E, size_t N>
std::string_view NameOf(const std::array<std::pair<E, std::string_view>, N>& table, E v) {
  for (const auto& [e, n] : table)
    if (e == v) return n;
  return "?";
}

template <typename E, size_t N>
std::optional<E> FromName(const std::array<std::pair<E, std::string_view>, N>& table,
                          std::string_view name) {
  for (const auto& [e, n] : table)
    if (n == name) return e;
  return std::nullopt;
}

using DT = DataType;
constexpr std::array<std::pair<DT, std::string_view>, 22> kDataTypes{{
    {DT::BOOL, "BOOL"},       {DT::INT4, "INT4"},
    {DT::INT8, "INT8"},       {DT::INT16, "INT16"},
    {DT::INT32, "INT32"},     {DT::INT64, "INT64"},
    {DT::INDEX, "INDEX"},     {DT::UINT4, "UINT4"},
    {DT::UINT8, "UINT8"},     {DT::UINT16, "UINT16"},
    {DT::UINT32, "UINT32"},   {DT::UINT64, "UINT64"},
    {DT::FP4, "FP4"},         {DT::FP8E4M3FN, "FP8E4M3FN"},
    {DT::FP8E5M2, "FP8E5M2"}, {DT::FP16, "FP16"},
    {DT::FP32, "FP32"},       {DT::FP8E8M0, "FP8E8M0"},
    {DT::BF16, "BF16"},       {DT::HF4, "HF4"},
    {DT::HF8, "HF8"},         {DT::TASK_ID, "TASK_ID"},
}};

using MS = MemorySpace;
constexpr std::array<std::pair<MS, std::string_view>, 10> kMem{{
    {MS::DDR, "DDR"},
    {MS::Vec, "Vec"},
    {MS::Mat, "Mat"},
    {MS::Left, "Left"},
    {MS::Right, "Right"},
    {MS::Acc, "Acc"},
    {MS::Bias, "Bias"},
    {MS::ScalarLocal, "ScalarLocal"},
    {MS::LeftScale, "LeftScale"},
    {MS::RightScale, "RightScale"},
}};

constexpr std::array<std::pair<SplitMode, std::string_view>, 3> kSplit{{
    {SplitMode::None, "NONE"},
    {SplitMode::UpDown, "UP_DOWN"},
    {SplitMode::LeftRight, "LEFT_RIGHT"},
}};

using FT = FunctionType;
constexpr std::array<std::pair<FT, std::string_view>, 8> kFunc{{
    {FT::Opaque, "Opaque"},
    {FT::Orchestration, "Orchestration"},
    {FT::InCore, "InCore"},
    {FT::AIC, "AIC"},
    {FT::AIV, "AIV"},
    {FT::Group, "Group"},
    {FT::Inline, "Inline"},
    {FT::Graph, "Graph"},
}};

using LV = Level;
constexpr std::array<std::pair<LV, std::string_view>, 16> kLevel{{
    {LV::AIV, "AIV"},
    {LV::AIC, "AIC"},
    {LV::CORE_GROUP, "CORE_GROUP"},
    {LV::CHIP_DIE, "CHIP_DIE"},
    {LV::CHIP, "CHIP"},
    {LV::HOST, "HOST"},
    {LV::CLUSTER_0, "CLUSTER_0"},
    {LV::CLUSTER_1, "CLUSTER_1"},
    {LV::CLUSTER_2, "CLUSTER_2"},
    {LV::GLOBAL, "GLOBAL"},
    // Input aliases; NameOf never reaches them because the canonical rows come first.
    {LV::CHIP_DIE, "L2CACHE"},
    {LV::CHIP, "PROCESSOR"},
    {LV::CHIP, "UMA"},
    {LV::HOST, "NODE"},
    {LV::CLUSTER_0, "POD"},
    {LV::CLUSTER_1, "CLOS1"},
}};
constexpr std::array<std::pair<LV, std::string_view>, 1> kLevelExtra{{{LV::CLUSTER_2, "CLOS2"}}};

constexpr std::array<std::pair<Role, std::string_view>, 2> kRole{{
    {Role::Orchestrator, "Orchestrator"},
    {Role::SubWorker, "SubWorker"},
}};
constexpr std::array<std::pair<ForKind, std::string_view>, 4> kFor{{
    {ForKind::Range, "range"},
    {ForKind::Parallel, "parallel"},
    {ForKind::Unroll, "unroll"},
    {ForKind::Pipeline, "pipeline"},
}};
constexpr std::array<std::pair<TileLayout, std::string_view>, 3> kTileLayout{{
    {TileLayout::none_box, "none_box"},
    {TileLayout::row_major, "row_major"},
    {TileLayout::col_major, "col_major"},
}};
constexpr std::array<std::pair<TensorLayout, std::string_view>, 3> kTensorLayout{{
    {TensorLayout::ND, "ND"},
    {TensorLayout::DN, "DN"},
    {TensorLayout::NZ, "NZ"},
}};
constexpr std::array<std::pair<PadValue, std::string_view>, 4> kPad{{
    {PadValue::null, "null"},
    {PadValue::zero, "zero"},
    {PadValue::max, "max"},
    {PadValue::min, "min"},
}};
constexpr std::array<std::pair<CompactMode, std::string_view>, 2> kCompact{{
    {CompactMode::null, "null"},
    {CompactMode::normal, "normal"},
}};

}  // namespace

int DataTypeBits(DataType dt) {
  switch (dt) {
    case DT::BOOL:
      return 8;
    case DT::INT4:
    case DT::UINT4:
    case DT::FP4:
    case DT::HF4:
      return 4;
    case DT::INT8:
    case DT::UINT8:
    case DT::FP8E4M3FN:
    case DT::FP8E5M2:
    case DT::FP8E8M0:
    case DT::HF8:
      return 8;
    case DT::INT16:
    case DT::UINT16:
    case DT::FP16:
    case DT::BF16:
      return 16;
    case DT::INT32:
    case DT::UINT32:
    case DT::FP32:
      return 32;
    case DT::INT64:
    case DT::UINT64:
    case DT::INDEX:
    case DT::TASK_ID:
      return 64;
  }
  return 0;
}

bool IsFloat(DataType dt) {
  uint8_t c = static_cast<uint8_t>(dt);
  return (c & 0xF0) == 0x30 || (c & 0xF0) == 0x40;
}
bool IsInteger(DataType dt) {
  uint8_t c = static_cast<uint8_t>(dt);
  return (c & 0xF0) == 0x10 || (c & 0xF0) == 0x20;
}
bool IsSigned(DataType dt) {
  return (static_cast<uint8_t>(dt) & 0xF0) == 0x10;
}

std::string_view DataTypeName(DataType dt) {
  return NameOf(kDataTypes, dt);
}
std::optional<DataType> DataTypeFromName(std::string_view n) {
  return FromName(kDataTypes, n);
}
std::string_view MemorySpaceName(MemorySpace m) {
  return NameOf(kMem, m);
}
std::optional<MemorySpace> MemorySpaceFromName(std::string_view n) {
  return FromName(kMem, n);
}
std::string_view SplitModeName(SplitMode m) {
  return NameOf(kSplit, m);
}
std::optional<SplitMode> SplitModeFromName(std::string_view n) {
  return FromName(kSplit, n);
}
std::string_view FunctionTypeName(FunctionType t) {
  return NameOf(kFunc, t);
}
std::optional<FunctionType> FunctionTypeFromName(std::string_view n) {
  return FromName(kFunc, n);
}
std::string_view LevelName(Level l) {
  return NameOf(kLevel, l);
}
std::optional<Level> LevelFromName(std::string_view n) {
  if (auto l = FromName(kLevel, n)) return l;
  return FromName(kLevelExtra, n);
}
std::string_view RoleName(Role r) {
  return NameOf(kRole, r);
}
std::optional<Role> RoleFromName(std::string_view n) {
  return FromName(kRole, n);
}
std::string_view ForKindName(ForKind k) {
  return NameOf(kFor, k);
}
std::optional<ForKind> ForKindFromName(std::string_view n) {
  return FromName(kFor, n);
}
std::string_view TileLayoutName(TileLayout l) {
  return NameOf(kTileLayout, l);
}
std::optional<TileLayout> TileLayoutFromName(std::string_view n) {
  return FromName(kTileLayout, n);
}
std::string_view TensorLayoutName(TensorLayout l) {
  return NameOf(kTensorLayout, l);
}
std::optional<TensorLayout> TensorLayoutFromName(std::string_view n) {
  return FromName(kTensorLayout, n);
}
std::string_view PadValueName(PadValue p) {
  return NameOf(kPad, p);
}
std::optional<PadValue> PadValueFromName(std::string_view n) {
  return FromName(kPad, n);
}
std::string_view CompactModeName(CompactMode c) {
  return NameOf(kCompact, c);
}
std::optional<CompactMode> CompactModeFromName(std::string_view n) {
  return FromName(kCompact, n);
}

namespace {
template <typename E, size_t N>
std::vector<std::string> NamesOf(const std::array<std::pair<E, std::string_view>, N>& table) {
  std::vector<std::string> out;
  for (const auto& [e, n] : table) out.emplace_back(n);
  return out;
}
}  // namespace

std::vector<std::string> EnumMemberNames(std::string_view enum_type) {
  if (enum_type == "Mem" || enum_type == "MemorySpace") return NamesOf(kMem);
  if (enum_type == "SplitMode") return NamesOf(kSplit);
  if (enum_type == "FunctionType") return NamesOf(kFunc);
  if (enum_type == "Level") return NamesOf(kLevel);
  if (enum_type == "Role") return NamesOf(kRole);
  if (enum_type == "ForKind") return NamesOf(kFor);
  if (enum_type == "TileLayout") return NamesOf(kTileLayout);
  if (enum_type == "TensorLayout") return NamesOf(kTensorLayout);
  if (enum_type == "PadValue") return NamesOf(kPad);
  if (enum_type == "CompactMode") return NamesOf(kCompact);
  if (enum_type == "DataType") return NamesOf(kDataTypes);
  return {};
}

}  // namespace tilesplit::ir
