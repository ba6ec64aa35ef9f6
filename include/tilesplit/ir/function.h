// Functions and programs.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tilesplit/ir/function_attrs.h"
#include "tilesplit/ir/stmt.h"

namespace tilesplit::ir {

struct Param {
  VarPtr var;
  ParamDirection direction = ParamDirection::In;
};

class Function {
 public:
  Function(std::string n, FunctionType t, std::vector<Param> p, std::vector<TypePtr> r, AttrMap a,
           StmtPtr b, Span s)
      : name(std::move(n)),
        func_type(t),
        params(std::move(p)),
        return_types(std::move(r)),
        attrs(std::move(a)),
        body(std::move(b)),
        span(s) {}
  const std::string name;
  const FunctionType func_type;
  const std::vector<Param> params;
  const std::vector<TypePtr> return_types;
  const AttrMap attrs;  // sorted by key
  const StmtPtr body;
  const Span span;

  std::optional<SplitMode> split_mode() const;  // the "split" attr
  bool BoolAttr(FunctionAttr<bool> a) const;    // false when absent
};
using FunctionPtr = std::shared_ptr<const Function>;

// A function implemented in external source (PyPTO's @pl.function(external_source=FILE)) carries
// the file's path under this attr and has an empty body: only its signature is ours.
inline constexpr std::string_view kExternalSourceAttr = fattr::kExternalSource.key;
// The path, or null for a function whose body is its own.
const std::string* ExternalSource(const Function& f);

class Program {
 public:
  Program(std::string n, std::vector<FunctionPtr> f, Span s)
      : name(std::move(n)), functions(std::move(f)), span(s) {}
  const std::string name;  // empty for the bare-function form
  const std::vector<FunctionPtr> functions;
  const Span span;

  FunctionPtr Find(std::string_view fname) const;
};
using ProgramPtr = std::shared_ptr<const Program>;

FunctionPtr WithBody(const Function& f, StmtPtr body);
FunctionPtr WithAttrs(const Function& f, AttrMap attrs);

}  // namespace tilesplit::ir
