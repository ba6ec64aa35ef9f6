// Construction of IR from Python (the `pypto.ir` hand-built IR): constructors on the node classes
// bound elsewhere, and the builders behind expression operators and op calls. Everything goes
// through the library's own factories (ir::Make*, ops::Create), so a hand-built node is typed,
// checked and canonicalised exactly as a parsed one.
#include <pybind11/stl.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "bindings.h"
#include "builder_args.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/op_def.h"
#include "validate.h"

namespace tilesplit::python {

namespace {

template <typename T, typename U>
std::shared_ptr<T> MutAs(const std::shared_ptr<const U>& p) {
  return std::const_pointer_cast<T>(std::static_pointer_cast<const T>(p));
}

ir::Span SpanOf(const py::object& o, const Arg& a = {"Span", "span"}) {
  if (o.is_none()) return ir::Span{};
  if (!py::isinstance<ir::Span>(o)) ThrowTypeArg(a, "a Span or None", o);
  return o.cast<ir::Span>();
}

}  // namespace

// A Python value standing for an expression: an Expr, a function parameter (its variable), or a
// Python bool / int / float, which become BOOL / INDEX / FP32 constants.
ir::ExprPtr ToExpr(py::handle h, const Arg& a) {
  if (h.is_none()) ThrowTypeArg(a, "an Expr, int, float or bool (None is not an expression)", h);
  if (py::isinstance<ir::Expr>(h)) return NodeArg<ir::Expr>(h, a, "an Expr");
  if (py::isinstance<ir::Param>(h)) return h.cast<const ir::Param&>().var;
  // PyPTO's IterArg is a variable: used as a value, it is the carry's variable.
  if (py::isinstance<ir::IterArg>(h)) return h.cast<const ir::IterArg&>().var;
  if (py::isinstance<py::bool_>(h)) return ir::MakeConstBool(h.cast<bool>());
  if (py::isinstance<py::int_>(h)) return ir::MakeConstInt(IntArg(h, a));
  if (py::isinstance<py::float_>(h)) return ir::MakeConstFloat(h.cast<double>());
  ThrowTypeArg(a, "an Expr, int, float or bool", h);
}

std::vector<ir::ExprPtr> ToExprs(const py::handle& seq, const Arg& a) {
  return SeqArg(seq, a, [](py::handle h, const Arg& e) { return ToExpr(h, e); });
}

namespace {

ir::VarPtr ToVar(py::handle h, const Arg& a) {
  if (py::isinstance<ir::Param>(h)) return h.cast<const ir::Param&>().var;
  if (py::isinstance<ir::IterArg>(h)) return h.cast<const ir::IterArg&>().var;
  return NodeArg<ir::Var>(h, a, "a Var");
}

std::vector<ir::VarPtr> ToVars(const py::handle& seq, const Arg& a) {
  return SeqArg(seq, a, [](py::handle h, const Arg& e) { return ToVar(h, e); });
}

}  // namespace

// The converters builder_args.h declares: shared with stmt_rebuild.cpp.
StmtHolder ToStmt(py::handle h, const Arg& a, bool optional) {
  return NodeArg<ir::Stmt>(h, a, "a Stmt", optional);
}

namespace {

TypeHolder ToType(py::handle h, const Arg& a) {
  return NodeArg<ir::Type>(h, a, "a Type (ScalarType, TensorType, TileType or TupleType)");
}

// A shape or valid shape: dimensions are ints in [0, 2^31) or integer Exprs.
std::vector<ir::ExprPtr> ToDims(const py::handle& seq, const Arg& a) {
  return SeqArg(seq, a, [](py::handle h, const Arg& e) -> ir::ExprPtr {
    if (py::isinstance<py::int_>(h) && !py::isinstance<py::bool_>(h))
      return ir::MakeConstInt(IntArg(h, e, 0, (int64_t{1} << 31) - 1));
    if (!py::isinstance<ir::Expr>(h) && !py::isinstance<ir::Param>(h))
      ThrowTypeArg(e, "an int or an integer scalar Expr", h);
    ir::ExprPtr d = ToExpr(h, e);
    const auto* st = d->type ? d->type->As<ir::ScalarType>() : nullptr;
    if (!st || !ir::IsInteger(st->dtype))
      ThrowTypeArg(e, "an int or an integer scalar Expr (not " + ir::TypeToString(d->type) + ")",
                   h);
    if (std::optional<int64_t> c = ir::AsConstInt(d); c && (*c < 0 || *c >= (int64_t{1} << 31)))
      ThrowValueArg(e, "a dimension must lie in [0, 2^31), got " + std::to_string(*c));
    return d;
  });
}

// A kwarg or attribute value. bool is tested before int (a Python bool is an int). Function
// attributes keep the IR's enumerations as written, as the parser does; a SplitMode kwarg is
// stored as its integer code, the form every split-taking op is printed and compared in.
ir::AttrValue ToAttrValue(const std::string& key, py::handle v, bool kwarg, const Arg& a) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>();
  if (kwarg && py::isinstance<ir::SplitMode>(v))
    return static_cast<int64_t>(v.cast<ir::SplitMode>());
  if (py::isinstance<py::int_>(v)) return IntArg(v, a);
  if (py::isinstance<py::float_>(v)) return v.cast<double>();
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  if (py::isinstance<ir::DataType>(v)) return v.cast<ir::DataType>();
  if (py::isinstance<ir::MemorySpace>(v)) return v.cast<ir::MemorySpace>();
  if (py::isinstance<ir::SplitMode>(v)) return v.cast<ir::SplitMode>();
  if (py::isinstance<ir::TileLayout>(v)) return v.cast<ir::TileLayout>();
  if (py::isinstance<ir::PadValue>(v)) return v.cast<ir::PadValue>();
  if (py::isinstance<ir::TensorLayout>(v)) return v.cast<ir::TensorLayout>();
  ThrowTypeArg(a,
               "a literal (bool, int, float, str, DataType, MemorySpace, SplitMode, TileLayout, "
               "PadValue or TensorLayout) for '" +
                   key + "'",
               v);
}

ir::AttrMap ToAttrMap(const py::handle& d, bool sorted, const Arg& a) {
  ir::AttrMap out;
  if (d.is_none()) return out;
  if (!py::isinstance<py::dict>(d)) ThrowTypeArg(a, "a dict or None", d);
  for (auto [k, v] : d.cast<py::dict>()) {
    if (!py::isinstance<py::str>(k)) ThrowTypeArg(a, "a dict with str keys", k);
    std::string key = k.cast<std::string>();
    ir::AttrValue value = ToAttrValue(key, v, !sorted, a);
    if (sorted)
      ir::SetSortedAttr(out, std::move(key), std::move(value));
    else
      out.emplace_back(std::move(key), std::move(value));
  }
  return out;
}

const ops::OpDef& FindOpOrThrow(const std::string& name) {
  const ops::OpDef* op = ops::FindOp(name);
  if (!op) {
    std::vector<std::string> names;
    for (const ops::OpDef* o : ops::OpRegistry::Global().All()) names.push_back(o->name());
    std::string hint = ir::DidYouMean(name, names);
    throw py::value_error("no registered operator '" + name + "'" +
                          (hint.empty() ? "" : "; " + hint));
  }
  return *op;
}

std::optional<ir::TileView> ToTileView(const py::handle& h, const Arg& a) {
  if (h.is_none()) return std::nullopt;
  if (!py::isinstance<ir::TileView>(h)) ThrowTypeArg(a, "a TileView or None", h);
  return h.cast<ir::TileView>();
}

// Call(op, args, [kwargs], [attrs], [type], span): the overloads of PyPTO's constructor, told
// apart by the kinds of the trailing arguments. Without a type the op deduces it.
ir::ExprPtr MakeCallFromPython(const py::object& op_obj, const py::object& args_obj,
                               const py::args& rest, const py::kwargs& kw) {
  const ops::OpDef* op_def = nullptr;
  if (py::isinstance<py::str>(op_obj))
    op_def = &FindOpOrThrow(op_obj.cast<std::string>());
  else if (py::isinstance<ir::OpBase>(op_obj))
    op_def = static_cast<const ops::OpDef*>(&op_obj.cast<const ir::OpBase&>());
  else
    ThrowTypeArg({"Call", "op"}, "an Op or an operator name", op_obj);
  const ops::OpDef& op = *op_def;
  py::object kwargs = py::none(), attrs = py::none(), type = py::none(), span = py::none();
  int dicts = 0;
  for (py::handle h : rest) {
    if (py::isinstance<py::dict>(h) || (h.is_none() && dicts == 1 && type.is_none())) {
      (dicts++ == 0 ? kwargs : attrs) = py::reinterpret_borrow<py::object>(h);
    } else if (py::isinstance<ir::Type>(h) || py::isinstance<UnknownTypeMarker>(h)) {
      type = py::reinterpret_borrow<py::object>(h);
    } else if (py::isinstance<ir::Span>(h)) {
      span = py::reinterpret_borrow<py::object>(h);
    } else if (!h.is_none()) {
      throw py::type_error("Call(op, args, [kwargs], [attrs], [type], span): unexpected " +
                           PyTypeName(h));
    }
  }
  for (auto [k, v] : kw) {
    const std::string key = py::str(k);
    if (key == "kwargs")
      kwargs = py::reinterpret_borrow<py::object>(v);
    else if (key == "attrs")
      attrs = py::reinterpret_borrow<py::object>(v);
    else if (key == "type")
      type = py::reinterpret_borrow<py::object>(v);
    else if (key == "span")
      span = py::reinterpret_borrow<py::object>(v);
    else
      throw py::type_error("Call(): unexpected keyword argument '" + key +
                           "' (Call takes op, args, kwargs, attrs, type, span)");
  }
  // A call's annotations (ir::Call::attrs). Placement is not one: the spec places a call by its
  // region ("no placement or validation attributes are serialized"), as the parser says too.
  if (!attrs.is_none() && py::isinstance<py::dict>(attrs) &&
      attrs.cast<py::dict>().contains("core_placement"))
    throw py::value_error(
        "Call attrs: a call carries no 'core_placement' attribute (its lane follows from where "
        "it stands: put it inside a pl.split_aiv region to place it on the AIV lanes)");
  ir::AttrMap attrs_map = ToAttrMap(attrs, true, {"Call", "attrs"});
  std::vector<ir::ExprPtr> args = ToExprs(args_obj, {"Call", "args"});
  ir::AttrMap kwargs_map = ToAttrMap(kwargs, false, {"Call", "kwargs"});
  const ir::Span where = SpanOf(span, {"Call", "span"});
  // UnknownType() is PyPTO's type of a call with no value: the op must yield none.
  if (py::isinstance<UnknownTypeMarker>(type)) {
    if (op.has_result())
      throw py::value_error("Call(" + op.name() +
                            "): UnknownType() is the type of a call that yields no value, but " +
                            op.name() + " yields one: pass its type, or none to deduce it");
    type = py::none();
  }
  ir::ExprPtr call = type.is_none()
                         ? ops::Create(op, std::move(args), std::move(kwargs_map), where)
                         : ops::CreateWithType(op, std::move(args), std::move(kwargs_map),
                                               ToType(type, {"Call", "type"}), where);
  return attrs_map.empty() ? call : ir::WithCallAttrs(call, std::move(attrs_map));
}

std::vector<ir::Param> ToParams(const py::handle& seq, const Arg& a) {
  return SeqArg(
      seq, a,
      [](py::handle h, const Arg& e) -> ir::Param {
        if (py::isinstance<ir::Param>(h)) return h.cast<ir::Param>();
        if (py::isinstance<py::tuple>(h)) {
          auto pair = h.cast<py::tuple>();
          if (pair.size() != 2) ThrowTypeArg(e, "a Var or a (Var, ParamDirection) pair", h);
          return {ToVar(pair[0], e), EnumArg<ir::ParamDirection>(pair[1], e)};
        }
        return {NodeArg<ir::Var>(h, e, "a Var, a Param or a (Var, ParamDirection) pair"),
                ir::ParamDirection::In};
      },
      false);
}

}  // namespace

std::vector<ir::IterArg> ToIterArgs(const py::handle& seq, const Arg& a) {
  return SeqArg(seq, a, [](py::handle h, const Arg& e) {
    if (!py::isinstance<ir::IterArg>(h)) ThrowTypeArg(e, "an IterArg", h);
    return h.cast<ir::IterArg>();
  });
}

namespace {

std::vector<ir::TypePtr> ToTypes(const py::handle& seq, const Arg& a) {
  return SeqArg(seq, a, [](py::handle h, const Arg& e) -> ir::TypePtr { return ToType(h, e); });
}

ir::ScopeOptimization ToScopeOptimization(py::handle h, const Arg& a) {
  if (!py::isinstance<ir::ScopeOptimization>(h)) ThrowTypeArg(a, "a ScopeOptimization", h);
  return h.cast<ir::ScopeOptimization>();
}

uint32_t FileIdFor(const std::string& filename) {
  if (filename.empty()) return 0;
  static std::map<std::string, uint32_t> ids;
  auto it = ids.find(filename);
  if (it != ids.end()) return it->second;
  uint32_t id = ir::SourceManager::Register(filename, "");
  ids.emplace(filename, id);
  return id;
}

void BindTypeBuilders(py::module_& m) {
  py::class_<ir::Span>(m.attr("Span"))
      .def(py::init([](const py::object& filename, const py::object& line, const py::object& col,
                       const py::object& end_line, const py::object& end_col) {
             const Arg a{"Span", "filename"};
             const std::string name = StrArg(filename, a);
             const int64_t l = IntArg(line, {"Span", "begin_line"}, INT32_MIN, UINT32_MAX);
             const int64_t c = IntArg(col, {"Span", "begin_column"}, INT32_MIN, UINT32_MAX);
             IntArg(end_line, {"Span", "end_line"}, INT32_MIN, UINT32_MAX);
             IntArg(end_col, {"Span", "end_column"}, INT32_MIN, UINT32_MAX);
             if (l <= 0 || name.empty()) return ir::Span{};
             return ir::Span{FileIdFor(name), static_cast<uint32_t>(l),
                             static_cast<uint32_t>(std::max<int64_t>(c, 1))};
           }),
           py::arg("filename"), py::arg("begin_line"), py::arg("begin_column"),
           py::arg("end_line") = -1, py::arg("end_column") = -1)
      .def_static("unknown", [] { return ir::Span{}; })
      .def("is_valid", &ir::Span::valid)
      .def("to_string", [](const ir::Span& s) {
        if (!s.valid()) return std::string("<unknown>");
        return ir::SourceManager::Name(s.file) + ":" + std::to_string(s.line) + ":" +
               std::to_string(s.col);
      });

  py::class_<ir::TileView>(m.attr("TileView"))
      .def(py::init([](const py::object& valid_shape, const py::object& stride,
                       const py::object& start_offset, const py::object& blayout,
                       const py::object& slayout, const py::object& fractal, const py::object& pad,
                       const py::object& compact) {
             ir::TileView v;
             v.valid_shape = ToDims(valid_shape, {"TileView", "valid_shape"});
             v.stride = ToExprs(stride, {"TileView", "stride"});
             v.start_offset = start_offset.is_none()
                                  ? nullptr
                                  : ToExpr(start_offset, {"TileView", "start_offset"});
             v.blayout = EnumArg<ir::TileLayout>(blayout, {"TileView", "blayout"});
             v.slayout = EnumArg<ir::TileLayout>(slayout, {"TileView", "slayout"});
             v.fractal = IntArg(fractal, {"TileView", "fractal"}, 0, INT32_MAX);
             v.pad = EnumArg<ir::PadValue>(pad, {"TileView", "pad"});
             v.compact = EnumArg<ir::CompactMode>(compact, {"TileView", "compact"});
             return v;
           }),
           py::kw_only(), py::arg("valid_shape") = py::none(), py::arg("stride") = py::none(),
           py::arg("start_offset") = py::none(), py::arg("blayout") = ir::TileLayout::row_major,
           py::arg("slayout") = ir::TileLayout::none_box, py::arg("fractal") = 512,
           py::arg("pad") = ir::PadValue::null, py::arg("compact") = ir::CompactMode::null);
  py::class_<ir::TensorView>(m.attr("TensorView"))
      // PyPTO's positional order: TensorView(stride, layout, valid_shape, pad).
      .def(py::init([](const py::object& stride, const py::object& layout,
                       const py::object& valid_shape, const py::object& pad) {
             ir::TensorView v;
             v.valid_shape = ToDims(valid_shape, {"TensorView", "valid_shape"});
             v.stride = ToExprs(stride, {"TensorView", "stride"});
             v.layout = EnumArg<ir::TensorLayout>(layout, {"TensorView", "layout"});
             v.pad = EnumArg<ir::PadValue>(pad, {"TensorView", "pad"});
             return v;
           }),
           py::arg("stride") = py::none(), py::arg("layout") = ir::TensorLayout::ND,
           py::arg("valid_shape") = py::none(), py::arg("pad") = ir::PadValue::null);

  py::class_<ir::Type, TypeHolder>(m.attr("Type"))
      .def("__eq__",
           [](const TypeHolder& a, const py::object& b) {
             return py::isinstance<ir::Type>(b) && ir::TypeEqual(a, b.cast<TypeHolder>());
           })
      .def("__ne__",
           [](const TypeHolder& a, const py::object& b) {
             return !(py::isinstance<ir::Type>(b) && ir::TypeEqual(a, b.cast<TypeHolder>()));
           })
      .def("__hash__",
           [](const TypeHolder& t) { return std::hash<std::string>()(ir::TypeToString(t)); });
  py::class_<ir::ScalarType, ir::Type, std::shared_ptr<ir::ScalarType>>(m.attr("ScalarType"))
      .def(py::init([](const py::object& dt) {
             return MutAs<ir::ScalarType>(
                 ir::MakeScalarType(EnumArg<ir::DataType>(dt, {"ScalarType", "dtype"})));
           }),
           py::arg("dtype"));
  py::class_<ir::TensorType, ir::Type, std::shared_ptr<ir::TensorType>>(m.attr("TensorType"))
      .def(py::init([](const py::object& shape, const py::object& dt, const py::object& memref,
                       const py::object& view) {
             if (!memref.is_none())
               throw py::value_error(
                   "TensorType(): argument 'memref': tilesplit types carry no memref (pass None)");
             std::vector<ir::ExprPtr> dims = ToDims(shape, {"TensorType", "shape"});
             const ir::DataType dtype = EnumArg<ir::DataType>(dt, {"TensorType", "dtype"});
             std::optional<ir::TensorView> v;
             if (!view.is_none()) {
               if (!py::isinstance<ir::TensorView>(view))
                 ThrowTypeArg({"TensorType", "tensor_view"}, "a TensorView or None", view);
               v = view.cast<ir::TensorView>();
             }
             return MutAs<ir::TensorType>(ir::MakeTensorType(std::move(dims), dtype, std::move(v)));
           }),
           py::arg("shape"), py::arg("dtype"), py::arg("memref") = py::none(),
           py::arg("tensor_view") = py::none());
  m.def(
      "make_distributed_tensor_type",
      [](const py::object& shape, const py::object& dt) {
        return MutAs<ir::TensorType>(ir::MakeTensorType(
            ToDims(shape, {"DistributedTensorType", "shape"}),
            EnumArg<ir::DataType>(dt, {"DistributedTensorType", "dtype"}), std::nullopt,
            /*distributed=*/true));
      },
      py::arg("shape"), py::arg("dtype"),
      "PyPTO's DistributedTensorType: a tensor shared across devices (pld.DistributedTensor).");
  py::class_<ir::TileType, ir::Type, std::shared_ptr<ir::TileType>>(m.attr("TileType"))
      .def(py::init([](const py::object& shape, const py::object& dt, const py::object& memref,
                       const py::object& view, const py::object& memory) {
             if (!memref.is_none())
               throw py::value_error(
                   "TileType(): argument 'memref': tilesplit types carry no memref (pass None)");
             std::vector<ir::ExprPtr> dims = ToDims(shape, {"TileType", "shape"});
             const ir::DataType dtype = EnumArg<ir::DataType>(dt, {"TileType", "dtype"});
             std::optional<ir::MemorySpace> mem;
             if (!memory.is_none())
               mem = EnumArg<ir::MemorySpace>(memory, {"TileType", "memory_space"});
             return MutAs<ir::TileType>(ir::MakeTileType(
                 std::move(dims), dtype, mem, ToTileView(view, {"TileType", "tile_view"})));
           }),
           py::arg("shape"), py::arg("dtype"), py::arg("memref") = py::none(),
           py::arg("tile_view") = py::none(), py::arg("memory_space") = py::none());
  py::class_<ir::TupleType, ir::Type, std::shared_ptr<ir::TupleType>>(m.attr("TupleType"))
      .def(py::init([](const py::object& types) {
             return MutAs<ir::TupleType>(ir::MakeTupleType(ToTypes(types, {"TupleType", "types"})));
           }),
           py::arg("types"));
}

void BindExprBuilders(py::module_& m) {
  using OpHolder = std::unique_ptr<ir::OpBase, py::nodelete>;
  py::class_<ir::OpBase, OpHolder>(m, "Op")
      .def(py::init([](const py::object& name) {
             return OpHolder(const_cast<ops::OpDef*>(&FindOpOrThrow(StrArg(name, {"Op", "name"}))));
           }),
           py::arg("name"))
      .def_property_readonly("name", &ir::OpBase::name)
      .def("__eq__",
           [](const ir::OpBase& a, const py::object& b) {
             return py::isinstance<ir::OpBase>(b) && &a == &b.cast<const ir::OpBase&>();
           })
      .def("__hash__", [](const ir::OpBase& a) { return std::hash<const void*>()(&a); })
      .def("__repr__", [](const ir::OpBase& a) { return "<Op " + a.name() + ">"; });
  m.def(
      "get_op",
      [](const py::object& name) {
        return static_cast<const ir::OpBase*>(&FindOpOrThrow(StrArg(name, {"get_op", "name"})));
      },
      py::arg("name"), py::return_value_policy::reference);

  py::class_<ir::Var, ir::Expr, std::shared_ptr<ir::Var>>(m.attr("Var"))
      .def(py::init([](const py::object& name, const py::object& type, const py::object& span) {
             return MutAs<ir::Var>(ir::MakeVar(StrArg(name, {"Var", "name_hint"}),
                                               ToType(type, {"Var", "type"}),
                                               SpanOf(span, {"Var", "span"})));
           }),
           py::arg("name_hint"), py::arg("type"), py::arg("span") = py::none());
  py::class_<ir::ConstInt, ir::Expr, std::shared_ptr<ir::ConstInt>>(m.attr("ConstInt"))
      .def(py::init([](const py::object& v, const py::object& dt, const py::object& span) {
             return MutAs<ir::ConstInt>(ir::MakeConstInt(
                 IntArg(v, {"ConstInt", "value"}), EnumArg<ir::DataType>(dt, {"ConstInt", "dtype"}),
                 SpanOf(span, {"ConstInt", "span"})));
           }),
           py::arg("value"), py::arg("dtype") = ir::DataType::INDEX, py::arg("span") = py::none());
  py::class_<ir::ConstFloat, ir::Expr, std::shared_ptr<ir::ConstFloat>>(m.attr("ConstFloat"))
      .def(py::init([](const py::object& v, const py::object& dt, const py::object& span) {
             return MutAs<ir::ConstFloat>(
                 ir::MakeConstFloat(FloatArg(v, {"ConstFloat", "value"}),
                                    EnumArg<ir::DataType>(dt, {"ConstFloat", "dtype"}),
                                    SpanOf(span, {"ConstFloat", "span"})));
           }),
           py::arg("value"), py::arg("dtype") = ir::DataType::FP32, py::arg("span") = py::none());
  py::class_<ir::ConstBool, ir::Expr, std::shared_ptr<ir::ConstBool>>(m.attr("ConstBool"))
      .def(py::init([](const py::object& v, const py::object& span) {
             return MutAs<ir::ConstBool>(ir::MakeConstBool(BoolArg(v, {"ConstBool", "value"}),
                                                           SpanOf(span, {"ConstBool", "span"})));
           }),
           py::arg("value"), py::arg("span") = py::none());
  py::class_<ir::Call, ir::Expr, std::shared_ptr<ir::Call>>(m.attr("Call"))
      .def(py::init([](py::object op, py::object args, py::args rest,
                       py::kwargs kw) -> std::shared_ptr<ir::Call> {
             return MutAs<ir::Call>(MakeCallFromPython(op, args, rest, kw));
           }),
           py::arg("op"), py::arg("args"))
      .def_property_readonly(
          "op", [](const ir::Call& c) { return c.op; }, py::return_value_policy::reference);
  py::class_<ir::MakeTuple, ir::Expr, std::shared_ptr<ir::MakeTuple>>(m.attr("MakeTuple"))
      .def(
          py::init([](const py::object& elements, const py::object& span) {
            return MutAs<ir::MakeTuple>(ir::MakeTupleExpr(
                ToExprs(elements, {"MakeTuple", "elements"}), SpanOf(span, {"MakeTuple", "span"})));
          }),
          py::arg("elements"), py::arg("span") = py::none());
  py::class_<ir::TupleGetItem, ir::Expr, std::shared_ptr<ir::TupleGetItem>>(m.attr("TupleGetItem"))
      .def(py::init([](const py::object& tuple, const py::object& index, const py::object& span) {
             ir::ExprPtr t = ToExpr(tuple, {"TupleGetItem", "tuple"});
             const auto* tt = t->type ? t->type->As<ir::TupleType>() : nullptr;
             if (!tt)
               ThrowTypeArg({"TupleGetItem", "tuple"},
                            "a tuple-typed Expr (not " + ir::TypeToString(t->type) + ")", tuple);
             const int64_t i = IntArg(index, {"TupleGetItem", "index"}, 0,
                                      static_cast<int64_t>(tt->elements.size()) - 1);
             return MutAs<ir::TupleGetItem>(ir::MakeTupleGetItem(
                 t, static_cast<int>(i), SpanOf(span, {"TupleGetItem", "span"})));
           }),
           py::arg("tuple"), py::arg("index"), py::arg("span") = py::none());

  py::class_<ir::FunctionCall, ir::Expr, std::shared_ptr<ir::FunctionCall>>(m.attr("FunctionCall"))
      .def(
          py::init([](const py::object& callee, const py::object& args, const py::object& type,
                      const py::object& span, const py::object& attrs) {
            return MutAs<ir::FunctionCall>(ir::MakeFunctionCall(
                StrArg(callee, {"FunctionCall", "callee"}), ToExprs(args, {"FunctionCall", "args"}),
                ToType(type, {"FunctionCall", "type"}), SpanOf(span, {"FunctionCall", "span"}),
                ToAttrMap(attrs, true, {"FunctionCall", "attrs"})));
          }),
          py::arg("callee"), py::arg("args"), py::arg("type"), py::arg("span") = py::none(),
          py::arg("attrs") = py::none())
      // The same call with other arguments, its task launch (a pl.submit's deps) kept: what a
      // mutator that rewrites the arguments rebuilds.
      .def(
          "with_args",
          [](const ir::FunctionCall& c, const py::object& args) {
            return MutAs<ir::FunctionCall>(
                ir::MakeFunctionCall(c.callee, ToExprs(args, {"FunctionCall.with_args", "args"}),
                                     c.type, c.span, c.attrs, c.task));
          },
          py::arg("args"));

  m.def(
      "make_binary",
      [](const py::object& op, const py::object& a, const py::object& b, const py::object& span) {
        return Mut(ir::MakeBinary(
            EnumArg<ir::BinaryOp>(op, {"make_binary", "op"}), ToExpr(a, {"make_binary", "lhs"}),
            ToExpr(b, {"make_binary", "rhs"}), SpanOf(span, {"make_binary", "span"})));
      },
      py::arg("op"), py::arg("lhs"), py::arg("rhs"), py::arg("span") = py::none());
  m.def(
      "make_unary",
      [](const py::object& op, const py::object& a, const py::object& span) {
        return Mut(ir::MakeUnary(EnumArg<ir::UnaryOp>(op, {"make_unary", "op"}),
                                 ToExpr(a, {"make_unary", "operand"}),
                                 SpanOf(span, {"make_unary", "span"})));
      },
      py::arg("op"), py::arg("operand"), py::arg("span") = py::none());
  m.def(
      "make_cast",
      [](const py::object& v, const py::object& dt, const py::object& span) {
        return Mut(ir::MakeCast(ToExpr(v, {"make_cast", "value"}),
                                EnumArg<ir::DataType>(dt, {"make_cast", "dtype"}),
                                SpanOf(span, {"make_cast", "span"})));
      },
      py::arg("value"), py::arg("dtype"), py::arg("span") = py::none());
  m.def(
      "create_op_call",
      [](const py::object& name, const py::object& args, const py::object& kwargs,
         const py::object& span, const py::object& check_memory) {
        return Mut(ops::Create(FindOpOrThrow(StrArg(name, {"create_op_call", "op_name"})),
                               ToExprs(args, {"create_op_call", "args"}),
                               ToAttrMap(kwargs, false, {"create_op_call", "kwargs"}),
                               SpanOf(span, {"create_op_call", "span"}),
                               BoolArg(check_memory, {"create_op_call", "check_memory"})
                                   ? ops::MemoryContract::Enforce
                                   : ops::MemoryContract::Defer));
      },
      py::arg("op_name"), py::arg("args"), py::arg("kwargs") = py::none(),
      py::arg("span") = py::none(), py::arg("check_memory") = true,
      "An op call with its deduced type. check_memory=False builds a call whose operands break "
      "the op's memory contract (PyPTO's hand-built IR); the TileMemoryInferred verifier "
      "reports it at the first pass that requires the property.");
  m.def(
      "expr_equal",
      [](const py::object& a, const py::object& b) {
        return ir::ExprEqual(NodeArg<ir::Expr>(a, {"expr_equal", "a"}, "an Expr"),
                             NodeArg<ir::Expr>(b, {"expr_equal", "b"}, "an Expr"));
      },
      py::arg("a"), py::arg("b"),
      "Structural equality with variables compared by identity (the deducers' 'provably equal').");
  m.def(
      "op_signature",
      [](const std::string& name) {
        const ops::OpDef& op = FindOpOrThrow(name);
        std::vector<std::pair<std::string, bool>> args;
        for (const ops::ArgSpec& a : op.args()) args.emplace_back(a.name, a.optional);
        std::vector<std::string> kwargs;
        for (const ops::KwargSpec& k : op.kwargs()) kwargs.push_back(k.name);
        return py::make_tuple(args, kwargs, op.is_variadic());
      },
      py::arg("name"), "(positional (name, optional) pairs, kwarg names, variadic) of an op.");
  m.def("registered_ops", [] {
    std::vector<std::string> out;
    for (const ops::OpDef* op : ops::OpRegistry::Global().All()) out.push_back(op->name());
    return out;
  });
  m.def(
      "node_id",
      [](const py::object& e) {
        return reinterpret_cast<uintptr_t>(
            NodeArg<ir::Expr>(e, {"node_id", "expr"}, "an Expr").get());
      },
      py::arg("expr"), "A number identifying the node for its lifetime.");
  m.def(
      "to_expr",
      [](const py::object& v) {
        return Mut(ToExpr(v, {"to_expr", "value"}));
      },
      py::arg("value"));
}

void BindStmtBuilders(py::module_& m) {
  py::class_<ir::AssignStmt, ir::Stmt, std::shared_ptr<ir::AssignStmt>>(m.attr("AssignStmt"))
      .def(py::init([](const py::object& var, const py::object& value, const py::object& span) {
             return MutAs<ir::AssignStmt>(ir::MakeAssign(ToVar(var, {"AssignStmt", "var"}),
                                                         ToExpr(value, {"AssignStmt", "value"}),
                                                         SpanOf(span, {"AssignStmt", "span"})));
           }),
           py::arg("var"), py::arg("value"), py::arg("span") = py::none());
  py::class_<ir::EvalStmt, ir::Stmt, std::shared_ptr<ir::EvalStmt>>(m.attr("EvalStmt"))
      .def(py::init([](const py::object& e, const py::object& span) {
             return MutAs<ir::EvalStmt>(
                 ir::MakeEval(ToExpr(e, {"EvalStmt", "expr"}), SpanOf(span, {"EvalStmt", "span"})));
           }),
           py::arg("expr"), py::arg("span") = py::none());
  py::class_<ir::ReturnStmt, ir::Stmt, std::shared_ptr<ir::ReturnStmt>>(m.attr("ReturnStmt"))
      .def(py::init([](const py::object& values, const py::object& span) {
             return MutAs<ir::ReturnStmt>(ir::MakeReturn(ToExprs(values, {"ReturnStmt", "values"}),
                                                         SpanOf(span, {"ReturnStmt", "span"})));
           }),
           py::arg("values") = py::none(), py::arg("span") = py::none());
  py::class_<ir::YieldStmt, ir::Stmt, std::shared_ptr<ir::YieldStmt>>(m.attr("YieldStmt"))
      .def(py::init([](const py::object& values, const py::object& span) {
             return MutAs<ir::YieldStmt>(ir::MakeYield(ToExprs(values, {"YieldStmt", "values"}),
                                                       SpanOf(span, {"YieldStmt", "span"})));
           }),
           py::arg("values") = py::none(), py::arg("span") = py::none());
  py::class_<ir::SeqStmts, ir::Stmt, std::shared_ptr<ir::SeqStmts>>(m.attr("SeqStmts"))
      .def(
          py::init([](const py::object& stmts, const py::object& span) {
            std::vector<ir::StmtPtr> v = SeqArg(
                stmts, {"SeqStmts", "stmts"},
                [](py::handle h, const Arg& e) -> ir::StmtPtr { return ToStmt(h, e); }, false);
            return std::make_shared<ir::SeqStmts>(std::move(v), SpanOf(span, {"SeqStmts", "span"}));
          }),
          py::arg("stmts"), py::arg("span") = py::none());
  py::class_<ir::IterArg>(m.attr("IterArg"))
      .def(py::init([](const py::object& name, const py::object& type, const py::object& init,
                       const py::object& span) {
             return ir::IterArg{
                 ir::MakeVar(StrArg(name, {"IterArg", "name_hint"}),
                             ToType(type, {"IterArg", "type"}), SpanOf(span, {"IterArg", "span"})),
                 ToExpr(init, {"IterArg", "init_value"})};
           }),
           py::arg("name_hint"), py::arg("type"), py::arg("init_value"),
           py::arg("span") = py::none())
      .def(py::init([](const py::object& var, const py::object& init) {
             return ir::IterArg{ToVar(var, {"IterArg", "var"}),
                                ToExpr(init, {"IterArg", "init_value"})};
           }),
           py::arg("var"), py::arg("init_value"));
  py::class_<ir::ForStmt, ir::Stmt, std::shared_ptr<ir::ForStmt>>(m.attr("ForStmt"))
      .def(py::init([](const py::object& loop_var, const py::object& start, const py::object& stop,
                       const py::object& step, const py::object& iter_args, const py::object& body,
                       const py::object& return_vars, const py::object& span,
                       const py::object& kind, const py::object& attrs, const py::object& stage) {
             if (!attrs.is_none() && (!py::isinstance<py::dict>(attrs) || py::len(attrs) != 0))
               throw py::value_error(
                   "ForStmt(): argument 'attrs': loop attrs are not representable in "
                   "tilesplit's IR (pass None)");
             return std::make_shared<ir::ForStmt>(
                 ToVar(loop_var, {"ForStmt", "loop_var"}), ToExpr(start, {"ForStmt", "start"}),
                 ToExpr(stop, {"ForStmt", "stop"}), ToExpr(step, {"ForStmt", "step"}),
                 EnumArg<ir::ForKind>(kind, {"ForStmt", "kind"}),
                 IntArg(stage, {"ForStmt", "stage"}, 0, INT32_MAX),
                 ToIterArgs(iter_args, {"ForStmt", "iter_args"}), ToStmt(body, {"ForStmt", "body"}),
                 ToVars(return_vars, {"ForStmt", "return_vars"}),
                 SpanOf(span, {"ForStmt", "span"}));
           }),
           py::arg("loop_var"), py::arg("start"), py::arg("stop"), py::arg("step"),
           py::arg("iter_args"), py::arg("body"), py::arg("return_vars"),
           py::arg("span") = py::none(), py::arg("kind") = ir::ForKind::Range,
           py::arg("attrs") = py::none(), py::arg("stage") = 0);
  py::class_<ir::WhileStmt, ir::Stmt, std::shared_ptr<ir::WhileStmt>>(m.attr("WhileStmt"))
      .def(py::init([](const py::object& cond, const py::object& iter_args, const py::object& body,
                       const py::object& return_vars, const py::object& span) {
             return std::make_shared<ir::WhileStmt>(
                 ToExpr(cond, {"WhileStmt", "condition"}),
                 ToIterArgs(iter_args, {"WhileStmt", "iter_args"}),
                 ToStmt(body, {"WhileStmt", "body"}),
                 ToVars(return_vars, {"WhileStmt", "return_vars"}),
                 SpanOf(span, {"WhileStmt", "span"}));
           }),
           py::arg("condition"), py::arg("iter_args"), py::arg("body"), py::arg("return_vars"),
           py::arg("span") = py::none());
  py::class_<ir::IfStmt, ir::Stmt, std::shared_ptr<ir::IfStmt>>(m.attr("IfStmt"))
      .def(py::init([](const py::object& cond, const py::object& then_body,
                       const py::object& else_body, const py::object& return_vars,
                       const py::object& span) {
             return std::make_shared<ir::IfStmt>(
                 ToExpr(cond, {"IfStmt", "condition"}), ToStmt(then_body, {"IfStmt", "then_body"}),
                 ToStmt(else_body, {"IfStmt", "else_body"}, /*optional=*/true),
                 ToVars(return_vars, {"IfStmt", "return_vars"}), SpanOf(span, {"IfStmt", "span"}));
           }),
           py::arg("condition"), py::arg("then_body"), py::arg("else_body"), py::arg("return_vars"),
           py::arg("span") = py::none());
  py::class_<ir::ScopeOptimization>(m.attr("ScopeOptimization"))
      .def_static("make_split",
                  [](const py::object& mode) {
                    return ir::ScopeOptimization{
                        ir::ScopeOptimization::Kind::Split,
                        EnumArg<ir::SplitMode>(mode, {"ScopeOptimization.make_split", "mode"},
                                               /*ints=*/true),
                        0};
                  })
      .def_static("make_cross_core_slot", [](const py::object& slot_num) {
        return ir::ScopeOptimization{
            ir::ScopeOptimization::Kind::CrossCoreSlot, ir::SplitMode::None,
            IntArg(slot_num, {"ScopeOptimization.make_cross_core_slot", "slot_num"}, 0, INT32_MAX)};
      });
  py::class_<ir::ScopeStmt, ir::Stmt, std::shared_ptr<ir::ScopeStmt>>(m.attr("ScopeStmt"))
      .def(py::init([](const py::object& level, const py::object& body, const py::object& span,
                       const py::object& optimizations, const py::object& name_hint,
                       const py::object& allow_early_resolve) {
             return std::make_shared<ir::ScopeStmt>(
                 EnumArg<ir::Level>(level, {"ScopeStmt", "level"}),
                 SeqArg(optimizations, {"ScopeStmt", "optimizations"}, ToScopeOptimization),
                 StrArg(name_hint, {"ScopeStmt", "name_hint"}),
                 BoolArg(allow_early_resolve, {"ScopeStmt", "allow_early_resolve"}),
                 ToStmt(body, {"ScopeStmt", "body"}), SpanOf(span, {"ScopeStmt", "span"}));
           }),
           py::arg("level"), py::arg("body"), py::arg("span") = py::none(), py::kw_only(),
           py::arg("optimizations") = py::none(), py::arg("name_hint") = "",
           py::arg("allow_early_resolve") = false);
  py::class_<ir::SplitAivStmt, ir::Stmt, std::shared_ptr<ir::SplitAivStmt>>(m.attr("SplitAivStmt"))
      .def(py::init([](const py::object& mode, const py::object& count, const py::object& name_hint,
                       const py::object& body, const py::object& span) {
             const ir::SplitMode split =
                 EnumArg<ir::SplitMode>(mode, {"SplitAivScopeStmt", "split"}, /*ints=*/true);
             const int64_t n = IntArg(count, {"SplitAivScopeStmt", "count"});
             const std::string hint = StrArg(name_hint, {"SplitAivScopeStmt", "name_hint"});
             StmtHolder b = ToStmt(body, {"SplitAivScopeStmt", "body"});
             const ir::Span where = SpanOf(span, {"SplitAivScopeStmt", "span"});
             if (n != 2)
               ir::ThrowInternal(where,
                                 "pl.split_aiv regions split across exactly 2 AIV lanes; a "
                                 "region with count " +
                                     std::to_string(n) + " cannot be built");
             if (!hint.empty())
               throw py::value_error(
                   "SplitAivScopeStmt(): argument 'name_hint': a pl.split_aiv region has no name "
                   "hint in tilesplit's IR (pass \"\")");
             return std::make_shared<ir::SplitAivStmt>(split, b, where);
           }),
           py::arg("split"), py::arg("count") = 2, py::arg("name_hint") = "", py::kw_only(),
           py::arg("body"), py::arg("span") = py::none());
}

void BindFunctionBuilders(py::module_& m) {
  py::class_<ir::Param>(m.attr("Param"))
      .def(py::init([](const py::object& var, const py::object& d) {
             return ir::Param{ToVar(var, {"Param", "var"}),
                              EnumArg<ir::ParamDirection>(d, {"Param", "direction"})};
           }),
           py::arg("var"), py::arg("direction") = ir::ParamDirection::In);
  py::class_<ir::Function, std::shared_ptr<ir::Function>>(m.attr("Function"))
      .def(py::init([](const py::object& name, const py::object& params,
                       const py::object& return_types, const py::object& body,
                       const py::object& span, const py::object& type, const py::object& attrs) {
             return std::make_shared<ir::Function>(
                 StrArg(name, {"Function", "name"}),
                 EnumArg<ir::FunctionType>(type, {"Function", "type"}),
                 ToParams(params, {"Function", "params"}),
                 ToTypes(return_types, {"Function", "return_types"}),
                 ToAttrMap(attrs, true, {"Function", "attrs"}), ToStmt(body, {"Function", "body"}),
                 SpanOf(span, {"Function", "span"}));
           }),
           py::arg("name"), py::arg("params"), py::arg("return_types"), py::arg("body"),
           py::arg("span") = py::none(), py::arg("type") = ir::FunctionType::Opaque,
           py::arg("attrs") = py::none());
  py::class_<ir::Program, std::shared_ptr<ir::Program>>(m.attr("Program"))
      .def(
          py::init([](const py::object& functions, const py::object& name, const py::object& span) {
            std::vector<ir::FunctionPtr> fs = SeqArg(
                functions, {"Program", "functions"},
                [](py::handle h, const Arg& e) -> ir::FunctionPtr {
                  return NodeArg<ir::Function>(h, e, "a Function");
                },
                false);
            return std::make_shared<ir::Program>(StrArg(name, {"Program", "name"}), std::move(fs),
                                                 SpanOf(span, {"Program", "span"}));
          }),
          py::arg("functions"), py::arg("name") = "", py::arg("span") = py::none())
      .def(
          "get_function",
          [](const ir::Program& p, const py::object& name) -> py::object {
            ir::FunctionPtr f = p.Find(StrArg(name, {"Program.get_function", "name"}));
            return f ? py::cast(Mut(f)) : py::none();
          },
          py::arg("name"));
}

}  // namespace

void BindBuilders(py::module_& m) {
  BindTypeBuilders(m);
  BindExprBuilders(m);
  BindStmtBuilders(m);
  BindStmtRebuild(m);
  BindFunctionBuilders(m);
}

}  // namespace tilesplit::python
