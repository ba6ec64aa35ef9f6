// convert-tensor-to-tile-ops: one store path per GM tensor (store_paths.h).
#include "store_paths.h"

#include <map>
#include <set>
#include <vector>

#include "tile_builders.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::pass::to_tile {

using ir::ExprPtr;
using ir::StmtPtr;

namespace {

using Roots = std::set<const ir::Var*>;

// The parameters a loop carry may stand for: its init's, and in later iterations those of the
// value the body yields in its place (a carry initialised with one tensor and yielded another
// writes the second from the second iteration on). Two rounds reach a carry fed by another.
class CarriedRoots {
 public:
  CarriedRoots(const StmtPtr& body, const RootOf& root) : root_(root) {
    for (int round = 0; round < 2; ++round)
      ir::ForEachStmt(body, ir::kWalkAll, [&](const StmtPtr& s) {
        if (const auto* f = s->As<ir::ForStmt>()) Loop(f->iter_args, f->body, f->return_vars);
        if (const auto* w = s->As<ir::WhileStmt>()) Loop(w->iter_args, w->body, w->return_vars);
      });
  }
  Roots Of(const ExprPtr& e) const {
    Roots out;
    const auto* v = e ? e->As<ir::Var>() : nullptr;
    if (!v) return out;
    if (const ir::Var* r = root_(e)) out.insert(r);
    if (auto it = extra_.find(v); it != extra_.end())
      out.insert(it->second.begin(), it->second.end());
    return out;
  }

 private:
  void Loop(const std::vector<ir::IterArg>& ias, const StmtPtr& body,
            const std::vector<ir::VarPtr>& rvs) {
    const std::vector<StmtPtr> stmts = ir::FlattenStmts(body);
    const auto* y = stmts.empty() ? nullptr : stmts.back()->As<ir::YieldStmt>();
    for (size_t k = 0; k < ias.size(); ++k) {
      Roots r = Of(ias[k].init);
      if (y && k < y->values.size()) {
        const Roots more = Of(y->values[k]);
        r.insert(more.begin(), more.end());
      }
      extra_[ias[k].var.get()].insert(r.begin(), r.end());
      if (k < rvs.size()) extra_[rvs[k].get()].insert(r.begin(), r.end());
    }
  }
  const RootOf& root_;
  std::map<const ir::Var*, Roots> extra_;
};

}  // namespace

void RequireOneStorePath(const std::string& kernel, const StmtPtr& body, const RootOf& root) {
  const CarriedRoots roots(body, root);
  std::map<const ir::Var*, ir::Span> dma, scalar;
  ir::ForEachStmt(body, ir::kWalkAll, [&](const StmtPtr& s) {
    const auto* a = s->As<ir::AssignStmt>();
    const ExprPtr value = a                       ? a->value
                          : s->As<ir::EvalStmt>() ? s->As<ir::EvalStmt>()->expr
                                                  : nullptr;
    const ir::Call* c = AsOpCall(value);
    if (!c) return;
    if (const ops::TileForm* form = ops::TileFormOf(*c)) {
      if (form->kind == ops::TileForm::Kind::Write && !c->args.empty())
        for (const ir::Var* p : roots.Of(c->args[0])) scalar.emplace(p, c->span);
      return;
    }
    const auto& w = ops::Def(*c).gm_window();
    if (w && w->access == ops::GmWindow::Access::Write && w->tensor < c->args.size())
      for (const ir::Var* p : roots.Of(c->args[w->tensor])) dma.emplace(p, c->span);
  });
  for (const auto& [p, at] : scalar) {
    auto d = dma.find(p);
    if (d == dma.end()) continue;
    ir::ThrowUser(
        at,
        "kernel '" + kernel + "' mixes MTE3 and scalar stores to the GM tensor '" + p->name +
            "': this tensor.write goes through the scalar unit's data cache and a tile store "
            "writes the tensor by DMA, and nothing keeps the two coherent or ordered",
        {{d->second, "the tile store into '" + p->name + "'"},
         {{},
          "write '" + p->name +
              "' one way: put the scalar values into the tile that is stored (pl.assemble), "
              "or make the scalar writes in another kernel"}});
  }
}

}  // namespace tilesplit::pass::to_tile
