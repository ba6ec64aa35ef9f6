// normalize-stmt-structure (PyPTO's NormalizeStmtStructure): one canonical nesting of statement
// sequences. A sequence nested directly in another is spliced into it, so two programs that differ
// only in how their statements were grouped compare equal and print alike.
#include <vector>

#include "tilesplit/ir/walk.h"
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

ir::ProgramPtr Run(const ir::ProgramPtr& p) {
  std::vector<ir::FunctionPtr> out;
  for (const ir::FunctionPtr& f : p->functions) {
    StmtPtr body = Normalize(f->body);
    out.push_back(body == f->body ? f : ir::WithBody(*f, body));
  }
  return std::make_shared<ir::Program>(p->name, std::move(out), p->span);
}

Pass NormalizeStmtStructure() {
  return Pass("normalize-stmt-structure", Run, {}, {Property::NormalizedStmtStructure}, {});
}

}  // namespace

TILESPLIT_REGISTER_PASS("normalize-stmt-structure",
                        "Splices every statement sequence nested directly in another into it",
                        NormalizeStmtStructure);

}  // namespace tilesplit::pass
