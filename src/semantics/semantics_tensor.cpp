// Semantics of the tensor-level ops (tensor_ops.cpp). Arithmetic on whole tensors is the tile op
// of the same name run on the tensor's elements viewed as one fully valid tile, so a tensor-level
// program and the tile program ConvertTensorToTileOps makes of it round alike. Every op builds a
// new tensor, except the two that write into GM: tensor.assemble and tensor.write update their
// target in place and return it (a tensor is a GM buffer, as in PyPTO, where they become
// tile.store), marking the elements they write with the running core, like tile.store.
#include <algorithm>
#include <string>
#include <vector>

#include "tensor_values.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

// The result tensor's dtype, from the call's deduced type.
ir::DataType ResultDType(const OpCall& c) {
  const auto* t = c.call.type ? c.call.type->As<ir::TensorType>() : nullptr;
  if (!t) c.Fail("has no tensor result type");
  return t->dtype;
}

// A new tensor, charged to the run's memory budget like a tile result.
TensorPtr NewTensor(OpCall& c, ir::DataType dt, const std::vector<int64_t>& shape, bool poison) {
  for (int64_t d : shape)
    if (d < 0 || d >= (int64_t{1} << 31))
      c.Fail("extent " + std::to_string(d) + " is outside [0, 2^31)");
  if (c.ctx.budget) {
    const int64_t width = sim::StorageOf(dt) == sim::StorageKind::F32 ? 4 : 8;
    c.ctx.budget->ChargeMemory(sim::NumElements(shape) * width, c.call.span,
                               "the result of " + c.name());
  }
  return sim::MakeTensor("", dt, shape, poison);
}

TilePtr AsTile(const sim::TensorValue& t) {
  auto tile = std::make_shared<TileValue>();
  tile->dtype = t.dtype;
  tile->mem = ir::MemorySpace::Vec;
  tile->shape = t.shape;
  tile->valid = t.shape;
  tile->data = t.data;
  return tile;
}

Value AsTensor(OpCall& c, const Value& v) {
  const TilePtr* tile = v.tile();
  if (!tile) c.Fail("computed no tile");
  TensorPtr out = NewTensor(c, (*tile)->dtype, (*tile)->shape, false);
  out->data = (*tile)->data;
  return Value(out);
}

// Runs tile op `tile_op` on the operands (tensors viewed as tiles) with a fully valid result of
// `shape` in the call's result dtype, and returns its elements as a tensor.
Value ViaTile(OpCall& c, OpHandle tile_op, const std::vector<int64_t>& shape,
              std::vector<Value> args) {
  const SemanticsFn* fn = SemanticsTable::Global().Find(tile_op);
  if (!fn) c.Fail("needs " + std::string(tile_op.name) + ", which has no semantics");
  for (Value& a : args)
    if (const TensorPtr* t = a.tensor()) a = Value(AsTile(**t));
  std::vector<TileGeom> geom(1);
  geom[0].dtype = ResultDType(c);
  geom[0].shape = shape;
  geom[0].valid = shape;
  OpCall tc{c.call, args, geom, c.ctx};
  return AsTensor(c, (*fn)(tc));
}

namespace {

// Right-aligned broadcast of two runtime shapes (the deducer has checked they broadcast).
std::vector<int64_t> Broadcast(OpCall& c, std::vector<int64_t> a, std::vector<int64_t> b) {
  if (a.size() < b.size()) std::swap(a, b);
  const size_t shift = a.size() - b.size();
  for (size_t d = 0; d < b.size(); ++d) {
    int64_t& x = a[shift + d];
    if (b[d] == x || b[d] == 1) continue;
    if (x != 1) c.Fail("shapes do not broadcast at run time");
    x = b[d];
  }
  return a;
}

// The tile op a tensor op computes with: its tile form's (the record convert-tensor-to-tile-ops
// lowers it by), so that the reference and the lowered program run the same tile semantics.
OpHandle TileOpOf(OpHandle tensor_op) {
  const TileForm* form = tensor_op.def().tile_form();
  if (!form || form->op.empty())
    ir::ThrowInternal({}, std::string(tensor_op.name) + " has no tile op to execute it with");
  return OpHandle{form->op};
}

// An offset tuple must place the window [off, off + ext) inside `shape`.
void RequireInside(OpCall& c, const std::vector<int64_t>& off, const std::vector<int64_t>& ext,
                   const std::vector<int64_t>& shape) {
  if (off.size() != shape.size() || ext.size() != shape.size())
    c.Fail("window rank differs from the tensor's");
  for (size_t d = 0; d < shape.size(); ++d)
    if (off[d] < 0 || ext[d] < 0 || off[d] > shape[d] - ext[d])
      c.Fail("window [" + std::to_string(off[d]) + ", " + std::to_string(off[d] + ext[d]) +
             ") on axis " + std::to_string(d) + " leaves the extent " + std::to_string(shape[d]));
}

// With a valid shape only the valid part is read (the box may reach past the tensor's end); the
// rest of the window is undefined.
Value Slice(OpCall& c) {
  const TensorPtr& src = c.tensor(0);
  const std::vector<int64_t> shape = c.ints(1);
  const std::vector<int64_t> off = c.ints(2);
  std::vector<int64_t> read = shape;
  if (c.args.size() > 3 && !c.args[3].empty() && !c.ints(3).empty()) {
    read = c.ints(3);
    if (read.size() != shape.size()) c.Fail("valid shape rank differs from the window's");
    for (size_t d = 0; d < read.size(); ++d)
      if (read[d] < 0 || read[d] > shape[d])
        c.Fail("valid extent " + std::to_string(read[d]) + " on axis " + std::to_string(d) +
               " is outside the window's " + std::to_string(shape[d]));
  }
  RequireInside(c, off, read, src->shape);
  TensorPtr out = NewTensor(c, src->dtype, shape, true);
  CopyRegion(src->data, src->shape, off, out->data, shape, std::vector<int64_t>(shape.size(), 0),
             read);
  // drop_dims removes unit axes: the same elements, in the same order, under the shape without
  // them (the deducer checked each is a unit axis).
  if (c.args.size() > 4 && !c.args[4].empty()) {
    const std::vector<int64_t> drops = c.ints(4);
    std::vector<int64_t> kept;
    for (size_t d = 0; d < shape.size(); ++d)
      if (std::find(drops.begin(), drops.end(), static_cast<int64_t>(d)) == drops.end())
        kept.push_back(shape[d]);
    out->shape = kept;
  }
  return Value(out);
}

// The part of `source` that lands inside `target` at `off`. A source reaching past the
// target's end is assembled only where what lies past the end is undefined: that is a window
// whose valid part fits (a lane's shard of an odd box, its last row beyond the valid extent),
// as a store writes only the valid part; defined elements past the end are the author's error.
std::vector<int64_t> AssembledRegion(OpCall& c, const sim::TensorValue& source,
                                     const std::vector<int64_t>& off,
                                     const std::vector<int64_t>& target_shape) {
  if (off.size() != target_shape.size() || source.shape.size() != target_shape.size())
    c.Fail("window rank differs from the tensor's");
  std::vector<int64_t> region = source.shape;
  bool clipped = false;
  for (size_t d = 0; d < region.size(); ++d) {
    if (off[d] < 0 || off[d] > target_shape[d]) RequireInside(c, off, source.shape, target_shape);
    if (off[d] + region[d] > target_shape[d]) {
      region[d] = target_shape[d] - off[d];
      clipped = true;
    }
  }
  if (!clipped) return region;
  const int64_t n = sim::NumElements(source.shape);
  std::vector<int64_t> idx(source.shape.size(), 0);
  for (int64_t k = 0; k < n; ++k) {
    bool outside = false;
    for (size_t d = 0; d < idx.size(); ++d) outside = outside || idx[d] >= region[d];
    if (outside && !source.data.IsPoison(static_cast<size_t>(k)))
      RequireInside(c, off, source.shape, target_shape);  // fails, naming the window
    for (size_t d = idx.size(); d-- > 0;) {
      if (++idx[d] < source.shape[d]) break;
      idx[d] = 0;
    }
  }
  return region;
}

Value Assemble(OpCall& c) {
  const TensorPtr& target = c.tensor(0);
  const TensorPtr& source = c.tensor(1);
  const std::vector<int64_t> off = c.ints(2);
  const std::vector<int64_t> region = AssembledRegion(c, *source, off, target->shape);
  if (source->data.kind != target->data.kind) c.Fail("source and target storages differ");
  CopyRegion(source->data, source->shape, std::vector<int64_t>(off.size(), 0), target->data,
             target->shape, off, region);
  // The window's elements, rounded to the target's dtype, now written by this core.
  const std::vector<int64_t> gs = sim::RowMajorStrides(target->shape);
  const int64_t n = sim::NumElements(region);
  std::vector<int64_t> idx(region.size(), 0);
  for (int64_t k = 0; k < n; ++k) {
    size_t g = 0;
    for (size_t d = 0; d < idx.size(); ++d) g += static_cast<size_t>((idx[d] + off[d]) * gs[d]);
    if (target->data.kind == sim::StorageKind::F32) {
      if (!sim::IsPoisonF32(target->data.f[g]))
        target->data.f[g] = sim::RoundToDType(target->dtype, target->data.f[g]);
    } else if (!sim::IsPoisonI64(target->data.i[g])) {
      target->data.i[g] = sim::WrapToDType(target->dtype, target->data.i[g]);
    }
    target->writer[g] = c.ctx.writer;
    for (size_t d = idx.size(); d-- > 0;) {
      if (++idx[d] < region[d]) break;
      idx[d] = 0;
    }
  }
  return Value(target);
}

Value Reshape(OpCall& c) {
  const TensorPtr& src = c.tensor(0);
  const std::vector<int64_t> shape = c.ints(1);
  if (sim::NumElements(shape) != sim::NumElements(src->shape))
    c.Fail("the new shape holds a different number of elements");
  TensorPtr out = NewTensor(c, src->dtype, shape, false);
  out->data = src->data;
  return Value(out);
}

// The rank-2 tensor transposed, as a tile.
Value Transposed(OpCall& c, const TensorPtr& t) {
  if (t->shape.size() != 2) c.Fail("needs rank-2 operands");
  const int64_t rows = t->shape[0], cols = t->shape[1];
  TensorPtr out = NewTensor(c, t->dtype, {cols, rows}, true);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      CopyRegion(t->data, t->shape, {i, j}, out->data, out->shape, {j, i}, {1, 1});
  return Value(AsTile(*out));
}

Value Matmul(OpCall& c) {
  Value a = c.args[0], b = c.args[1];
  if (c.bool_kwarg("a_trans").value_or(false)) a = Transposed(c, c.tensor(0));
  if (c.bool_kwarg("b_trans").value_or(false)) b = Transposed(c, c.tensor(1));
  auto shape_of = [](const Value& v) {
    return v.tensor() ? (*v.tensor())->shape : (*v.tile())->shape;
  };
  const std::vector<int64_t> sa = shape_of(a), sb = shape_of(b);
  if (sa.size() != 2 || sb.size() != 2) c.Fail("needs rank-2 operands");
  if (sa[1] != sb[0]) c.Fail("contraction extents differ at run time");
  return ViaTile(c, op::tile_matmul, {sa[0], sb[1]}, {a, b});
}

Value Write(OpCall& c) {
  const TensorPtr& src = c.tensor(0);
  const std::vector<int64_t> idx = c.ints(1);
  const Scalar v = c.scalar(2);
  RequireInside(c, idx, std::vector<int64_t>(idx.size(), 1), src->shape);
  const TensorPtr& out = src;
  size_t flat = 0;
  for (size_t d = 0; d < idx.size(); ++d)
    flat = flat * static_cast<size_t>(src->shape[d]) + static_cast<size_t>(idx[d]);
  if (out->data.kind == sim::StorageKind::F32)
    out->data.f[flat] = sim::RoundToDType(out->dtype, static_cast<float>(v.AsDouble()));
  else
    out->data.i[flat] = sim::WrapToDType(out->dtype, v.AsInt());
  out->writer[flat] = c.ctx.writer;
  return Value(out);
}

Value Dim(OpCall& c) {
  const TensorPtr& t = c.tensor(0);
  const auto rank = static_cast<int64_t>(t->shape.size());
  int64_t axis = c.scalar(1).AsInt();
  if (axis < 0) axis += rank;
  if (axis < 0 || axis >= rank) c.Fail("axis out of range");
  return Value(Scalar::Int(t->shape[static_cast<size_t>(axis)]));
}

}  // namespace

void RegisterTensorSemantics(SemanticsTable& t) {
  for (OpHandle n : {op::tensor_add,
                     op::tensor_sub,
                     op::tensor_mul,
                     op::tensor_div,
                     op::tensor_maximum,
                     op::tensor_minimum,
                     op::tensor_and,
                     op::tensor_xor,
                     op::tensor_fmod,
                     op::tensor_rem,
                     op::tensor_prelu,
                     op::tensor_addc,
                     op::tensor_subc,
                     op::tensor_or,
                     op::tensor_shl,
                     op::tensor_shr,
                     op::tensor_row_expand_add,
                     op::tensor_row_expand_sub,
                     op::tensor_row_expand_mul,
                     op::tensor_row_expand_div,
                     op::tensor_row_expand_max,
                     op::tensor_row_expand_min,
                     op::tensor_row_expand_expdif,
                     op::tensor_col_expand_add,
                     op::tensor_col_expand_sub,
                     op::tensor_col_expand_mul,
                     op::tensor_col_expand_div,
                     op::tensor_col_expand_max,
                     op::tensor_col_expand_min,
                     op::tensor_col_expand_expdif}) {
    const OpHandle tile_op = TileOpOf(n);
    t.Register(n, [tile_op](OpCall& c) {
      return ViaTile(c, tile_op, Broadcast(c, c.tensor(0)->shape, c.tensor(1)->shape), c.args);
    });
  }
  // row_expand / col_expand read their first operand only for its shape: the tile op's result
  // is defined where that operand is valid, so where the tensor is undefined (the rows past a
  // ragged window's valid_shape) the result is undefined too, as in the tile program
  // (tests/golden/fuzz_tensor/*_expand_of_ragged_window).
  for (OpHandle n : {op::tensor_row_expand, op::tensor_col_expand}) {
    const OpHandle tile_op = TileOpOf(n);
    t.Register(n, [tile_op](OpCall& c) {
      const TensorPtr& shape_of = c.tensor(0);
      Value r = ViaTile(c, tile_op, Broadcast(c, shape_of->shape, c.tensor(1)->shape), c.args);
      const TensorPtr& out = *r.tensor();
      if (out->shape == shape_of->shape)
        for (size_t k = 0; k < out->data.size(); ++k)
          if (shape_of->data.IsPoison(k)) out->data.SetPoison(k);
      return r;
    });
  }
  for (OpHandle n :
       {op::tensor_adds,     op::tensor_subs,     op::tensor_muls,  op::tensor_divs,
        op::tensor_maximums, op::tensor_minimums, op::tensor_exp,   op::tensor_neg,
        op::tensor_abs,      op::tensor_sqrt,     op::tensor_rsqrt, op::tensor_log,
        op::tensor_recip,    op::tensor_cast,     op::tensor_sin,   op::tensor_cos,
        op::tensor_ands,     op::tensor_xors,     op::tensor_fmods, op::tensor_ors,
        op::tensor_shls,     op::tensor_shrs,     op::tensor_not,   op::tensor_rems,
        op::tensor_relu,     op::tensor_lrelu,    op::tensor_addsc, op::tensor_subsc}) {
    const OpHandle tile_op = TileOpOf(n);
    t.Register(n, [tile_op](OpCall& c) { return ViaTile(c, tile_op, c.tensor(0)->shape, c.args); });
  }
  for (OpHandle n : {op::tensor_row_argmax, op::tensor_row_argmin, op::tensor_col_argmax,
                     op::tensor_col_argmin}) {
    const OpHandle tile_op = TileOpOf(n);
    const bool row = n == op::tensor_row_argmax || n == op::tensor_row_argmin;
    t.Register(n, [tile_op, row](OpCall& c) {
      const std::vector<int64_t>& s = c.tensor(0)->shape;
      if (s.size() != 2) c.Fail("needs a rank-2 tensor");
      return ViaTile(c, tile_op, {row ? s[0] : 1, row ? 1 : s[1]}, {c.args[0]});
    });
  }
  for (OpHandle n :
       {op::tensor_row_sum, op::tensor_row_max, op::tensor_row_min, op::tensor_row_prod}) {
    const OpHandle tile_op = TileOpOf(n);
    t.Register(n, [tile_op](OpCall& c) {
      const std::vector<int64_t>& s = c.tensor(0)->shape;
      if (s.size() != 2) c.Fail("needs a rank-2 tensor");
      return ViaTile(c, tile_op, {s[0], 1}, {c.args[0]});
    });
  }
  for (OpHandle n :
       {op::tensor_col_sum, op::tensor_col_max, op::tensor_col_min, op::tensor_col_prod}) {
    const OpHandle tile_op = TileOpOf(n);
    t.Register(n, [tile_op](OpCall& c) {
      const std::vector<int64_t>& s = c.tensor(0)->shape;
      if (s.size() != 2) c.Fail("needs a rank-2 tensor");
      return ViaTile(c, tile_op, {1, s[1]}, {c.args[0]});
    });
  }
  t.Register(op::tensor_create,
             [](OpCall& c) { return Value(NewTensor(c, ResultDType(c), c.ints(0), true)); });
  t.Register(op::tensor_full,
             [](OpCall& c) { return ViaTile(c, op::tile_full, c.ints(0), c.args); });
  t.Register(op::tensor_slice, Slice);
  t.Register(op::tensor_assemble, Assemble);
  t.Register(op::tensor_reshape, Reshape);
  // Like reshape, the simulator gives the view its own copy of the elements
  // (docs/tensor-lowering.md).
  t.Register(op::tensor_view, Reshape);
  t.Register(op::tensor_matmul, Matmul);
  t.Register(op::tensor_transpose, [](OpCall& c) {
    std::vector<int64_t> shape = c.tensor(0)->shape;
    const auto rank = static_cast<int64_t>(shape.size());
    int64_t a1 = c.scalar(1).AsInt(), a2 = c.scalar(2).AsInt();
    if (a1 < 0) a1 += rank;
    if (a2 < 0) a2 += rank;
    if (a1 < 0 || a1 >= rank || a2 < 0 || a2 >= rank) c.Fail("axis out of range");
    std::swap(shape[static_cast<size_t>(a1)], shape[static_cast<size_t>(a2)]);
    return ViaTile(c, op::tile_transpose, shape, c.args);
  });
  t.Register(op::tensor_concat, [](OpCall& c) {
    std::vector<int64_t> shape = c.tensor(0)->shape;
    const std::vector<int64_t>& rhs = c.tensor(1)->shape;
    if (shape.empty() || rhs.size() != shape.size()) c.Fail("operand ranks differ");
    shape.back() += rhs.back();
    return ViaTile(c, op::tile_concat, shape, c.args);
  });
  // The valid shape is the readers' promise: the elements stay as they are.
  t.Register(op::tensor_set_validshape, [](OpCall& c) {
    TensorPtr out = NewTensor(c, c.tensor(0)->dtype, c.tensor(0)->shape, false);
    out->data = c.tensor(0)->data;
    return Value(out);
  });
  t.Register(op::tensor_matmul_acc,
             [](OpCall& c) { return ViaTile(c, op::tile_matmul_acc, c.tensor(0)->shape, c.args); });
  t.Register(op::tensor_reinterpret_view, [](OpCall& c) {
    const auto* in = c.call.args[0]->type->As<ir::TensorType>();
    if (in && in->view && in->view->layout != ir::TensorLayout::ND)
      c.Fail("the simulator reinterprets ND tensors only (their bytes in row-major order)");
    const auto* out = c.call.type ? c.call.type->As<ir::TensorType>() : nullptr;
    if (!out) c.Fail("has no tensor result type");
    std::vector<int64_t> shape;
    for (const ExprPtr& d : out->shape) {
      auto v = ir::AsConstInt(d);
      if (!v) c.Fail("the simulator executes static result shapes only");
      shape.push_back(*v);
    }
    return ViaTile(c, op::tile_reinterpret_view, shape, c.args);
  });
  t.Register(op::tensor_write, Write);
  t.Register(op::tensor_dim, Dim);
  t.Register(op::tensor_sort32, [](OpCall& c) {
    const std::vector<int64_t>& s = c.tensor(0)->shape;
    if (s.size() != 2) c.Fail("needs a rank-2 tensor");
    const int64_t coef = ResultDType(c) == ir::DataType::FP32 ? 2 : 4;
    return ViaTile(c, op::tile_sort32, {s[0], s[1] * coef}, c.args);
  });
  t.Register(op::tensor_mrgsort_format1, [](OpCall& c) {
    return ViaTile(c, op::tile_mrgsort_format1, c.tensor(0)->shape, c.args);
  });
  // The tile merge takes its output buffer last; it only sizes the result, so any operand does.
  t.Register(op::tensor_mrgsort_format2, [](OpCall& c) {
    int64_t cols = 0;
    for (size_t i = 0; i < c.args.size(); ++i) cols += c.tensor(i)->shape.back();
    std::vector<Value> args = c.args;
    args.push_back(c.args[0]);
    return ViaTile(c, op::tile_mrgsort_format2, {1, cols}, args);
  });
}

}  // namespace tilesplit::ops
