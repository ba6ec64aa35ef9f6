// The function-level pass adaptor (function_pass.h).
#include "tilesplit/pass/function_pass.h"

#include <memory>
#include <utility>

#include "tilesplit/ir/error.h"

namespace tilesplit::pass {

ir::ProgramPtr MapFunctions(const ir::ProgramPtr& p, const FunctionRewrite& rewrite) {
  if (!p) ir::ThrowInternal(ir::Span{}, "MapFunctions: no program");
  std::vector<ir::FunctionPtr> out;
  out.reserve(p->functions.size());
  bool changed = false;
  for (const ir::FunctionPtr& f : p->functions) {
    if (!f) {
      out.push_back(f);
      continue;
    }
    ir::FunctionPtr g = rewrite(f);
    if (!g) ir::ThrowInternal(f->span, "a function rewrite returned nothing for '" + f->name + "'");
    changed = changed || g != f;
    out.push_back(std::move(g));
  }
  if (!changed) return p;
  return std::make_shared<ir::Program>(p->name, std::move(out), p->span);
}

Pass FunctionPass(std::string name, FunctionRewrite rewrite, std::vector<Property> required,
                  std::vector<Property> produced, std::vector<Property> invalidated) {
  return Pass(
      std::move(name),
      [rewrite = std::move(rewrite)](const ir::ProgramPtr& p) { return MapFunctions(p, rewrite); },
      std::move(required), std::move(produced), std::move(invalidated));
}

}  // namespace tilesplit::pass
