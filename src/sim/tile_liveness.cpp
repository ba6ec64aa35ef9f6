// Last uses of tile variables (tile_liveness.h).
#include "tile_liveness.h"

#include "tilesplit/ir/visitor.h"

namespace tilesplit::sim {

namespace {

// Counts definitions and uses (each occurrence) of variables.
class Counter : public ir::IRVisitor {
 public:
  std::unordered_map<const ir::Var*, int>* defs = nullptr;
  std::unordered_map<const ir::Var*, int>& uses;
  explicit Counter(std::unordered_map<const ir::Var*, int>& u) : uses(u) {}

 protected:
  void VisitVar(const ir::VarPtr& v) override {
    if (v) ++uses[v.get()];
  }
  void VisitVarDef(const ir::VarPtr& v) override {
    if (v && defs) ++(*defs)[v.get()];
    IRVisitor::VisitVarDef(v);
  }
};

}  // namespace

TileLiveness::TileLiveness(const ir::StmtPtr& body) {
  Counter c(uses_);
  c.defs = &defs_;
  c.VisitStmt(body);
}

const std::vector<std::vector<const ir::Var*>>& TileLiveness::DropsAfter(const ir::SeqStmts& seq) {
  auto [it, fresh] = drops_.try_emplace(&seq);
  if (!fresh) return it->second;
  const size_t n = seq.stmts.size();
  std::vector<std::unordered_map<const ir::Var*, int>> uses(n);
  std::unordered_map<const ir::Var*, int> in_seq;
  std::unordered_map<const ir::Var*, size_t> last;
  for (size_t i = 0; i < n; ++i) {
    Counter c(uses[i]);
    c.VisitStmt(seq.stmts[i]);
    for (const auto& [v, k] : uses[i]) {
      in_seq[v] += k;
      last[v] = i;
    }
  }
  std::vector<std::vector<const ir::Var*>> drops(n);
  for (size_t i = 0; i < n; ++i) {
    const auto* a = seq.stmts[i]->As<ir::AssignStmt>();
    if (!a || !a->var || !a->var->type || !a->var->type->As<ir::TileType>()) continue;
    const ir::Var* v = a->var.get();
    auto d = defs_.find(v);
    if (d == defs_.end() || d->second != 1) continue;
    auto u = uses_.find(v);
    const int total = u == uses_.end() ? 0 : u->second;
    auto s = in_seq.find(v);
    if ((s == in_seq.end() ? 0 : s->second) != total) continue;
    auto l = last.find(v);
    drops[l == last.end() || l->second < i ? i : l->second].push_back(v);
  }
  it->second = std::move(drops);
  return it->second;
}

}  // namespace tilesplit::sim
