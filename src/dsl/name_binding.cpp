// Name binding (name_binding.h).
#include "name_binding.h"

#include "parser_impl.h"
#include "tilesplit/ir/error.h"

namespace tilesplit::dsl::detail {

void NameBinding::BeginFunction(bool strict_ssa) {
  scopes_.clear();
  scopes_.emplace_back();
  strict_ssa_ = strict_ssa;
}

Scope NameBinding::Pop() {
  Scope s = std::move(scopes_.back());
  scopes_.pop_back();
  return s;
}

const Binding* NameBinding::Lookup(std::string_view name, size_t* scope_index) const {
  for (size_t i = scopes_.size(); i-- > 0;) {
    auto it = scopes_[i].names.find(name);
    if (it != scopes_[i].names.end()) {
      if (scope_index) *scope_index = i;
      return &it->second;
    }
  }
  return nullptr;
}

void NameBinding::CheckTargetName(std::string_view name, Span span) const {
  if (name == "pl" || name == "pld" || name == "self" || name == "_" || name == "tuple")
    ir::ThrowUser(span, "'" + std::string(name) + "' cannot be assigned");
  if (dynamic_.count(name) && !Lookup(name))
    ir::ThrowUser(span, "cannot assign to the dynamic dimension '" + std::string(name) + "'");
}

ir::VarPtr NameBinding::BindNew(std::string_view name, Span span, const TypePtr& type) {
  // A variable's type is printed as its annotation, and pl.Tuple[...] annotations do not nest:
  // a nested tuple variable would print a program that does not read back.
  if (const auto* tuple = type ? type->As<ir::TupleType>() : nullptr)
    for (const TypePtr& e : tuple->elements)
      if (e && e->kind == ir::TypeKind::Tuple)
        ir::ThrowUser(span,
                      "'" + std::string(name) + "' would hold a nested tuple " + TypeText(type) +
                          "; nested tuple types are not supported",
                      {{{}, "bind the elements to separate variables instead of one tuple"}});
  VarPtr v = ir::MakeVar(std::string(name), type, span);
  scopes_.back().names[name] = Binding{v, false};
  return v;
}

ir::VarPtr NameBinding::DefineTarget(std::string_view name, Span span, const TypePtr& type) {
  CheckTargetName(name, span);
  size_t idx = 0;
  const Binding* b = Lookup(name, &idx);
  if (b && strict_ssa_)
    throw ir::UserError(
        span, "'" + std::string(name) + "' is bound a second time in a strict_ssa function",
        {{{}, "give the new value a new name, or drop strict_ssa=True"}},
        ir::UserErrorKind::SSAViolation);
  const bool current = b && idx + 1 == scopes_.size();
  const bool rebinding_outer =
      b && ((current && b->outer_alias) || (!current && idx + 1 < scopes_.size()));
  if (!rebinding_outer) return BindNew(name, span, type);
  // A body rebinding a name of an enclosing scope: a second definition of the outer variable,
  // turned into a loop carry or a branch merge by convert-to-ssa.
  VarPtr outer = b->var;
  if (!TypesAgree(outer->type, type) || !TypesAgree(type, outer->type))
    ir::ThrowUser(span,
                  "rebinding '" + std::string(name) +
                      "' inside a loop or if body changes its type from " + TypeText(outer->type) +
                      " to " + TypeText(type) +
                      "; use a new name, or carry it explicitly with init_values and pl.yield_",
                  {{{},
                    "use a new name for the new value, or carry it explicitly with init_values and "
                    "pl.yield_"}});
  scopes_.back().names[name] = Binding{outer, true};
  return outer;
}

std::vector<std::string> NameBinding::Visible() const {
  std::vector<std::string> visible;
  for (const Scope& sc : scopes_)
    for (const auto& kv : sc.names) visible.emplace_back(kv.first);
  for (const auto& kv : dynamic_) visible.emplace_back(kv.first);
  return visible;
}

void NameBinding::DeclareDynamic(std::string_view name, ir::Span span) {
  if (dynamic_.count(name))
    ir::ThrowUser(span, "dynamic dimension '" + std::string(name) + "' is declared twice",
                  {{{}, "remove the second declaration"}});
  dynamic_.emplace(name,
                   ir::MakeVar(std::string(name), ir::MakeScalarType(ir::DataType::INDEX), span));
}

const ir::VarPtr* NameBinding::FindDynamic(std::string_view name) const {
  auto it = dynamic_.find(name);
  return it == dynamic_.end() ? nullptr : &it->second;
}

ir::VarPtr NameBinding::NewDynamic(std::string_view name, ir::Span span) {
  ir::VarPtr v = ir::MakeVar(std::string(name), ir::MakeScalarType(ir::DataType::INDEX), span);
  dynamic_.emplace(name, v);
  return v;
}

}  // namespace tilesplit::dsl::detail
