// Semantics of inter-device signalling (ops.md 2.11). The simulator runs one core group with no
// peer device: notify updates the signal tensor locally, and a wait whose condition does not
// already hold could never be satisfied, so it is reported instead of hanging.
#include "tilesplit/ir/error.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

namespace {

size_t SignalIndex(OpCall& c, const TensorPtr& t, size_t arg) {
  std::vector<int64_t> off = c.ints(arg);
  if (off.size() != t->shape.size()) c.Fail("offsets must have the signal tensor's rank");
  size_t flat = 0;
  for (size_t d = 0; d < off.size(); ++d) {
    if (off[d] < 0 || off[d] >= t->shape[d]) c.Fail("signal offset out of range");
    flat = flat * static_cast<size_t>(t->shape[d]) + static_cast<size_t>(off[d]);
  }
  return flat;
}

Value Notify(OpCall& c) {
  const TensorPtr& t = c.tensor(0);
  const size_t i = SignalIndex(c, t, 2);
  const Scalar v = c.scalar(3);
  const bool add = c.int_kwarg("op").value_or(1) == 0;
  if (t->data.kind == sim::StorageKind::F32)
    t->data.f[i] =
        sim::RoundToDType(t->dtype, static_cast<float>((add ? t->data.f[i] : 0) + v.AsDouble()));
  else
    t->data.i[i] = sim::WrapToDType(t->dtype, (add ? t->data.i[i] : 0) + v.AsInt());
  t->writer[i] = c.ctx.writer;
  return Value();
}

Value Wait(OpCall& c) {
  const TensorPtr& t = c.tensor(0);
  const size_t i = SignalIndex(c, t, 1);
  const double have =
      t->data.kind == sim::StorageKind::F32 ? t->data.f[i] : static_cast<double>(t->data.i[i]);
  const double want = c.scalar(2).AsDouble();
  const bool ge = c.int_kwarg("cmp").value_or(0) == 1;
  if (ge ? have >= want : have == want) return Value();
  c.Fail("waits for a signal no peer device will send in the simulator (have " +
         std::to_string(have) + ", expected " + (ge ? ">= " : "== ") + std::to_string(want) + ")");
}

// In program order a deferred wait's dependents run after it, so its condition must hold then;
// with no peer device it holds when it holds already (as a blocking wait with cmp Ge).
Value DeferWait(OpCall& c) {
  const TensorPtr& t = c.tensor(0);
  const size_t i = SignalIndex(c, t, 1);
  const double have =
      t->data.kind == sim::StorageKind::F32 ? t->data.f[i] : static_cast<double>(t->data.i[i]);
  const double want = c.scalar(2).AsDouble();
  if (have >= want) return Value();
  ir::ThrowUser(c.call.span,
                c.name() +
                    ": registers a condition no peer device will satisfy in the "
                    "simulator (have " +
                    std::to_string(have) + ", expected >= " + std::to_string(want) + ")",
                {{{},
                  "make a task before the waiter publish the value (pld.system.notify), or "
                  "lower the expected threshold"}});
}

// The reference runs on one core: a barrier there has nobody to wait for.
Value Syncall(OpCall& c) {
  if (!c.ctx.port) return Value();
  const std::string* type = std::get_if<std::string>(ir::FindAttr(c.call.kwargs, "core_type"));
  const BarrierCores who =
      type ? BarrierCoresByName(*type).value_or(BarrierCores::All) : BarrierCores::All;
  c.ctx.port->Barrier(who, c.int_kwarg("used_cores").value_or(0), c.call.span);
  return Value();
}

}  // namespace

// Pipe scaffolding: the simulator's pipes need no buffers (system_ops.cpp).
Value BufferHandle(OpCall&) {
  return Value(Scalar{ir::DataType::INT32, 0, 0});
}

void RegisterSystemSemantics(SemanticsTable& t) {
  t.Register(op::system_reserve_buffer, BufferHandle);
  t.Register(op::system_import_peer_buffer, BufferHandle);
  t.Register(op::system_aic_initialize_pipe, [](OpCall&) { return Value(); });
  t.Register(op::system_aiv_initialize_pipe, [](OpCall&) { return Value(); });
  t.Register(op::system_syncall, Syncall);
  // The simulator's GM is coherent: a write is visible to every core when it happens.
  t.Register(op::system_fence, [](OpCall&) { return Value(Scalar{ir::DataType::INT32, 0, 0}); });
  t.Register(op::pld_system_notify, Notify);
  t.Register(op::pld_system_wait, Wait);
  t.Register(op::pld_system_defer_wait, DeferWait);
  t.Register(op::system_cacheinvalid, [](OpCall&) { return Value(); });
}

}  // namespace tilesplit::ops
