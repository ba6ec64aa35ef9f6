// Semantics of the row / column expansions, sin / cos and the bitwise ops (expand_math_ops.cpp).
// Floating results are computed in FP32 and rounded to the result dtype (exp(target - v) rounds
// the difference to the dtype before the exp, as the two-instruction sequence it fuses would);
// integer results wrap to the result width. Poison propagates as in semantics_elementwise.cpp.
#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>

#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {
namespace {

using sim::StorageKind;

enum class Ex { Add, Sub, Mul, Div, Max, Min, ExpDif, Copy, And, Or, Shl, Shr, Xor, Fmod };

float ElemF(const TileValue& t, size_t i) {
  if (t.data.kind == StorageKind::F32) return t.data.f[i];
  return sim::IsPoisonI64(t.data.i[i]) ? sim::PoisonF32() : static_cast<float>(t.data.i[i]);
}

float ApplyF(Ex op, ir::DataType dt, float a, float b) {
  switch (op) {
    case Ex::Add:
      return a + b;
    case Ex::Sub:
      return a - b;
    case Ex::Mul:
      return a * b;
    case Ex::Div:
      return a / b;
    case Ex::Max:
      return std::isnan(a) ? a : std::isnan(b) ? b : (a < b ? b : a);
    case Ex::Min:
      return std::isnan(a) ? a : std::isnan(b) ? b : (b < a ? b : a);
    case Ex::ExpDif:
      return std::exp(sim::RoundToDType(dt, a - b));
    case Ex::Copy:
      return b;
    case Ex::Fmod:
      return std::fmod(a, b);
    default:
      return sim::PoisonF32();
  }
}

int64_t ApplyI(OpCall& c, Ex op, ir::DataType dt, int64_t a, int64_t b) {
  if (sim::IsPoisonI64(a) || sim::IsPoisonI64(b)) return sim::kPoisonI64;
  const int width = ir::DataTypeBits(dt);
  switch (op) {
    case Ex::Add:
      return a + b;
    case Ex::Sub:
      return a - b;
    case Ex::Mul:
      return a * b;
    case Ex::Div:
      if (b == 0) c.Fail("integer division by zero");
      return a / b;
    case Ex::Max:
      return a < b ? b : a;
    case Ex::Min:
      return b < a ? b : a;
    case Ex::Copy:
      return b;
    case Ex::And:
      return a & b;
    case Ex::Or:
      return a | b;
    case Ex::Xor:
      return a ^ b;
    case Ex::Shl:
      if (b < 0 || b >= width) return sim::kPoisonI64;
      return static_cast<int64_t>(static_cast<uint64_t>(a) << b);
    case Ex::Shr:
      if (b < 0 || b >= width) return sim::kPoisonI64;
      return a >> b;  // stored values of unsigned dtypes are non-negative: a logical shift
    case Ex::ExpDif:
    case Ex::Fmod:
      c.Fail("the simulator executes this op on floating tiles only");
  }
  return a;
}

void Store(TileValue& out, size_t o, Ex op, OpCall& c, const TileValue& a, size_t ia,
           const TileValue* b, size_t ib, const Scalar* s) {
  const ir::DataType dt = out.dtype;
  if (out.data.kind == StorageKind::F32) {
    const float y = b ? ElemF(*b, ib) : static_cast<float>(s->AsDouble());
    out.data.f[o] = sim::RoundToDType(dt, ApplyF(op, dt, ElemF(a, ia), y));
    return;
  }
  if (a.data.kind != StorageKind::I64 || (b && b->data.kind != StorageKind::I64))
    c.Fail("integer result from floating operands");
  const int64_t y = b ? b->data.i[ib] : s->AsInt();
  const int64_t v = ApplyI(c, op, dt, a.data.i[ia], y);
  out.data.i[o] = sim::IsPoisonI64(v) ? v : sim::WrapToDType(dt, v);
}

// out = op(a, b) with b broadcast (strides 0 on its unit axes) over the result box.
Value Broadcast(OpCall& c, Ex op) {
  const TileValue& a = c.tile(0);
  const TileValue& b = c.tile(1);
  auto out = c.NewResult(0, sim::BufferInit::Unspecified);
  const auto sa = BroadcastStrides(c, a, out->shape), sb = BroadcastStrides(c, b, out->shape);
  const size_t rank = out->shape.size();
  std::vector<int64_t> idx(rank, 0);
  const size_t n = static_cast<size_t>(sim::NumElements(out->shape));
  for (size_t i = 0; i < n; ++i) {
    int64_t oa = 0, ob = 0;
    for (size_t d = 0; d < rank; ++d) {
      oa += idx[d] * sa[d];
      ob += idx[d] * sb[d];
    }
    Store(*out, i, op, c, a, static_cast<size_t>(oa), &b, static_cast<size_t>(ob), nullptr);
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < out->shape[d]) break;
      idx[d] = 0;
    }
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

Value WithScalar(OpCall& c, Ex op) {
  const TileValue& a = c.tile(0);
  const Scalar s = c.scalar(1);
  auto out = c.NewResult(0);
  const size_t n = std::min(out->data.size(), a.data.size());
  for (size_t i = 0; i < n; ++i) Store(*out, i, op, c, a, i, nullptr, 0, &s);
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

Value Trig(OpCall& c, float (*f)(float)) {
  if (c.tile(0).data.kind == StorageKind::I64)
    c.Fail("the simulator executes this op on floating tiles only");
  return MapUnaryF(c, 0, f);
}

// ~a: every bit inverted, as a ^ -1 wrapped to the dtype's width.
Value Not(OpCall& c) {
  const TileValue& a = c.tile(0);
  if (a.data.kind != StorageKind::I64)
    c.Fail("the simulator executes this op on integer tiles only");
  const Scalar ones = Scalar::Int(-1);
  auto out = c.NewResult(0);
  const size_t n = std::min(out->data.size(), a.data.size());
  for (size_t i = 0; i < n; ++i) Store(*out, i, Ex::Xor, c, a, i, nullptr, 0, &ones);
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

}  // namespace

void RegisterExpandMathSemantics(SemanticsTable& t) {
  // tile.col_expand_mul is an elementwise product (semantics_elementwise.cpp).
  const std::pair<OpHandle, Ex> expansions[] = {
      {op::tile_row_expand_add, Ex::Add},       {op::tile_row_expand_sub, Ex::Sub},
      {op::tile_row_expand_mul, Ex::Mul},       {op::tile_row_expand_div, Ex::Div},
      {op::tile_row_expand_max, Ex::Max},       {op::tile_row_expand_min, Ex::Min},
      {op::tile_row_expand_expdif, Ex::ExpDif}, {op::tile_row_expand, Ex::Copy},
      {op::tile_col_expand_add, Ex::Add},       {op::tile_col_expand_sub, Ex::Sub},
      {op::tile_col_expand_div, Ex::Div},       {op::tile_col_expand_max, Ex::Max},
      {op::tile_col_expand_min, Ex::Min},       {op::tile_col_expand_expdif, Ex::ExpDif},
      {op::tile_col_expand, Ex::Copy}};
  for (const auto& [name, how] : expansions) {
    const Ex o = how;
    t.Register(name, [o](OpCall& c) { return Broadcast(c, o); });
  }
  // Each bitwise op on two tiles, and its form with a scalar.
  const std::tuple<OpHandle, OpHandle, Ex> bitwise[] = {
      {op::tile_and, op::tile_ands, Ex::And}, {op::tile_or, op::tile_ors, Ex::Or},
      {op::tile_shl, op::tile_shls, Ex::Shl}, {op::tile_shr, op::tile_shrs, Ex::Shr},
      {op::tile_xor, op::tile_xors, Ex::Xor}, {op::tile_fmod, op::tile_fmods, Ex::Fmod}};
  for (const auto& [tiles, with_scalar, how] : bitwise) {
    const Ex o = how;
    t.Register(tiles, [o](OpCall& c) { return Broadcast(c, o); });
    t.Register(with_scalar, [o](OpCall& c) { return WithScalar(c, o); });
  }
  t.Register(op::tile_not, Not);
  t.Register(op::tile_sin, [](OpCall& c) { return Trig(c, [](float v) { return std::sin(v); }); });
  t.Register(op::tile_cos, [](OpCall& c) { return Trig(c, [](float v) { return std::cos(v); }); });
}

}  // namespace tilesplit::ops
