// Inter-device signalling (ops.md 2.11). Targets are plain tensors in this project.
#include <iterator>
#include <string>
#include <tuple>

#include "tilesplit/ir/text.h"
#include "tilesplit/ops/barrier.h"
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::ops {

namespace {

void CheckOffsets(const CallInfo& c, size_t tensor_pos, size_t offsets_pos) {
  const ir::TensorType& t = c.tensor_arg(tensor_pos);
  RequireIntegerElements(c, offsets_pos,
                         TupleOfRank(c, offsets_pos, static_cast<int64_t>(t.shape.size())));
}

TypePtr DeduceNotify(const CallInfo& c) {
  CheckOffsets(c, 0, 2);
  c.index_arg(1);
  ScalarArg(c, 3);
  int64_t op = RequiredInt(c, "op");
  if (op != 0 && op != 1)
    c.Fail("kwarg 'op' must be 0 (AtomicAdd) or 1 (Set), got " + std::to_string(op));
  return nullptr;
}

TypePtr DeduceWait(const CallInfo& c) {
  CheckOffsets(c, 0, 1);
  ScalarArg(c, 2);
  int64_t cmp = RequiredInt(c, "cmp");
  if (cmp != 0 && cmp != 1)
    c.Fail("kwarg 'cmp' must be 0 (Eq) or 1 (Ge), got " + std::to_string(cmp));
  return nullptr;
}

// A deferred wait registers `signal[offsets] >= expected` as a completion condition of the task
// running it (PyPTO's guide, distributed/02-primitives.md: the counter is polled as monotonic, so
// only Ge is meaningful; the signal is an INT32 distributed tensor). The placement rules of the
// waiter task are outline-incore-scopes' (deferred_waiter.cpp).
TypePtr DeduceDeferWait(const CallInfo& c) {
  const ir::TensorType& t = c.tensor_arg(0);
  if (!t.distributed || t.dtype != ir::DataType::INT32)
    c.Fail("argument 'signal' must be an INT32 pld.DistributedTensor, got " +
           ir::TypeToString(c.arg(0)->type));
  CheckOffsets(c, 0, 1);
  ScalarArg(c, 2);
  if (RequiredInt(c, "cmp") != 1)
    c.Fail("kwarg 'cmp' must be pld.WaitCmp.Ge (1): a deferred wait polls a monotonic counter");
  return nullptr;
}

// The pipe scaffolding of PyPTO's expansion (reserve_buffer, import_peer_buffer,
// aic_/aiv_initialize_pipe) manages the hardware's GM slot buffers. The simulator models the
// pipes directly (docs/simulator.md), so these are accepted, checked and executed as no-ops: a
// buffer handle is an INT32 scalar, and the ring's sizes are checked for sense only.
TypePtr DeduceBufferHandle(const CallInfo& c) {
  if (auto size = c.int_kwarg("size"); size && *size <= 0)
    c.Fail("kwarg 'size' must be > 0, got " + std::to_string(*size));
  return ir::MakeScalarType(ir::DataType::INT32);
}

TypePtr DeduceInitializePipe(const CallInfo& c) {
  ScalarArg(c, 0);
  ScalarArg(c, 1);
  const int64_t mask = RequiredInt(c, "dir_mask");
  if (mask < 1 || mask > 3)
    c.Fail("kwarg 'dir_mask' must be 1 (C2V), 2 (V2C) or 3 (both), got " + std::to_string(mask));
  for (const char* k : {"slot_size", "slot_num", "local_slot_num"})
    if (auto v = c.int_kwarg(k); v && *v <= 0)
      c.Fail("kwarg '" + std::string(k) + "' must be > 0, got " + std::to_string(*v));
  if (auto id = c.int_kwarg("id"); id && *id < 0)
    c.Fail("kwarg 'id' must be >= 0, got " + std::to_string(*id));
  return nullptr;
}

// "\"aiv_only\", \"aic_only\" or \"mix\"": the core_type values, for messages and the schema.
std::string CoreTypeChoices() {
  std::string r;
  for (size_t i = 0; i < std::size(kAllBarrierCores); ++i)
    r += std::string(i == 0                                 ? ""
                     : i + 1 == std::size(kAllBarrierCores) ? " or "
                                                            : ", ") +
         "\"" + std::string(BarrierCoresName(kAllBarrierCores[i])) + "\"";
  return r;
}

// A barrier: core_type names who meets (and so its lane); the hard form is the hardware's
// all-cores barrier, the soft one counts arrivals in a GM workspace of the author's.
TypePtr DeduceSyncall(const CallInfo& c) {
  const AttrValue* mode = ir::FindAttr(c.kwargs, "mode");
  const std::string* m = mode ? std::get_if<std::string>(mode) : nullptr;
  const bool soft = m && *m == "soft";
  if (m && !soft && *m != "hard")
    c.Fail("kwarg 'mode' must be \"hard\" or \"soft\", got \"" + *m + "\"");
  const std::string* type = std::get_if<std::string>(ir::FindAttr(c.kwargs, "core_type"));
  if (!type || !BarrierCoresByName(*type))
    c.Fail("kwarg 'core_type' must be " + CoreTypeChoices() + ", got \"" +
           (type ? *type : std::string()) + "\"");
  if (auto n = c.int_kwarg("used_cores"); n && *n < 0)
    c.Fail("kwarg 'used_cores' must be >= 0 (0: every core of core_type), got " +
           std::to_string(*n));
  if (soft && !c.has_arg(0))
    c.Fail("a soft syncall counts arrivals in GM: pass gm_workspace=<an INT32 tensor>");
  if (!soft && c.has_arg(0))
    c.Fail("a hard syncall takes no gm_workspace (only mode=\"soft\" counts in GM)");
  if (c.has_arg(0) && c.tensor_arg(0).dtype != ir::DataType::INT32)
    c.Fail("gm_workspace must be an INT32 tensor, got " + ir::TypeToString(c.arg(0)->type));
  return nullptr;
}

}  // namespace

void RegisterSystemOps(OpRegistry& r) {
  r.Register("system.reserve_buffer")
      .req_kwarg("name", KwargKind::String)
      .req_kwarg("size", KwargKind::Int)
      .kwarg("base", KwargKind::Int, int64_t{-1})
      .deduce(DeduceBufferHandle)
      .side_effect()
      .pipe_setup()
      .doc(
          "Scalar[INT32]: the handle of a GM slot buffer this core reserves (pipe scaffolding; "
          "a no-op on the simulator, whose pipes are modelled directly); base=pl.AUTO (-1) "
          "lets the compiler place it");

  r.Register("system.import_peer_buffer")
      .req_kwarg("name", KwargKind::String)
      .req_kwarg("peer_func", KwargKind::String)
      .deduce(DeduceBufferHandle)
      .side_effect()
      .pipe_setup()
      .doc(
          "Scalar[INT32]: the handle of the buffer the peer function reserved under name (pipe "
          "scaffolding; a no-op on the simulator)");

  // Each end of the pipes states its lane; the two records differ in nothing else.
  const std::tuple<const char*, const char*, CoreAffinity> ends[] = {
      {"system.aic_initialize_pipe", "AIC", CoreAffinity::CUBE},
      {"system.aiv_initialize_pipe", "AIV", CoreAffinity::VECTOR}};
  for (const auto& [name, side, affinity] : ends)
    r.Register(name)
        .arg("c2v_buffer")
        .arg("v2c_buffer")
        .req_kwarg("dir_mask", KwargKind::Int)
        .req_kwarg("slot_size", KwargKind::Int)
        .kwarg("slot_num", KwargKind::Int, int64_t{2})
        .kwarg("local_slot_num", KwargKind::Int)
        .kwarg("id", KwargKind::Int, int64_t{0})
        .deduce(DeduceInitializePipe)
        .core_affinity(affinity)
        .pipe_setup()
        .no_result()
        .doc(std::string("No result: the ") + side +
             " end of the pipes over the two buffers (pipe scaffolding; a no-op on the "
             "simulator)");

  r.Register("system.syncall")
      .opt_arg("gm_workspace")
      .req_kwarg("core_type", KwargKind::String, CoreTypeChoices())
      .kwarg("mode", KwargKind::String, std::string("hard"))
      .kwarg("used_cores", KwargKind::Int, int64_t{0})
      .deduce(DeduceSyncall)
      // A soft barrier counts arrivals in its workspace: it reads and writes it.
      .updates_in_place({{.pos = 0, .reads = InPlaceUpdate::Reads::Always}})
      .core_affinity_by("core_type",
                        {{std::string(BarrierCoresName(BarrierCores::AIV)), CoreAffinity::VECTOR},
                         {std::string(BarrierCoresName(BarrierCores::AIC)), CoreAffinity::CUBE},
                         {std::string(BarrierCoresName(BarrierCores::All)), CoreAffinity::SHARED}})
      .synchronization()
      .no_result()
      .doc(
          "No result: a barrier; each core of core_type (aiv_only: the AIV lanes, aic_only: the "
          "cube, mix: all three) waits here until every one of them has arrived. mode=\"soft\" "
          "counts in gm_workspace (left unchanged on the simulator); used_cores, when > 0, must "
          "be the number of cores that meet");

  // A GM fence: the core waits until its earlier GM writes are visible to every other core.
  // PyPTO's programs bind it (`fence = pl.system.fence()`), so it yields a token (INT32 0) that
  // carries no data. The simulator makes every GM write visible when it happens, so it runs as a
  // no-op there; it is still an ordering point for the passes (synchronization: nothing moves
  // across it, e.g. loop-invariant Mat residency).
  r.Register("system.fence")
      .deduce([](const CallInfo&) { return ir::MakeScalarType(ir::DataType::INT32); })
      .side_effect()
      .synchronization()
      .doc(
          "Scalar[INT32] 0, a token: waits until this core's earlier GM writes are visible to "
          "the other cores (an ordering point; a no-op on the simulator, where every GM write "
          "is visible at once)");

  r.Register("pld.system.notify")
      .arg("target")
      .arg("peer")
      .arg("offsets")
      .arg("value")
      .req_kwarg("op", KwargKind::Int)
      .deduce(DeduceNotify)
      // Set (1) overwrites the slot; AtomicAdd (0) reads the value it adds to.
      .updates_in_place({{.pos = 0,
                          .reads = InPlaceUpdate::Reads::WhenKwarg,
                          .when_kwarg = "op",
                          .when_value = 0}})
      .synchronization()
      .no_duplicate()
      .no_result()
      .doc(
          "No result: sets (op=1) or atomically adds (op=0) value into target at offsets for "
          "peer");

  r.Register("pld.system.defer_wait")
      .arg("signal")
      .arg("offsets")
      .arg("expected")
      .req_kwarg("cmp", KwargKind::Int)
      .deduce(DeduceDeferWait)
      .synchronization()
      .no_result()
      .doc(
          "No result: registers signal[offsets] >= expected (cmp=1, Ge) as a completion "
          "condition of the task; the task's dependents start once every condition holds");

  // Drops this core's cached GM lines so that later reads see other cores' writes. The
  // simulator's GM is coherent (every write visible when it happens): a no-op there, and an
  // ordering point for the passes like system.fence.
  r.Register("system.cacheinvalid")
      .deduce([](const CallInfo&) -> TypePtr { return nullptr; })
      .side_effect()
      .synchronization()
      .no_result()
      .doc("No result: invalidates this core's cached GM lines (a no-op on the simulator)");

  r.Register("pld.system.wait")
      .arg("signal")
      .arg("offsets")
      .arg("expected")
      .req_kwarg("cmp", KwargKind::Int)
      .deduce(DeduceWait)
      .synchronization()
      .no_result()
      .doc(
          "No result: blocks until signal at offsets compares true (cmp=0 Eq, 1 Ge) against "
          "expected");
}

}  // namespace tilesplit::ops
