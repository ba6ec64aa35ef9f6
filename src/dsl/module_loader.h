// Private to the DSL front end: the modules of a program, apart from its syntax. A file's module
// constants (its own `NAME = <number>` lines and those it imports from sibling modules, with the
// -D overrides of ParseOptions::defines applied as they are bound), and the reading of a sibling
// module for its constants.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>

#include "tilesplit/ir/expr.h"

namespace tilesplit::dsl::detail {

// Constants by name, each a ConstInt or ConstFloat; the names view the source buffers.
using ConstantMap = std::unordered_map<std::string_view, ir::ExprPtr>;

// The module constants of one file, folded into every use of their names.
class ModuleConstants {
 public:
  // The -D overrides (may be null: none); each must replace a constant the file binds.
  void SetDefines(const std::map<std::string, std::string>* defines) { defines_ = defines; }
  // Binds `name` to `value`, or to its -D override (located at `span`); a later binding of a
  // name replaces an earlier one, as in Python.
  void Bind(std::string_view name, ir::ExprPtr value, ir::Span span);
  const ir::ExprPtr* Find(std::string_view name) const;
  const ConstantMap& All() const { return values_; }
  // Refuses a -D that replaced no constant: a misspelt name would otherwise change nothing.
  void CheckDefinesUsed() const;

 private:
  ConstantMap values_;
  const std::map<std::string, std::string>* defines_ = nullptr;
  std::set<std::string> used_;
};

// The constants of the module that `from MODULE import ...` in `importing_file` names, MODULE
// being `module` after `dots` leading dots: MODULE.py beside the file or MODULE/__init__.py, each
// dot past the first climbing a directory. None when there is no such file (the import is the
// script's Python: torch, numpy) or when reading it would close a cycle of imports.
std::optional<ConstantMap> ReadSiblingConstants(uint32_t importing_file, int dots,
                                                const std::string& module);

}  // namespace tilesplit::dsl::detail
