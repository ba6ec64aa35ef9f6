// The lane facts of a lowered function, for the code above the module
// (tilesplit/transforms/lane_facts.h): LaneFacts asked per variable.
#include "lane_facts.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ops/split_code.h"
#include "tilesplit/transforms/lane_facts.h"

namespace tilesplit::vector_split {
namespace {

// The definitions of a function in program order, each with the region it stands in.
class Definitions : public ir::IRVisitor {
 public:
  std::vector<std::pair<const ir::Var*, const ir::SplitAivStmt*>> defs;

 protected:
  void VisitVarDef(const ir::VarPtr& v) override { defs.push_back({v.get(), region_}); }
  void VisitSplitAiv(const ir::SplitAivStmt& r) override {
    const ir::SplitAivStmt* outer = region_;
    region_ = &r;
    ir::IRVisitor::VisitSplitAiv(r);
    region_ = outer;
  }

 private:
  const ir::SplitAivStmt* region_ = nullptr;
};

std::unique_ptr<LaneFacts> Walked(const ir::Function& f, const Definitions& d,
                                  const std::function<bool(const ir::Var&)>& halved) {
  if (!halved) return LaneFacts::Compute(f);
  auto facts = std::make_unique<LaneFacts>();
  for (const auto& def : d.defs)
    if (halved(*def.first)) facts->SeedLaneLocal(def.first);
  if (f.body) facts->Walk({f.body});
  return facts;
}

Definitions DefinitionsOf(const ir::Function& f) {
  Definitions d;
  d.VisitFunction(f);
  return d;
}

}  // namespace

FunctionLaneFacts::FunctionLaneFacts(const ir::Function& f,
                                     std::function<bool(const ir::Var&)> halved)
    : f_(f) {
  const Definitions d = DefinitionsOf(f);
  facts_ = Walked(f, d, halved);
  for (const auto& [v, region] : d.defs) {
    if (region) enclosing_[v] = region;
    if (facts_->IsLaneVar(v)) lane_vars_.push_back(v);
  }
}

FunctionLaneFacts::~FunctionLaneFacts() = default;

bool FunctionLaneFacts::IsLaneVar(const ir::Var& v) const {
  return facts_->IsLaneVar(&v);
}

VarLaneFacts FunctionLaneFacts::Of(const ir::VarPtr& v) const {
  VarLaneFacts out;
  out.lane_local = facts_->IsLaneLocal(v);
  out.may_differ = facts_->MayDiffer(v);
  out.lane_var = facts_->IsLaneVar(v.get());
  out.origin = facts_->RegionOrigin(v);
  if (auto it = enclosing_.find(v.get()); it != enclosing_.end()) out.enclosing = it->second;
  if (out.lane_local) {
    const ir::SplitAivStmt* r = out.origin ? out.origin : out.enclosing;
    if (std::optional<ir::SplitMode> m = r ? r->mode : f_.split_mode())
      out.axis = ops::SplitAxisOfMode(*m);
  }
  if (const ir::TileType* t = ir::AsTileType(v->type)) {
    out.box = t->shape;
    out.valid = t->valid();
  }
  return out;
}

}  // namespace tilesplit::vector_split
