// Argument validation shared by every constructor and builder of the bindings. A binding takes
// its arguments as py::object and converts each through one of these functions, naming the
// callee and the argument (`Arg{"SeqStmts", "stmts"}`); a null node where one is required, a node
// of the wrong kind, an enum or dtype that is neither a member nor a member's name, or an integer
// out of range raises TypeError/ValueError saying which argument is wrong and what it must be,
// instead of a pybind11 cast message or a null pointer reaching the library.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tilesplit/ir/suggest.h"

namespace tilesplit::python {

namespace py = pybind11;

// Which argument of which call: "SeqStmts(): argument 'stmts'[2]".
struct Arg {
  const char* callee;
  const char* name;
  int64_t index = -1;  // an element of a sequence argument
  Arg At(int64_t i) const { return {callee, name, i}; }
  std::string Describe() const {
    std::string s = std::string(callee) + "(): argument '" + name + "'";
    if (index >= 0) s += "[" + std::to_string(index) + "]";
    return s;
  }
};

// The Python type name of a value: "NoneType", "int", "TileType".
inline std::string PyTypeName(py::handle h) {
  return py::str(py::type::of(h).attr("__name__"));
}

[[noreturn]] inline void ThrowTypeArg(const Arg& a, const std::string& expected, py::handle got) {
  throw py::type_error(a.Describe() + " must be " + expected + ", got " +
                       (got.is_none() ? std::string("None") : PyTypeName(got)));
}
[[noreturn]] inline void ThrowValueArg(const Arg& a, const std::string& what) {
  throw py::value_error(a.Describe() + ": " + what);
}

// A node of class T (a registered subclass of it included): never None unless `optional`, in
// which case None gives nullptr. `expected` reads "a Stmt", "a Var or a Param".
template <typename T>
std::shared_ptr<T> NodeArg(py::handle h, const Arg& a, const char* expected,
                           bool optional = false) {
  if (h.is_none()) {
    if (optional) return nullptr;
    ThrowTypeArg(a, std::string(expected) + " (None is not a node)", h);
  }
  if (!py::isinstance<T>(h)) ThrowTypeArg(a, expected, h);
  auto p = h.cast<std::shared_ptr<T>>();
  if (!p) ThrowTypeArg(a, expected, h);
  return p;
}

// A list or tuple (None: empty when `none_is_empty`) whose elements each convert with `one`.
template <typename F>
auto SeqArg(py::handle seq, const Arg& a, F one, bool none_is_empty = true) {
  using R = decltype(one(py::handle(), a));
  std::vector<R> out;
  if (seq.is_none()) {
    if (none_is_empty) return out;
    ThrowTypeArg(a, "a list", seq);
  }
  if (py::isinstance<py::str>(seq) || py::isinstance<py::bytes>(seq) ||
      !py::hasattr(seq, "__iter__"))
    ThrowTypeArg(a, "a list", seq);
  int64_t i = 0;
  for (py::handle h : seq) out.push_back(one(h, a.At(i++)));
  return out;
}

// An int in [lo, hi] (a bool is refused: it is almost always a mistake for a count or value).
inline int64_t IntArg(py::handle h, const Arg& a, int64_t lo = INT64_MIN, int64_t hi = INT64_MAX) {
  if (py::isinstance<py::bool_>(h) || !py::isinstance<py::int_>(h)) {
    // numpy integers and other objects with __index__ count as ints.
    if (h.is_none() || py::isinstance<py::bool_>(h) || !py::hasattr(h, "__index__"))
      ThrowTypeArg(a, "an int", h);
  }
  py::int_ v = py::reinterpret_steal<py::int_>(PyNumber_Index(h.ptr()));
  if (!v) throw py::error_already_set();
  int overflow = 0;
  const long long x = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
  if (overflow != 0 || x < lo || x > hi) {
    std::string range = lo == INT64_MIN && hi == INT64_MAX
                            ? "a 64-bit integer"
                            : "in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    ThrowValueArg(a, "must be " + range + ", got " + std::string(py::str(h)));
  }
  return x;
}

inline double FloatArg(py::handle h, const Arg& a) {
  if (py::isinstance<py::bool_>(h) || !(py::isinstance<py::float_>(h) ||
                                        py::isinstance<py::int_>(h) || py::hasattr(h, "__float__")))
    ThrowTypeArg(a, "a float", h);
  return py::float_(py::reinterpret_borrow<py::object>(h));
}

inline bool BoolArg(py::handle h, const Arg& a) {
  if (!py::isinstance<py::bool_>(h)) ThrowTypeArg(a, "a bool", h);
  return h.cast<bool>();
}

inline std::string StrArg(py::handle h, const Arg& a) {
  if (!py::isinstance<py::str>(h)) ThrowTypeArg(a, "a str", h);
  return h.cast<std::string>();
}

// A member of the bound enum E: the member itself, or its name ("Vec", "FP32"; case-insensitive
// when unambiguous), with a did-you-mean and the valid names otherwise. `ints` also accepts a
// member's integer value (SplitMode codes).
template <typename E>
E EnumArg(py::handle h, const Arg& a, bool ints = false) {
  py::object type = py::type::of<E>();
  const std::string type_name = py::str(type.attr("__name__"));
  if (py::isinstance<E>(h)) return h.cast<E>();
  py::dict members = type.attr("__members__");
  std::vector<std::string> names;
  for (auto [k, v] : members) names.push_back(py::str(k));
  auto valid = [&] {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    return list;
  };
  if (py::isinstance<py::str>(h)) {
    const std::string word = h.cast<std::string>();
    if (members.contains(word)) return members[py::str(word)].cast<E>();
    auto lower = [](std::string s) {
      for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return s;
    };
    std::optional<std::string> found;
    int matches = 0;
    for (const std::string& n : names)
      if (lower(n) == lower(word)) {
        found = n;
        ++matches;
      }
    if (matches == 1) return members[py::str(*found)].cast<E>();
    std::string hint = ir::DidYouMean(word, names);
    ThrowValueArg(a, "'" + word + "' is not a " + type_name + (hint.empty() ? "" : "; " + hint) +
                         " (valid: " + valid() + ")");
  }
  if (ints && py::isinstance<py::int_>(h) && !py::isinstance<py::bool_>(h)) {
    for (auto [k, v] : members)
      if (py::int_(py::reinterpret_borrow<py::object>(v)).template cast<int64_t>() ==
          h.template cast<int64_t>())
        return v.template cast<E>();
    ThrowValueArg(a, std::string(py::str(h)) + " is not the value of a " + type_name +
                         " (valid: " + valid() + ")");
  }
  ThrowTypeArg(
      a, "a " + type_name + " (" + type_name + ".NAME or one of the names " + valid() + ")", h);
}

}  // namespace tilesplit::python
