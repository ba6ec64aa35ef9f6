// The TileMemoryInferred property's verifier: every op call reads its tiles from the memory
// spaces the op accepts and copies only along the declared data paths (ops.md 1.1). The parser
// enforces the same contract on text; hand-built IR (PyPTO's builders, `pypto.ir.create_op_call`)
// may break it, and this verifier reports it, located, at the entry of the first pass that
// requires the property — before any pass classifies a call by the spaces of its operands.
#include "tilesplit/ir/error.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::pass {
namespace {

void VerifyTileMemoryInferred(const ir::ProgramPtr& p) {
  for (const ir::FunctionPtr& f : p->functions) {
    try {
      ops::CheckMemoryContracts(f->body);
    } catch (const ir::UserError& e) {
      throw ir::UserError(e.span(), "TileMemoryInferred in '" + f->name + "': " + e.message(),
                          e.notes());
    }
  }
}

}  // namespace

TILESPLIT_REGISTER_VERIFIER(TileMemoryInferred, VerifyTileMemoryInferred);

}  // namespace tilesplit::pass
