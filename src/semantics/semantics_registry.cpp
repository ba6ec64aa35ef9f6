// The semantics table and the helpers every section uses.
#include <algorithm>

#include "sections.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

namespace {

OpAttr<const OpSemantics*>& MutableSemanticsAttr() {
  static auto* attr = [] {
    auto* a =
        new OpAttr<const OpSemantics*>("semantics", "semantics", [](const OpDef&) { return true; });
    DeclaredOpAttrs().push_back(a);
    return a;
  }();
  return *attr;
}

}  // namespace

const OpAttr<const OpSemantics*>& SemanticsAttr() {
  SemanticsTable::Global();
  return MutableSemanticsAttr();
}

void AttachSemantics(const OpDef& op, const OpSemantics* s) {
  SemanticsTable::Global();
  MutableSemanticsAttr().Set(op, s);
}

SemanticsTable& SemanticsTable::Global() {
  static SemanticsTable* table = [] {
    auto* t = new SemanticsTable();
    t->attach_ = true;
    RegisterMemorySemantics(*t);
    RegisterGeneratorSemantics(*t);
    RegisterElementwiseSemantics(*t);
    RegisterViewSemantics(*t);
    RegisterGatherScatterSemantics(*t);
    RegisterReductionSemantics(*t);
    RegisterSortSemantics(*t);
    RegisterQuantSemantics(*t);
    RegisterCubeSemantics(*t);
    RegisterCrossCoreSemantics(*t);
    RegisterSystemSemantics(*t);
    RegisterTensorSemantics(*t);
    RegisterExpandMathSemantics(*t);
    RegisterElementwiseExtSemantics(*t);
    RegisterFillSemantics(*t);
    RegisterTensorGatherSemantics(*t);
    RegisterDistributedSemantics(*t);
    RegisterMaskPatternSemantics(*t);
    return t;
  }();
  return *table;
}

void SemanticsTable::Register(OpHandle handle, SemanticsFn fn) {
  const std::string op(handle.name);
  if (fns_.count(op)) ir::ThrowInternal({}, "semantics of '" + op + "' registered twice");
  auto it = fns_.emplace(op, OpSemantics{std::move(fn)}).first;
  if (!attach_) return;
  // Semantics for an op the registry does not define would never run: a slip in a section file.
  const OpDef* def = OpRegistry::Global().Find(op);
  if (!def) ir::ThrowInternal({}, "semantics registered for '" + op + "', which is no operator");
  MutableSemanticsAttr().Set(*def, &it->second);
}

const SemanticsFn* SemanticsTable::Find(std::string_view op) const {
  auto it = fns_.find(op);
  return it == fns_.end() ? nullptr : &it->second.fn;
}

std::vector<std::string> SemanticsTable::Names() const {
  std::vector<std::string> r;
  for (const auto& [k, v] : fns_) r.push_back(k);
  return r;
}

void OpCall::Fail(const std::string& message) const {
  ir::ThrowUser(call.span, name() + ": " + message);
}

const TilePtr& OpCall::tile_ptr(size_t i) const {
  if (i >= args.size() || !args[i].tile())
    Fail("argument " + std::to_string(i) + " is not a tile at run time");
  return *args[i].tile();
}

const TileValue& OpCall::tile(size_t i) const {
  return *tile_ptr(i);
}

const TensorPtr& OpCall::tensor(size_t i) const {
  if (i >= args.size() || !args[i].tensor())
    Fail("argument " + std::to_string(i) + " is not a tensor at run time");
  return *args[i].tensor();
}

Scalar OpCall::scalar(size_t i) const {
  if (i >= args.size() || !args[i].scalar())
    Fail("argument " + std::to_string(i) + " is not a scalar at run time");
  return *args[i].scalar();
}

std::vector<int64_t> OpCall::ints(size_t i) const {
  std::vector<int64_t> r;
  if (i >= args.size()) Fail("argument " + std::to_string(i) + " is missing");
  if (const sim::TupleValue* t = args[i].tuple()) {
    for (const Value& v : *t) {
      if (!v.scalar()) Fail("argument " + std::to_string(i) + " holds a non-scalar");
      r.push_back(v.scalar()->AsInt());
    }
  } else if (const Scalar* s = args[i].scalar()) {
    r.push_back(s->AsInt());
  } else {
    Fail("argument " + std::to_string(i) + " is not a list of integers");
  }
  return r;
}

std::optional<int64_t> OpCall::int_kwarg(std::string_view k) const {
  const ir::AttrValue* v = ir::FindAttr(call.kwargs, k);
  if (!v) return std::nullopt;
  return ir::AttrAsInt(*v);
}

std::optional<bool> OpCall::bool_kwarg(std::string_view k) const {
  return ir::GetAttr<bool>(call.kwargs, k);
}

std::optional<ir::DataType> OpCall::dtype_kwarg(std::string_view k) const {
  return ir::GetAttr<ir::DataType>(call.kwargs, k);
}

const TileGeom& OpCall::result(size_t i) const {
  if (i >= results.size()) Fail("has no tile result type to execute into");
  return results[i];
}

sim::MutTilePtr OpCall::NewResult(size_t i, sim::BufferInit fill) const {
  const TileGeom& g = result(i);
  return sim::MakeTile(g.dtype, g.mem, g.shape, g.valid, fill);
}

sim::MutTilePtr OpCall::ReuseOrNewResult(std::initializer_list<size_t> operands, size_t i) const {
  const TileGeom& g = result(i);
  for (size_t a : operands) {
    const TilePtr* t = a < args.size() ? args[a].tile() : nullptr;
    // use_count 1: only `args` holds it, so nothing can observe the change.
    if (!t || t->use_count() != 1) continue;
    const TileValue& v = **t;
    // Elements shared with a tensor or another tile would be copied by the first write.
    if (v.dtype != g.dtype || v.shape != g.shape || v.pipe_id >= 0 || v.data.shared() ||
        static_cast<int64_t>(v.data.size()) != sim::NumElements(g.shape))
      continue;
    sim::MutTilePtr out = std::const_pointer_cast<TileValue>(*t);
    out->mem = g.mem;
    out->valid = g.valid;
    return out;
  }
  return NewResult(i, sim::BufferInit::Unspecified);
}

void CopyRegion(const sim::Buffer& src, const std::vector<int64_t>& src_shape,
                const std::vector<int64_t>& src_off, sim::Buffer& dst,
                const std::vector<int64_t>& dst_shape, const std::vector<int64_t>& dst_off,
                const std::vector<int64_t>& region) {
  const size_t rank = region.size();
  if (rank == 0) return;
  // Clip the region against both boxes.
  std::vector<int64_t> lo(rank, 0), hi(rank);
  for (size_t d = 0; d < rank; ++d) {
    lo[d] = std::max<int64_t>({0, -src_off[d], -dst_off[d]});
    hi[d] = std::min<int64_t>({region[d], src_shape[d] - src_off[d], dst_shape[d] - dst_off[d]});
    if (hi[d] <= lo[d]) return;
  }
  const auto ss = sim::RowMajorStrides(src_shape);
  const auto ds = sim::RowMajorStrides(dst_shape);
  std::vector<int64_t> idx(lo);
  const size_t last = rank - 1;
  const int64_t run = hi[last] - lo[last];
  const bool same = src.kind == dst.kind;
  while (true) {
    int64_t so = 0, doff = 0;
    for (size_t d = 0; d < rank; ++d) {
      so += (idx[d] + src_off[d]) * ss[d];
      doff += (idx[d] + dst_off[d]) * ds[d];
    }
    if (same && src.kind == sim::StorageKind::F32) {
      std::copy_n(src.f.begin() + so, run, dst.f.begin() + doff);
    } else if (same) {
      std::copy_n(src.i.begin() + so, run, dst.i.begin() + doff);
    } else {
      ir::ThrowInternal({}, "CopyRegion between different storages");
    }
    size_t d = last;
    while (d-- > 0) {
      if (++idx[d] < hi[d]) break;
      idx[d] = lo[d];
    }
    if (d == static_cast<size_t>(-1)) break;
  }
}

std::vector<int64_t> BroadcastStrides(OpCall& c, const TileValue& in,
                                      const std::vector<int64_t>& out) {
  std::vector<int64_t> s(out.size(), 0);
  if (in.shape.size() > out.size()) c.Fail("operand rank exceeds the result's");
  const auto is = sim::RowMajorStrides(in.shape);
  const size_t shift = out.size() - in.shape.size();
  for (size_t d = 0; d < in.shape.size(); ++d) {
    if (in.shape[d] == out[d + shift])
      s[d + shift] = is[d];
    else if (in.shape[d] != 1)
      c.Fail("operand shape does not broadcast to the result");
  }
  return s;
}

Value MapUnaryF(OpCall& c, size_t arg, float (*f)(float)) {
  const TileValue& in = c.tile(arg);
  const size_t box = static_cast<size_t>(sim::NumElements(c.result().shape));
  auto out = c.NewResult(
      0, in.data.size() >= box ? sim::BufferInit::Unspecified : sim::BufferInit::Poison);
  if (in.data.kind != sim::StorageKind::F32 || out->data.kind != sim::StorageKind::F32)
    c.Fail("needs a floating-point tile");
  const size_t n = std::min(in.data.size(), out->data.size());
  const ir::DataType dt = out->dtype;
  const float* src = in.data.f.data();
  float* dst = out->data.f.data();
  for (size_t i = 0; i < n; ++i) dst[i] = f(src[i]);
  if (dt != ir::DataType::FP32)  // FP32 needs no rounding pass
    for (size_t i = 0; i < n; ++i) dst[i] = sim::RoundToDType(dt, dst[i]);
  sim::PoisonOutsideValid(*out);
  return Value(out);
}

}  // namespace tilesplit::ops
