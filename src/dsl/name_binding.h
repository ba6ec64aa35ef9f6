// Private to the DSL front end: name binding (dsl.md 8.8), apart from the syntax that reads the
// names. The scopes of the function being read, the program-wide dynamic dimensions, and the
// rules of a binding: reserved names, a second binding in a body as a second definition of the
// outer variable (pre-SSA form, resolved by convert-to-ssa), none in a strict_ssa function.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/type.h"

namespace tilesplit::dsl::detail {

// A name binding in one scope. `outer_alias` marks a rebinding, inside a loop or branch body, of
// a variable defined in an enclosing scope: the body assigns the outer Var again, and later
// rebinds in the same body keep doing so.
struct Binding {
  ir::VarPtr var;
  bool outer_alias = false;
};

struct Scope {
  std::unordered_map<std::string_view, Binding> names;
};

class NameBinding {
 public:
  // A function's names start afresh with one scope, its parameters'; `strict_ssa` refuses a
  // second binding of a name.
  void BeginFunction(bool strict_ssa);
  void Push() { scopes_.emplace_back(); }
  Scope Pop();
  Scope& Current() { return scopes_.back(); }
  size_t Depth() const { return scopes_.size(); }
  // Drops the scopes entered since Depth() was `depth` (after a statement failed inside them).
  void Truncate(size_t depth) { scopes_.resize(depth); }

  // The innermost binding of `name` (and the index of its scope), or null.
  const Binding* Lookup(std::string_view name, size_t* scope_index = nullptr) const;
  // Refuses a reserved name or a dynamic dimension as an assignment target.
  void CheckTargetName(std::string_view name, ir::Span span) const;
  // Binds `name` as a new variable in the current scope.
  ir::VarPtr BindNew(std::string_view name, ir::Span span, const ir::TypePtr& type);
  // Binds `name` as a new definition in the current scope, or (in a body, for a name of an
  // enclosing scope) as a second definition of the outer variable.
  ir::VarPtr DefineTarget(std::string_view name, ir::Span span, const ir::TypePtr& type);
  // Every name in scope, for a "did you mean" suggestion.
  std::vector<std::string> Visible() const;

  // `NAME = pl.dynamic("NAME")`; refused when NAME is declared already.
  void DeclareDynamic(std::string_view name, ir::Span span);
  bool IsDynamic(std::string_view name) const { return dynamic_.count(name) > 0; }
  const ir::VarPtr* FindDynamic(std::string_view name) const;
  // Inside a parameter or return annotation an unknown name is a new dynamic dimension.
  void AllowNewDynamic(bool allow) { allow_new_dynamic_ = allow; }
  bool AllowsNewDynamic() const { return allow_new_dynamic_; }
  ir::VarPtr NewDynamic(std::string_view name, ir::Span span);

  // The names of a function being read, set aside while another function is read in the middle
  // of it (a class function parsed on demand at its call).
  struct Saved {
    std::vector<Scope> scopes;
    bool allow_new_dynamic = false;
  };
  Saved Save() { return {std::move(scopes_), allow_new_dynamic_}; }
  void Restore(Saved saved) {
    scopes_ = std::move(saved.scopes);
    allow_new_dynamic_ = saved.allow_new_dynamic;
  }

 private:
  std::vector<Scope> scopes_;
  // Program-wide dynamic dimensions: one Var per name.
  std::unordered_map<std::string_view, ir::VarPtr> dynamic_;
  bool allow_new_dynamic_ = false;
  bool strict_ssa_ = false;
};

}  // namespace tilesplit::dsl::detail
