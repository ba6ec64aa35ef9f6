// Helpers shared by the operator deducers (ops.md 0 and 1.4): provable relations on dims,
// broadcasting, dtype promotion, window reads and the usual argument checks. Every failing check
// reports through CallInfo::Fail, so the message names the op and the argument.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "tilesplit/ops/op_def.h"

namespace tilesplit::ops {

using Shape = std::vector<ExprPtr>;

// ---- Provable relations (ops.md 0): a relation holds when both sides are static and satisfy it,
// or (for equality) when the expressions are structurally equal.
inline std::optional<int64_t> Static(const ExprPtr& e) {
  return ir::AsConstInt(e);
}
bool AllStatic(const Shape& s);
bool ProvablyEqual(const ExprPtr& a, const ExprPtr& b);
bool ProvablyDifferent(const ExprPtr& a, const ExprPtr& b);  // both static and unequal
bool ProvablyLess(const ExprPtr& a, const ExprPtr& b);       // both static and a < b
bool ShapesProvablyEqual(const Shape& a, const Shape& b);
// Some dim provably differs (or the ranks differ).
bool ShapesProvablyDifferent(const Shape& a, const Shape& b);
bool FullyValid(const ir::TileType& t);
// Some valid extent is a static 0.
bool ProvablyEmpty(const Shape& valid);
// Product of static dims, nullopt when any is dynamic.
std::optional<int64_t> StaticProduct(const Shape& s);

// An integer constant with the dtype of `like` (INDEX when `like` is not a typed scalar).
ExprPtr ConstLike(int64_t v, const ExprPtr& like);

// "[128, 64]": the canonical spelling used in every deducer message.
std::string Str(const Shape& s);
std::string Str(const TypePtr& t);
std::string Str(const ExprPtr& e);
std::string Quote(const std::string& arg_name);  // 'rhs'

// ops.md 1.4. `a` and `b` belong to arguments `ia`, `ib`; an error names `ib` and quotes both.
Shape BroadcastShapes(const CallInfo& c, const Shape& a, size_t ia, const Shape& b, size_t ib);
// ops.md 1.4 Promote; nullopt when the pair has no common type.
std::optional<ir::DataType> Promote(ir::DataType a, ir::DataType b);
// Whether converting every value of dtype `from` to `to` is exact (no rounding, no wrap): a float
// of at least `from`'s precision and range, a float whose significand holds every integer of
// `from`, an integer type holding every value of `from`.
bool ExactCast(ir::DataType from, ir::DataType to);

// Window read (ops.md 0): extent e at offset o over valid v -> min(e, max(0, v - o)); the
// requested extent when any operand is dynamic.
ExprPtr WindowRead(const ExprPtr& offset, const ExprPtr& extent, const ExprPtr& valid);

// A static dimension must lie in [1, kMaxDim): a box of 2^31 rows or more is far beyond any
// on-chip buffer, and keeping dims below it keeps products of two dims inside int64.
inline constexpr int64_t kMaxDim = int64_t{1} << 31;
// What is wrong with static dimension `d` of a shape ("is -1; a dimension must be at least 1"),
// or empty when it is fine.
std::string DimProblem(int64_t d);
// The same for a static valid extent `v` of a dimension whose static size is `n` (if known).
std::string ValidProblem(int64_t v, std::optional<int64_t> n);

// Whether the window [o, o + e) leaves [0, n) (or has a negative extent), computed without
// overflow: an offset near INT64_MAX must not wrap round into bounds.
bool WindowLeaves(int64_t o, int64_t e, int64_t n);
// Every static element of offset tuple `i` is >= 0 (a negative offset addresses before the start).
void RequireNonNegativeOffsets(const CallInfo& c, size_t i, const Shape& offsets);

// Valid shape of a tile whose rank grew by broadcasting: right-aligned, leading dims from `full`.
Shape RankExtendedValid(const Shape& valid, const Shape& full);

// The binary elementwise rule shared by tile.add & co. and tile.sel: dtype Promote, shape
// BroadcastShapes of arguments `il` and `ri`, valid and layout from `il`.
TypePtr DeduceBroadcastBinary(const CallInfo& c, size_t il, size_t ri);

// tile.concat / tensor.concat (arguments 0 and 1): the shape and valid extent of src1 joined to
// src0 along the last axis. The leading axes must agree; src0 must be provably valid across the
// last axis, since a partly valid src0 would leave undefined cells inside the joined valid box.
struct Joined {
  Shape shape, valid;
};
Joined ConcatLastAxis(const CallInfo& c, const Shape& shape0, const Shape& valid0,
                      const Shape& shape1, const Shape& valid1);

// ---- Argument checks.
// The tuple argument `i` with exactly `rank` elements (rank < 0: any).
const Shape& TupleOfRank(const CallInfo& c, size_t i, int64_t rank);
// Every element static and > 0.
void RequireStaticPositive(const CallInfo& c, size_t i, const Shape& s);
// Every element an integer scalar expression.
void RequireIntegerElements(const CallInfo& c, size_t i, const Shape& s);
void RequireRank(const CallInfo& c, size_t i, const ir::TileType& t, size_t rank);
void RequireMinRank(const CallInfo& c, size_t i, const ir::TileType& t, size_t rank);
void RequireDType(const CallInfo& c, size_t i, ir::DataType dt,
                  std::initializer_list<ir::DataType> allowed);
void RequireSameDType(const CallInfo& c, size_t i, ir::DataType got, size_t j, ir::DataType want);
std::string DTypeList(std::initializer_list<ir::DataType> dts);
// Scalar argument `i` (any dtype); returns its dtype.
ir::DataType ScalarArg(const CallInfo& c, size_t i);
// Int kwarg `k` that must be present.
int64_t RequiredInt(const CallInfo& c, std::string_view k);
ir::DataType RequiredDType(const CallInfo& c, std::string_view k);

// A TileView carrying `src`'s effective layout fields but no valid/stride/offset.
ir::TileView LayoutOf(const ir::TileType& src);
// A view with only valid_shape set and the implicit layout for (shape, mem).
ir::TileView ImplicitView(const Shape& shape, std::optional<ir::MemorySpace> mem, Shape valid);

}  // namespace tilesplit::ops
