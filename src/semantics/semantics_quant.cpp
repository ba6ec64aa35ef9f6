// Semantics of MX quantisation (ops.md 2.8), following the OCP Microscaling (MX) v1.0 recipe;
// docs/simulator.md ("MX quantisation") states the decisions. Every run of 32 consecutive
// elements of a row is one block sharing one FP8E8M0 scale X = 2^e with
//   e = floor(log2(max |v|)) - emax(dtype)   (emax 8 for FP8E4M3FN, 15 for FP8E5M2),
// clamped to E8M0's [-127, 127]; each element becomes v / X rounded to nearest-even in the element
// dtype, saturating at its largest finite value. An all-zero block gets e = -127 and zeros. A
// block holding NaN or an infinity gets a NaN scale and NaN elements. A block that reaches outside
// src's valid extent, or holds poison, is poison in both results. tquant_mx_raw computes the same;
// its scratch is workspace and is not read.
#include <cmath>
#include <limits>

#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

namespace {

constexpr int64_t kBlock = 32;

Value QuantMx(OpCall& c) {
  const TileValue& src = c.tile(0);
  if (src.shape.size() != 2 || src.data.kind != sim::StorageKind::F32)
    c.Fail("needs a 2D floating-point src");
  auto q = c.NewResult(0);
  auto scale = c.NewResult(1);
  const int64_t m = src.shape[0], n = src.shape[1];
  if (n % kBlock != 0 || q->shape != src.shape || scale->numel() != m * (n / kBlock))
    c.Fail("result boxes do not match src");
  const ir::DataType qdt = q->dtype;
  if (qdt != ir::DataType::FP8E4M3FN && qdt != ir::DataType::FP8E5M2)
    c.Fail("element dtype must be FP8E4M3FN or FP8E5M2");
  const int emax = qdt == ir::DataType::FP8E4M3FN ? 8 : 15;
  const float max_finite = qdt == ir::DataType::FP8E4M3FN ? 448.0f : 57344.0f;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const int64_t vrows = std::min(src.valid[0], m), vcols = std::min(src.valid[1], n);
  for (int64_t r = 0; r < vrows; ++r) {
    for (int64_t g = 0; g * kBlock + kBlock <= vcols; ++g) {
      const size_t base = static_cast<size_t>(r * n + g * kBlock);
      const size_t s = static_cast<size_t>(r * (n / kBlock) + g);
      bool poisoned = false, special = false;
      float amax = 0;
      for (int64_t j = 0; j < kBlock; ++j) {
        const float v = src.data.f[base + j];
        if (src.data.IsPoison(base + j)) poisoned = true;
        if (!std::isfinite(v)) special = true;
        amax = std::max(amax, std::fabs(v));
      }
      if (poisoned) continue;  // stays poison
      if (special) {
        scale->data.f[s] = nan;
        for (int64_t j = 0; j < kBlock; ++j) q->data.f[base + j] = nan;
        continue;
      }
      int e = -127;
      if (amax > 0) {
        int ex;
        std::frexp(amax, &ex);  // amax = f * 2^ex, f in [0.5, 1): floor(log2(amax)) = ex - 1
        e = std::clamp(ex - 1 - emax, -127, 127);
      }
      scale->data.f[s] = std::ldexp(1.0f, e);
      for (int64_t j = 0; j < kBlock; ++j) {
        const float v = src.data.f[base + j];
        // Scaling by a power of two is exact in double; clamping first makes overflow saturate.
        double x = std::ldexp(static_cast<double>(v), -e);
        x = std::clamp(x, -static_cast<double>(max_finite), static_cast<double>(max_finite));
        q->data.f[base + j] = sim::RoundToDType(qdt, static_cast<float>(x));
      }
    }
  }
  sim::PoisonOutsideValid(*q);
  sim::PoisonOutsideValid(*scale);
  return Value::Tuple({Value(q), Value(scale)});
}

}  // namespace

void RegisterQuantSemantics(SemanticsTable& t) {
  t.Register(op::tile_tquant_mx, QuantMx);
  t.Register(op::tile_tquant_mx_raw, QuantMx);
}

}  // namespace tilesplit::ops
