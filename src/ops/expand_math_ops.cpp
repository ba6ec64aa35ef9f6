// Row / column expansion, trigonometric and bitwise ops, tile- and tensor-level (PyPTO's
// `row_expand_*`, `col_expand_*`, `sin`, `cos`, `and`, `or`, `shl`, `shr` and their scalar forms,
// `not`).
// ConvertTensorToTileOps lowers each `tensor.X` here to the `tile.X` of the same name; the
// `[M, 1]` / `[1, N]` operand of an expansion broadcasts along the other axis exactly like the
// broadcast operand of tile.add, so the split treats it like one (a row split halves an `[M, 1]`
// operand with its target, a column split keeps it whole).
#include <string>
#include <utility>

#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

using ir::DataType;
using ir::MemorySpace;

namespace {

constexpr std::initializer_list<DataType> kInts = {DataType::INT8,   DataType::INT16,
                                                   DataType::INT32,  DataType::UINT8,
                                                   DataType::UINT16, DataType::UINT32};
constexpr std::initializer_list<DataType> kFloats = {DataType::FP16, DataType::FP32,
                                                     DataType::BF16};

// Shape/dtype view shared by tile and tensor operands.
struct Operand {
  const Shape* shape;
  DataType dtype;
};

Operand OperandOf(const CallInfo& c, size_t i, bool tensor) {
  if (tensor) {
    const ir::TensorType& t = c.tensor_arg(i);
    return {&t.shape, t.dtype};
  }
  const ir::TileType& t = c.tile_arg(i);
  return {&t.shape, t.dtype};
}

// target [..., M, N] with a vector operand [..., M, 1] (row) or [..., 1, N] (col) of the same
// dtype and rank: the last two axes expand, the leading ones (a batch) pair one to one.
void CheckExpansion(const CallInfo& c, bool tensor, bool row) {
  Operand t = OperandOf(c, 0, tensor);
  Operand v = OperandOf(c, 1, tensor);
  const char* what = tensor ? "tensor" : "tile";
  if (t.shape->size() < 2)
    c.Fail("argument " + Quote(c.arg_name(0)) + " must have rank 2 or more, got " +
               Str(c.arg(0)->type),
           std::string("reshape the ") + what + " to rank 2 first");
  const Shape& ts = *t.shape;
  const Shape& vs = *v.shape;
  const size_t r = ts.size();
  const size_t keep = row ? r - 2 : r - 1, one = row ? r - 1 : r - 2;
  bool fits = vs.size() == r;
  for (size_t d = 0; fits && d + 2 < r; ++d) fits = !ProvablyDifferent(vs[d], ts[d]);
  auto unit = fits ? Static(vs[one]) : std::nullopt;
  if (!fits || !unit || *unit != 1 || ProvablyDifferent(vs[keep], ts[keep])) {
    Shape want(ts.begin(), ts.end());
    want[one] = ir::Index(1);
    c.Fail("argument " + Quote(c.arg_name(1)) + " must be " +
               (row ? "one column as tall as the target (" : "one row as wide as the target (") +
               Str(want) + "), got " + Str(vs),
           row ? "pass an [M, 1] column, such as the result of a row reduction (row_sum, ...)"
               : "pass a [1, N] row, such as the result of a column reduction (col_sum, ...)");
  }
  RequireSameDType(c, 1, v.dtype, 0, t.dtype);
}

TypePtr DeduceTileExpansion(const CallInfo& c, bool row) {
  CheckExpansion(c, false, row);
  return c.arg(0)->type;
}

TypePtr DeduceTensorExpansion(const CallInfo& c, bool row) {
  CheckExpansion(c, true, row);
  const ir::TensorType& t = c.tensor_arg(0);
  return ir::MakeTensorType(t.shape, t.dtype);
}

TypePtr DeduceFloat(const CallInfo& c, bool tensor) {
  Operand t = OperandOf(c, 0, tensor);
  RequireDType(c, 0, t.dtype, kFloats);
  if (tensor) return ir::MakeTensorType(*t.shape, t.dtype);
  return c.arg(0)->type;
}

TypePtr DeduceBitwise(const CallInfo& c, bool tensor) {
  Operand l = OperandOf(c, 0, tensor);
  Operand r = OperandOf(c, 1, tensor);
  RequireDType(c, 0, l.dtype, kInts);
  RequireSameDType(c, 1, r.dtype, 0, l.dtype);
  if (!tensor) return DeduceBroadcastBinary(c, 0, 1);
  return ir::MakeTensorType(BroadcastShapes(c, *l.shape, 0, *r.shape, 1), l.dtype);
}

TypePtr DeduceBitwiseScalar(const CallInfo& c, bool tensor) {
  Operand t = OperandOf(c, 0, tensor);
  RequireDType(c, 0, t.dtype, kInts);
  DataType s = ScalarArg(c, 1);
  if (!ir::IsInteger(s))
    c.Fail("argument " + Quote(c.arg_name(1)) + " must be an integer scalar, got " +
               std::string(ir::DataTypeName(s)),
           "pass an integer constant or cast the scalar to an integer dtype");
  if (tensor) return ir::MakeTensorType(*t.shape, t.dtype);
  return c.arg(0)->type;
}

TypePtr DeduceFloatBinary(const CallInfo& c, bool tensor) {
  Operand l = OperandOf(c, 0, tensor);
  Operand r = OperandOf(c, 1, tensor);
  RequireDType(c, 0, l.dtype, kFloats);
  RequireSameDType(c, 1, r.dtype, 0, l.dtype);
  if (!tensor) return DeduceBroadcastBinary(c, 0, 1);
  return ir::MakeTensorType(BroadcastShapes(c, *l.shape, 0, *r.shape, 1), l.dtype);
}

// The scratch operand at `i`: a tile of the first operand's dtype and shape.
void RequireScratch(const CallInfo& c, size_t i) {
  const ir::TileType& t = c.tile_arg(0);
  const ir::TileType& tmp = c.tile_arg(i);
  RequireSameDType(c, i, tmp.dtype, 0, t.dtype);
  if (!ShapesProvablyEqual(tmp.shape, t.shape))
    c.Fail("argument " + Quote(c.arg_name(i)) + " shape " + Str(tmp.shape) +
               " must equal the operand's shape " + Str(t.shape),
           "create the scratch tile with the operand's shape and dtype");
}

// A tensor op becomes the tile op of its name, given a scratch tile named `scratch_name` when its
// tile op takes one.
TileForm ScratchForm(const std::string& name, const char* scratch_name) {
  TileForm form = TileForm::Namesake(name);
  form.scratch = TileForm::Scratch::LikeOperand;
  form.scratch_name = scratch_name;
  return form;
}

OpDef& Reg(OpRegistry& r, const std::string& name, size_t inputs, bool tensor,
           const char* scratch_name = nullptr) {
  OpDef& d = r.Register(name);
  if (tensor)
    return d.tile_form(scratch_name ? ScratchForm(name, scratch_name) : TileForm::Namesake(name));
  for (size_t i = 0; i < inputs; ++i) d.input_memory(i, {MemorySpace::Vec});
  return d.output_memory_fixed(MemorySpace::Vec);
}

}  // namespace

void RegisterExpandMathOps(OpRegistry& r) {
  struct Expansion {
    const char* op;
    const char* what;
  };
  const Expansion expansions[] = {
      {"expand_add", "target + v"},         {"expand_sub", "target - v"},
      {"expand_mul", "target * v"},         {"expand_div", "target / v"},
      {"expand_max", "max(target, v)"},     {"expand_min", "min(target, v)"},
      {"expand_expdif", "exp(target - v)"}, {"expand", "v"},
  };
  for (bool tensor : {false, true}) {
    const std::string prefix = tensor ? "tensor." : "tile.";
    for (bool row : {true, false}) {
      for (const Expansion& e : expansions) {
        const std::string name = prefix + (row ? "row_" : "col_") + e.op;
        if (name == "tile.col_expand_mul") continue;  // elementwise_ops.cpp
        const std::string vec = row ? "row" : "col";
        std::string what = std::string(e.what);
        for (size_t p; (p = what.find('v')) != std::string::npos;) what.replace(p, 1, vec);
        Reg(r, name, 2, tensor)
            .arg("target")
            .arg(vec)
            .deduce([tensor, row](const CallInfo& c) {
              return tensor ? DeduceTensorExpansion(c, row) : DeduceTileExpansion(c, row);
            })
            .doc(what + " per element, the " +
                 (row ? "[M, 1] column " + vec + " repeated across every column"
                      : "[1, N] row " + vec + " repeated down every row") +
                 " of target (same dtype): target's " + (tensor ? "shape and dtype" : "type"));
      }
    }
    const std::pair<const char*, const char*> trig[] = {{"sin", "sin(x)"}, {"cos", "cos(x)"}};
    for (const auto& [n, what] : trig)
      Reg(r, prefix + n, 1, tensor)
          .arg(tensor ? "tensor" : "tile")
          .deduce([tensor](const CallInfo& c) { return DeduceFloat(c, tensor); })
          .doc(std::string(what) + " per element (radians): the operand's " +
               (tensor ? "shape and dtype" : "type") + " (FP16, FP32 or BF16)");
    Reg(r, prefix + "fmod", 2, tensor)
        .arg("lhs")
        .arg("rhs")
        .deduce([tensor](const CallInfo& c) { return DeduceFloatBinary(c, tensor); })
        .doc(
            "fmod(lhs, rhs) per element (the remainder with lhs's sign) of two float operands "
            "of one dtype: broadcast shape");
    Reg(r, prefix + "fmods", 1, tensor)
        .arg(tensor ? "tensor" : "tile")
        .arg("scalar")
        .deduce([tensor](const CallInfo& c) {
          ScalarArg(c, 1);
          return DeduceFloat(c, tensor);
        })
        .doc(std::string("fmod(x, scalar) per element: the operand's ") +
             (tensor ? "shape and dtype" : "type") + " (FP16, FP32 or BF16)");
    {
      OpDef& d = Reg(r, prefix + "xor", 2, tensor, "xor_tmp").arg("lhs").arg("rhs");
      if (!tensor) d.opt_arg("tmp");
      d.deduce([tensor](const CallInfo& c) {
         if (!tensor && c.has_arg(2)) RequireScratch(c, 2);
         return DeduceBitwise(c, tensor);
       })
          .doc(std::string("lhs ^ rhs per element of two integer operands of one dtype: broadcast "
                           "shape") +
               (tensor ? "" : "; tmp, a scratch tile like lhs, is the hardware's work space"));
      OpDef& s = Reg(r, prefix + "xors", 1, tensor, "xor_tmp")
                     .arg(tensor ? "tensor" : "tile")
                     .arg("scalar");
      if (!tensor) s.opt_arg("tmp");
      s.deduce([tensor](const CallInfo& c) {
         if (!tensor && c.has_arg(2)) RequireScratch(c, 2);
         return DeduceBitwiseScalar(c, tensor);
       })
          .doc(std::string("x ^ scalar per element with an integer scalar: the operand's ") +
               (tensor ? "shape and dtype"
                       : "type; tmp, a scratch tile like the operand, is the "
                         "hardware's work space"));
    }
    if (tensor) {
      for (const char* n : {"row_argmax", "row_argmin", "col_argmax", "col_argmin"}) {
        const bool row = n[0] == 'r';
        r.Register(prefix + n)
            .tile_form(ScratchForm(prefix + n, "tmp_tile"))
            .arg("tensor")
            .deduce([row](const CallInfo& c) {
              const ir::TensorType& t = c.tensor_arg(0);
              if (t.shape.size() != 2)
                c.Fail("argument 'tensor' must have rank 2, got " + Str(c.arg(0)->type),
                       "reshape the tensor to rank 2 first");
              Shape s = t.shape;
              s[row ? 1 : 0] = ConstLike(1, s[row ? 1 : 0]);
              return ir::MakeTensorType(s, DataType::INT32);
            })
            .doc(std::string("The ") + (row ? "column of each row's " : "row of each column's ") +
                 (std::string_view(n).find("max") != std::string_view::npos ? "maximum"
                                                                            : "minimum") +
                 " of a rank-2 tensor (the first on ties): " + (row ? "[M, 1]" : "[1, N]") +
                 " INT32");
      }
    }
    // `not` is a Python keyword: the DSL spells it pl.tile.not_ / pl.tensor.not_.
    Reg(r, prefix + "not", 1, tensor)
        .arg(tensor ? "tensor" : "tile")
        .deduce([tensor](const CallInfo& c) {
          Operand t = OperandOf(c, 0, tensor);
          RequireDType(c, 0, t.dtype, kInts);
          if (tensor) return ir::MakeTensorType(*t.shape, t.dtype);
          return c.arg(0)->type;
        })
        .doc(std::string("~x per element (every bit inverted) of an integer operand: the "
                         "operand's ") +
             (tensor ? "shape and dtype" : "type"));
    const std::pair<const char*, const char*> bitwise[] = {
        {"and", "lhs & rhs"}, {"or", "lhs | rhs"}, {"shl", "lhs << rhs"}, {"shr", "lhs >> rhs"}};
    for (const auto& [n, what] : bitwise) {
      // `and` / `or` are Python keywords: the DSL spells them pl.tile.and_ / pl.tile.or_.
      Reg(r, prefix + n, 2, tensor)
          .arg("lhs")
          .arg("rhs")
          .deduce([tensor](const CallInfo& c) { return DeduceBitwise(c, tensor); })
          .doc(std::string(what) +
               " per element of two integer operands of one dtype (>> is arithmetic on signed "
               "dtypes, logical on unsigned; a shift count outside [0, width) is poison): "
               "broadcast shape");
      Reg(r, prefix + n + "s", 1, tensor)
          .arg(tensor ? "tensor" : "tile")
          .arg("scalar")
          .deduce([tensor](const CallInfo& c) { return DeduceBitwiseScalar(c, tensor); })
          .doc(std::string(what) + " per element with an integer scalar rhs: the operand's " +
               (tensor ? "shape and dtype" : "type"));
    }
  }
}

}  // namespace tilesplit::ops
