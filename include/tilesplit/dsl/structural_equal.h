// Structural equality (dsl.md 11): alpha-equivalence over variable definitions, field-by-field
// types, kwargs and function attrs as unordered maps. A mismatch reports the first differing
// path with both sides printed. It belongs to the DSL layer: it is the DSL's notion of "the same
// program" (a literal dim reads back as INDEX), the round-trip checks ask it of reparsed text, and
// it names a differing statement by its printed first line (dsl/printer.h), which the layers below
// the printer (analysis) must not use.
#pragma once

#include <string>

#include "tilesplit/ir/function.h"

namespace tilesplit::dsl {

struct EqualOptions {
  bool map_free_vars = true;        // free variables (dynamic dims) map bijectively on first use
  bool compare_name_hints = false;  // also require equal variable names
  // Without map_free_vars: free variables of the same name and type are the same symbol. A
  // parsed function's free variables are its pl.dynamic dimensions, program-wide symbols whose
  // identity is their name; each parse makes its own Var for one.
  bool free_vars_by_name = false;
};

struct EqualResult {
  bool equal = true;
  std::string path;  // e.g. "function f / body[2] / value / args[0] / type / shape[0]"
  std::string lhs;   // the differing items, printed
  std::string rhs;
  std::string Describe() const;  // a one-paragraph report; empty when equal
  explicit operator bool() const { return equal; }
};

EqualResult StructuralEqual(const ir::ProgramPtr& a, const ir::ProgramPtr& b,
                            const EqualOptions& options = {});
EqualResult StructuralEqual(const ir::FunctionPtr& a, const ir::FunctionPtr& b,
                            const EqualOptions& options = {});
EqualResult StructuralEqual(const ir::StmtPtr& a, const ir::StmtPtr& b,
                            const EqualOptions& options = {});
EqualResult StructuralEqual(const ir::ExprPtr& a, const ir::ExprPtr& b,
                            const EqualOptions& options = {});

}  // namespace tilesplit::dsl
