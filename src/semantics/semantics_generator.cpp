// Semantics of the generators (ops.md 2.2).
#include <cmath>

#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

namespace {

Value Full(OpCall& c) {
  const Scalar v = c.scalar(1);
  auto out = c.NewResult();
  if (out->data.kind == sim::StorageKind::F32)
    std::fill(out->data.f.begin(), out->data.f.end(),
              sim::RoundToDType(out->dtype, static_cast<float>(v.AsDouble())));
  else
    std::fill(out->data.i.begin(), out->data.i.end(), sim::WrapToDType(out->dtype, v.AsInt()));
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// tile.create allocates: its contents are undefined until written.
Value CreateTile(OpCall& c) {
  return Value(c.NewResult());
}

// tile.ci: start, start+1, ... along the last axis (descending: start, start-1, ...).
Value Ci(OpCall& c) {
  const int64_t start = c.scalar(0).AsInt();
  const bool desc = c.bool_kwarg("descending").value_or(false);
  auto out = c.NewResult();
  const size_t n = out->data.size();
  for (size_t i = 0; i < n; ++i)
    out->data.i[i] = sim::WrapToDType(
        out->dtype, desc ? start - static_cast<int64_t>(i) : start + static_cast<int64_t>(i));
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

// tile.random: a Philox-style counter hash of (keys, counters, element index). Not bit-exact
// with the hardware generator; it is deterministic, which is all a check needs.
Value Random(OpCall& c) {
  uint64_t k0 = static_cast<uint64_t>(c.scalar(0).AsInt());
  uint64_t k1 = static_cast<uint64_t>(c.scalar(1).AsInt());
  uint64_t ctr = 0;
  for (size_t i = 2; i < 6; ++i)
    ctr = ctr * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(c.scalar(i).AsInt());
  const int64_t rounds = c.int_kwarg("rounds").value_or(10);
  auto out = c.NewResult();
  for (size_t i = 0; i < out->data.size(); ++i) {
    uint64_t x = ctr + i, key = (k0 << 32) ^ k1;
    for (int64_t r = 0; r < rounds; ++r) {
      x ^= key;
      x *= 0xD2B74407B1CE6E93ull;
      x ^= x >> 29;
      key += 0x9E3779B97F4A7C15ull;
    }
    out->data.i[i] = sim::WrapToDType(out->dtype, static_cast<int64_t>(x & 0xFFFFFFFFu));
  }
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

}  // namespace

void RegisterGeneratorSemantics(SemanticsTable& t) {
  t.Register(op::tile_full, Full);
  t.Register(op::tile_create, CreateTile);
  t.Register(op::tile_ci, Ci);
  t.Register(op::tile_random, Random);
}

}  // namespace tilesplit::ops
