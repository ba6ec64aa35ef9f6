// Semantics of the elementwise and unary ops (ops.md 2.3). Floating results are computed in FP32
// and rounded to the result dtype; integer results wrap to the result width. Poison propagates:
// through NaN arithmetic for floats, explicitly for integers.
#include <cmath>

#include "tilesplit/ops/semantics.h"

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

// Strides of `in` right-aligned against the result box, 0 on broadcast axes.
std::vector<int64_t> BroadcastStrides(OpCall& c, const TileValue& in,
                                      const std::vector<int64_t>& out) {
  std::vector<int64_t> s(out.size(), 0);
  const auto is = sim::RowMajorStrides(in.shape);
  if (in.shape.size() > out.size()) c.Fail("operand rank exceeds the result's");
  const size_t shift = out.size() - in.shape.size();
  for (size_t d = 0; d < in.shape.size(); ++d) {
    if (in.shape[d] == out[d + shift])
      s[d + shift] = is[d];
    else if (in.shape[d] != 1)
      c.Fail("operand shape does not broadcast to the result");
  }
  return s;
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

Value Binary(OpCall& c, Bin op) {
  const TileValue& a = c.tile(0);
  const TileValue& b = c.tile(1);
  auto out = c.NewResult();
  const ir::DataType dt = out->dtype;
  if (out->data.kind == StorageKind::F32) {
    if (a.data.kind == StorageKind::F32 && b.data.kind == StorageKind::F32 &&
        a.shape == out->shape && b.shape == out->shape) {
      const float* pa = a.data.f.data();
      const float* pb = b.data.f.data();
      float* po = out->data.f.data();
      const size_t n = out->data.size();
      switch (op) {  // the common cases as tight loops
        case Bin::Add:
          for (size_t i = 0; i < n; ++i) po[i] = pa[i] + pb[i];
          break;
        case Bin::Sub:
          for (size_t i = 0; i < n; ++i) po[i] = pa[i] - pb[i];
          break;
        case Bin::Mul:
          for (size_t i = 0; i < n; ++i) po[i] = pa[i] * pb[i];
          break;
        case Bin::Div:
          for (size_t i = 0; i < n; ++i) po[i] = pa[i] / pb[i];
          break;
        default:
          for (size_t i = 0; i < n; ++i) po[i] = ApplyF(op, pa[i], pb[i]);
      }
      if (dt != ir::DataType::FP32)
        for (size_t i = 0; i < n; ++i) po[i] = sim::RoundToDType(dt, po[i]);
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
  auto out = c.NewResult();
  const ir::DataType dt = out->dtype;
  const size_t n = std::min(out->data.size(), a.data.size());
  if (out->data.kind == StorageKind::F32) {
    const float sv = static_cast<float>(s.AsDouble());
    for (size_t i = 0; i < n; ++i)
      out->data.f[i] = sim::RoundToDType(dt, ApplyF(op, ElemF(a, i), sv));
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
  auto out = c.NewResult();
  const size_t n = std::min(out->data.size(), a.data.size());
  for (size_t i = 0; i < n; ++i) {
    const int64_t v = a.data.i[i];
    out->data.i[i] = sim::IsPoisonI64(v) ? v : sim::WrapToDType(out->dtype, f(v));
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// A unary op over floats, and over integers when `fi` is given.
void RegUnary(SemanticsTable& t, const std::string& name, float (*ff)(float),
              int64_t (*fi)(int64_t) = nullptr) {
  t.Register(name, [ff, fi](OpCall& c) {
    if (c.tile(0).data.kind == StorageKind::I64) {
      if (!fi) c.Fail("the simulator executes this op on floating tiles only");
      return UnaryI(c, fi);
    }
    return MapUnaryF(c, 0, ff);
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
  const std::pair<const char*, Bin> bins[] = {{"add", Bin::Add},     {"sub", Bin::Sub},
                                              {"mul", Bin::Mul},     {"div", Bin::Div},
                                              {"maximum", Bin::Max}, {"minimum", Bin::Min}};
  for (const auto& [name, op] : bins) {
    Bin o = op;
    t.Register(std::string("tile.") + name, [o](OpCall& c) { return Binary(c, o); });
  }
  const std::pair<const char*, Bin> scalars[] = {{"adds", Bin::Add},     {"subs", Bin::Sub},
                                                 {"muls", Bin::Mul},     {"divs", Bin::Div},
                                                 {"maximums", Bin::Max}, {"minimums", Bin::Min}};
  for (const auto& [name, op] : scalars) {
    Bin o = op;
    t.Register(std::string("tile.") + name, [o](OpCall& c) { return BinaryScalar(c, o); });
  }
  RegUnary(t, "tile.exp", [](float v) { return std::exp(v); });
  RegUnary(
      t, "tile.neg", [](float v) { return -v; }, [](int64_t v) { return -v; });
  RegUnary(t, "tile.sqrt", [](float v) { return std::sqrt(v); });
  RegUnary(
      t, "tile.abs", [](float v) { return std::fabs(v); },
      [](int64_t v) { return v < 0 ? -v : v; });
  RegUnary(
      t, "tile.relu", [](float v) { return std::isnan(v) ? v : (v > 0 ? v : 0.0f); },
      [](int64_t v) { return v > 0 ? v : int64_t{0}; });
  RegUnary(t, "tile.log", [](float v) { return std::log(v); });
  RegUnary(t, "tile.recip", [](float v) { return 1.0f / v; });
  RegUnary(t, "tile.rsqrt", [](float v) { return 1.0f / std::sqrt(v); });
  t.Register("tile.cast", Cast);
}

}  // namespace tilesplit::ops
