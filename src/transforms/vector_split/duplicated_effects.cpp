// A split_aiv function runs its body outside every region on both AIV lanes (spec: "notify ...
// duplicated onto both AIV lanes; documented, not enforced"). For an effect that must happen once
// (a notify: the counter moves by two where the program moves it by one) that is valid but almost
// never meant, so the pass keeps accepting it, as the spec says, and warns at the statement.
#include <set>

#include "regions.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ops/lane.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::vector_split {
namespace {

class DuplicatedEffects : public ir::IRVisitor {
 public:
  explicit DuplicatedEffects(const ir::Function& f) : f_(f) {}

  void VisitStmt(const ir::StmtPtr& s) override {
    if (!s || s->As<ir::SplitAivStmt>()) return;  // a region places its effects itself
    if (const auto* a = s->As<ir::AssignStmt>())
      if (ops::IsLaneIndexCall(a->value) || ReadsLane(a->value)) lane_vars_.insert(a->var.get());
    if (const auto* i = s->As<ir::IfStmt>(); i && ReadsLane(i->cond))
      return;  // a branch on the lane index already says which lane runs it
    if (const ir::Call* c = analysis::TopLevelCall(*s)) {
      const ops::OpDef& d = ops::Def(*c);
      if (d.is_no_duplicate() && !analysis::IsLaneStated(d))
        pass::EmitWarning(
            s->span,
            c->op_name() + " outside every pl.split_aiv region of the split_aiv function '" +
                f_.name + "' runs on both AIV lanes, so it takes effect twice",
            {{{},
              "move it into a pl.split_aiv region (which runs it once), or guard it with the "
              "lane index (if pl.tile.get_subblock_idx() == 0:)"}},
            "split.duplicated-effect");
    }
    ir::IRVisitor::VisitStmt(s);
  }

 private:
  bool ReadsLane(const ir::ExprPtr& e) const {
    return ops::ReadsLaneIndex(e, [this](const ir::Var& v) { return lane_vars_.count(&v) > 0; });
  }

  const ir::Function& f_;
  std::set<const ir::Var*> lane_vars_;
};

}  // namespace

void WarnDuplicatedEffects(const ir::Function& f) {
  if (!f.body) return;
  DuplicatedEffects(f).VisitStmt(f.body);
}

}  // namespace tilesplit::vector_split
