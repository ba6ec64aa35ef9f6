// Semantics of PyPTO's extra elementwise ops (elementwise_ext_ops.cpp), after the pto-isa pages.
// Float steps are computed in FP32 and rounded to the result dtype after each step, as the
// chained vector instructions the fused forms stand for would (lhs + rhs + rhs2 is two adds);
// integer steps wrap to the dtype's width. Poison propagates (NaN through float arithmetic,
// explicitly for integers). Scratch operands are the hardware's work space and are not read.
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "sections.h"
#include "tensor_values.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {
namespace {

using sim::StorageKind;

enum class Op { Add, Sub, Mul, Max, Min };

float ApplyF(Op op, float a, float b) {
  switch (op) {
    case Op::Add:
      return a + b;
    case Op::Sub:
      return a - b;
    case Op::Mul:
      return a * b;
    case Op::Max:
      return std::isnan(a) ? a : std::isnan(b) ? b : (a < b ? b : a);
    case Op::Min:
      return std::isnan(a) ? a : std::isnan(b) ? b : (b < a ? b : a);
  }
  return a;
}

int64_t ApplyI(Op op, int64_t a, int64_t b) {
  switch (op) {
    case Op::Add:
      return a + b;
    case Op::Sub:
      return a - b;
    case Op::Mul:
      return a * b;
    case Op::Max:
      return a < b ? b : a;
    case Op::Min:
      return b < a ? b : a;
  }
  return a;
}

// One step of a chain on element values of dtype `dt`, rounded or wrapped to it.
float StepF(ir::DataType dt, Op op, float a, float b) {
  return sim::RoundToDType(dt, ApplyF(op, a, b));
}
int64_t StepI(ir::DataType dt, Op op, int64_t a, int64_t b) {
  if (sim::IsPoisonI64(a) || sim::IsPoisonI64(b)) return sim::kPoisonI64;
  return sim::WrapToDType(dt, ApplyI(op, a, b));
}

void RequireSameStorage(OpCall& c, const TileValue& a, const TileValue& b) {
  if (a.data.kind != b.data.kind || a.data.size() < b.data.size() || b.data.size() < a.data.size())
    c.Fail("operands differ in storage or size at run time");
}

// (lhs op1 second) + rhs2, where `second` is tile 1 or the scalar at 1.
Value Ternary(OpCall& c, Op op1, bool scalar) {
  const TileValue& a = c.tile(0);
  const TileValue& z = c.tile(2);
  RequireSameStorage(c, a, z);
  const TileValue* b = scalar ? nullptr : &c.tile(1);
  if (b) RequireSameStorage(c, a, *b);
  const Scalar s = scalar ? c.scalar(1) : Scalar::Int(0);
  auto out = c.NewResult(0);
  const ir::DataType dt = out->dtype;
  const size_t n = std::min(out->data.size(), a.data.size());
  if (out->data.kind == StorageKind::F32) {
    const float sv = sim::RoundToDType(dt, static_cast<float>(s.AsDouble()));
    for (size_t i = 0; i < n; ++i) {
      const float y = b ? b->data.f[i] : sv;
      out->data.f[i] = StepF(dt, Op::Add, StepF(dt, op1, a.data.f[i], y), z.data.f[i]);
    }
  } else {
    const int64_t sv = sim::WrapToDType(dt, s.AsInt());
    for (size_t i = 0; i < n; ++i) {
      const int64_t y = b ? b->data.i[i] : sv;
      out->data.i[i] = StepI(dt, Op::Add, StepI(dt, op1, a.data.i[i], y), z.data.i[i]);
    }
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// TREM: a - floor(a / b) * b, each FP32 step rounded, then moved to the divisor's sign where
// rounding left it on the other side. Integers: the exact floored remainder.
float RemF(float a, float b) {
  float r = a - std::floor(a / b) * b;
  if (r != 0 && !std::isnan(r) && (r < 0) != (b < 0)) r += b;
  return r;
}

int64_t RemI(OpCall& c, int64_t a, int64_t b) {
  if (sim::IsPoisonI64(a) || sim::IsPoisonI64(b)) return sim::kPoisonI64;
  if (b == 0) c.Fail("integer remainder by zero");
  int64_t r = a % b;
  if (r != 0 && (r < 0) != (b < 0)) r += b;
  return r;
}

Value Rem(OpCall& c, bool scalar) {
  const TileValue& a = c.tile(0);
  const TileValue* b = scalar ? nullptr : &c.tile(1);
  if (b) RequireSameStorage(c, a, *b);
  const Scalar s = scalar ? c.scalar(1) : Scalar::Int(0);
  auto out = c.NewResult(0);
  const ir::DataType dt = out->dtype;
  const size_t n = std::min(out->data.size(), a.data.size());
  for (size_t i = 0; i < n; ++i) {
    if (out->data.kind == StorageKind::F32) {
      const float y = b ? b->data.f[i] : sim::RoundToDType(dt, static_cast<float>(s.AsDouble()));
      out->data.f[i] = sim::RoundToDType(dt, RemF(a.data.f[i], y));
    } else {
      const int64_t v = RemI(c, a.data.i[i], b ? b->data.i[i] : s.AsInt());
      out->data.i[i] = sim::IsPoisonI64(v) ? v : sim::WrapToDType(dt, v);
    }
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// TLRELU / TPRELU: x > 0 ? x : x * slope (a NaN x is not > 0 and stays NaN).
Value Relu(OpCall& c, bool scalar) {
  const TileValue& a = c.tile(0);
  if (a.data.kind != StorageKind::F32) c.Fail("needs a floating-point tile");
  const TileValue* s = scalar ? nullptr : &c.tile(1);
  if (s) RequireSameStorage(c, a, *s);
  const float sv =
      scalar ? sim::RoundToDType(a.dtype, static_cast<float>(c.scalar(1).AsDouble())) : 0.0f;
  auto out = c.NewResult(0);
  const size_t n = std::min(out->data.size(), a.data.size());
  for (size_t i = 0; i < n; ++i) {
    const float x = a.data.f[i];
    out->data.f[i] = x > 0 ? x : sim::RoundToDType(out->dtype, x * (s ? s->data.f[i] : sv));
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

template <typename T>
bool Compare(int64_t mode, T a, T b) {
  switch (mode) {
    case 0:
      return a == b;
    case 1:
      return a != b;
    case 2:
      return a < b;
    case 3:
      return a <= b;
    case 4:
      return a > b;
    default:
      return a >= b;
  }
}

// TCMP / TCMPS into the packed mask: bit j % 8 of byte j / 8 of row i holds column j's result.
// Columns outside the operand's valid region leave their bits 0; a byte built from an undefined
// element is undefined; rows outside the valid region are undefined.
Value Cmp(OpCall& c, bool scalar) {
  const TileValue& a = c.tile(0);
  const TileValue* b = scalar ? nullptr : &c.tile(1);
  if (b) RequireSameStorage(c, a, *b);
  if (a.shape.size() != 2) c.Fail("needs a rank-2 operand");
  const Scalar s = scalar ? c.scalar(1) : Scalar::Int(0);
  const int64_t mode = c.int_kwarg("cmp_type").value_or(0);
  const float sf = sim::RoundToDType(a.dtype, static_cast<float>(s.AsDouble()));
  auto out = c.NewResult(0);
  if (out->shape.size() != 2) c.Fail("needs a rank-2 mask");
  const int64_t cols = a.shape[1], vcols = std::min(a.valid[1], cols);
  const int64_t rows = std::min(a.shape[0], out->shape[0]), bytes = out->shape[1];
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t k = 0; k < bytes; ++k) {
      int64_t byte = 0;
      bool poison = false;
      for (int64_t bit = 0; bit < 8; ++bit) {
        const int64_t j = k * 8 + bit;
        if (j >= vcols) break;
        const size_t at = static_cast<size_t>(r * cols + j);
        if (a.data.IsPoison(at) || (b && b->data.IsPoison(at))) poison = true;
        const bool v = a.data.kind == StorageKind::F32
                           ? Compare<float>(mode, a.data.f[at], b ? b->data.f[at] : sf)
                           : Compare<int64_t>(mode, a.data.i[at], b ? b->data.i[at] : s.AsInt());
        byte |= int64_t{v} << bit;
      }
      out->data.i[static_cast<size_t>(r * bytes + k)] = poison ? sim::kPoisonI64 : byte;
    }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

bool Inside(const std::vector<int64_t>& idx, const std::vector<int64_t>& valid) {
  for (size_t d = 0; d < idx.size(); ++d)
    if (d >= valid.size() || idx[d] >= valid[d]) return false;
  return true;
}

// TPARTADD and its kin over the result's valid region: both operands valid -> op, one -> its
// element, neither -> undefined (the hardware's behaviour there is implementation-defined).
Value Part(OpCall& c, Op op) {
  const TileValue& a = c.tile(0);
  const TileValue& b = c.tile(1);
  RequireSameStorage(c, a, b);
  auto out = c.NewResult(0);
  const ir::DataType dt = out->dtype;
  std::vector<int64_t> idx(out->shape.size(), 0);
  const size_t n = std::min(out->data.size(), a.data.size());
  for (size_t i = 0; i < n; ++i) {
    const bool in_a = Inside(idx, a.valid), in_b = Inside(idx, b.valid);
    if (in_a && in_b) {
      if (out->data.kind == StorageKind::F32)
        out->data.f[i] = StepF(dt, op, a.data.f[i], b.data.f[i]);
      else
        out->data.i[i] = StepI(dt, op, a.data.i[i], b.data.i[i]);
    } else if (in_a || in_b) {
      const TileValue& only = in_a ? a : b;
      if (out->data.kind == StorageKind::F32)
        out->data.f[i] = only.data.f[i];
      else
        out->data.i[i] = only.data.i[i];
    }
    for (size_t d = idx.size(); d-- > 0;) {
      if (++idx[d] < out->shape[d]) break;
      idx[d] = 0;
    }
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// TEXPANDS: the scalar, in the result's dtype, in every valid element.
Value Expands(OpCall& c) {
  const Scalar s = c.scalar(1);
  auto out = c.NewResult(0, sim::BufferInit::Unspecified);
  const ir::DataType dt = out->dtype;
  if (out->data.kind == StorageKind::F32)
    std::fill(out->data.f.begin(), out->data.f.end(),
              sim::RoundToDType(dt, static_cast<float>(s.AsDouble())));
  else
    std::fill(out->data.i.begin(), out->data.i.end(), sim::WrapToDType(dt, s.AsInt()));
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// A tensor operand's valid region at run time: its type's static valid shape.
std::vector<int64_t> TypeValid(OpCall& c, size_t i) {
  const auto* t = c.call.args[i]->type ? c.call.args[i]->type->As<ir::TensorType>() : nullptr;
  if (!t) c.Fail("has no tensor operand type");
  std::vector<int64_t> valid;
  for (const ExprPtr& e : t->valid()) {
    const std::optional<int64_t> v = ir::AsConstInt(e);
    if (!v) c.Fail("needs a static valid shape on the simulator");
    valid.push_back(*v);
  }
  return valid;
}

// The tensor form of a partial op, by the operands' valid regions as their types state them (the
// regions the tile program's loads give its tiles); an undefined element inside a region stays
// undefined (it is not taken for absent: the device holds some value there).
Value TensorPart(OpCall& c, Op op) {
  const TensorPtr& a = c.tensor(0);
  const TensorPtr& b = c.tensor(1);
  if (a->shape != b->shape || a->data.kind != b->data.kind)
    c.Fail("operands differ in shape or storage at run time");
  const std::vector<int64_t> va = TypeValid(c, 0), vb = TypeValid(c, 1);
  TensorPtr out = NewTensor(c, ResultDType(c), a->shape, true);
  const ir::DataType dt = out->dtype;
  std::vector<int64_t> idx(a->shape.size(), 0);
  for (size_t i = 0; i < out->data.size(); ++i) {
    const bool da = Inside(idx, va), db = Inside(idx, vb);
    if (da || db) {
      const sim::TensorValue& only = da ? *a : *b;
      if (out->data.kind == StorageKind::F32)
        out->data.f[i] = da && db ? StepF(dt, op, a->data.f[i], b->data.f[i]) : only.data.f[i];
      else
        out->data.i[i] = da && db ? StepI(dt, op, a->data.i[i], b->data.i[i]) : only.data.i[i];
    }
    for (size_t d = idx.size(); d-- > 0;) {
      if (++idx[d] < a->shape[d]) break;
      idx[d] = 0;
    }
  }
  return Value(out);
}

}  // namespace

void RegisterElementwiseExtSemantics(SemanticsTable& t) {
  t.Register(op::tile_addc, [](OpCall& c) { return Ternary(c, Op::Add, false); });
  t.Register(op::tile_subc, [](OpCall& c) { return Ternary(c, Op::Sub, false); });
  t.Register(op::tile_addsc, [](OpCall& c) { return Ternary(c, Op::Add, true); });
  t.Register(op::tile_subsc, [](OpCall& c) { return Ternary(c, Op::Sub, true); });
  t.Register(op::tile_rem, [](OpCall& c) { return Rem(c, false); });
  t.Register(op::tile_rems, [](OpCall& c) { return Rem(c, true); });
  t.Register(op::tile_lrelu, [](OpCall& c) { return Relu(c, true); });
  t.Register(op::tile_prelu, [](OpCall& c) { return Relu(c, false); });
  t.Register(op::tile_cmp, [](OpCall& c) { return Cmp(c, false); });
  t.Register(op::tile_cmps, [](OpCall& c) { return Cmp(c, true); });
  t.Register(op::tile_expands, Expands);
  const std::tuple<OpHandle, OpHandle, Op> parts[] = {
      {op::tile_part_add, op::tensor_part_add, Op::Add},
      {op::tile_part_mul, op::tensor_part_mul, Op::Mul},
      {op::tile_part_max, op::tensor_part_max, Op::Max},
      {op::tile_part_min, op::tensor_part_min, Op::Min}};
  for (const auto& [tile_op, tensor_op, how] : parts) {
    const Op o = how;
    t.Register(tile_op, [o](OpCall& c) { return Part(c, o); });
    t.Register(tensor_op, [o](OpCall& c) { return TensorPart(c, o); });
  }
  // The target is read for its shape only, so where the tensor is undefined (the rows past a
  // ragged window's valid_shape) the result is too, as in the tile program, whose tile.expands
  // fills only the valid region (tests/golden/fuzz_tensor/expands_of_ragged_window).
  t.Register(op::tensor_expands, [](OpCall& c) {
    const TensorPtr& target = c.tensor(0);
    Value r = ViaTile(c, op::tile_expands, target->shape, c.args);
    const TensorPtr& out = *r.tensor();
    for (size_t k = 0; k < out->data.size() && k < target->data.size(); ++k)
      if (target->data.IsPoison(k)) out->data.SetPoison(k);
    return r;
  });
  for (const auto& [tensor_op, tile_op] :
       {std::pair{op::tensor_cmp, op::tile_cmp}, std::pair{op::tensor_cmps, op::tile_cmps}}) {
    t.Register(tensor_op, [tile_op](OpCall& c) {
      const std::vector<int64_t>& s = c.tensor(0)->shape;
      if (s.size() != 2) c.Fail("needs a rank-2 tensor");
      return ViaTile(c, tile_op, {s[0], (s[1] + 7) / 8}, c.args);
    });
  }
}

}  // namespace tilesplit::ops
