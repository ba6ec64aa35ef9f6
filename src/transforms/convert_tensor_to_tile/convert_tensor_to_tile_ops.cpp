// convert-tensor-to-tile-ops (PyPTO's ConvertTensorToTileOps, docs/tensor-lowering.md): the body
// of every InCore function is rewritten from tensor form (tensor.* ops on pl.Tensor values) to
// tile form, and the orchestration callers are updated for the output parameters it adds.
//
// Per InCore function:
//  * a tensor parameter consumed by a converted op (or carried into a loop) is loaded once at
//    entry: `p_tile = tile.load(p, zeros, shape, shape)`;
//  * each tensor op lowers as its record's tile form says (ops::TileForm, asked through the call,
//    never by the op's name);
//  * the window, read, write, view, assemble and matmul forms manage their own GM access (a
//    slice of a GM tensor is a load of the window, in Mat when a matmul reads it; an assemble
//    into a GM tensor is a tile.store; reads and writes of GM tensors stay tensor ops);
//  * an op form with a row-broadcast variant (tensor.add -> tile.row_expand_add) takes it for an
//    [M, N] tensor with an [M, 1] one; a form with a scratch rule gets its scratch tile (shaped
//    like operand 0, a row reduction's last axis padded to a multiple of 128 elements);
//  * loop-carried and if-merged values follow their new tile types; a returned tile is stored into
//    a new Out parameter `retI_out`; an In parameter the body writes becomes Out (or InOut).
// Per orchestration / opaque function: a call of a converted function gets one
// `retI_out = tensor.create(shape, dtype=...)` per added parameter, appended to its arguments.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "broadcast_into.h"
#include "call_sites.h"
#include "flat_index.h"
#include "operand_boxes.h"
#include "staged_transfer.h"
#include "store_paths.h"
#include "tensor_uses.h"
#include "tile_builders.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::pass {
namespace {

using namespace to_tile;
using ir::ExprPtr;
using ir::MemorySpace;
using ir::StmtPtr;
using ir::VarPtr;

class Converter {
 public:
  explicit Converter(const ir::Function& f) : f_(f), uses_(f) {}

  ir::FunctionPtr Run(Added& added) {
    std::vector<StmtPtr> out;
    // Entry loads, in parameter order, located at the parameter they load.
    for (const ir::Param& p : f_.params) {
      if (!uses_.need_load.count(p.var.get())) continue;
      if (!TensorTypeOf(p.var)) continue;
      // An Out parameter holds nothing of the caller's: reading it (before writing it) reads
      // undefined elements, which is almost never meant, and the run would hand back poison.
      if (p.direction == ir::ParamDirection::Out && !uses_.written_first.count(p.var.get()))
        pass::EmitWarning(
            uses_.first_read.count(p.var.get()) ? uses_.first_read.at(p.var.get()) : p.var->span,
            "this reads the Out parameter '" + p.var->name +
                "', whose elements are undefined until the program writes them",
            {{{},
              "declare it pl.InOut[...] if the caller's values are meant to be "
              "read, or read the value the kernel computed instead"}},
            "tensor.read-of-out");
      const ir::Span at = p.var->span;
      ExprPtr load = WholeLoad(p.var, {}, at);
      VarPtr v = ir::MakeVar(p.var->name + "_tile", load->type, at);
      out.push_back(ir::MakeAssign(v, load, at));
      subst_[p.var.get()] = v;
      Read(p.var);
    }
    StmtPtr body = EndsInReturn(Body(f_.body, out));
    RequireOneStorePath(f_.name, body, [this](const ExprPtr& e) { return Root(e); });
    std::vector<ir::Param> params = f_.params;
    for (size_t i = 0; i < params.size(); ++i) {
      ir::Param& p = params[i];
      const ir::Var* v = p.var.get();
      if (p.direction != ir::ParamDirection::In || !written_.count(v)) continue;
      p.direction = read_.count(v) ? ir::ParamDirection::InOut : ir::ParamDirection::Out;
      added.upgraded.emplace_back(i, p.direction);
    }
    for (size_t i = 0; i < out_params_.size(); ++i) {
      params.push_back({out_params_[i], ir::ParamDirection::Out});
      added.types.push_back(out_params_[i]->type);
      added.names.push_back(out_params_[i]->name);
    }
    return std::make_shared<ir::Function>(f_.name, f_.func_type, std::move(params), f_.return_types,
                                          f_.attrs, body, f_.span);
  }

 private:
  // A kernel without results ends in an explicit `return`, as PyPTO's converted kernels do: the
  // author's spelling with or without it is one converted program.
  StmtPtr EndsInReturn(const StmtPtr& body) const {
    if (!f_.return_types.empty() || !body) return body;
    std::vector<StmtPtr> stmts = ir::FlattenStmts(body);
    if (!stmts.empty() && stmts.back()->As<ir::ReturnStmt>()) return body;
    stmts.push_back(ir::MakeReturn({}, body->span));
    return ir::MakeSeq(std::move(stmts), body->span);
  }

  // ---- Parameter access, for the direction upgrade.
  const ir::Var* Root(const ExprPtr& e) {
    const auto* v = e ? e->As<ir::Var>() : nullptr;
    while (v) {
      if (uses_.params.count(v)) return v;
      auto it = gm_origin_.find(v);
      if (it == gm_origin_.end()) return nullptr;
      v = it->second;
    }
    return nullptr;
  }
  void Read(const ExprPtr& e) {
    if (const ir::Var* r = Root(e)) read_.insert(r);
  }
  void Written(const ExprPtr& e) {
    if (const ir::Var* r = Root(e)) written_.insert(r);
  }

  ExprPtr Map(const ExprPtr& e) {
    if (!e) return e;
    if (const auto* v = e->As<ir::Var>()) {
      auto it = subst_.find(v);
      return it == subst_.end() ? e : it->second;
    }
    if (const auto* t = e->As<ir::MakeTuple>()) {
      std::vector<ExprPtr> el;
      bool changed = false;
      for (const ExprPtr& x : t->elements) {
        el.push_back(Map(x));
        changed |= el.back() != x;
      }
      return changed ? ir::MakeTupleExpr(std::move(el), e->span) : e;
    }
    return e;
  }

  VarPtr Bind(std::vector<StmtPtr>& out, const std::string& name, ExprPtr value, ir::Span span) {
    VarPtr v = ir::MakeVar(name, value->type, span);
    out.push_back(ir::MakeAssign(v, std::move(value), span));
    return v;
  }

  // A matmul operand in Mat: a GM tensor is loaded (once), a tile outside Mat is moved.
  ExprPtr MatOperand(const ExprPtr& orig, std::vector<StmtPtr>& out, ir::Span span) {
    ExprPtr m = Map(orig);
    const auto* var = orig->As<ir::Var>();
    const std::string base = var ? var->name : "operand";
    if (TensorTypeOf(m)) {
      const ir::Var* key = m->As<ir::Var>();
      if (key)
        if (auto it = mat_loads_.find(key); it != mat_loads_.end()) return it->second;
      Read(m);
      ExprPtr load = WholeLoad(m, {{"target_memory", MemorySpace::Mat}}, span);
      VarPtr v = Bind(out, base + "_mat", WithMatBridge(load), span);
      if (key) mat_loads_[key] = v;
      return v;
    }
    const ir::TileType* tt = ir::TileTypeOf(m);
    if (tt && tt->memory != MemorySpace::Mat)
      return Bind(out, base + "_mat",
                  Build(ops::MemoryMoveOp(), {m}, {{"target_memory", MemorySpace::Mat}}, span),
                  span);
    return m;
  }

  [[noreturn]] void NoTileForm(const ir::Call& c, const std::string& why, const std::string& fix) {
    ir::ThrowUser(c.span, c.op_name() + " " + why + " inside InCore function '" + f_.name + "'",
                  {{ir::Span{}, fix}});
  }

  // The tile form of `v = c` (c a tensor op, `form` its record's tile form); returns the new
  // value or null to keep c.
  ExprPtr Convert(const ir::Call& c, const ops::TileForm& form, const VarPtr& v,
                  std::vector<StmtPtr>& out) {
    const std::string name = v ? v->name : "t";
    const ir::Span span = c.span;
    std::vector<ExprPtr> args;
    for (const ExprPtr& a : c.args) args.push_back(Map(a));
    const bool of_tile = !args.empty() && ir::TileTypeOf(args[0]);
    using Kind = ops::TileForm::Kind;
    switch (form.kind) {
      case Kind::None:
        NoTileForm(c, "has no tile form",
                   "compute it in the orchestration function (outside the pl.at scope), or write "
                   "it with tile ops");
      case Kind::Op:
        return TileOp(c, form, args, out);
      case Kind::Window:
        return Window(c, form, name, v && uses_.mat_demand.count(v.get()), args, out);
      case Kind::Matmul: {
        auto flag = [&](const char* k) {
          const ir::AttrValue* x = ir::FindAttr(c.kwargs, k);
          return x && std::holds_alternative<bool>(*x) && std::get<bool>(*x);
        };
        // Each operand is made ready in turn (in Mat, then viewed transposed), lhs first, as
        // PyPTO's bridge processes the operands by index.
        ExprPtr a = MatOperand(c.args[0], out, span);
        if (flag("a_trans"))
          a = Bind(out, name + "_lhs_t", Build("tile.transpose_view", {a}, {}, span), span);
        ExprPtr b = MatOperand(c.args[1], out, span);
        if (flag("b_trans"))
          b = Bind(out,
                   ir::TileTypeOf(b) && b->As<ir::Var>() ? b->As<ir::Var>()->name + "_t" : "rhs_t",
                   Build("tile.transpose_view", {b}, {}, span), span);
        return Build(form.op, {a, b}, {}, span);
      }
      case Kind::MatmulAcc: {
        // The accumulator is the tile a matmul made (in Acc); the operands go to Mat as above.
        ExprPtr a = MatOperand(c.args[1], out, span);
        ExprPtr b = MatOperand(c.args[2], out, span);
        return Build(form.op, {args[0], a, b}, {}, span);
      }
      case Kind::Assemble: {
        ExprPtr src = args[1];
        if (TensorTypeOf(src)) {
          Read(src);
          src = Bind(out, (src->As<ir::Var>() ? src->As<ir::Var>()->name : "source") + "_tile",
                     WholeLoad(src, {}, span), span);
        }
        if (of_tile) {
          // A matmul result assembled into a vector tile crosses to the vector side first.
          const ir::TileType* into = ir::TileTypeOf(args[0]);
          const ir::TileType* from = ir::TileTypeOf(src);
          if (into && from && from->memory == MemorySpace::Acc &&
              into->memory.value_or(MemorySpace::Vec) == MemorySpace::Vec)
            src =
                Bind(out, name + "_src_vec",
                     Build(ops::MemoryMoveOp(), {src}, {{"target_memory", MemorySpace::Vec}}, span),
                     span);
          // An assemble into a parameter the kernel loaded (to read it) writes that GM tensor,
          // as the author wrote: the window is stored through to it, and the tile keeps the
          // updated value for the reads after it.
          if (const ir::Var* p = Root(c.args[0])) {
            Written(c.args[0]);
            VarPtr stored = Bind(out, name + "_store",
                                 Build("tile.store", {src, args[2], ParamVar(p)}, {}, span), span);
            written_through_ = {p, stored};
          }
          return Build(form.op, {args[0], src, args[2]}, {}, span);
        }
        Written(args[0]);
        return Build("tile.store", {src, args[2], args[0]}, {}, span);
      }
      case Kind::Read:
        if (of_tile) return Build(form.op, {args[0], args[1]}, {}, span);
        Read(c.args[0]);
        return nullptr;
      case Kind::Write:
        if (of_tile)
          NoTileForm(c, "of a tile has no tile form yet (tile.write is not implemented)",
                     "write into a GM tensor (a parameter) instead");
        Written(c.args[0]);
        return nullptr;
      case Kind::View:
        // A view of GM storage stays a tensor op; a tile has no GM storage to view.
        if (of_tile)
          NoTileForm(c, "of the result of an op lowered to Tile has no tile form",
                     "view the GM tensor before it is loaded (view the parameter), or use "
                     "pl.reshape on the tile");
        Read(c.args[0]);
        return nullptr;
      case Kind::Reinterpret: {
        const ir::TensorType* t = TensorTypeOf(c.args[0]);
        if (t && t->view && t->view->layout != ir::TensorLayout::ND)
          NoTileForm(c,
                     std::string("of a ") +
                         (t->view->layout == ir::TensorLayout::DN ? "DN" : "NZ") +
                         " tensor has no tile form (a tile reinterprets only packed ND tensors)",
                     "reinterpret the tensor in the orchestration function, or give the kernel an "
                     "ND tensor");
        return TileOp(c, form, args, out);
      }
      case Kind::Create: {
        ir::AttrMap kw = c.kwargs;
        kw.emplace_back("target_memory", MemorySpace::Vec);
        return Build(form.op, {args[0]}, kw, span);
      }
      case Kind::Keep:
        return nullptr;
      case Kind::BroadcastInto: {
        Read(c.args[0]);
        Written(c.args[1]);
        ExprPtr r = BroadcastInto(c, form, args[0], args[1], out, f_.name);
        // The loop's result is the target, written.
        if (const auto* rv = r->As<ir::Var>())
          if (const auto* t = c.args[1]->As<ir::Var>()) gm_origin_[rv] = t;
        return r;
      }
      case Kind::RowScatter:
      case Kind::FlatGather:
      case Kind::FlatScatter:
      case Kind::Transfer: {
        const BindFn bind = [&](const std::string& n, ExprPtr e) {
          return Bind(out, n, std::move(e), span);
        };
        if (form.kind == Kind::Transfer) {
          RecordAccesses(c);
          return StagedTransfer(c, form, args, bind, f_.name);
        }
        return FlatIndexForm(c, form, args, name, bind, f_.name);
      }
    }
    ir::ThrowInternal(span, c.op_name() + ": unknown tile form");
  }

  // A window: of a tile, the tile op (a slice); of a GM tensor, a load of the window (in Mat when
  // a matmul reads it: `mat`), valid where the call says, else where the tensor is, then a
  // zero-copy slice relabelling its pad when the call gives a pad_value (a load has none). A
  // window dropping unit axes is reshaped to the tensor's shape: a tile keeps rank 2 at least,
  // and a load keeps every axis.
  ExprPtr Window(const ir::Call& c, const ops::TileForm& form, const std::string& name, bool mat,
                 const std::vector<ExprPtr>& args, std::vector<StmtPtr>& out) {
    const ir::Span span = c.span;
    auto given = [&](size_t i) {
      if (i >= args.size() || !args[i]) return false;
      const auto* t = args[i]->As<ir::MakeTuple>();
      return !t || !t->elements.empty();
    };
    ExprPtr tile;
    if (ir::TileTypeOf(args[0])) {
      std::vector<ExprPtr> a = {args[0], args[1], args[2]};
      if (given(3) || given(4)) a.push_back(given(3) ? args[3] : TupleOf({}));
      if (given(4)) a.push_back(args[4]);
      tile = Build(form.op, a, c.kwargs, span);
    } else {
      Read(c.args[0]);
      const ir::TensorType* src = TensorTypeOf(c.args[0]);
      ExprPtr valid = args[1];
      if (given(3)) {
        valid = args[3];
      } else if (src && src->view && !src->view->valid_shape.empty()) {
        const auto* shape = args[1]->As<ir::MakeTuple>();
        const auto* offs = args[2]->As<ir::MakeTuple>();
        if (shape && offs && shape->elements.size() == src->view->valid_shape.size() &&
            offs->elements.size() == shape->elements.size()) {
          std::vector<ExprPtr> read;
          for (size_t d = 0; d < shape->elements.size(); ++d)
            read.push_back(
                ops::WindowRead(offs->elements[d], shape->elements[d], src->view->valid_shape[d]));
          valid = TupleOf(read);
        }
      }
      tile = Build("tile.load", {c.args[0], args[2], args[1], valid},
                   mat ? ir::AttrMap{{"target_memory", MemorySpace::Mat}} : ir::AttrMap{}, span);
      if (mat) tile = WithMatBridge(tile);
      if (const ir::AttrValue* pad = ir::FindAttr(c.kwargs, "pad_value")) {
        const ir::TileType* t = ir::TileTypeOf(tile);
        VarPtr loaded = Bind(out, name + "_load", tile, span);
        tile = Build(form.op, {loaded, TupleOf(t->shape), Zeros(t->shape.size())},
                     {{"pad_value", *pad}}, span);
      }
    }
    const ir::TensorType* want = c.type ? c.type->As<ir::TensorType>() : nullptr;
    const ir::TileType* got = ir::TileTypeOf(tile);
    if (given(4) && want && got && want->shape.size() != got->shape.size()) {
      VarPtr window = Bind(out, name + "_window", tile, span);
      tile = Build("tile.reshape", {window, TupleOf(want->shape)}, {}, span);
    }
    return tile;
  }

  // The tile op of an operator whose tile form is an op: its row-broadcast variant for an
  // [M, N] tile with an [M, 1] column, with the hardware's scratch tile when it takes one.
  ExprPtr TileOp(const ir::Call& c, const ops::TileForm& form, std::vector<ExprPtr> args,
                 std::vector<StmtPtr>& out) {
    const ir::Span span = c.span;
    // A tensor operand no entry load covers (a value an op wrote in GM, such as expand_clone's
    // target) is loaded where it is read, after the write; the op's own GM operands stay.
    for (size_t i = 0; i < args.size(); ++i)
      if (TensorTypeOf(args[i]) && !ops::Def(c).addresses_gm_operand(i)) {
        Read(c.args[i]);
        const auto* v = c.args[i]->As<ir::Var>();
        size_t j = 0;  // an operand read twice (add(y, y)) is loaded once
        while (j < i && c.args[j] != c.args[i]) ++j;
        args[i] = j < i ? args[j]
                        : Bind(out, (v ? v->name : "operand") + "_tile",
                               WholeLoad(args[i], {}, span), span);
      }
    if (form.cast_operands) CastOperands(c, args, out);
    // A kwarg that selects the scratch form is the scratch's to say, not the tile op's.
    ir::AttrMap kwargs;
    for (const auto& kv : c.kwargs)
      if (kv.first != form.scratch_kwarg) kwargs.push_back(kv);
    const bool scratch = form.scratch != ops::TileForm::Scratch::None &&
                         (form.scratch_kwarg.empty() || Flag(c, form.scratch_kwarg.c_str()));
    if (scratch) {
      const ir::TileType* t = ir::TileTypeOf(args[0]);
      if (!t) ir::ThrowInternal(span, c.op_name() + ": operand was not converted to a tile");
      std::vector<std::vector<ExprPtr>> shapes;
      for (const ExprPtr& a : args)
        if (const ir::TileType* o = ir::TileTypeOf(a)) shapes.push_back(o->shape);
      VarPtr tmp = Bind(out, form.scratch_name,
                        Build(ops::AllocationOp(), {TupleOf(form.ScratchShape(shapes))},
                              {{"dtype", t->dtype}, {"target_memory", MemorySpace::Vec}}, span),
                        span);
      std::vector<ExprPtr> a = args;
      a.push_back(tmp);
      return Build(form.op, a, kwargs, span);
    }
    const ir::TileType* l = args.size() == 2 ? ir::TileTypeOf(args[0]) : nullptr;
    const ir::TileType* r = args.size() == 2 ? ir::TileTypeOf(args[1]) : nullptr;
    const bool row_broadcast = !form.row_broadcast.empty() && l && r && l->shape.size() == 2 &&
                               r->shape.size() == 2 && ir::IsConstInt(r->shape[1], 1) &&
                               !ir::IsConstInt(l->shape[1], 1);
    RequireOneOperandBox(c, form, args, row_broadcast, f_.name);
    if (row_broadcast) {
      // The row-broadcast op has no path for a kwarg it does not declare (high_precision of a
      // division): dropping it would quietly give another result than the one asked for.
      const ops::OpDef* rb = ops::FindOp(form.row_broadcast);
      for (const auto& [k, v] : kwargs)
        if (rb && !rb->find_kwarg(k) && !(std::holds_alternative<bool>(v) && !std::get<bool>(v)))
          NoTileForm(c,
                     "with " + k + "=" + ir::AttrValueToString(v) +
                         " does not support row broadcasting (its [M, 1] operand lowers to " +
                         form.row_broadcast + ", which has no " + k + ")",
                     "drop " + k +
                         ", or expand the [M, 1] operand to the full shape first "
                         "(pl.row_expand) so that the op applies element by element");
      return Build(form.row_broadcast, args, kwargs, span);
    }
    RecordAccesses(c);
    return Build(form.op, args, kwargs, span);
  }

  // The tensor op promotes its operands to the result's dtype; the vector unit takes one dtype,
  // so each tile operand of another dtype is cast to it first, when every value survives the cast
  // (as the tensor op reads it: the tile of mixed dtypes computes the same). An inexact one is
  // left for the tile op, which refuses a mix it cannot take.
  void CastOperands(const ir::Call& c, std::vector<ExprPtr>& args, std::vector<StmtPtr>& out) {
    const ir::TensorType* result = c.type ? c.type->As<ir::TensorType>() : nullptr;
    if (!result) return;
    for (ExprPtr& a : args) {
      const ir::TileType* t = ir::TileTypeOf(a);
      if (!t || t->dtype == result->dtype || !ops::ExactCast(t->dtype, result->dtype)) continue;
      const auto* v = a->As<ir::Var>();
      // One cast per value and dtype, as a Mat load is made once: later ops read the same cast.
      const std::pair<const ir::Var*, ir::DataType> key{v, result->dtype};
      if (auto it = v ? casts_.find(key) : casts_.end(); it != casts_.end()) {
        a = it->second;
        continue;
      }
      a = Bind(
          out, (v ? v->name : std::string("operand")) + "_cast",
          Build("tile.cast", {a}, {{"target_type", result->dtype}, {"mode", int64_t{2}}}, c.span),
          c.span);
      if (v) casts_[key] = a;
    }
  }

  static bool Flag(const ir::Call& c, const char* k) {
    const ir::AttrValue* x = ir::FindAttr(c.kwargs, k);
    return x && std::holds_alternative<bool>(*x) && std::get<bool>(*x);
  }

  // Converts one statement into `out`.
  void Stmt(const StmtPtr& s, std::vector<StmtPtr>& out) {
    if (const auto* a = s->As<ir::AssignStmt>()) {
      const ir::Call* c = AsOpCall(a->value);
      if (const ops::TileForm* form = c ? ops::TileFormOf(*c) : nullptr) {
        ExprPtr nv = Convert(*c, *form, a->var, out);
        if (nv && !c->attrs.empty()) nv = ir::WithCallAttrs(nv, c->attrs);
        if (nv) {
          if (ir::TileTypeOf(nv)) {
            VarPtr v = ir::MakeVar(a->var->name + "_tile", nv->type, a->var->span);
            out.push_back(ir::MakeAssign(v, nv, s->span));
            subst_[a->var.get()] = v;
            if (written_through_.param) {
              // The result is the parameter's new value: later assembles into it write the
              // parameter too, and returning it returns the parameter.
              gm_origin_[a->var.get()] = written_through_.param;
              latest_version_[written_through_.param] = {v.get(), written_through_.stored};
              written_through_ = {};
            }
          } else {
            // A GM result (tile.store into a tensor): same var when the type is unchanged.
            VarPtr v = a->var;
            if (!ir::TypeEqual(nv->type, a->var->type)) {
              v = ir::MakeVar(a->var->name, nv->type, a->var->span);
              subst_[a->var.get()] = v;
            }
            if (const auto* alias = nv->As<ir::Var>()) gm_origin_[v.get()] = alias;
            // A store's result is the tensor it writes.
            if (const ir::Call* nc = AsOpCall(nv))
              if (const auto& w = ops::Def(*nc).gm_window();
                  w && w->access == ops::GmWindow::Access::Write && w->tensor < nc->args.size())
                if (const auto* tv = nc->args[w->tensor]->As<ir::Var>()) gm_origin_[v.get()] = tv;
            out.push_back(ir::MakeAssign(v, nv, s->span));
          }
          return;
        }
        out.push_back(Remap(s, a->var, a->value));
        // A write updates, and a view aliases, the tensor it names.
        if (form->kind == ops::TileForm::Kind::Write || form->kind == ops::TileForm::Kind::View)
          if (const auto* tv = c->args[0]->As<ir::Var>()) gm_origin_[a->var.get()] = tv;
        return;
      }
      out.push_back(Remap(s, a->var, a->value));
      return;
    }
    if (const auto* e = s->As<ir::EvalStmt>()) {
      const ir::Call* c = AsOpCall(e->expr);
      if (const ops::TileForm* form = c ? ops::TileFormOf(*c) : nullptr) {
        ExprPtr nv = Convert(*c, *form, nullptr, out);
        out.push_back(nv ? ir::MakeEval(nv, s->span) : Remap(s, nullptr, e->expr));
        return;
      }
      out.push_back(Remap(s, nullptr, e->expr));
      return;
    }
    if (const auto* r = s->As<ir::ReturnStmt>()) {
      std::vector<ExprPtr> vals;
      for (size_t i = 0; i < r->values.size(); ++i) {
        ExprPtr v = Map(r->values[i]);
        const ir::TileType* tt = ir::TileTypeOf(v);
        // The latest value of a parameter written through (an assemble into it) is in the
        // parameter itself: it is returned, with no Out parameter of its own.
        if (const ir::Var* p = tt ? Root(r->values[i]) : nullptr) {
          auto it = latest_version_.find(p);
          if (it != latest_version_.end() && it->second.tile == v.get()) {
            vals.push_back(it->second.stored);
            continue;
          }
        }
        if (tt) {
          ir::TypePtr ret = i < f_.return_types.size() ? f_.return_types[i]
                                                       : ir::MakeTensorType(tt->shape, tt->dtype);
          const std::string n = "ret" + std::to_string(i);
          VarPtr outp = ir::MakeVar(n + "_out", ret, ir::Span{});
          out_params_.push_back(outp);
          // Located at the return it comes from.
          ExprPtr store = Build("tile.store", {v, Zeros(tt->shape.size()), outp}, {}, s->span);
          v = Bind(out, n + "_store", store, s->span);
        }
        vals.push_back(v);
      }
      out.push_back(ir::MakeReturn(std::move(vals), s->span));
      return;
    }
    if (const auto* y = s->As<ir::YieldStmt>()) {
      std::vector<ExprPtr> vals;
      for (const ExprPtr& v : y->values) vals.push_back(Map(v));
      out.push_back(ir::MakeYield(std::move(vals), s->span));
      return;
    }
    if (const auto* f = s->As<ir::ForStmt>()) {
      std::vector<ir::IterArg> ias;
      for (const ir::IterArg& ia : f->iter_args) {
        ExprPtr init = Map(ia.init);
        VarPtr var = Retyped(ia.var, init);
        if (TensorTypeOf(var) && uses_.carried_gm.count(ia.var.get()))
          gm_origin_[var.get()] = uses_.carried_gm.at(ia.var.get());
        if (ir::TileTypeOf(var) && uses_.updated_carry.count(ia.var.get()))
          gm_origin_[ia.var.get()] = uses_.updated_carry.at(ia.var.get());
        ias.push_back({var, init});
      }
      StmtPtr body = Body(f->body);
      std::vector<VarPtr> rvs = CarriedReturnVars(f->return_vars, ias);
      // The loop's result of a parameter the body wrote through is the parameter's latest value:
      // the parameter itself holds it.
      for (size_t k = 0; k < f->return_vars.size() && k < rvs.size(); ++k) {
        const ir::Var* rv = f->return_vars[k].get();
        if (!uses_.updated_carry.count(rv) || !ir::TileTypeOf(rvs[k])) continue;
        gm_origin_[rv] = uses_.updated_carry.at(rv);
        if (const ir::Var* p = Root(f->return_vars[k]); p && latest_version_.count(p))
          latest_version_[p] = {rvs[k].get(), ParamVar(p)};
      }
      out.push_back(std::make_shared<ir::ForStmt>(f->loop_var, Map(f->start), Map(f->stop),
                                                  Map(f->step), f->for_kind, f->stage,
                                                  std::move(ias), body, std::move(rvs), s->span));
      return;
    }
    if (const auto* w = s->As<ir::WhileStmt>()) {
      std::vector<ir::IterArg> ias;
      for (const ir::IterArg& ia : w->iter_args)
        ias.push_back({Retyped(ia.var, Map(ia.init)), Map(ia.init)});
      StmtPtr body = Body(w->body);
      std::vector<VarPtr> rvs = CarriedReturnVars(w->return_vars, ias);
      out.push_back(std::make_shared<ir::WhileStmt>(Map(w->cond), std::move(ias), body,
                                                    std::move(rvs), s->span));
      return;
    }
    if (const auto* i = s->As<ir::IfStmt>()) {
      StmtPtr then_body = Body(i->then_body);
      StmtPtr else_body = i->else_body ? Body(i->else_body) : nullptr;
      std::vector<VarPtr> rvs = ReturnVars(i->return_vars, then_body);
      // A merge of two updates of a written-through parameter is its latest value.
      for (size_t k = 0; k < i->return_vars.size() && k < rvs.size(); ++k) {
        const ir::Var* rv = i->return_vars[k].get();
        if (!uses_.merged.count(rv) || !ir::TileTypeOf(rvs[k])) continue;
        const ir::Var* base = uses_.UpdatedBase(rv, nullptr);
        if (!base || base == rv) continue;
        gm_origin_[rv] = base;
        const ir::Var* p = Root(i->return_vars[k]);
        if (p && latest_version_.count(p)) latest_version_[p] = {rvs[k].get(), ParamVar(p)};
      }
      out.push_back(std::make_shared<ir::IfStmt>(Map(i->cond), then_body, else_body, std::move(rvs),
                                                 s->span));
      return;
    }
    if (ir::IsLeafStmt(*s)) {
      out.push_back(s);
      return;
    }
    out.push_back(ir::MapChildren(s, ir::kWalkAll, [this](const StmtPtr& b) { return Body(b); }));
  }

  // `var` retyped like `value` when that changed its type (a loop-carried tile).
  VarPtr Retyped(const VarPtr& var, const ExprPtr& value) {
    if (!value || ir::TypeEqual(value->type, var->type)) return var;
    VarPtr nv = ir::MakeVar(var->name, value->type, var->span);
    subst_[var.get()] = nv;
    return nv;
  }

  // A loop's results take their iter args' types (as the parser gives them).
  std::vector<VarPtr> CarriedReturnVars(const std::vector<VarPtr>& rvs,
                                        const std::vector<ir::IterArg>& ias) {
    std::vector<VarPtr> out;
    for (size_t i = 0; i < rvs.size(); ++i)
      out.push_back(i < ias.size() ? Retyped(rvs[i], ias[i].var) : rvs[i]);
    return out;
  }

  std::vector<VarPtr> ReturnVars(const std::vector<VarPtr>& rvs, const StmtPtr& body) {
    const ir::YieldStmt* y = ir::TrailingYield(body);
    std::vector<VarPtr> out;
    for (size_t i = 0; i < rvs.size(); ++i)
      out.push_back(y && i < y->values.size() ? Retyped(rvs[i], y->values[i]) : rvs[i]);
    return out;
  }

  // Whether the call writes operand `i` without reading it: the tensor a write or a store puts
  // elements into is not read by it, so a parameter only written becomes Out, not InOut (a later
  // read of the write's result still reads the parameter, through gm_origin_).
  static bool WritesOperand(const ir::Call& c, size_t i) {
    if (const ops::TileForm* form = ops::TileFormOf(c))
      return form->kind == ops::TileForm::Kind::Write && i == 0;
    const auto& w = ops::Def(c).gm_window();
    return w && w->access == ops::GmWindow::Access::Write && w->tensor == i;
  }

  // The GM tensors a call updates in place (ops::InPlaceUpdate): written, and read too when the
  // call reads their prior elements (an atomic add, a reduction); its other operands are read.
  void RecordAccesses(const ir::Call& c) {
    for (size_t i = 0; i < c.args.size(); ++i) {
      const ops::InPlaceUpdate* u = ops::Def(c).in_place_update(i);
      if (u) Written(c.args[i]);
      if (!u || u->ReadsPrior(c.kwargs)) Read(c.args[i]);
    }
  }

  // A statement other than a tensor op, its operands substituted (a call re-deduced).
  StmtPtr Remap(const StmtPtr& s, const VarPtr& var, const ExprPtr& value) {
    ExprPtr nv = value;
    if (const ir::Call* c = AsOpCall(value)) {
      std::vector<ExprPtr> args;
      bool changed = false;
      for (const ExprPtr& a : c->args) {
        args.push_back(Map(a));
        changed |= args.back() != a;
      }
      if (changed)
        nv = ir::WithCallAttrs(Build(c->op_name(), args, c->kwargs, value->span), c->attrs);
      if (!ops::Def(*c).in_place_updates().empty())
        RecordAccesses(*c);
      else
        for (size_t i = 0; i < c->args.size(); ++i)
          if (WritesOperand(*c, i))
            Written(c->args[i]);
          else
            Read(c->args[i]);
    } else if (const auto* fc = value->As<ir::FunctionCall>()) {
      std::vector<ExprPtr> args;
      bool changed = false;
      for (const ExprPtr& a : fc->args) {
        args.push_back(Map(a));
        changed |= args.back() != a;
        Read(a);
      }
      if (changed)
        nv = ir::MakeFunctionCall(fc->callee, args, value->type, value->span, fc->attrs, fc->task);
    } else {
      nv = Map(value);
    }
    if (!var) return nv == value ? s : ir::MakeEval(nv, s->span);
    VarPtr v = var;
    if (!ir::TypeEqual(nv->type, var->type)) {
      v = ir::MakeVar(var->name, nv->type, var->span);
      subst_[var.get()] = v;
    }
    if (const auto* src = value->As<ir::Var>()) gm_origin_[v.get()] = src;
    // A collective's result is the window it updated.
    if (const ir::Call* c = AsOpCall(value))
      for (const ops::InPlaceUpdate& u : ops::Def(*c).in_place_updates())
        if (u.is_result && u.pos < c->args.size())
          if (const auto* w = c->args[u.pos]->As<ir::Var>()) gm_origin_[v.get()] = w;
    // A store's result is the tensor it writes (an author's tile.store as a converted one).
    if (const ir::Call* nc = AsOpCall(nv))
      if (const auto& w = ops::Def(*nc).gm_window();
          w && w->access == ops::GmWindow::Access::Write && w->tensor < nc->args.size())
        if (const auto* tv = nc->args[w->tensor]->As<ir::Var>()) gm_origin_[v.get()] = tv;
    return nv == value && v == var ? s : ir::MakeAssign(v, nv, s->span);
  }

  // A nested body (loop, branch, scope): a Mat load (or a cast) made inside it is out of scope
  // after it, so a matmul after the body loads the tensor again
  // (tests/golden/fuzz_tensor/mat_load_in_loop_*).
  StmtPtr Body(const StmtPtr& body) {
    const std::map<const ir::Var*, ExprPtr> outer = mat_loads_;
    const auto outer_casts = casts_;
    std::vector<StmtPtr> out;
    StmtPtr converted = Body(body, out);
    mat_loads_ = outer;
    casts_ = outer_casts;
    return converted;
  }
  StmtPtr Body(const StmtPtr& body, std::vector<StmtPtr>& out) {
    if (!body) return body;
    for (const StmtPtr& s : ir::FlattenStmts(body)) Stmt(s, out);
    return ir::MakeSeq(std::move(out), body->span);
  }

  VarPtr ParamVar(const ir::Var* p) const {
    for (const ir::Param& q : f_.params)
      if (q.var.get() == p) return q.var;
    ir::ThrowInternal(f_.span, "a written parameter is not a parameter of '" + f_.name + "'");
  }

  const ir::Function& f_;
  const TensorUses uses_;
  // The parameter an assemble being converted stores through to, and its store's result, until
  // the statement binds the assembled tile.
  struct WrittenThrough {
    const ir::Var* param = nullptr;
    VarPtr stored;
  } written_through_;
  // Per written-through parameter: its latest tile value and the store that wrote it.
  struct Version {
    const ir::Var* tile;
    VarPtr stored;
  };
  std::map<const ir::Var*, Version> latest_version_;
  std::set<const ir::Var*> read_, written_;
  std::map<const ir::Var*, ExprPtr> subst_;
  std::map<const ir::Var*, ExprPtr> mat_loads_;
  std::map<std::pair<const ir::Var*, ir::DataType>, ExprPtr> casts_;  // a tile cast exactly
  std::map<const ir::Var*, const ir::Var*> gm_origin_;  // a GM value -> the tensor it updates
  std::vector<VarPtr> out_params_;
};

ir::ProgramPtr Run(const ir::ProgramPtr& p) {
  std::map<std::string, Added> added;
  std::vector<ir::FunctionPtr> fns;
  for (const ir::FunctionPtr& f : p->functions) {
    if (f->func_type != ir::FunctionType::InCore || !f->body) {
      fns.push_back(f);
      continue;
    }
    Converter c(*f);
    fns.push_back(c.Run(added[f->name]));
  }
  // A Group wrapper forwards the outputs its kernels gained to its own callers (PyPTO's phase
  // 2a), which then create them like any caller of a converted kernel.
  for (ir::FunctionPtr& f : fns)
    if (f->func_type == ir::FunctionType::Group && f->body)
      f = WithForwardedOutParams(f, added, added[f->name]);
  for (ir::FunctionPtr& f : fns) {
    if (f->func_type == ir::FunctionType::InCore || f->func_type == ir::FunctionType::Group ||
        !f->body)
      continue;
    f = WithCreatedOutArgs(f, added);
  }
  return std::make_shared<ir::Program>(p->name, std::move(fns), p->span);
}

Pass ConvertTensorToTileOps() {
  return Pass("convert-tensor-to-tile-ops", Run, {Property::SSAForm, Property::SplitIncoreOrch},
              {Property::SSAForm, Property::IncoreTileOps}, {});
}

}  // namespace

TILESPLIT_REGISTER_PASS("convert-tensor-to-tile-ops",
                        "Rewrites the tensor ops of every InCore function into tile ops (entry "
                        "loads, Mat loads of matmul operands, row_expand for [M, 1] operands, "
                        "reduction scratch, assemble as store) and adds an Out parameter per "
                        "returned tile, created by tensor.create at each call site",
                        ConvertTensorToTileOps);

}  // namespace tilesplit::pass
