#include "tilesplit/ops/deduce_util.h"

#include <algorithm>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::ops {

using ir::DataType;

bool AllStatic(const Shape& s) {
  return std::all_of(s.begin(), s.end(), [](const ExprPtr& e) { return Static(e).has_value(); });
}

bool ProvablyEqual(const ExprPtr& a, const ExprPtr& b) {
  auto x = Static(a), y = Static(b);
  if (x && y) return *x == *y;
  return ir::ExprEqual(a, b);
}

bool ProvablyDifferent(const ExprPtr& a, const ExprPtr& b) {
  auto x = Static(a), y = Static(b);
  return x && y && *x != *y;
}

bool ProvablyLess(const ExprPtr& a, const ExprPtr& b) {
  auto x = Static(a), y = Static(b);
  return x && y && *x < *y;
}

bool ShapesProvablyEqual(const Shape& a, const Shape& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!ProvablyEqual(a[i], b[i])) return false;
  return true;
}

bool ShapesProvablyDifferent(const Shape& a, const Shape& b) {
  if (a.size() != b.size()) return true;
  for (size_t i = 0; i < a.size(); ++i)
    if (ProvablyDifferent(a[i], b[i])) return true;
  return false;
}

bool FullyValid(const ir::TileType& t) {
  return ShapesProvablyEqual(t.valid(), t.shape);
}

bool ProvablyEmpty(const Shape& valid) {
  return std::any_of(valid.begin(), valid.end(), [](const ExprPtr& e) {
    auto v = Static(e);
    return v && *v == 0;
  });
}

std::optional<int64_t> StaticProduct(const Shape& s) {
  int64_t p = 1;
  for (const auto& e : s) {
    auto v = Static(e);
    if (!v) return std::nullopt;
    p *= *v;
  }
  return p;
}

ExprPtr ConstLike(int64_t v, const ExprPtr& like) {
  auto dt = like ? ir::ScalarDType(like) : std::nullopt;
  return ir::MakeConstInt(v, dt && ir::IsInteger(*dt) ? *dt : DataType::INDEX);
}

std::string Str(const Shape& s) {
  return ir::ShapeToString(s);
}
std::string Str(const TypePtr& t) {
  return t ? ir::TypeToString(t) : std::string("no type");
}
std::string Str(const ExprPtr& e) {
  return ir::ExprToString(e);
}
std::string Quote(const std::string& arg_name) {
  return "'" + arg_name + "'";
}

Shape BroadcastShapes(const CallInfo& c, const Shape& a, size_t ia, const Shape& b, size_t ib) {
  size_t rank = std::max(a.size(), b.size());
  Shape out(rank);
  for (size_t k = 0; k < rank; ++k) {
    // Right-aligned: k counts from the last dim.
    const ExprPtr* x = k < a.size() ? &a[a.size() - 1 - k] : nullptr;
    const ExprPtr* y = k < b.size() ? &b[b.size() - 1 - k] : nullptr;
    ExprPtr& r = out[rank - 1 - k];
    if (!y) {
      r = *x;
    } else if (!x) {
      r = *y;
    } else if (ProvablyEqual(*x, *y)) {
      r = *x;
    } else if (Static(*x) == 1) {
      r = *y;
    } else if (Static(*y) == 1) {
      r = *x;
    } else {
      c.Fail("argument " + Quote(c.arg_name(ib)) + " shape " + Str(b) +
                 " does not broadcast with " + c.arg_name(ia) + " shape " + Str(a),
             "make each dimension of the two shapes equal, or 1 in one of them");
    }
  }
  return out;
}

namespace {
int Rank(DataType d) {
  return ir::DataTypeBits(d);
}
}  // namespace

namespace {
// The bits of an integer dtype's magnitude (a signed type spends one on its sign).
int MagnitudeBits(DataType dt) {
  return ir::DataTypeBits(dt) - (ir::IsSigned(dt) ? 1 : 0);
}
// The significand precision of a float dtype (implicit bit included); 0 for the others.
int Precision(DataType dt) {
  switch (dt) {
    case DataType::FP16:
      return 11;
    case DataType::BF16:
      return 8;
    case DataType::FP32:
      return 24;
    default:
      return 0;
  }
}
}  // namespace

bool ExactCast(DataType from, DataType to) {
  if (from == to) return true;
  if (from == DataType::BOOL || to == DataType::BOOL) return false;
  if (ir::IsFloat(from))
    // FP16 and BF16 widen to FP32 exactly; no other pair of the vector's floats does.
    return to == DataType::FP32 && (from == DataType::FP16 || from == DataType::BF16);
  if (!ir::IsInteger(from)) return false;
  if (ir::IsFloat(to)) return MagnitudeBits(from) <= Precision(to);
  if (!ir::IsInteger(to)) return false;
  if (ir::IsSigned(to)) return MagnitudeBits(from) <= MagnitudeBits(to);
  return !ir::IsSigned(from) && ir::DataTypeBits(from) <= ir::DataTypeBits(to);
}

std::optional<DataType> Promote(DataType a, DataType b) {
  if (a == b) return a;
  bool fa = ir::IsFloat(a), fb = ir::IsFloat(b);
  bool ia = ir::IsInteger(a), ib = ir::IsInteger(b);
  if (fa && ib) return a;
  if (ia && fb) return b;
  if (fa && fb) {
    if (Rank(a) != Rank(b)) return Rank(a) > Rank(b) ? a : b;
    // Same width, different format (FP16 vs BF16): the next wider float holds both.
    if (Rank(a) == 16) return DataType::FP32;
    return std::nullopt;
  }
  if (ia && ib) {
    bool s = ir::IsSigned(a) || ir::IsSigned(b);
    int bits = std::max(Rank(a), Rank(b));
    if (a == DataType::INDEX || b == DataType::INDEX) return DataType::INDEX;
    switch (bits) {
      case 4:
        return s ? DataType::INT4 : DataType::UINT4;
      case 8:
        return s ? DataType::INT8 : DataType::UINT8;
      case 16:
        return s ? DataType::INT16 : DataType::UINT16;
      case 32:
        return s ? DataType::INT32 : DataType::UINT32;
      default:
        return s ? DataType::INT64 : DataType::UINT64;
    }
  }
  return std::nullopt;
}

namespace {

// Whether `valid` can never exceed the static `bound`: a constant, or a min with such an operand
// (a lane's own extent, min(..., S), read through a window of S).
bool AtMost(const ExprPtr& valid, int64_t bound) {
  if (auto v = Static(valid)) return *v <= bound;
  if (const auto* b = valid->As<ir::Binary>(); b && b->op == ir::BinaryOp::Min)
    return AtMost(b->lhs, bound) || AtMost(b->rhs, bound);
  return false;
}

}  // namespace

ExprPtr WindowRead(const ExprPtr& offset, const ExprPtr& extent, const ExprPtr& valid) {
  auto o = Static(offset), e = Static(extent), v = Static(valid);
  if (o && *o == 0 && e && !v && valid->type && AtMost(valid, *e)) return valid;
  if (!o || !e || !v) return extent;
  int64_t rest = 0;
  if (__builtin_sub_overflow(*v, *o, &rest)) return extent;
  int64_t got = std::min(*e, std::max<int64_t>(0, rest));
  return got == *e ? extent : ConstLike(got, extent);
}

Shape RankExtendedValid(const Shape& valid, const Shape& full) {
  if (valid.size() >= full.size()) return valid;
  Shape out(full.begin(), full.begin() + (full.size() - valid.size()));
  out.insert(out.end(), valid.begin(), valid.end());
  return out;
}

TypePtr DeduceBroadcastBinary(const CallInfo& c, size_t il, size_t ri) {
  const ir::TileType& lhs = c.tile_arg(il);
  const ir::TileType& rhs = c.tile_arg(ri);
  auto dt = Promote(lhs.dtype, rhs.dtype);
  if (!dt)
    c.Fail("argument " + Quote(c.arg_name(ri)) + " dtype " +
               std::string(ir::DataTypeName(rhs.dtype)) + " does not promote with " +
               c.arg_name(il) + " dtype " + std::string(ir::DataTypeName(lhs.dtype)),
           "cast one operand (pl.tile.cast) so that both are numbers of one kind");
  Shape shape = BroadcastShapes(c, lhs.shape, il, rhs.shape, ri);
  ir::TileView v = LayoutOf(lhs);
  v.valid_shape = RankExtendedValid(lhs.valid(), shape);
  return ir::MakeTileType(shape, *dt, std::nullopt, v);
}

const Shape& TupleOfRank(const CallInfo& c, size_t i, int64_t rank) {
  const Shape& s = c.tuple_arg(i);
  if (rank >= 0 && s.size() != static_cast<size_t>(rank))
    c.Fail("argument " + Quote(c.arg_name(i)) + " " + Str(s) + " must have " +
               std::to_string(rank) + " elements, got " + std::to_string(s.size()),
           "give " + Quote(c.arg_name(i)) + " one element per axis (" + std::to_string(rank) + ")");
  return s;
}

void RequireStaticPositive(const CallInfo& c, size_t i, const Shape& s) {
  for (const auto& e : s) {
    auto v = Static(e);
    if (!v || *v <= 0)
      c.Fail(
          "argument " + Quote(c.arg_name(i)) + " " + Str(s) + " must hold static positive integers",
          "write each element of " + Quote(c.arg_name(i)) +
              " as a positive integer literal (a runtime extent goes into valid_shape)");
  }
}

std::string DimProblem(int64_t d) {
  if (d < 1) return "is " + std::to_string(d) + "; a dimension must be at least 1";
  if (d >= kMaxDim)
    return "is " + std::to_string(d) + "; a dimension must be below 2^31 (" +
           std::to_string(kMaxDim) + ")";
  return "";
}

std::string ValidProblem(int64_t v, std::optional<int64_t> n) {
  if (v < 0) return "is " + std::to_string(v) + "; a valid extent must be at least 0";
  if (n && v > *n)
    return "is " + std::to_string(v) + ", beyond the dimension " + std::to_string(*n) +
           "; a valid extent lies within the shape";
  return "";
}

bool WindowLeaves(int64_t o, int64_t e, int64_t n) {
  return o < 0 || e < 0 || o > n || e > n - o;
}

void RequireNonNegativeOffsets(const CallInfo& c, size_t i, const Shape& offsets) {
  for (const auto& e : offsets)
    if (auto v = Static(e); v && *v < 0)
      ir::ThrowUser({},
                    c.name() + ": argument " + Quote(c.arg_name(i)) + " " + Str(offsets) +
                        " has the negative offset " + std::to_string(*v),
                    {{{}, "an offset counts from the first element: write one >= 0"}});
}

void RequireIntegerElements(const CallInfo& c, size_t i, const Shape& s) {
  for (const auto& e : s) {
    auto dt = ir::ScalarDType(e);
    if (!dt || !ir::IsInteger(*dt))
      c.Fail(
          "argument " + Quote(c.arg_name(i)) + " element " + Str(e) + " must be an integer scalar",
          "write each element of " + Quote(c.arg_name(i)) +
              " as an integer: a literal or an INDEX/INT scalar");
  }
}

void RequireRank(const CallInfo& c, size_t i, const ir::TileType& t, size_t rank) {
  if (t.shape.size() != rank)
    c.Fail("argument " + Quote(c.arg_name(i)) + " must have rank " + std::to_string(rank) +
               ", got shape " + Str(t.shape),
           "pass a tile of rank " + std::to_string(rank) + " as " + Quote(c.arg_name(i)) +
               " (pl.tile.reshape changes the rank of a tile)");
}

void RequireMinRank(const CallInfo& c, size_t i, const ir::TileType& t, size_t rank) {
  if (t.shape.size() < rank)
    c.Fail("argument " + Quote(c.arg_name(i)) + " must have rank >= " + std::to_string(rank) +
               ", got shape " + Str(t.shape),
           "pass a tile of rank " + std::to_string(rank) + " or more as " + Quote(c.arg_name(i)) +
               " (pl.tile.reshape changes the rank of a tile)");
}

std::string DTypeList(std::initializer_list<DataType> dts) {
  std::string s;
  for (DataType d : dts) {
    if (!s.empty()) s += ", ";
    s += ir::DataTypeName(d);
  }
  return "{" + s + "}";
}

void RequireDType(const CallInfo& c, size_t i, DataType dt,
                  std::initializer_list<DataType> allowed) {
  if (std::find(allowed.begin(), allowed.end(), dt) == allowed.end())
    c.Fail("argument " + Quote(c.arg_name(i)) + " dtype " + std::string(ir::DataTypeName(dt)) +
               " must be one of " + DTypeList(allowed),
           "cast " + Quote(c.arg_name(i)) + " to one of " + DTypeList(allowed) +
               " first (pl.tile.cast), or use an op that takes " +
               std::string(ir::DataTypeName(dt)));
}

void RequireSameDType(const CallInfo& c, size_t i, DataType got, size_t j, DataType want) {
  if (got != want)
    c.Fail("argument " + Quote(c.arg_name(i)) + " dtype " + std::string(ir::DataTypeName(got)) +
               " must equal " + c.arg_name(j) + " dtype " + std::string(ir::DataTypeName(want)),
           "cast " + Quote(c.arg_name(i)) + " to " + std::string(ir::DataTypeName(want)) +
               " (pl.tile.cast), or give both the same dtype where they are made");
}

DataType ScalarArg(const CallInfo& c, size_t i) {
  const ExprPtr& e = c.arg(i);
  const ir::ScalarType* s = e->type ? e->type->As<ir::ScalarType>() : nullptr;
  if (!s)
    c.Fail("argument " + Quote(c.arg_name(i)) + " must be a scalar, got " + Str(e->type),
           "pass a scalar as " + Quote(c.arg_name(i)) +
               " (the tile-tile form of the op, e.g. pl.add for pl.adds, takes a tile)");
  return s->dtype;
}

int64_t RequiredInt(const CallInfo& c, std::string_view k) {
  auto v = c.int_kwarg(k);
  if (!v)
    c.Fail("kwarg '" + std::string(k) + "' is required",
           "add " + std::string(k) + "=N (an integer) to the call");
  return *v;
}

DataType RequiredDType(const CallInfo& c, std::string_view k) {
  auto v = c.dtype_kwarg(k);
  if (!v)
    c.Fail("kwarg '" + std::string(k) + "' is required",
           "add " + std::string(k) + "=pl.DT (a data type) to the call");
  return *v;
}

ir::TileView LayoutOf(const ir::TileType& src) {
  ir::TileView e = src.EffectiveView();
  ir::TileView v;
  v.blayout = e.blayout;
  v.slayout = e.slayout;
  v.fractal = e.fractal;
  v.pad = e.pad;
  v.compact = e.compact;
  return v;
}

ir::TileView ImplicitView(const Shape& shape, std::optional<ir::MemorySpace> mem, Shape valid) {
  ir::ImplicitLayout l = ir::ImplicitLayoutFor(shape, mem);
  ir::TileView v;
  v.valid_shape = std::move(valid);
  v.blayout = l.blayout;
  v.slayout = l.slayout;
  v.fractal = l.fractal;
  return v;
}

Joined ConcatLastAxis(const CallInfo& c, const Shape& shape0, const Shape& valid0,
                      const Shape& shape1, const Shape& valid1) {
  if (shape0.empty()) c.Fail("argument 'src0' has rank 0", "reshape it to rank 1 or more");
  if (shape1.size() != shape0.size())
    c.Fail("argument 'src1' has rank " + std::to_string(shape1.size()) + ", src0 rank " +
               std::to_string(shape0.size()),
           "reshape both operands to the same rank");
  const size_t last = shape0.size() - 1;
  Joined j;
  for (size_t d = 0; d < last; ++d) {
    if (!ProvablyEqual(shape0[d], shape1[d]))
      c.Fail("argument 'src1' shape " + Str(shape1) + " must equal src0's shape " + Str(shape0) +
                 " on axis " + std::to_string(d),
             "concat joins along the last axis only; give both operands the same extent on "
             "every other axis");
    j.shape.push_back(shape0[d]);
    if (ProvablyEqual(valid0[d], valid1[d])) {
      j.valid.push_back(valid0[d]);
    } else if (Static(valid0[d]) && Static(valid1[d])) {
      j.valid.push_back(ConstLike(std::min(*Static(valid0[d]), *Static(valid1[d])), valid0[d]));
    } else {
      c.Fail("argument 'src1' valid extent " + Str(valid1[d]) + " on axis " + std::to_string(d) +
                 " may differ from src0's " + Str(valid0[d]),
             "give both operands the same valid extent on that axis (set_validshape)");
    }
  }
  if (!ProvablyEqual(valid0[last], shape0[last]))
    c.Fail("argument 'src0' is valid on " + Str(valid0[last]) + " of its " + Str(shape0[last]) +
               " elements along the last axis: the joined tile would hold undefined elements "
               "inside its valid part",
           "give src0 full validity along the last axis: slice it to its valid extent first");
  j.shape.push_back(ir::Add(shape0[last], shape1[last]));
  j.valid.push_back(ir::Add(shape0[last], valid1[last]));
  return j;
}

}  // namespace tilesplit::ops
