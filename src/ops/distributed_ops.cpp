// PyPTO's communication between ranks (its guide, distributed/01-collectives.md and
// 02-primitives.md): bulk transfers (pld.tensor.put / get and their tile forms), the remote
// store of a computed value, and the collectives. tilesplit types them, converts them as
// PyPTO's ConvertTensorToTileOps does (docs/tensor-lowering.md) and gives the windows they write
// their directions; it does not run them: the simulator models one core group of one rank, so
// each is hardware-only, and `run` / `check` refuse a program calling one, located at the call.
#include <string>
#include <utility>

#include "sections.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/transfer.h"

namespace tilesplit::ops {

using ir::DataType;

namespace {

constexpr const char* kBetweenRanks = "communication between ranks";

const ir::TensorType& Window(const CallInfo& c, size_t i) {
  const ir::TensorType& t = c.tensor_arg(i);
  if (!t.distributed)
    c.Fail("argument " + Quote(c.arg_name(i)) +
               " must be a pld.DistributedTensor (a window other "
               "ranks can reach), got " +
               ir::TypeToString(c.arg(i)->type),
           "annotate it pld.DistributedTensor[...], a view of a window buffer");
  return t;
}

void RequireSignal(const CallInfo& c, size_t i) {
  if (Window(c, i).dtype != DataType::INT32)
    c.Fail("argument " + Quote(c.arg_name(i)) + " must be an INT32 signal window, got " +
               ir::TypeToString(c.arg(i)->type),
           "give it pld.DistributedTensor[[nranks, 1], pl.INT32]");
}

// An offsets tuple of `window`'s rank, integer elements.
void Offsets(const CallInfo& c, size_t i, const ir::TensorType& window) {
  if (!c.has_arg(i)) return;
  RequireIntegerElements(c, i, TupleOfRank(c, i, static_cast<int64_t>(window.shape.size())));
}

// atomic: 0 (None_) overwrites, 1 (Add) accumulates, in the dtypes the hardware adds atomically.
void Atomic(const CallInfo& c, DataType dt) {
  const int64_t a = c.int_kwarg("atomic").value_or(0);
  if (a != 0 && a != 1)
    c.Fail("kwarg 'atomic' must be pld.AtomicType.None_ (0) or Add (1), got " + std::to_string(a));
  if (a == 1)
    RequireDType(c, 0, dt,
                 {DataType::FP32, DataType::BF16, DataType::FP16, DataType::INT32, DataType::INT16,
                  DataType::INT8});
}

void RequireSameElements(const CallInfo& c, size_t i, DataType got, size_t j, DataType want) {
  if (got != want) RequireSameDType(c, i, got, j, want);
}

// put / get at tensor level: dst, peer, src, then the optional window (dst_offsets,
// src_offsets, shape). `window_side` is the operand that must be window-bound.
TypePtr DeduceTransfer(const CallInfo& c, size_t window_side, bool put) {
  const ir::TensorType& dst = c.tensor_arg(0);
  const ir::TensorType& src = c.tensor_arg(2);
  Window(c, window_side);
  c.index_arg(1);
  RequireSameElements(c, 2, src.dtype, 0, dst.dtype);
  Offsets(c, 3, dst);
  Offsets(c, 4, src);
  if (c.has_arg(5)) RequireIntegerElements(c, 5, c.tuple_arg(5));
  if (put) Atomic(c, dst.dtype);
  for (const char* k : {"chunk_rows", "chunk_cols"})
    if (c.int_kwarg(k).value_or(0) < 0)
      c.Fail("kwarg '" + std::string(k) + "' must be >= 0 (0: the whole extent), got " +
             std::to_string(*c.int_kwarg(k)));
  auto plan = PlanStage(c.args, c.kwargs);
  if (const auto* p = std::get_if<StageProblem>(&plan)) c.Fail(p->message, p->fix);
  return nullptr;
}

// The tile forms: dst, peer, src, the staging tile(s) in Vec of dst's dtype, then the optional
// window. A tile source is refused: the transfer moves GM to GM through the stage.
TypePtr DeduceTileTransfer(const CallInfo& c, bool put) {
  const ir::TensorType& dst = c.tensor_arg(0);
  c.index_arg(1);
  if (ir::TileTypeOf(c.arg(2)))
    c.Fail("src must be a GM tensor, got the tile " + ir::TypeToString(c.arg(2)->type),
           "use pld.tile.remote_store to push a tile");
  const ir::TensorType& src = c.tensor_arg(2);
  Window(c, put ? 0 : 2);
  RequireSameElements(c, 2, src.dtype, 0, dst.dtype);
  // A tile in position 4 is the pong stage; the window's tuples follow the stages.
  const size_t next = c.has_arg(4) && ir::TileTypeOf(c.arg(4)) ? 5 : 4;
  for (size_t i = 3; i < next; ++i) {
    const ir::TileType& stage = c.tile_arg(i);
    RequireRank(c, i, stage, 2);
    RequireSameElements(c, i, stage.dtype, 0, dst.dtype);
  }
  Offsets(c, next, dst);
  Offsets(c, next + 1, src);
  if (c.has_arg(next + 2)) RequireIntegerElements(c, next + 2, c.tuple_arg(next + 2));
  if (c.has_arg(next + 3))
    c.Fail(
        "too many arguments: after the stages come dst_offsets, "
        "src_offsets and shape",
        "remove the extra arguments");
  if (put) Atomic(c, dst.dtype);
  return nullptr;
}

// remote_store: src (a tensor at tensor level, a tile at tile level), target window, peer,
// offsets of target's rank; the pushed region, src's shape at the offsets, lies inside target.
TypePtr DeduceRemoteStore(const CallInfo& c, bool tile) {
  const DataType dt = tile ? c.tile_arg(0).dtype : c.tensor_arg(0).dtype;
  const Shape& shape = tile ? c.tile_arg(0).shape : c.tensor_arg(0).shape;
  const ir::TensorType& target = Window(c, 1);
  RequireSameElements(c, 0, dt, 1, target.dtype);
  c.index_arg(2);
  Offsets(c, 3, target);
  if (shape.size() != target.shape.size())
    c.Fail("src " + Str(shape) + " must have target's rank " + std::to_string(target.shape.size()),
           "reshape src to target's rank first");
  const Shape& offs = c.tuple_arg(3);
  for (size_t d = 0; d < shape.size(); ++d) {
    auto o = Static(offs[d]), e = Static(shape[d]), n = Static(target.shape[d]);
    if (o && e && n && *o + *e > *n)
      c.Fail("the pushed region " + Str(shape) + " at offsets " + Str(offs) + " leaves target " +
                 Str(target.shape) + " on axis " + std::to_string(d),
             "push a smaller region, or change the offsets so that it fits inside target");
  }
  Atomic(c, dt);
  return nullptr;
}

// A collective's result is its window (`target` at position `pos`), updated.
TypePtr WindowResult(const CallInfo& c, size_t pos) {
  return c.arg(pos)->type;
}

int64_t ReduceOpOf(const CallInfo& c, bool sum_only) {
  const int64_t op = c.int_kwarg("op").value_or(0);
  if (op < 0 || op > 3)
    c.Fail("kwarg 'op' must be a pld.ReduceOp (Sum 0, Max 1, Min 2, Prod 3), got " +
           std::to_string(op));
  if (sum_only && op != 0)
    c.Fail("kwarg 'op' must be pld.ReduceOp.Sum: a reduce-scatter sums",
           "use pld.tensor.allreduce for Max, Min or Prod");
  return op;
}

InPlaceUpdate ReadWrite(size_t pos, bool result = false) {
  return {.pos = pos, .reads = InPlaceUpdate::Reads::Always, .is_result = result};
}

// An overwrite that reads the prior value only as an atomic add.
InPlaceUpdate WriteUnlessAtomicAdd(size_t pos) {
  return {.pos = pos,
          .reads = InPlaceUpdate::Reads::WhenKwarg,
          .when_kwarg = "atomic",
          .when_value = 1};
}

void RegisterTransfers(OpRegistry& r) {
  r.Register("pld.tensor.put")
      .tile_form(
          {.kind = TileForm::Kind::Transfer, .op = "pld.tile.put", .scratch_name = "tput_stage"})
      .arg("dst")
      .arg("peer")
      .arg("src")
      .opt_arg("dst_offsets")
      .opt_arg("src_offsets")
      .opt_arg("shape")
      .canonical_kwarg("atomic", KwargKind::Int, int64_t{0})
      .kwarg("chunk_rows", KwargKind::Int, int64_t{0})
      .kwarg("chunk_cols", KwargKind::Int, int64_t{0})
      .kwarg("pipeline", KwargKind::Bool, false)
      .deduce([](const CallInfo& c) { return DeduceTransfer(c, 0, true); })
      .gm_operands({0, 2})
      .updates_in_place({WriteUnlessAtomicAdd(0)})
      .hardware_only(kBetweenRanks)
      .no_duplicate()
      .no_result()
      .doc(
          "No result: writes src (a tensor) into peer's window dst (atomic=1: adds), whole or "
          "the window dst_offsets / src_offsets / shape, through a Vec staging tile of "
          "chunk_rows x chunk_cols (0: the whole extent; pipeline=True: two, ping and pong)");
  r.Register("pld.tensor.get")
      .tile_form(
          {.kind = TileForm::Kind::Transfer, .op = "pld.tile.get", .scratch_name = "tget_stage"})
      .arg("dst")
      .arg("peer")
      .arg("src")
      .opt_arg("dst_offsets")
      .opt_arg("src_offsets")
      .opt_arg("shape")
      .kwarg("chunk_rows", KwargKind::Int, int64_t{0})
      .kwarg("chunk_cols", KwargKind::Int, int64_t{0})
      .kwarg("pipeline", KwargKind::Bool, false)
      .deduce([](const CallInfo& c) { return DeduceTransfer(c, 2, false); })
      .gm_operands({0, 2})
      .updates_in_place({{.pos = 0, .reads = InPlaceUpdate::Reads::Never}})
      .hardware_only(kBetweenRanks)
      .no_duplicate()
      .no_result()
      .doc(
          "No result: reads peer's window src into dst (a tensor), whole or the window "
          "dst_offsets / src_offsets / shape, through a Vec staging tile as pld.tensor.put");
  for (const bool put : {true, false}) {
    OpDef& d = r.Register(put ? "pld.tile.put" : "pld.tile.get");
    d.arg("dst")
        .arg("peer")
        .arg("src")
        .arg("stage")
        .opt_arg("stage_pong")
        .opt_arg("dst_offsets")
        .opt_arg("src_offsets")
        .opt_arg("shape")
        .deduce([put](const CallInfo& c) { return DeduceTileTransfer(c, put); })
        .updates_in_place({put ? WriteUnlessAtomicAdd(0)
                               : InPlaceUpdate{.pos = 0, .reads = InPlaceUpdate::Reads::Never}})
        .hardware_only(kBetweenRanks)
        .no_duplicate()
        .no_result()
        .doc(std::string("No result: ") +
             (put ? "writes src into peer's window dst (atomic=1: adds)"
                  : "reads peer's window src into dst") +
             " through the Vec staging tile stage (a [rows, cols] chunk; with stage_pong, "
             "double-buffered); a tile in position 4 is the pong stage, the tuples after the "
             "stages are dst_offsets, src_offsets and shape");
    if (put) d.canonical_kwarg("atomic", KwargKind::Int, int64_t{0});
  }
}

void RegisterRemoteStores(OpRegistry& r) {
  r.Register("pld.tensor.remote_store")
      .tile_form(TileForm::Namesake("pld.tensor.remote_store"))
      .arg("src")
      .arg("target")
      .arg("peer")
      .arg("offsets")
      .canonical_kwarg("atomic", KwargKind::Int, int64_t{0})
      .deduce([](const CallInfo& c) { return DeduceRemoteStore(c, false); })
      .gm_operands({1})
      .updates_in_place({WriteUnlessAtomicAdd(1)})
      .hardware_only(kBetweenRanks)
      .no_duplicate()
      .no_result()
      .doc(
          "No result: writes src (a computed tensor, on-core after conversion) into peer's "
          "window target at offsets (atomic=1: adds)");
  r.Register("pld.tile.remote_store")
      .arg("src")
      .arg("target")
      .arg("peer")
      .arg("offsets")
      .canonical_kwarg("atomic", KwargKind::Int, int64_t{0})
      .deduce([](const CallInfo& c) { return DeduceRemoteStore(c, true); })
      .input_memory(0, {ir::MemorySpace::Vec})
      .updates_in_place({WriteUnlessAtomicAdd(1)})
      .hardware_only(kBetweenRanks)
      .no_duplicate()
      .no_result()
      .doc(
          "No result: writes the Vec tile src into peer's window target at offsets (atomic=1: "
          "adds)");
}

// The collectives: kept as one call by the conversion (PyPTO lowers them later, into notify /
// wait / remote loads), every window they touch read and written.
void RegisterCollectives(OpRegistry& r) {
  const TileForm kept{.kind = TileForm::Kind::Keep};
  r.Register("pld.tensor.allreduce")
      .tile_form(kept)
      .arg("target")
      .arg("signal")
      .kwarg("op", KwargKind::Int, int64_t{0})
      .kwarg("mode", KwargKind::String, std::string("mesh"))
      .deduce([](const CallInfo& c) {
        RequireDType(c, 0, Window(c, 0).dtype, {DataType::FP16, DataType::FP32});
        RequireSignal(c, 1);
        ReduceOpOf(c, false);
        const std::string* m = std::get_if<std::string>(ir::FindAttr(c.kwargs, "mode"));
        if (m && *m != "mesh" && *m != "ring")
          c.Fail("kwarg 'mode' must be \"mesh\" or \"ring\", got \"" + *m + "\"");
        return WindowResult(c, 0);
      })
      .gm_operands({0, 1})
      .updates_in_place({ReadWrite(0, true), ReadWrite(1)})
      .hardware_only(kBetweenRanks)
      .no_duplicate()
      .doc(
          "target's window, reduced (op: pld.ReduceOp Sum 0, Max 1, Min 2, Prod 3) over every "
          "rank's target; signal an INT32 window; mode \"mesh\" or \"ring\"");
  r.Register("pld.tensor.barrier")
      .tile_form(kept)
      .arg("signal")
      .deduce([](const CallInfo& c) {
        RequireSignal(c, 0);
        return WindowResult(c, 0);
      })
      .gm_operands({0})
      .updates_in_place({ReadWrite(0, true)})
      .hardware_only(kBetweenRanks)
      .no_duplicate()
      .doc("signal's window, after every rank has arrived (a self-clearing barrier)");
  r.Register("pld.tensor.broadcast")
      .tile_form(kept)
      .arg("target")
      .arg("signal")
      .req_kwarg("root", KwargKind::Int)
      .deduce([](const CallInfo& c) {
        Window(c, 0);
        RequireSignal(c, 1);
        if (RequiredInt(c, "root") < 0)
          c.Fail("kwarg 'root' must be a rank (>= 0), got " + std::to_string(*c.int_kwarg("root")));
        return WindowResult(c, 0);
      })
      .gm_operands({0, 1})
      .updates_in_place({ReadWrite(0, true), ReadWrite(1)})
      .hardware_only(kBetweenRanks)
      .no_duplicate()
      .doc("target's window holding root's target on every rank; signal an INT32 window");
  // The gathers and exchanges: a local source, the target window (the result), the signal.
  for (const char* name : {"pld.tensor.allgather", "pld.tensor.all_to_all"}) {
    const bool gather = std::string(name) == "pld.tensor.allgather";
    r.Register(name)
        .tile_form(kept)
        .arg(gather ? "local_data" : "input")
        .arg("target")
        .arg("signal")
        .deduce([](const CallInfo& c) {
          RequireSameElements(c, 0, c.tensor_arg(0).dtype, 1, Window(c, 1).dtype);
          RequireSignal(c, 2);
          return WindowResult(c, 1);
        })
        .gm_operands({0, 1, 2})
        .updates_in_place({ReadWrite(1, true), ReadWrite(2)})
        .hardware_only(kBetweenRanks)
        .no_duplicate()
        .doc(gather ? "target's window, row r holding rank r's local_data; signal an INT32 window"
                    : "target's window, row r holding the row rank r sent this rank from its "
                      "input; signal an INT32 window");
  }
  r.Register("pld.tensor.all_to_all_v")
      .tile_form(kept)
      .arg("input")
      .arg("target")
      .arg("signal")
      .arg("send_counts")
      .arg("recv_counts")
      .deduce([](const CallInfo& c) {
        RequireSameElements(c, 0, c.tensor_arg(0).dtype, 1, Window(c, 1).dtype);
        RequireSignal(c, 2);
        RequireDType(c, 3, c.tensor_arg(3).dtype, {DataType::INT32});
        RequireSignal(c, 4);
        return WindowResult(c, 1);
      })
      .gm_operands({0, 1, 2, 3, 4})
      .updates_in_place({ReadWrite(1, true), ReadWrite(2), ReadWrite(4)})
      .hardware_only(kBetweenRanks)
      .no_duplicate()
      .doc(
          "target's window after an exchange of send_counts[r] rows with each rank r (an INT32 "
          "tensor, read only); recv_counts (an INT32 window) receives each peer's count");
  r.Register("pld.tensor.reduce_scatter")
      .tile_form(kept)
      .arg("target")
      .arg("signal")
      .kwarg("op", KwargKind::Int, int64_t{0})
      .deduce([](const CallInfo& c) {
        Window(c, 0);
        RequireSignal(c, 1);
        ReduceOpOf(c, true);
        return WindowResult(c, 0);
      })
      .gm_operands({0, 1})
      .updates_in_place({ReadWrite(0, true), ReadWrite(1)})
      .hardware_only(kBetweenRanks)
      .no_duplicate()
      .doc(
          "target's window whose row my_rank holds the sum over ranks of their row my_rank (op: "
          "pld.ReduceOp.Sum only); signal an INT32 window");
}

}  // namespace

void RegisterDistributedOps(OpRegistry& r) {
  RegisterTransfers(r);
  RegisterRemoteStores(r);
  RegisterCollectives(r);
}

std::variant<StagePlan, StageProblem> PlanStage(const std::vector<ExprPtr>& args,
                                                const ir::AttrMap& kwargs) {
  auto int_kwarg = [&](const char* k) {
    const AttrValue* v = ir::FindAttr(kwargs, k);
    return v && std::holds_alternative<int64_t>(*v) ? std::get<int64_t>(*v) : int64_t{0};
  };
  const auto* dst = args.size() > 0 && args[0] ? args[0]->type->As<ir::TensorType>() : nullptr;
  const auto* src = args.size() > 2 && args[2] ? args[2]->type->As<ir::TensorType>() : nullptr;
  if (!dst || !src) return StageProblem{"dst and src must be tensors", "pass two tensors"};
  // The moved window: the call's shape, else the whole of dst, which src must match.
  Shape window = dst->shape;
  const auto* given = args.size() > 5 && args[5] ? args[5]->As<ir::MakeTuple>() : nullptr;
  if (given && !given->elements.empty()) {
    window = given->elements;
  } else if (!ShapesProvablyEqual(dst->shape, src->shape)) {
    return StageProblem{"without shape=, dst " + Str(dst->shape) + " and src " + Str(src->shape) +
                            " must have one shape (the whole of each is moved)",
                        "give the moved window: dst_offsets=, src_offsets= and shape="};
  }
  if (window.empty()) return StageProblem{"the moved window has no axis", "move a tensor"};
  // Flattened to [rows, cols]: the last axis, and the product of the others.
  std::optional<int64_t> rows = StaticProduct(Shape(window.begin(), window.end() - 1));
  std::optional<int64_t> cols = Static(window.back());
  StagePlan plan;
  const int64_t chunk_rows = int_kwarg("chunk_rows"), chunk_cols = int_kwarg("chunk_cols");
  if (!rows && chunk_rows <= 0)
    return StageProblem{
        "the moved window's leading extent is dynamic, and the staging tile is "
        "allocated statically",
        "give chunk_rows=N to bound it"};
  if (!cols && chunk_cols <= 0)
    return StageProblem{
        "the moved window's last extent is dynamic, and the staging tile is "
        "allocated statically",
        "give chunk_cols=N to bound it"};
  plan.rows = rows && (chunk_rows <= 0 || *rows < chunk_rows) ? *rows : chunk_rows;
  plan.cols = cols && (chunk_cols <= 0 || *cols < chunk_cols) ? *cols : chunk_cols;
  const AttrValue* pipe = ir::FindAttr(kwargs, "pipeline");
  if (pipe && std::holds_alternative<bool>(*pipe) && std::get<bool>(*pipe)) {
    if (chunk_rows <= 0 || chunk_cols <= 0)
      return StageProblem{
          "pipeline=True needs both chunk_rows and chunk_cols > 0 (double "
          "buffering pays only when the transfer is chunked)",
          "give chunk_rows= and chunk_cols=, or drop pipeline=True"};
    plan.count = 2;
  }
  return plan;
}

}  // namespace tilesplit::ops
