// convert-tensor-to-tile-ops: one store path per GM tensor (store_paths.h).
#include "store_paths.h"

#include <map>

#include "tile_builders.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::pass::to_tile {

using ir::ExprPtr;
using ir::StmtPtr;

void RequireOneStorePath(const std::string& kernel, const StmtPtr& body, const RootOf& root) {
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
        if (const ir::Var* p = root(c->args[0])) scalar.emplace(p, c->span);
      return;
    }
    const auto& w = ops::Def(*c).gm_window();
    if (w && w->access == ops::GmWindow::Access::Write && w->tensor < c->args.size())
      if (const ir::Var* p = root(c->args[w->tensor])) dma.emplace(p, c->span);
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
