// The IR enumerations, exported under their DSL spellings (dsl.md 12): pl.SplitMode.UP_DOWN is
// SplitMode.UP_DOWN here, pl.Mem.Vec is MemorySpace.Vec, pl.FP32 is DataType.FP32.
#include "tilesplit/ir/enums.h"

#include <initializer_list>
#include <string>

#include "bindings.h"
#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/stmt.h"

namespace tilesplit::python {

namespace {

// Registers `values` of enum E, each under the name `name_of` gives it.
template <typename E, typename NameFn>
py::enum_<E> BindNamed(py::module_& m, const char* py_name, std::initializer_list<E> values,
                       NameFn name_of) {
  py::enum_<E> e(m, py_name);
  for (E v : values) {
    std::string name(name_of(v));
    // `None` and `null` are reserved or awkward as Python attribute names.
    if (name == "None") name = "NONE";
    e.value(name.c_str(), v);
  }
  return e;
}

}  // namespace

void BindEnums(py::module_& m) {
  using namespace ir;
  BindNamed(m, "DataType",
            {DataType::BOOL,  DataType::INT4,      DataType::INT8,    DataType::INT16,
             DataType::INT32, DataType::INT64,     DataType::INDEX,   DataType::UINT4,
             DataType::UINT8, DataType::UINT16,    DataType::UINT32,  DataType::UINT64,
             DataType::FP4,   DataType::FP8E4M3FN, DataType::FP8E5M2, DataType::FP16,
             DataType::FP32,  DataType::FP8E8M0,   DataType::BF16,    DataType::HF4,
             DataType::HF8,   DataType::TASK_ID},
            DataTypeName);
  BindNamed(m, "MemorySpace",
            {MemorySpace::DDR, MemorySpace::Vec, MemorySpace::Mat, MemorySpace::Left,
             MemorySpace::Right, MemorySpace::Acc, MemorySpace::Bias, MemorySpace::ScalarLocal,
             MemorySpace::LeftScale, MemorySpace::RightScale},
            MemorySpaceName);
  BindNamed(m, "SplitMode", {SplitMode::None, SplitMode::UpDown, SplitMode::LeftRight},
            SplitModeName);
  BindNamed(
      m, "FunctionType",
      {FunctionType::Opaque, FunctionType::Orchestration, FunctionType::InCore, FunctionType::AIC,
       FunctionType::AIV, FunctionType::Group, FunctionType::Inline, FunctionType::Graph},
      FunctionTypeName);
  BindNamed(m, "Level",
            {Level::AIV, Level::AIC, Level::CORE_GROUP, Level::CHIP_DIE, Level::CHIP, Level::HOST,
             Level::CLUSTER_0, Level::CLUSTER_1, Level::CLUSTER_2, Level::GLOBAL},
            LevelName);
  BindNamed(m, "ForKind", {ForKind::Range, ForKind::Parallel, ForKind::Unroll, ForKind::Pipeline},
            ForKindName);
  BindNamed(m, "TileLayout", {TileLayout::none_box, TileLayout::row_major, TileLayout::col_major},
            TileLayoutName);
  BindNamed(m, "TensorLayout", {TensorLayout::ND, TensorLayout::DN, TensorLayout::NZ},
            TensorLayoutName);
  BindNamed(m, "PadValue", {PadValue::null, PadValue::zero, PadValue::max, PadValue::min},
            PadValueName);
  BindNamed(m, "CompactMode", {CompactMode::null, CompactMode::normal}, CompactModeName);

  py::enum_<ParamDirection>(m, "ParamDirection")
      .value("In", ParamDirection::In)
      .value("Out", ParamDirection::Out)
      .value("InOut", ParamDirection::InOut);
  py::enum_<TypeKind>(m, "TypeKind")
      .value("Scalar", TypeKind::Scalar)
      .value("Tensor", TypeKind::Tensor)
      .value("Tile", TypeKind::Tile)
      .value("Tuple", TypeKind::Tuple);
  py::enum_<ExprKind>(m, "ExprKind")
      .value("Var", ExprKind::Var)
      .value("ConstInt", ExprKind::ConstInt)
      .value("ConstFloat", ExprKind::ConstFloat)
      .value("ConstBool", ExprKind::ConstBool)
      .value("Binary", ExprKind::Binary)
      .value("Unary", ExprKind::Unary)
      .value("Cast", ExprKind::Cast)
      .value("Call", ExprKind::Call)
      .value("MakeTuple", ExprKind::MakeTuple)
      .value("TupleGetItem", ExprKind::TupleGetItem)
      .value("FunctionCall", ExprKind::FunctionCall);
  // Generated from ir/node_kinds.h, the one list of statement kinds.
  py::enum_<StmtKind> stmt_kind(m, "StmtKind");
#define TILESPLIT_X(Kind, Class, Shape, Gate, py_name, py_fields) \
  stmt_kind.value(#Kind, StmtKind::Kind);
  TILESPLIT_STMT_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
  py::enum_<BinaryOp>(m, "BinaryOp")
      .value("Add", BinaryOp::Add)
      .value("Sub", BinaryOp::Sub)
      .value("Mul", BinaryOp::Mul)
      .value("FloorDiv", BinaryOp::FloorDiv)
      .value("FloorMod", BinaryOp::FloorMod)
      .value("FloatDiv", BinaryOp::FloatDiv)
      .value("Min", BinaryOp::Min)
      .value("Max", BinaryOp::Max)
      .value("Eq", BinaryOp::Eq)
      .value("Ne", BinaryOp::Ne)
      .value("Lt", BinaryOp::Lt)
      .value("Le", BinaryOp::Le)
      .value("Gt", BinaryOp::Gt)
      .value("Ge", BinaryOp::Ge)
      .value("And", BinaryOp::And)
      .value("Or", BinaryOp::Or);
  py::enum_<UnaryOp>(m, "UnaryOp").value("Neg", UnaryOp::Neg).value("Not", UnaryOp::Not);
  py::enum_<ScopeOptimization::Kind>(m, "ScopeOptimizationKind")
      .value("Split", ScopeOptimization::Kind::Split)
      .value("CrossCoreSlot", ScopeOptimization::Kind::CrossCoreSlot);
}

}  // namespace tilesplit::python
