// Semantics of the elementwise and unary ops (ops.md 2.3). Floating results are computed in FP32
// and rounded to the result dtype; integer results wrap to the result width. Poison propagates:
// through NaN arithmetic for floats, explicitly for integers.
#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>

#include "simd_kernels.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

namespace {

using sim::StorageKind;

enum class Bin { Add, Sub, Mul, Div, Max, Min };

float ApplyF(Bin op, float a, float b) {
  switch (op) {
    case Bin::Add:
      return a + b;
    case Bin::Sub:
      return a - b;
    case Bin::Mul:
      return a * b;
    case Bin::Div:
      return a / b;
    case Bin::Max:
      return std::isnan(a) ? a : std::isnan(b) ? b : (a < b ? b : a);
    case Bin::Min:
      return std::isnan(a) ? a : std::isnan(b) ? b : (b < a ? b : a);
  }
  return a;
}

int64_t ApplyI(OpCall& c, Bin op, int64_t a, int64_t b) {
  if (sim::IsPoisonI64(a) || sim::IsPoisonI64(b)) return sim::kPoisonI64;
  switch (op) {
    case Bin::Add:
      return a + b;
    case Bin::Sub:
      return a - b;
    case Bin::Mul:
      return a * b;
    case Bin::Div:
      if (b == 0) c.Fail("integer division by zero");
      return a / b;
    case Bin::Max:
      return a < b ? b : a;
    case Bin::Min:
      return b < a ? b : a;
  }
  return a;
}

float ElemF(const TileValue& t, size_t i) {
  if (t.data.kind == StorageKind::F32) return t.data.f[i];
  return sim::IsPoisonI64(t.data.i[i]) ? sim::PoisonF32() : static_cast<float>(t.data.i[i]);
}

// Visits every result element with the flat offsets of both operands.
template <typename F>
void ForEachBroadcast(OpCall& c, const TileValue& a, const TileValue& b,
                      const std::vector<int64_t>& out, F f) {
  if (a.shape == out && b.shape == out) {
    const size_t n = static_cast<size_t>(sim::NumElements(out));
    for (size_t i = 0; i < n; ++i) f(i, i, i);
    return;
  }
  const auto sa = BroadcastStrides(c, a, out), sb = BroadcastStrides(c, b, out);
  const size_t rank = out.size();
  std::vector<int64_t> idx(rank, 0);
  const size_t n = static_cast<size_t>(sim::NumElements(out));
  for (size_t i = 0; i < n; ++i) {
    int64_t oa = 0, ob = 0;
    for (size_t d = 0; d < rank; ++d) {
      oa += idx[d] * sa[d];
      ob += idx[d] * sb[d];
    }
    f(i, static_cast<size_t>(oa), static_cast<size_t>(ob));
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < out[d]) break;
      idx[d] = 0;
    }
  }
}

size_t ResultSize(OpCall& c) {
  return static_cast<size_t>(sim::NumElements(c.result().shape));
}

// out[i] = f(a[i * sa], b[i * sb]) over one contiguous run. Broadcasting makes each stride 0 or
// 1; each combination gets its own plain loop so that the compiler vectorises it.
template <typename F>
void RunF(float* po, const float* pa, int64_t sa, const float* pb, int64_t sb, size_t n, F f) {
  if (sa == 1 && sb == 1) {
    for (size_t i = 0; i < n; ++i) po[i] = f(pa[i], pb[i]);
  } else if (sa == 1 && sb == 0) {
    const float y = *pb;
    for (size_t i = 0; i < n; ++i) po[i] = f(pa[i], y);
  } else if (sa == 0 && sb == 1) {
    const float x = *pa;
    for (size_t i = 0; i < n; ++i) po[i] = f(x, pb[i]);
  } else {
    for (size_t i = 0; i < n; ++i) po[i] = f(pa[i * sa], pb[i * sb]);
  }
}

// RunF, or its AVX-512 form for the four arithmetic ops (the same IEEE operation per element).
template <typename F>
void RunArith(float* po, const float* pa, int64_t sa, const float* pb, int64_t sb, size_t n, F f,
              std::optional<simd::Arith> fast) {
  if (fast && (sa | sb) && (sa | sb) == 1 && simd::HasAvx512())
    return simd::ArithAvx512(*fast, pa, sa, pb, sb, po, n);
  RunF(po, pa, sa, pb, sb, n, f);
}

// A binary op on FP32-stored operands: the result box walked row by row (an odometer over the
// outer axes, once per row), each row a tight loop.
template <typename F>
void BinaryRowsF(OpCall& c, const TileValue& a, const TileValue& b, TileValue& out, F f,
                 std::optional<simd::Arith> fast = std::nullopt) {
  const float* pa = a.data.f.data();
  const float* pb = b.data.f.data();
  float* po = out.data.f.data();
  const size_t n = out.data.size();
  if (a.shape == out.shape && b.shape == out.shape) return RunArith(po, pa, 1, pb, 1, n, f, fast);
  const auto sa = BroadcastStrides(c, a, out.shape), sb = BroadcastStrides(c, b, out.shape);
  const size_t rank = out.shape.size();
  if (rank == 0 || n == 0) return RunF(po, pa, 0, pb, 0, n, f);
  const size_t last = static_cast<size_t>(out.shape[rank - 1]);
  std::vector<int64_t> idx(rank, 0);
  for (size_t row = 0; row * last < n; ++row) {
    int64_t oa = 0, ob = 0;
    for (size_t d = 0; d + 1 < rank; ++d) {
      oa += idx[d] * sa[d];
      ob += idx[d] * sb[d];
    }
    RunArith(po + row * last, pa + oa, sa[rank - 1], pb + ob, sb[rank - 1], last, f, fast);
    for (size_t d = rank - 1; d-- > 0;) {
      if (++idx[d] < out.shape[d]) break;
      idx[d] = 0;
    }
  }
}

void BinaryF(OpCall& c, Bin op, const TileValue& a, const TileValue& b, TileValue& out) {
  switch (op) {
    case Bin::Add:
      return BinaryRowsF(
          c, a, b, out, [](float x, float y) { return x + y; }, simd::Arith::Add);
    case Bin::Sub:
      return BinaryRowsF(
          c, a, b, out, [](float x, float y) { return x - y; }, simd::Arith::Sub);
    case Bin::Mul:
      return BinaryRowsF(
          c, a, b, out, [](float x, float y) { return x * y; }, simd::Arith::Mul);
    case Bin::Div:
      return BinaryRowsF(
          c, a, b, out, [](float x, float y) { return x / y; }, simd::Arith::Div);
    case Bin::Max:
      return BinaryRowsF(c, a, b, out, [](float x, float y) { return ApplyF(Bin::Max, x, y); });
    case Bin::Min:
      return BinaryRowsF(c, a, b, out, [](float x, float y) { return ApplyF(Bin::Min, x, y); });
  }
}

// Every path below writes every element of the result box, so the result skips the poison fill.
Value Binary(OpCall& c, Bin op) {
  const TileValue& a = c.tile(0);
  const TileValue& b = c.tile(1);
  auto out = c.ReuseOrNewResult({0, 1});
  const ir::DataType dt = out->dtype;
  if (out->data.kind == StorageKind::F32) {
    if (a.data.kind == StorageKind::F32 && b.data.kind == StorageKind::F32) {
      BinaryF(c, op, a, b, *out);
      if (dt != ir::DataType::FP32)
        for (float& v : out->data.f) v = sim::RoundToDType(dt, v);
    } else {
      ForEachBroadcast(c, a, b, out->shape, [&](size_t o, size_t ia, size_t ib) {
        out->data.f[o] = sim::RoundToDType(dt, ApplyF(op, ElemF(a, ia), ElemF(b, ib)));
      });
    }
  } else {
    if (a.data.kind != StorageKind::I64 || b.data.kind != StorageKind::I64)
      c.Fail("integer result from floating operands");
    ForEachBroadcast(c, a, b, out->shape, [&](size_t o, size_t ia, size_t ib) {
      int64_t v = ApplyI(c, op, a.data.i[ia], b.data.i[ib]);
      out->data.i[o] = sim::IsPoisonI64(v) ? v : sim::WrapToDType(dt, v);
    });
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

Value BinaryScalar(OpCall& c, Bin op) {
  const TileValue& a = c.tile(0);
  const Scalar s = c.scalar(1);
  // Only the elements the operand has are computed; a smaller operand leaves the rest poison.
  auto out = c.NewResult(
      0, a.data.size() >= ResultSize(c) ? sim::BufferInit::Unspecified : sim::BufferInit::Poison);
  const ir::DataType dt = out->dtype;
  const size_t n = std::min(out->data.size(), a.data.size());
  if (out->data.kind == StorageKind::F32) {
    const float sv = static_cast<float>(s.AsDouble());
    if (a.data.kind == StorageKind::F32) {
      TileValue& o = *out;
      const float* pa = a.data.f.data();
      switch (op) {
        case Bin::Add:
          RunF(o.data.f.data(), pa, 1, &sv, 0, n, [](float x, float y) { return x + y; });
          break;
        case Bin::Sub:
          RunF(o.data.f.data(), pa, 1, &sv, 0, n, [](float x, float y) { return x - y; });
          break;
        case Bin::Mul:
          RunF(o.data.f.data(), pa, 1, &sv, 0, n, [](float x, float y) { return x * y; });
          break;
        default:
          RunF(o.data.f.data(), pa, 1, &sv, 0, n,
               [op](float x, float y) { return ApplyF(op, x, y); });
      }
      if (dt != ir::DataType::FP32)
        for (size_t i = 0; i < n; ++i) o.data.f[i] = sim::RoundToDType(dt, o.data.f[i]);
    } else {
      for (size_t i = 0; i < n; ++i)
        out->data.f[i] = sim::RoundToDType(dt, ApplyF(op, ElemF(a, i), sv));
    }
  } else {
    if (a.data.kind != StorageKind::I64) c.Fail("integer result from a floating tile");
    const int64_t sv = s.AsInt();
    for (size_t i = 0; i < n; ++i) {
      int64_t v = ApplyI(c, op, a.data.i[i], sv);
      out->data.i[i] = sim::IsPoisonI64(v) ? v : sim::WrapToDType(dt, v);
    }
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

Value UnaryI(OpCall& c, int64_t (*f)(int64_t)) {
  const TileValue& a = c.tile(0);
  auto out = c.NewResult(
      0, a.data.size() >= ResultSize(c) ? sim::BufferInit::Unspecified : sim::BufferInit::Poison);
  const size_t n = std::min(out->data.size(), a.data.size());
  for (size_t i = 0; i < n; ++i) {
    const int64_t v = a.data.i[i];
    out->data.i[i] = sim::IsPoisonI64(v) ? v : sim::WrapToDType(out->dtype, f(v));
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// A floating unary op over the operand's elements; `run` maps a contiguous run.
template <typename Run>
Value MapUnary(OpCall& c, Run run) {
  const TileValue& in = c.tile(0);
  if (in.data.kind != StorageKind::F32 || sim::StorageOf(c.result().dtype) != StorageKind::F32)
    c.Fail("needs a floating-point tile");
  auto out = in.data.size() >= ResultSize(c) ? c.ReuseOrNewResult({0}) : c.NewResult(0);
  const size_t n = std::min(in.data.size(), out->data.size());
  float* dst = out->data.f.data();
  run(in.data.f.data(), dst, n);
  if (out->dtype != ir::DataType::FP32)  // FP32 needs no rounding pass
    for (size_t i = 0; i < n; ++i) dst[i] = sim::RoundToDType(out->dtype, dst[i]);
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// A unary op over floats, and over integers when `fi` is given. `ff` is a captureless lambda, so
// each op's loop is its own instantiation with the function inlined.
template <typename FF>
void RegUnary(SemanticsTable& t, OpHandle name, FF ff, int64_t (*fi)(int64_t) = nullptr) {
  t.Register(name, [ff, fi](OpCall& c) {
    if (c.tile(0).data.kind == StorageKind::I64) {
      if (!fi) c.Fail("the simulator executes this op on floating tiles only");
      return UnaryI(c, fi);
    }
    return MapUnary(c, [ff](const float* src, float* dst, size_t n) {
      for (size_t i = 0; i < n; ++i) dst[i] = ff(src[i]);
    });
  });
}

float Round(float v, int64_t mode) {
  switch (mode) {
    case 1:
      return std::nearbyint(v);
    case 2:
      return std::round(v);
    case 3:
      return std::floor(v);
    case 4:
      return std::ceil(v);
    default:
      return std::trunc(v);
  }
}

Value Cast(OpCall& c) {
  const TileValue& a = c.tile(0);
  auto out = c.NewResult();
  const int64_t mode = c.int_kwarg("mode").value_or(2);
  const ir::DataType dt = out->dtype;
  const size_t n = std::min(out->data.size(), a.data.size());
  for (size_t i = 0; i < n; ++i) {
    if (out->data.kind == StorageKind::F32) {
      out->data.f[i] = sim::RoundToDType(dt, ElemF(a, i));
    } else if (a.data.kind == StorageKind::F32) {
      const float v = a.data.f[i];
      out->data.i[i] = std::isnan(v) ? sim::kPoisonI64
                                     : sim::WrapToDType(dt, static_cast<int64_t>(Round(v, mode)));
    } else {
      const int64_t v = a.data.i[i];
      out->data.i[i] = sim::IsPoisonI64(v) ? v : sim::WrapToDType(dt, v);
    }
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

}  // namespace

void RegisterElementwiseSemantics(SemanticsTable& t) {
  const std::pair<OpHandle, Bin> bins[] = {
      {op::tile_add, Bin::Add}, {op::tile_sub, Bin::Sub},     {op::tile_mul, Bin::Mul},
      {op::tile_div, Bin::Div}, {op::tile_maximum, Bin::Max}, {op::tile_minimum, Bin::Min}};
  for (const auto& [name, how] : bins) {
    Bin o = how;
    t.Register(name, [o](OpCall& c) { return Binary(c, o); });
  }
  t.Register(op::tile_col_expand_mul, [](OpCall& c) { return Binary(c, Bin::Mul); });
  const std::pair<OpHandle, Bin> scalars[] = {
      {op::tile_adds, Bin::Add}, {op::tile_subs, Bin::Sub},     {op::tile_muls, Bin::Mul},
      {op::tile_divs, Bin::Div}, {op::tile_maximums, Bin::Max}, {op::tile_minimums, Bin::Min}};
  for (const auto& [name, how] : scalars) {
    Bin o = how;
    t.Register(name, [o](OpCall& c) { return BinaryScalar(c, o); });
  }
  t.Register(op::tile_exp, [](OpCall& c) {
    if (c.tile(0).data.kind == StorageKind::I64)
      c.Fail("the simulator executes this op on floating tiles only");
    return MapUnary(c, simd::Exp);  // glibc's expf bits (simd_kernels.h)
  });
  RegUnary(
      t, op::tile_neg, [](float v) { return -v; }, [](int64_t v) { return -v; });
  RegUnary(t, op::tile_sqrt, [](float v) { return std::sqrt(v); });
  RegUnary(
      t, op::tile_abs, [](float v) { return std::fabs(v); },
      [](int64_t v) { return v < 0 ? -v : v; });
  RegUnary(
      t, op::tile_relu, [](float v) { return std::isnan(v) ? v : (v > 0 ? v : 0.0f); },
      [](int64_t v) { return v > 0 ? v : int64_t{0}; });
  RegUnary(t, op::tile_log, [](float v) { return std::log(v); });
  RegUnary(t, op::tile_recip, [](float v) { return 1.0f / v; });
  RegUnary(t, op::tile_rsqrt, [](float v) { return 1.0f / std::sqrt(v); });
  t.Register(op::tile_cast, Cast);
}

}  // namespace tilesplit::ops
