// Inter-device signalling (ops.md 2.11). Targets are plain tensors in this project.
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

}  // namespace

void RegisterSystemOps(OpRegistry& r) {
  r.Register("pld.system.notify")
      .arg("target")
      .arg("peer")
      .arg("offsets")
      .arg("value")
      .req_kwarg("op", KwargKind::Int)
      .deduce(DeduceNotify)
      .synchronization()
      .no_duplicate()
      .no_result()
      .doc(
          "No result: sets (op=1) or atomically adds (op=0) value into target at offsets for "
          "peer");

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
