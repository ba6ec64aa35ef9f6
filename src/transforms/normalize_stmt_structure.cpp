// normalize-stmt-structure (PyPTO's NormalizeStmtStructure): one canonical nesting of statement
// sequences. A sequence nested directly in another is spliced into it, so two programs that differ
// only in how their statements were grouped compare equal and print alike.
#include <vector>

#include "tilesplit/ir/walk.h"
#include "tilesplit/pass/function_pass.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::pass {
namespace {

using ir::StmtPtr;

StmtPtr Normalize(const StmtPtr& s) {
  if (!s) return s;
  if (s->kind != ir::StmtKind::Seq) return ir::MapChildren(s, ir::kWalkAll, Normalize);
  std::vector<StmtPtr> out;
  for (const StmtPtr& c : ir::FlattenStmts(s)) out.push_back(Normalize(c));
  return ir::WithStmts(s, std::move(out));
}

ir::FunctionPtr NormalizeFunction(const ir::FunctionPtr& f) {
  StmtPtr body = Normalize(f->body);
  return body == f->body ? f : ir::WithBody(*f, body);
}

Pass NormalizeStmtStructure() {
  return FunctionPass("normalize-stmt-structure", NormalizeFunction, {},
                      {Property::NormalizedStmtStructure});
}

}  // namespace

TILESPLIT_REGISTER_PASS("normalize-stmt-structure",
                        "Splices every statement sequence nested directly in another into it",
                        NormalizeStmtStructure);

}  // namespace tilesplit::pass
