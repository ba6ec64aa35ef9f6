// The operators the random kernel generator draws, derived from the operator registry: an op is
// drawn when the generator can type a call of it from what it holds (vector tiles of FP32, scratch
// tiles, FP32 scalars), which is decided by the op's own schema (arity, kwargs), memory contract
// and type deduction, not by a list of names. A newly registered op is fuzzed with no change to
// the fuzzer as soon as such a call types (docs/reliability.md, "Operators from the registry").
#pragma once

#include <map>
#include <string>
#include <vector>

#include "tilesplit/ops/op_def.h"

namespace tilesplit::fuzz {

// What the generator passes at one positional argument.
enum class ArgRole : uint8_t {
  Tile,     // the call's main operand: a pool tile (the first tile argument)
  Partner,  // a pool tile of the main operand's box whose valid extent covers the main one's
  RowVec,   // a fully valid [rows, 1] tile (broadcast along the columns)
  ColVec,   // a fully valid [1, cols] tile (broadcast along the rows)
  Scratch,  // a fresh pl.tile.create of the main operand's box (a lane-invariant scratch operand)
  Scalar,   // an FP32 scalar (a literal or a scalar parameter)
};
const char* ArgRoleName(ArgRole r);

// One way to call an op that types: a role per positional argument and the value of every
// required kwarg.
struct OpTyping {
  std::vector<ArgRole> args;
  ir::AttrMap kwargs;
  // Tensor level: the unified short spelling (pl.add for tensor.add) reaches the same op with
  // these operands, so the generator may write either.
  bool short_form = false;
  // Tensor level: convert-tensor-to-tile-ops gives the call a result outside Vec (a matmul's
  // Acc), so the value is cube work.
  bool cube_result = false;
};

struct FuzzOp {
  const ops::OpDef* op = nullptr;
  std::vector<OpTyping> typings;  // at least one
};

// How the generator can call one op: its typings (empty when it cannot) and, then, the reason.
struct OpClassification {
  std::vector<OpTyping> typings;
  std::string reason;
};
// Classifies any op definition, registered or not: the traits that keep it out first, then every
// call with at most four positional arguments in the roles above (the first a Tile), kept when the
// op's memory contract admits Vec operands, its deducer gives an FP32 vector tile of a constant
// 2-D box, and its semantics run on random finite data (a fault there is a precondition on the
// data, such as sorted lists, that the generator does not establish).
OpClassification ClassifyOp(const ops::OpDef& op);

// The registry's ops the generator draws, by name, computed once from OpRegistry::Global().
const std::vector<FuzzOp>& FuzzableOps();

// Why the generator does not draw `op` ("" when it does): the trait or the typing that keeps it
// out. Used by the registry-wide test and `tilesplit fuzz --list-ops`.
std::string WhyNotFuzzable(const ops::OpDef& op);

// The value a required kwarg of `kind` takes in a generated call, with its DSL spelling; false
// when the generator has none for that kind.
bool FuzzKwargValue(ops::KwargKind kind, ir::AttrValue* value, std::string* text);

// Whether a call of `op` may be replaced by its first tile operand without changing the value's
// type beyond its dtype (the shrinker's operand replacement): a registered op with a result that
// keeps its operand's box and memory space by its traits (no reshape, axis swap, window, move,
// combination, boundary, pipe or GM access, no shape operand).
bool KeepsOperandBox(const ops::OpDef& op);

// The trait that keeps `op` out of both generators' draws (no result, a side effect, a pipe, a
// boundary, a move, the lane index, a GM window, an allocation, synchronisation, a bit mask), or
// "".
std::string ExcludingTrait(const ops::OpDef& op);

// The registry classified once: the drawable ops with their typings, and why each other op is
// not drawn. Both levels build theirs with their own classification (ClassifyOp,
// ClassifyTensorOp).
struct FuzzCatalog {
  std::vector<FuzzOp> ops;
  std::map<const ops::OpDef*, std::string> reasons;
  std::string WhyNot(const ops::OpDef& op) const {
    auto it = reasons.find(&op);
    return it == reasons.end() ? "" : it->second;
  }
};
FuzzCatalog BuildFuzzCatalog(OpClassification (*classify)(const ops::OpDef&));

// The start both generators' classifications share: why `op` is not drawn at all (its excluding
// trait, or a required kwarg the generator chooses no value for), or "" with the values of its
// required kwargs in `kwargs`.
std::string DrawableKwargs(const ops::OpDef& op, ir::AttrMap* kwargs);

// ---- Tensor-level programs (`tilesplit fuzz --level tensor`) -----------------------------------
// The same mechanism one level up: an op is drawn into a tensor-level program when a call of it
// types from FP32 tensors (the roles above, read as tensors: the main tensor, a partner of its
// shape, a [rows, 1] or [1, cols] tensor, an FP32 scalar) to an FP32 tensor of a constant 2-D
// shape, when convert-tensor-to-tile-ops gives that call a tile form inside a CORE_GROUP scope
// (the pass decides, not a list), and when the program holding it runs on the reference
// interpreter with random finite inputs.
OpClassification ClassifyTensorOp(const ops::OpDef& op);
const std::vector<FuzzOp>& TensorFuzzableOps();
std::string WhyNotTensorFuzzable(const ops::OpDef& op);
// The probe program of one typing (also the shape of every drawn call): `main` with one tensor
// parameter per tensor role, the call inside a CORE_GROUP scope, its result assembled into `out`.
std::string TensorProbeProgram(const ops::OpDef& op, const OpTyping& typing);

}  // namespace tilesplit::fuzz
