// PyPTO's elementwise ops beyond ops.md (the user guide's catalogue; semantics from the pto-isa
// pages TADDC, TSUBC, TADDSC, TSUBSC, TREM, TREMS, TLRELU, TPRELU, TCMP, TCMPS, TPARTADD, TPARTMAX,
// TPARTMIN, TPARTMUL, TEXPANDS): the ternary adds, the remainders, leaky and parametric ReLU,
// comparisons into a packed bit mask, partial arithmetic over two valid regions, and the scalar
// fill. The ops the guide also reaches at tensor level (`pl.rem`, `pl.cmp`, `pl.part_add`, ...)
// have a tensor form lowered to the tile op of the same name.
#include <string>
#include <utility>

#include "sections.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;

namespace {

// The dtypes the A2A3 vector unit computes these ops in (the pto-isa pages' A2A3 checks).
constexpr std::initializer_list<DataType> kArith = {DataType::INT16, DataType::INT32,
                                                    DataType::FP16, DataType::FP32};
constexpr std::initializer_list<DataType> kFloat = {DataType::FP16, DataType::FP32};
constexpr std::initializer_list<DataType> kRem = {DataType::INT32, DataType::FP32};
constexpr const char* kCmpTypes = "0 (EQ), 1 (NE), 2 (LT), 3 (LE), 4 (GT), 5 (GE)";

// Shape and dtype of a tile or tensor operand, so one deducer serves both levels.
struct Operand {
  const Shape* shape;
  const Shape* valid;
  DataType dtype;
};

Operand OperandOf(const CallInfo& c, size_t i, bool tensor) {
  if (tensor) {
    const ir::TensorType& t = c.tensor_arg(i);
    return {&t.shape, &t.valid(), t.dtype};
  }
  const ir::TileType& t = c.tile_arg(i);
  return {&t.shape, &t.valid(), t.dtype};
}

// Operand `i` has operand 0's dtype and exactly its shape: the hardware broadcasts none of them.
void RequireLike(const CallInfo& c, size_t i, bool tensor) {
  const Operand a = OperandOf(c, 0, tensor);
  const Operand b = OperandOf(c, i, tensor);
  RequireSameDType(c, i, b.dtype, 0, a.dtype);
  if (!ShapesProvablyEqual(*a.shape, *b.shape))
    c.Fail("argument " + Quote(c.arg_name(i)) + " shape " + Str(*b.shape) +
               " must equal the shape " + Str(*a.shape) + " of " + Quote(c.arg_name(0)) +
               " (no broadcasting)",
           "give both operands one shape (expand the smaller one first with row_expand or "
           "col_expand)");
}

// Operand `i` covers the same valid region as operand 0 (the ops iterate over one region).
void RequireSameValid(const CallInfo& c, size_t i, bool tensor) {
  const Operand a = OperandOf(c, 0, tensor);
  const Operand b = OperandOf(c, i, tensor);
  if (ShapesProvablyDifferent(*a.valid, *b.valid))
    c.Fail("argument " + Quote(c.arg_name(i)) + " valid shape " + Str(*b.valid) +
               " must equal the valid shape " + Str(*a.valid) + " of " + Quote(c.arg_name(0)),
           "use part_add / part_max / ... for operands of different valid regions, or "
           "set_validshape one of them");
}

TypePtr SameAs0(const CallInfo& c, bool tensor) {
  if (!tensor) return c.arg(0)->type;
  const Operand a = OperandOf(c, 0, tensor);
  return ir::MakeTensorType(*a.shape, a.dtype);
}

// A scalar operand of the tile's kind (float with float, integer with integer).
void RequireScalarOfKind(const CallInfo& c, size_t i, DataType tile_dtype) {
  const DataType s = ScalarArg(c, i);
  if (ir::IsFloat(tile_dtype) != ir::IsFloat(s) || !(ir::IsFloat(s) || ir::IsInteger(s)))
    c.Fail("argument " + Quote(c.arg_name(i)) + " dtype " + std::string(ir::DataTypeName(s)) +
               " does not match the operand's dtype " + std::string(ir::DataTypeName(tile_dtype)),
           ir::IsFloat(tile_dtype) ? "pass a float scalar (e.g. 2.0)"
                                   : "pass an integer scalar (e.g. 2)");
}

// The optional scratch at `i`, a tile of operand 0's dtype (the A2A3 work space; not read).
void RequireOptionalScratch(const CallInfo& c, size_t i, std::optional<DataType> dtype) {
  if (!c.has_arg(i)) return;
  const ir::TileType& tmp = c.tile_arg(i);
  const DataType want = dtype.value_or(c.tile_arg(0).dtype);
  if (tmp.dtype != want)
    c.Fail("argument " + Quote(c.arg_name(i)) + " dtype " +
               std::string(ir::DataTypeName(tmp.dtype)) + " must be " +
               std::string(ir::DataTypeName(want)),
           "make the scratch tile " + std::string(ir::DataTypeName(want)) +
               " (pl.tile.create(..., dtype=pl." + std::string(ir::DataTypeName(want)) + "))");
}

int64_t CmpType(const CallInfo& c, DataType dtype) {
  const int64_t mode = c.int_kwarg("cmp_type").value_or(0);
  if (mode < 0 || mode > 5)
    c.Fail("kwarg 'cmp_type' must be in 0..5, got " + std::to_string(mode),
           std::string("use one of ") + kCmpTypes);
  // TCMP / TCMPS on A2A3 compare INT32 through the equality path whatever the mode: any other
  // mode would compute something else than it says.
  if (dtype == DataType::INT32 && mode != 0)
    c.Fail("kwarg 'cmp_type' " + std::to_string(mode) +
               " on INT32 operands has no A2A3 compare path (INT32 compares for equality only)",
           "cast the operands to FP32 first (exact for |x| <= 2^24), or compare with "
           "cmp_type=0 (EQ)");
  return mode;
}

// The packed mask of a comparison over a rank-2 [M, N] operand: one bit per column, eight to a
// UINT8 element, [M, ceil(N / 8)]; its valid region covers the operand's.
TypePtr MaskType(const CallInfo& c, const Operand& a, bool tensor) {
  if (a.shape->size() != 2)
    c.Fail("argument " + Quote(c.arg_name(0)) + " must have rank 2, got " + Str(*a.shape),
           "reshape the operand to rank 2 first");
  auto bytes = [](const ExprPtr& cols) {
    if (auto n = Static(cols)) return ConstLike((*n + 7) / 8, cols);
    return ir::MakeBinary(ir::BinaryOp::FloorDiv,
                          ir::MakeBinary(ir::BinaryOp::Add, cols, ConstLike(7, cols)),
                          ConstLike(8, cols));
  };
  const Shape shape = {(*a.shape)[0], bytes((*a.shape)[1])};
  if (tensor) return ir::MakeTensorType(shape, DataType::UINT8);
  const Shape valid = {(*a.valid)[0], bytes((*a.valid)[1])};
  return ir::MakeTileType(shape, DataType::UINT8, std::nullopt,
                          ImplicitView(shape, std::nullopt, valid));
}

// Partial arithmetic: the result spans the larger of the two valid regions, which one operand
// must cover exactly (TPARTADD's supported validity patterns; any other is implementation-
// defined on the hardware, so it is refused here).
TypePtr DeducePart(const CallInfo& c, bool tensor) {
  const Operand a = OperandOf(c, 0, tensor);
  RequireDType(c, 0, a.dtype, kArith);
  RequireLike(c, 1, tensor);
  const Operand b = OperandOf(c, 1, tensor);
  // x[d] covers y[d]: equal, both static and y <= x, or y a min(., x) (the per-lane valid extent
  // the split gives a ragged operand, min(max(V, L * S) - L * S, S), against a full lane S).
  auto covers_extent = [](const ExprPtr& x, const ExprPtr& y) {
    if (ProvablyEqual(x, y)) return true;
    if (Static(x) && Static(y)) return *Static(y) <= *Static(x);
    const auto* m = y->As<ir::Binary>();
    return m && m->op == ir::BinaryOp::Min &&
           (ProvablyEqual(m->lhs, x) || ProvablyEqual(m->rhs, x));
  };
  auto covers = [&](const Shape& x, const Shape& y) {
    for (size_t d = 0; d < x.size(); ++d)
      if (!covers_extent(x[d], y[d])) return false;
    return true;
  };
  if (covers(*a.valid, *b.valid)) return tensor ? SameAs0(c, true) : c.arg(0)->type;
  if (covers(*b.valid, *a.valid)) {
    if (!tensor) return c.arg(1)->type;
    return ir::MakeTensorType(*b.shape, b.dtype);
  }
  c.Fail("neither operand's valid shape (" + Str(*a.valid) + ", " + Str(*b.valid) +
             ") provably covers the other's",
         "give one operand a valid shape that contains the other's (set_validshape), or use the "
         "plain elementwise op on equally valid operands");
}

OpDef& Reg(OpRegistry& r, const std::string& name, size_t inputs, bool tensor) {
  OpDef& d = r.Register(name);
  if (tensor) return d.tile_form(TileForm::Namesake(name));
  for (size_t i = 0; i < inputs; ++i) d.input_memory(i, {MemorySpace::Vec});
  return d.output_memory_fixed(MemorySpace::Vec);
}

std::string Level(bool tensor) {
  return tensor ? "shape and dtype" : "type";
}

void RegisterTernary(OpRegistry& r, bool tensor) {
  const std::string p = tensor ? "tensor." : "tile.";
  const std::pair<const char*, const char*> ternary[] = {{"addc", "lhs + rhs + rhs2"},
                                                         {"subc", "lhs - rhs + rhs2"}};
  for (const auto& [n, what] : ternary)
    Reg(r, p + n, 3, tensor)
        .arg("lhs")
        .arg("rhs")
        .arg("rhs2")
        .deduce([tensor](const CallInfo& c) {
          RequireDType(c, 0, OperandOf(c, 0, tensor).dtype, kArith);
          for (size_t i : {1, 2}) {
            RequireLike(c, i, tensor);
            RequireSameValid(c, i, tensor);
          }
          return SameAs0(c, tensor);
        })
        .doc(std::string(what) +
             " per element, left to right, each step rounded to the dtype (INT16, INT32, FP16, "
             "FP32; one shape, one valid region): lhs's " +
             Level(tensor));
  const std::pair<const char*, const char*> with_scalar[] = {{"addsc", "lhs + scalar + rhs2"},
                                                             {"subsc", "lhs - scalar + rhs2"}};
  for (const auto& [n, what] : with_scalar) {
    OpDef& d = Reg(r, p + n, 1, tensor);
    if (!tensor) d.input_memory(2, {MemorySpace::Vec});
    d.arg("lhs")
        .arg("scalar")
        .arg("rhs2")
        .deduce([tensor](const CallInfo& c) {
          const DataType dt = OperandOf(c, 0, tensor).dtype;
          RequireDType(c, 0, dt, kArith);
          RequireScalarOfKind(c, 1, dt);
          RequireLike(c, 2, tensor);
          RequireSameValid(c, 2, tensor);
          return SameAs0(c, tensor);
        })
        .doc(std::string(what) +
             " per element, left to right, each step rounded to the dtype (INT16, INT32, FP16, "
             "FP32): lhs's " +
             Level(tensor));
  }
}

void RegisterRemainders(OpRegistry& r, bool tensor) {
  const std::string p = tensor ? "tensor." : "tile.";
  OpDef& rem = Reg(r, p + "rem", 2, tensor).arg("lhs").arg("rhs");
  if (!tensor)
    rem.opt_arg("tmp")
        .input_memory(2, {MemorySpace::Vec})
        .lane_invariant_arg(2, LaneInvariantKind::Scratch);
  rem.deduce([tensor](const CallInfo& c) {
       RequireDType(c, 0, OperandOf(c, 0, tensor).dtype, kRem);
       RequireLike(c, 1, tensor);
       if (!tensor) RequireOptionalScratch(c, 2, std::nullopt);
       return SameAs0(c, tensor);
     })
      .doc(
          "lhs - floor(lhs / rhs) * rhs per element, the sign of rhs (FP32 steps rounded; INT32 "
          "exact, a zero divisor a fault): the operand's " +
          Level(tensor) + (tensor ? "" : "; tmp, the A2A3 work space, is not read"));
  OpDef& rems = Reg(r, p + "rems", 1, tensor).arg(tensor ? "tensor" : "tile").arg("scalar");
  if (!tensor)
    rems.opt_arg("tmp")
        .input_memory(2, {MemorySpace::Vec})
        .lane_invariant_arg(2, LaneInvariantKind::Scratch);
  rems.deduce([tensor](const CallInfo& c) {
        const DataType dt = OperandOf(c, 0, tensor).dtype;
        RequireDType(c, 0, dt, kRem);
        RequireScalarOfKind(c, 1, dt);
        if (!tensor) RequireOptionalScratch(c, 2, std::nullopt);
        return SameAs0(c, tensor);
      })
      .doc(
          "The remainder of x / scalar per element with the sign of the scalar, as rem: the "
          "operand's " +
          Level(tensor));
}

void RegisterActivations(OpRegistry& r, bool tensor) {
  const std::string p = tensor ? "tensor." : "tile.";
  Reg(r, p + "lrelu", 1, tensor)
      .arg(tensor ? "tensor" : "tile")
      .arg("slope")
      .deduce([tensor](const CallInfo& c) {
        const DataType dt = OperandOf(c, 0, tensor).dtype;
        RequireDType(c, 0, dt, kFloat);
        RequireScalarOfKind(c, 1, dt);
        return SameAs0(c, tensor);
      })
      .doc("x > 0 ? x : x * slope per element with a scalar slope (FP16, FP32): the operand's " +
           Level(tensor));
  OpDef& prelu = Reg(r, p + "prelu", 3, tensor).arg(tensor ? "tensor" : "tile").arg("slope");
  if (!tensor) prelu.opt_arg("tmp").lane_invariant_arg(2, LaneInvariantKind::Scratch);
  prelu
      .deduce([tensor](const CallInfo& c) {
        RequireDType(c, 0, OperandOf(c, 0, tensor).dtype, kFloat);
        RequireLike(c, 1, tensor);
        RequireSameValid(c, 1, tensor);
        if (!tensor) RequireOptionalScratch(c, 2, DataType::UINT8);
        return SameAs0(c, tensor);
      })
      .doc(
          "x > 0 ? x : x * slope per element with a slope of the same shape (FP16, FP32): the "
          "operand's " +
          Level(tensor) + (tensor ? "" : "; tmp, the A2A3 UINT8 mask work space, is not read"));
}

void RegisterCompares(OpRegistry& r, bool tensor) {
  const std::string p = tensor ? "tensor." : "tile.";
  Reg(r, p + "cmp", 2, tensor)
      .arg("lhs")
      .arg("rhs")
      .kwarg("cmp_type", KwargKind::Int, int64_t{0})
      .deduce([tensor](const CallInfo& c) {
        const Operand a = OperandOf(c, 0, tensor);
        RequireDType(c, 0, a.dtype, {DataType::INT32, DataType::FP16, DataType::FP32});
        RequireLike(c, 1, tensor);
        CmpType(c, a.dtype);
        return MaskType(c, a, tensor);
      })
      // Each mask byte packs the results of eight columns, so a lane holding half the columns
      // would own no whole bytes of the reference's mask.
      .combines(CombinedOperands::All, CombinedAxes::Last, "packs the bits of")
      .doc(std::string("lhs CMP rhs per element (cmp_type ") + kCmpTypes +
           "; INT32 compares for equality only), packed as a bit mask: UINT8 [M, ceil(N / 8)], "
           "bit j % 8 of element j / 8 of row i for column j (the layout sel reads); rank 2, "
           "INT32, FP16 or FP32 operands of one shape");
  Reg(r, p + "cmps", 1, tensor)
      .arg(tensor ? "tensor" : "tile")
      .arg("scalar")
      .kwarg("cmp_type", KwargKind::Int, int64_t{0})
      .deduce([tensor](const CallInfo& c) {
        const Operand a = OperandOf(c, 0, tensor);
        RequireDType(
            c, 0, a.dtype,
            {DataType::INT16, DataType::UINT16, DataType::INT32, DataType::FP16, DataType::FP32});
        RequireScalarOfKind(c, 1, a.dtype);
        CmpType(c, a.dtype);
        return MaskType(c, a, tensor);
      })
      .combines(CombinedOperands::First, CombinedAxes::Last, "packs the bits of")
      .doc(std::string("x CMP scalar per element (cmp_type ") + kCmpTypes +
           "; INT32 compares for equality only), packed as cmp's bit mask: UINT8 [M, ceil(N / "
           "8)]");
}

void RegisterPartials(OpRegistry& r, bool tensor) {
  const std::string p = tensor ? "tensor." : "tile.";
  const std::pair<const char*, const char*> parts[] = {{"part_add", "lhs + rhs"},
                                                       {"part_mul", "lhs * rhs"},
                                                       {"part_max", "max(lhs, rhs)"},
                                                       {"part_min", "min(lhs, rhs)"}};
  for (const auto& [n, what] : parts)
    Reg(r, p + n, 2, tensor)
        .arg("lhs")
        .arg("rhs")
        .deduce([tensor](const CallInfo& c) { return DeducePart(c, tensor); })
        .doc(std::string(what) + " where both operands are " + (tensor ? "defined" : "valid") +
             ", the one operand's element where only it is: one shape and dtype (INT16, INT32, "
             "FP16, FP32), valid region of the operand that covers the other's");
}

}  // namespace

void RegisterElementwiseExtOps(OpRegistry& r) {
  for (bool tensor : {false, true}) {
    RegisterTernary(r, tensor);
    RegisterActivations(r, tensor);
    RegisterRemainders(r, tensor);
    RegisterCompares(r, tensor);
    RegisterPartials(r, tensor);
    const std::string p = tensor ? "tensor." : "tile.";
    // The target is read for its shape only: every element of its valid region becomes the
    // scalar, so the split halves it like any elementwise operand.
    Reg(r, p + "expands", 1, tensor)
        .arg("target")
        .arg("scalar")
        .deduce([tensor](const CallInfo& c) {
          const Operand a = OperandOf(c, 0, tensor);
          RequireScalarOfKind(c, 1, a.dtype);
          return SameAs0(c, tensor);
        })
        .doc(
            "The scalar in every valid element of target, converted to target's dtype: "
            "target's " +
            Level(tensor));
  }
}

}  // namespace tilesplit::ops
