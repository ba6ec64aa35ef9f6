// Construction of IR from Python (the `pypto.ir` hand-built IR): constructors on the node classes
// bound elsewhere, and the builders behind expression operators and op calls. Everything goes
// through the library's own factories (ir::Make*, ops::Create), so a hand-built node is typed,
// checked and canonicalised exactly as a parsed one.
#include <pybind11/stl.h>

#include <algorithm>
#include <map>
#include <string>

#include "bindings.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::python {

namespace {

using ExprHolder = std::shared_ptr<ir::Expr>;
using StmtHolder = std::shared_ptr<ir::Stmt>;
using TypeHolder = std::shared_ptr<ir::Type>;

template <typename T, typename U>
std::shared_ptr<T> MutAs(const std::shared_ptr<const U>& p) {
  return std::const_pointer_cast<T>(std::static_pointer_cast<const T>(p));
}

ir::Span SpanOf(const py::object& o) {
  return o.is_none() ? ir::Span{} : o.cast<ir::Span>();
}

// A Python value standing for an expression: an Expr, a function parameter (its variable), or a
// Python bool / int / float, which become BOOL / INDEX / FP32 constants.
ir::ExprPtr ToExpr(py::handle h) {
  if (py::isinstance<ir::Expr>(h)) return h.cast<ExprHolder>();
  if (py::isinstance<ir::Param>(h)) return h.cast<const ir::Param&>().var;
  if (py::isinstance<py::bool_>(h)) return ir::MakeConstBool(h.cast<bool>());
  if (py::isinstance<py::int_>(h)) return ir::MakeConstInt(h.cast<int64_t>());
  if (py::isinstance<py::float_>(h)) return ir::MakeConstFloat(h.cast<double>());
  throw py::type_error("expected an Expr, int, float or bool, got " +
                       std::string(py::str(py::type::of(h).attr("__name__"))));
}

std::vector<ir::ExprPtr> ToExprs(const py::handle& seq) {
  std::vector<ir::ExprPtr> out;
  if (seq.is_none()) return out;
  for (py::handle h : seq) out.push_back(ToExpr(h));
  return out;
}

ir::VarPtr ToVar(py::handle h) {
  if (py::isinstance<ir::Param>(h)) return h.cast<const ir::Param&>().var;
  if (py::isinstance<ir::Var>(h)) return h.cast<std::shared_ptr<ir::Var>>();
  throw py::type_error("expected a Var, got " +
                       std::string(py::str(py::type::of(h).attr("__name__"))));
}

std::vector<ir::VarPtr> ToVars(const py::handle& seq) {
  std::vector<ir::VarPtr> out;
  if (seq.is_none()) return out;
  for (py::handle h : seq) out.push_back(ToVar(h));
  return out;
}

// A kwarg or attribute value. bool is tested before int (a Python bool is an int). Function
// attributes keep the IR's enumerations as written, as the parser does; a SplitMode kwarg is
// stored as its integer code, the form every split-taking op is printed and compared in.
ir::AttrValue ToAttrValue(const std::string& key, py::handle v, bool kwarg) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>();
  if (kwarg && py::isinstance<ir::SplitMode>(v))
    return static_cast<int64_t>(v.cast<ir::SplitMode>());
  if (py::isinstance<py::int_>(v)) return v.cast<int64_t>();
  if (py::isinstance<py::float_>(v)) return v.cast<double>();
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  if (py::isinstance<ir::DataType>(v)) return v.cast<ir::DataType>();
  if (py::isinstance<ir::MemorySpace>(v)) return v.cast<ir::MemorySpace>();
  if (py::isinstance<ir::SplitMode>(v)) return v.cast<ir::SplitMode>();
  if (py::isinstance<ir::TileLayout>(v)) return v.cast<ir::TileLayout>();
  if (py::isinstance<ir::PadValue>(v)) return v.cast<ir::PadValue>();
  throw py::type_error(
      "attribute '" + key + "': tilesplit stores literal attributes only (bool, " +
      "int, float, str, DataType, MemorySpace, SplitMode, TileLayout, PadValue), " + "got " +
      std::string(py::str(py::type::of(v).attr("__name__"))));
}

ir::AttrMap ToAttrMap(const py::handle& d, bool sorted) {
  ir::AttrMap out;
  if (d.is_none()) return out;
  for (auto [k, v] : d.cast<py::dict>()) {
    std::string key = k.cast<std::string>();
    ir::AttrValue value = ToAttrValue(key, v, !sorted);
    if (sorted)
      ir::SetSortedAttr(out, std::move(key), std::move(value));
    else
      out.emplace_back(std::move(key), std::move(value));
  }
  return out;
}

const ops::OpDef& FindOpOrThrow(const std::string& name) {
  const ops::OpDef* op = ops::FindOp(name);
  if (!op) throw py::value_error("no registered operator '" + name + "'");
  return *op;
}

std::optional<ir::TileView> ToTileView(const py::handle& h) {
  if (h.is_none()) return std::nullopt;
  return h.cast<ir::TileView>();
}

// Call(op, args, [kwargs], [attrs], [type], span): the overloads of PyPTO's constructor, told
// apart by the kinds of the trailing arguments. Without a type the op deduces it.
ir::ExprPtr MakeCallFromPython(const py::object& op_obj, const py::object& args_obj,
                               const py::args& rest, const py::kwargs& kw) {
  const ops::OpDef& op = op_obj.is(py::none()) || !py::isinstance<py::str>(op_obj)
                             ? static_cast<const ops::OpDef&>(op_obj.cast<const ir::OpBase&>())
                             : FindOpOrThrow(op_obj.cast<std::string>());
  py::object kwargs = py::none(), attrs = py::none(), type = py::none(), span = py::none();
  int dicts = 0;
  for (py::handle h : rest) {
    if (py::isinstance<py::dict>(h) || (h.is_none() && dicts == 1 && type.is_none())) {
      (dicts++ == 0 ? kwargs : attrs) = py::reinterpret_borrow<py::object>(h);
    } else if (py::isinstance<ir::Type>(h)) {
      type = py::reinterpret_borrow<py::object>(h);
    } else if (py::isinstance<ir::Span>(h)) {
      span = py::reinterpret_borrow<py::object>(h);
    } else if (!h.is_none()) {
      throw py::type_error("Call(op, args, [kwargs], [attrs], [type], span): unexpected " +
                           std::string(py::str(py::type::of(h).attr("__name__"))));
    }
  }
  if (kw.contains("kwargs")) kwargs = kw["kwargs"];
  if (kw.contains("attrs")) attrs = kw["attrs"];
  if (kw.contains("type")) type = kw["type"];
  if (kw.contains("span")) span = kw["span"];
  if (!attrs.is_none() && py::len(attrs) != 0)
    throw py::value_error(
        "Call attrs are not representable in tilesplit's IR (a call carries "
        "kwargs only); got " +
        std::string(py::str(attrs)));
  std::vector<ir::ExprPtr> args = ToExprs(args_obj);
  ir::AttrMap kwargs_map = ToAttrMap(kwargs, false);
  ir::ExprPtr call = type.is_none()
                         ? ops::Create(op, std::move(args), std::move(kwargs_map), SpanOf(span))
                         : ops::CreateWithType(op, std::move(args), std::move(kwargs_map),
                                               type.cast<TypeHolder>(), SpanOf(span));
  return call;
}

std::vector<ir::Param> ToParams(const py::handle& seq) {
  std::vector<ir::Param> out;
  for (py::handle h : seq) {
    if (py::isinstance<ir::Param>(h)) {
      out.push_back(h.cast<ir::Param>());
    } else if (py::isinstance<py::tuple>(h)) {
      auto pair = h.cast<py::tuple>();
      out.push_back({ToVar(pair[0]), pair[1].cast<ir::ParamDirection>()});
    } else {
      out.push_back({ToVar(h), ir::ParamDirection::In});
    }
  }
  return out;
}

std::vector<ir::IterArg> ToIterArgs(const py::handle& seq) {
  std::vector<ir::IterArg> out;
  if (seq.is_none()) return out;
  for (py::handle h : seq) out.push_back(h.cast<ir::IterArg>());
  return out;
}

std::vector<ir::TypePtr> ToTypes(const py::handle& seq) {
  std::vector<ir::TypePtr> out;
  if (seq.is_none()) return out;
  for (py::handle h : seq) out.push_back(h.cast<TypeHolder>());
  return out;
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
      .def(py::init([](const std::string& filename, int64_t line, int64_t col, int64_t, int64_t) {
             if (line <= 0 || filename.empty()) return ir::Span{};
             return ir::Span{FileIdFor(filename), static_cast<uint32_t>(line),
                             static_cast<uint32_t>(std::max<int64_t>(col, 1))};
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
                       const py::object& start_offset, ir::TileLayout blayout,
                       ir::TileLayout slayout, int64_t fractal, ir::PadValue pad,
                       ir::CompactMode compact) {
             ir::TileView v;
             v.valid_shape = ToExprs(valid_shape);
             v.stride = ToExprs(stride);
             v.start_offset = start_offset.is_none() ? nullptr : ToExpr(start_offset);
             v.blayout = blayout;
             v.slayout = slayout;
             v.fractal = fractal;
             v.pad = pad;
             v.compact = compact;
             return v;
           }),
           py::kw_only(), py::arg("valid_shape") = py::none(), py::arg("stride") = py::none(),
           py::arg("start_offset") = py::none(), py::arg("blayout") = ir::TileLayout::row_major,
           py::arg("slayout") = ir::TileLayout::none_box, py::arg("fractal") = 512,
           py::arg("pad") = ir::PadValue::null, py::arg("compact") = ir::CompactMode::null);
  py::class_<ir::TensorView>(m.attr("TensorView"))
      .def(py::init([](const py::object& valid_shape, const py::object& stride,
                       ir::TensorLayout layout, ir::PadValue pad) {
             ir::TensorView v;
             v.valid_shape = ToExprs(valid_shape);
             v.stride = ToExprs(stride);
             v.layout = layout;
             v.pad = pad;
             return v;
           }),
           py::kw_only(), py::arg("valid_shape") = py::none(), py::arg("stride") = py::none(),
           py::arg("layout") = ir::TensorLayout::ND, py::arg("pad") = ir::PadValue::null);

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
      .def(py::init([](ir::DataType dt) { return MutAs<ir::ScalarType>(ir::MakeScalarType(dt)); }),
           py::arg("dtype"));
  py::class_<ir::TensorType, ir::Type, std::shared_ptr<ir::TensorType>>(m.attr("TensorType"))
      .def(py::init([](const py::object& shape, ir::DataType dt, const py::object& memref,
                       const py::object& view) {
             if (!memref.is_none())
               throw py::value_error("TensorType: tilesplit types carry no memref");
             std::optional<ir::TensorView> v;
             if (!view.is_none()) v = view.cast<ir::TensorView>();
             return MutAs<ir::TensorType>(ir::MakeTensorType(ToExprs(shape), dt, std::move(v)));
           }),
           py::arg("shape"), py::arg("dtype"), py::arg("memref") = py::none(),
           py::arg("tensor_view") = py::none());
  m.def(
      "make_distributed_tensor_type",
      [](const py::object& shape, ir::DataType dt) {
        return MutAs<ir::TensorType>(
            ir::MakeTensorType(ToExprs(shape), dt, std::nullopt, /*distributed=*/true));
      },
      py::arg("shape"), py::arg("dtype"),
      "PyPTO's DistributedTensorType: a tensor shared across devices (pld.DistributedTensor).");
  py::class_<ir::TileType, ir::Type, std::shared_ptr<ir::TileType>>(m.attr("TileType"))
      .def(
          py::init([](const py::object& shape, ir::DataType dt, const py::object& memref,
                      const py::object& view, const py::object& memory) {
            if (!memref.is_none())
              throw py::value_error("TileType: tilesplit types carry no memref");
            std::optional<ir::MemorySpace> mem;
            if (!memory.is_none()) mem = memory.cast<ir::MemorySpace>();
            return MutAs<ir::TileType>(ir::MakeTileType(ToExprs(shape), dt, mem, ToTileView(view)));
          }),
          py::arg("shape"), py::arg("dtype"), py::arg("memref") = py::none(),
          py::arg("tile_view") = py::none(), py::arg("memory_space") = py::none());
  py::class_<ir::TupleType, ir::Type, std::shared_ptr<ir::TupleType>>(m.attr("TupleType"))
      .def(py::init([](const py::object& types) {
             return MutAs<ir::TupleType>(ir::MakeTupleType(ToTypes(types)));
           }),
           py::arg("types"));
}

void BindExprBuilders(py::module_& m) {
  using OpHolder = std::unique_ptr<ir::OpBase, py::nodelete>;
  py::class_<ir::OpBase, OpHolder>(m, "Op")
      .def(py::init([](const std::string& name) {
             return OpHolder(const_cast<ops::OpDef*>(&FindOpOrThrow(name)));
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
      [](const std::string& name) { return static_cast<const ir::OpBase*>(&FindOpOrThrow(name)); },
      py::arg("name"), py::return_value_policy::reference);

  py::class_<ir::Var, ir::Expr, std::shared_ptr<ir::Var>>(m.attr("Var"))
      .def(py::init([](const std::string& name, const TypeHolder& type, const py::object& span) {
             return MutAs<ir::Var>(ir::MakeVar(name, type, SpanOf(span)));
           }),
           py::arg("name_hint"), py::arg("type"), py::arg("span") = py::none());
  py::class_<ir::ConstInt, ir::Expr, std::shared_ptr<ir::ConstInt>>(m.attr("ConstInt"))
      .def(py::init([](int64_t v, ir::DataType dt, const py::object& span) {
             return MutAs<ir::ConstInt>(ir::MakeConstInt(v, dt, SpanOf(span)));
           }),
           py::arg("value"), py::arg("dtype") = ir::DataType::INDEX, py::arg("span") = py::none());
  py::class_<ir::ConstFloat, ir::Expr, std::shared_ptr<ir::ConstFloat>>(m.attr("ConstFloat"))
      .def(py::init([](double v, ir::DataType dt, const py::object& span) {
             return MutAs<ir::ConstFloat>(ir::MakeConstFloat(v, dt, SpanOf(span)));
           }),
           py::arg("value"), py::arg("dtype") = ir::DataType::FP32, py::arg("span") = py::none());
  py::class_<ir::ConstBool, ir::Expr, std::shared_ptr<ir::ConstBool>>(m.attr("ConstBool"))
      .def(py::init([](bool v, const py::object& span) {
             return MutAs<ir::ConstBool>(ir::MakeConstBool(v, SpanOf(span)));
           }),
           py::arg("value"), py::arg("span") = py::none());
  py::class_<ir::Call, ir::Expr, std::shared_ptr<ir::Call>>(m.attr("Call"))
      .def(py::init([](py::object op, py::object args, py::args rest,
                       py::kwargs kw) -> std::shared_ptr<ir::Call> {
        return MutAs<ir::Call>(MakeCallFromPython(op, args, rest, kw));
      }))
      .def_property_readonly(
          "op", [](const ir::Call& c) { return c.op; }, py::return_value_policy::reference);
  py::class_<ir::MakeTuple, ir::Expr, std::shared_ptr<ir::MakeTuple>>(m.attr("MakeTuple"))
      .def(py::init([](const py::object& elements, const py::object& span) {
             return MutAs<ir::MakeTuple>(ir::MakeTupleExpr(ToExprs(elements), SpanOf(span)));
           }),
           py::arg("elements"), py::arg("span") = py::none());
  py::class_<ir::TupleGetItem, ir::Expr, std::shared_ptr<ir::TupleGetItem>>(m.attr("TupleGetItem"))
      .def(py::init([](const py::object& tuple, int index, const py::object& span) {
             return MutAs<ir::TupleGetItem>(
                 ir::MakeTupleGetItem(ToExpr(tuple), index, SpanOf(span)));
           }),
           py::arg("tuple"), py::arg("index"), py::arg("span") = py::none());

  py::class_<ir::FunctionCall, ir::Expr, std::shared_ptr<ir::FunctionCall>>(m.attr("FunctionCall"))
      .def(py::init([](const std::string& callee, const py::object& args, const TypeHolder& type,
                       const py::object& span) {
             return MutAs<ir::FunctionCall>(
                 ir::MakeFunctionCall(callee, ToExprs(args), type, SpanOf(span)));
           }),
           py::arg("callee"), py::arg("args"), py::arg("type"), py::arg("span") = py::none());

  m.def(
      "make_binary",
      [](ir::BinaryOp op, const py::object& a, const py::object& b, const py::object& span) {
        return Mut(ir::MakeBinary(op, ToExpr(a), ToExpr(b), SpanOf(span)));
      },
      py::arg("op"), py::arg("lhs"), py::arg("rhs"), py::arg("span") = py::none());
  m.def(
      "make_unary",
      [](ir::UnaryOp op, const py::object& a, const py::object& span) {
        return Mut(ir::MakeUnary(op, ToExpr(a), SpanOf(span)));
      },
      py::arg("op"), py::arg("operand"), py::arg("span") = py::none());
  m.def(
      "make_cast",
      [](const py::object& v, ir::DataType dt, const py::object& span) {
        return Mut(ir::MakeCast(ToExpr(v), dt, SpanOf(span)));
      },
      py::arg("value"), py::arg("dtype"), py::arg("span") = py::none());
  m.def(
      "create_op_call",
      [](const std::string& name, const py::object& args, const py::object& kwargs,
         const py::object& span, bool check_memory) {
        return Mut(
            ops::Create(FindOpOrThrow(name), ToExprs(args), ToAttrMap(kwargs, false), SpanOf(span),
                        check_memory ? ops::MemoryContract::Enforce : ops::MemoryContract::Defer));
      },
      py::arg("op_name"), py::arg("args"), py::arg("kwargs") = py::none(),
      py::arg("span") = py::none(), py::arg("check_memory") = true,
      "An op call with its deduced type. check_memory=False builds a call whose operands break "
      "the op's memory contract (PyPTO's hand-built IR); the TileMemoryInferred verifier "
      "reports it at the first pass that requires the property.");
  m.def(
      "expr_equal", [](const ExprHolder& a, const ExprHolder& b) { return ir::ExprEqual(a, b); },
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
      "node_id", [](const ExprHolder& e) { return reinterpret_cast<uintptr_t>(e.get()); },
      py::arg("expr"), "A number identifying the node for its lifetime.");
  m.def(
      "to_expr", [](const py::object& v) { return Mut(ToExpr(v)); }, py::arg("value"));
}

void BindStmtBuilders(py::module_& m) {
  py::class_<ir::AssignStmt, ir::Stmt, std::shared_ptr<ir::AssignStmt>>(m.attr("AssignStmt"))
      .def(py::init([](const py::object& var, const py::object& value, const py::object& span) {
             return MutAs<ir::AssignStmt>(ir::MakeAssign(ToVar(var), ToExpr(value), SpanOf(span)));
           }),
           py::arg("var"), py::arg("value"), py::arg("span") = py::none());
  py::class_<ir::EvalStmt, ir::Stmt, std::shared_ptr<ir::EvalStmt>>(m.attr("EvalStmt"))
      .def(py::init([](const py::object& e, const py::object& span) {
             return MutAs<ir::EvalStmt>(ir::MakeEval(ToExpr(e), SpanOf(span)));
           }),
           py::arg("expr"), py::arg("span") = py::none());
  py::class_<ir::ReturnStmt, ir::Stmt, std::shared_ptr<ir::ReturnStmt>>(m.attr("ReturnStmt"))
      .def(py::init([](const py::object& values, const py::object& span) {
             return MutAs<ir::ReturnStmt>(ir::MakeReturn(ToExprs(values), SpanOf(span)));
           }),
           py::arg("values") = py::none(), py::arg("span") = py::none());
  py::class_<ir::YieldStmt, ir::Stmt, std::shared_ptr<ir::YieldStmt>>(m.attr("YieldStmt"))
      .def(py::init([](const py::object& values, const py::object& span) {
             return MutAs<ir::YieldStmt>(ir::MakeYield(ToExprs(values), SpanOf(span)));
           }),
           py::arg("values") = py::none(), py::arg("span") = py::none());
  py::class_<ir::SeqStmts, ir::Stmt, std::shared_ptr<ir::SeqStmts>>(m.attr("SeqStmts"))
      .def(py::init([](const py::object& stmts, const py::object& span) {
             std::vector<ir::StmtPtr> v;
             for (py::handle h : stmts) v.push_back(h.cast<StmtHolder>());
             return std::make_shared<ir::SeqStmts>(std::move(v), SpanOf(span));
           }),
           py::arg("stmts"), py::arg("span") = py::none());
  py::class_<ir::IterArg>(m.attr("IterArg"))
      .def(py::init([](const std::string& name, const TypeHolder& type, const py::object& init,
                       const py::object& span) {
             return ir::IterArg{ir::MakeVar(name, type, SpanOf(span)), ToExpr(init)};
           }),
           py::arg("name_hint"), py::arg("type"), py::arg("init_value"),
           py::arg("span") = py::none())
      .def(py::init([](const py::object& var, const py::object& init) {
             return ir::IterArg{ToVar(var), ToExpr(init)};
           }),
           py::arg("var"), py::arg("init_value"));
  py::class_<ir::ForStmt, ir::Stmt, std::shared_ptr<ir::ForStmt>>(m.attr("ForStmt"))
      .def(py::init([](const py::object& loop_var, const py::object& start, const py::object& stop,
                       const py::object& step, const py::object& iter_args, const StmtHolder& body,
                       const py::object& return_vars, const py::object& span, ir::ForKind kind,
                       const py::object& attrs, int64_t stage) {
             if (!attrs.is_none() && py::len(attrs) != 0)
               throw py::value_error("ForStmt attrs are not representable in tilesplit's IR");
             return std::make_shared<ir::ForStmt>(ToVar(loop_var), ToExpr(start), ToExpr(stop),
                                                  ToExpr(step), kind, stage, ToIterArgs(iter_args),
                                                  body, ToVars(return_vars), SpanOf(span));
           }),
           py::arg("loop_var"), py::arg("start"), py::arg("stop"), py::arg("step"),
           py::arg("iter_args"), py::arg("body"), py::arg("return_vars"),
           py::arg("span") = py::none(), py::arg("kind") = ir::ForKind::Range,
           py::arg("attrs") = py::none(), py::arg("stage") = 0);
  py::class_<ir::WhileStmt, ir::Stmt, std::shared_ptr<ir::WhileStmt>>(m.attr("WhileStmt"))
      .def(py::init([](const py::object& cond, const py::object& iter_args, const StmtHolder& body,
                       const py::object& return_vars, const py::object& span) {
             return std::make_shared<ir::WhileStmt>(ToExpr(cond), ToIterArgs(iter_args), body,
                                                    ToVars(return_vars), SpanOf(span));
           }),
           py::arg("condition"), py::arg("iter_args"), py::arg("body"), py::arg("return_vars"),
           py::arg("span") = py::none());
  py::class_<ir::IfStmt, ir::Stmt, std::shared_ptr<ir::IfStmt>>(m.attr("IfStmt"))
      .def(py::init([](const py::object& cond, const StmtHolder& then_body,
                       const py::object& else_body, const py::object& return_vars,
                       const py::object& span) {
             StmtHolder e = else_body.is_none() ? nullptr : else_body.cast<StmtHolder>();
             return std::make_shared<ir::IfStmt>(ToExpr(cond), then_body, e, ToVars(return_vars),
                                                 SpanOf(span));
           }),
           py::arg("condition"), py::arg("then_body"), py::arg("else_body"), py::arg("return_vars"),
           py::arg("span") = py::none());
  py::class_<ir::ScopeOptimization>(m.attr("ScopeOptimization"))
      .def_static("make_split",
                  [](ir::SplitMode mode) {
                    return ir::ScopeOptimization{ir::ScopeOptimization::Kind::Split, mode, 0};
                  })
      .def_static("make_cross_core_slot", [](int64_t slot_num) {
        return ir::ScopeOptimization{ir::ScopeOptimization::Kind::CrossCoreSlot,
                                     ir::SplitMode::None, slot_num};
      });
  py::class_<ir::ScopeStmt, ir::Stmt, std::shared_ptr<ir::ScopeStmt>>(m.attr("ScopeStmt"))
      .def(py::init([](ir::Level level, const StmtHolder& body, const py::object& span,
                       const std::vector<ir::ScopeOptimization>& optimizations,
                       const std::string& name_hint, bool allow_early_resolve) {
             return std::make_shared<ir::ScopeStmt>(level, optimizations, name_hint,
                                                    allow_early_resolve, body, SpanOf(span));
           }),
           py::arg("level"), py::arg("body"), py::arg("span") = py::none(), py::kw_only(),
           py::arg("optimizations") = std::vector<ir::ScopeOptimization>{},
           py::arg("name_hint") = "", py::arg("allow_early_resolve") = false);
  py::class_<ir::SplitAivStmt, ir::Stmt, std::shared_ptr<ir::SplitAivStmt>>(m.attr("SplitAivStmt"))
      .def(py::init([](ir::SplitMode mode, int64_t count, const std::string& name_hint,
                       const StmtHolder& body, const py::object& span) {
             if (count != 2)
               ir::ThrowInternal(SpanOf(span),
                                 "pl.split_aiv regions split across exactly 2 AIV lanes; a "
                                 "region with count " +
                                     std::to_string(count) + " cannot be built");
             if (!name_hint.empty())
               throw py::value_error("a pl.split_aiv region has no name hint in tilesplit's IR");
             return std::make_shared<ir::SplitAivStmt>(mode, body, SpanOf(span));
           }),
           py::arg("split"), py::arg("count") = 2, py::arg("name_hint") = "", py::kw_only(),
           py::arg("body"), py::arg("span") = py::none());
}

void BindFunctionBuilders(py::module_& m) {
  py::class_<ir::Param>(m.attr("Param"))
      .def(py::init([](const py::object& var, ir::ParamDirection d) {
             return ir::Param{ToVar(var), d};
           }),
           py::arg("var"), py::arg("direction") = ir::ParamDirection::In);
  py::class_<ir::Function, std::shared_ptr<ir::Function>>(m.attr("Function"))
      .def(py::init([](const std::string& name, const py::object& params,
                       const py::object& return_types, const StmtHolder& body,
                       const py::object& span, ir::FunctionType type, const py::object& attrs) {
             return std::make_shared<ir::Function>(name, type, ToParams(params),
                                                   ToTypes(return_types), ToAttrMap(attrs, true),
                                                   body, SpanOf(span));
           }),
           py::arg("name"), py::arg("params"), py::arg("return_types"), py::arg("body"),
           py::arg("span") = py::none(), py::arg("type") = ir::FunctionType::Opaque,
           py::arg("attrs") = py::none());
  py::class_<ir::Program, std::shared_ptr<ir::Program>>(m.attr("Program"))
      .def(py::init([](const std::vector<std::shared_ptr<ir::Function>>& functions,
                       const std::string& name, const py::object& span) {
             std::vector<ir::FunctionPtr> fs(functions.begin(), functions.end());
             return std::make_shared<ir::Program>(name, std::move(fs), SpanOf(span));
           }),
           py::arg("functions"), py::arg("name") = "", py::arg("span") = py::none())
      .def(
          "get_function",
          [](const ir::Program& p, std::string_view name) -> py::object {
            ir::FunctionPtr f = p.Find(name);
            return f ? py::cast(Mut(f)) : py::none();
          },
          py::arg("name"));
}

}  // namespace

void BindBuilders(py::module_& m) {
  BindTypeBuilders(m);
  BindExprBuilders(m);
  BindStmtBuilders(m);
  BindFunctionBuilders(m);
}

}  // namespace tilesplit::python
