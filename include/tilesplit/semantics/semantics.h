// Execution semantics of the operators, for the simulator (core-group.md 3). They are the semantics
// layer, above both the operator registry (ops/) and the runtime values (runtime/) they compute
// on; the namespace stays tilesplit::ops, as they complete the operator's record. Each catalogue
// section registers the semantics of its ops in src/semantics/semantics_<section>.cpp, beside the
// definitions in src/ops/<section>_ops.cpp. Registering attaches them to the operator as this
// layer's attribute (SemanticsAttr(), ops/op_attr.h), where the interpreter finds them through the
// call's op: no lookup by name on a call, and nothing of the simulator in the operator's record.
//
// The interpreter evaluates the arguments and the result geometry before calling an op: the
// result's box and valid extent come from the call's IR type evaluated at run time (a per-lane
// valid such as `min(max(13, aiv_id * 7) - aiv_id * 7, 7)` is an expression of the lane index).
// So the simulator executes what the compiler claims; a wrong claim shows up as wrong data.
#pragma once

#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/expr.h"
#include "tilesplit/ops/barrier.h"
#include "tilesplit/ops/op_attr.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/ops/op_handle.h"
#include "tilesplit/runtime/budget.h"
#include "tilesplit/runtime/value.h"

namespace tilesplit::ops {

using sim::Scalar;
using sim::TensorPtr;
using sim::TilePtr;
using sim::TileValue;
using sim::Value;

enum class CoreKind : uint8_t { Reference, AIC, AIV };

// The cross-core pipes as a core sees them (implemented by the core-group executor). Calls block
// the calling core until they can proceed.
class TransportPort {
 public:
  virtual ~TransportPort() = default;
  // AIC: write all of `t` into the next free C2V slot.
  virtual void PushToAiv(int64_t id, int64_t code, const TilePtr& t, ir::Span span) = 0;
  // AIV lane: read this lane's band of the next ready C2V slot into a tile of geometry `lane`.
  virtual TilePtr PopFromAic(int64_t id, int64_t code, const TileValue& lane, ir::Span span) = 0;
  virtual void FreeToAic(int64_t id, const TileValue& popped, ir::Span span) = 0;
  // AIV lane: write this lane's half into the next V2C slot.
  virtual void PushToAic(int64_t id, int64_t code, const TilePtr& half, ir::Span span) = 0;
  // AIC: pop the joined full tile into a tile of geometry `full`.
  virtual TilePtr PopFromAiv(int64_t id, int64_t code, const TileValue& full, ir::Span span) = 0;
  virtual void FreeToAiv(int64_t id, const TileValue& popped, ir::Span span) = 0;
  // Before each statement: the executor may hand the turn to another core here (its schedule
  // decides), so that cores interleave at statement granularity.
  virtual void Step() {}
  // system.syncall: blocks until every core of `who` has arrived at its barrier; `used_cores`
  // (0: all of them) is the count the program expects to meet.
  virtual void Barrier(BarrierCores who, int64_t used_cores, ir::Span span) = 0;
};

// What executing an op may consult about the core running it.
struct ExecContext {
  CoreKind core = CoreKind::Reference;
  int lane = 0;  // the AIV lane; 0 elsewhere
  // The block of a pl.spmd launch this core runs (tile.get_block_idx / get_block_num); one block
  // outside every launch.
  int64_t block_idx = 0;
  int64_t block_num = 1;
  TransportPort* port = nullptr;                // null in the reference interpreter
  sim::Writer writer = sim::Writer::Reference;  // stamped on GM elements a store writes
  // Reference only: inside a pl.split_aiv region executed lane by lane, the region's mode, and
  // the tiles each aic_gather call is joining across the lane iterations.
  std::optional<ir::SplitMode> region_mode;
  std::map<const ir::Call*, sim::MutTilePtr> joins;
  std::map<const ir::Call*, sim::TensorPtr> tensor_joins;  // the same for tensor.aic_gather
  // The run's step and memory budget; null runs unbudgeted (unit tests of single ops).
  sim::RunBudget* budget = nullptr;
};

// The evaluated geometry of one tile result (box, valid, dtype, memory).
struct TileGeom {
  ir::DataType dtype = ir::DataType::FP32;
  ir::MemorySpace mem = ir::MemorySpace::Vec;
  std::vector<int64_t> shape;
  std::vector<int64_t> valid;
};

// One op execution.
struct OpCall {
  const ir::Call& call;
  const std::vector<Value>& args;        // positional; empty Value for an absent optional arg
  const std::vector<TileGeom>& results;  // one per tile result (tuple: per element)
  ExecContext& ctx;

  const std::string& name() const { return call.op_name(); }
  bool has(size_t i) const { return i < args.size() && !args[i].empty(); }
  const TileValue& tile(size_t i) const;
  const TilePtr& tile_ptr(size_t i) const;
  const TensorPtr& tensor(size_t i) const;
  Scalar scalar(size_t i) const;
  // A tuple of integer scalars (offsets, shapes).
  std::vector<int64_t> ints(size_t i) const;
  std::optional<int64_t> int_kwarg(std::string_view k) const;
  std::optional<bool> bool_kwarg(std::string_view k) const;
  std::optional<ir::DataType> dtype_kwarg(std::string_view k) const;
  const TileGeom& result(size_t i = 0) const;
  // A result tile of results[i]'s geometry, every element poison; with BufferInit::Unspecified for
  // an op that writes every element of the box itself (see sim::BufferInit).
  sim::MutTilePtr NewResult(size_t i = 0, sim::BufferInit fill = sim::BufferInit::Poison) const;
  // The same for an op that writes every element of the box from the same element of its
  // operands (an elementwise op): the storage of tile argument `arg` when this call holds the only
  // reference to it (the interpreter released the variable after its last use) and it has the
  // result's dtype and box; the op then computes in place. Otherwise a NewResult, Unspecified.
  sim::MutTilePtr ReuseOrNewResult(std::initializer_list<size_t> args, size_t i = 0) const;
  // A runtime fault or a construct the simulator does not execute: "OP: message" at the call.
  [[noreturn]] void Fail(const std::string& message) const;
};

using SemanticsFn = std::function<Value(OpCall&)>;

// The semantics of one operator: what the attribute SemanticsAttr() holds for it.
struct OpSemantics {
  SemanticsFn fn;
};

class SemanticsTable {
 public:
  // Every section's semantics, registered on first use and attached to the operators of the
  // global OpRegistry as their SemanticsAttr().
  static SemanticsTable& Global();
  // Registers `fn` for `op` and, for the global table, attaches it to the operator.
  void Register(OpHandle op, SemanticsFn fn);
  const SemanticsFn* Find(OpHandle op) const { return Find(op.name); }
  // By the record's name, for the registry-wide tests and an op reached through another's record
  // (a tensor op's tile form).
  const SemanticsFn* Find(std::string_view op) const;
  std::vector<std::string> Names() const;

 private:
  std::map<std::string, OpSemantics, std::less<>> fns_;  // nodes stay put: records point in
  bool attach_ = false;
};

// The semantics layer's attribute of operators (ops/op_attr.h): each operator's semantics, by
// its record's index. Required of every operator (OpAttrs.*): an operator the simulator cannot
// execute is excused there, with the reason. Made and filled with the global table on first use.
const OpAttr<const OpSemantics*>& SemanticsAttr();
// Attaches `s` to an operator no handle names (a test's scratch record), as registering does for
// the registry's operators; `s` must outlive its use.
void AttachSemantics(const OpDef& op, const OpSemantics* s);

// The semantics of an operator, or of a call's operator; null for an op without any (or a bare
// ir::OpBase of hand-built IR).
inline const OpSemantics* SemanticsOf(const OpDef& d) {
  const OpSemantics* const* s = SemanticsAttr().Get(d);
  return s ? *s : nullptr;
}
inline const OpSemantics* SemanticsOf(const ir::Call& c) {
  const OpDef* d = RegisteredDef(c);
  return d ? SemanticsOf(*d) : nullptr;
}

// One per catalogue section (src/semantics/semantics_<section>.cpp).
void RegisterMemorySemantics(SemanticsTable& t);
void RegisterGeneratorSemantics(SemanticsTable& t);
void RegisterElementwiseSemantics(SemanticsTable& t);
void RegisterViewSemantics(SemanticsTable& t);
void RegisterGatherScatterSemantics(SemanticsTable& t);
void RegisterReductionSemantics(SemanticsTable& t);
void RegisterSortSemantics(SemanticsTable& t);
void RegisterQuantSemantics(SemanticsTable& t);
void RegisterCubeSemantics(SemanticsTable& t);
void RegisterCrossCoreSemantics(SemanticsTable& t);
void RegisterSystemSemantics(SemanticsTable& t);
void RegisterTensorSemantics(SemanticsTable& t);
void RegisterExpandMathSemantics(SemanticsTable& t);

// ---- Helpers shared by the section files.

// Copies the elements of `src` inside `region` (per axis) at `src_off` into `dst` at `dst_off`;
// positions outside either box are skipped. Ranks must agree.
void CopyRegion(const sim::Buffer& src, const std::vector<int64_t>& src_shape,
                const std::vector<int64_t>& src_off, sim::Buffer& dst,
                const std::vector<int64_t>& dst_shape, const std::vector<int64_t>& dst_off,
                const std::vector<int64_t>& region);
// Element-wise map over a tile of the result's geometry (dtype rounding applied).
Value MapUnaryF(OpCall& c, size_t arg, float (*f)(float));
// Row-major strides of `in` right-aligned against the result box `out`, 0 on broadcast axes;
// a shape that does not broadcast is a located fault.
std::vector<int64_t> BroadcastStrides(OpCall& c, const TileValue& in,
                                      const std::vector<int64_t>& out);

}  // namespace tilesplit::ops
