// Operators only the hardware runs (OpDef::hardware_only: PyPTO's communication between ranks).
// The simulator runs one core group of one rank, so a program calling one has no meaning there:
// `run`, `check`, pypto.runtime.run and @pl.jit refuse it before running anything, located at
// the first such call, rather than run it as a no-op.
#pragma once

#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/function.h"

namespace tilesplit::ops {

// The first call of a hardware-only operator in `p`'s functions, in program order (functions in
// order, statements pre-order); null when there is none.
const ir::Call* FirstHardwareOnlyCall(const ir::Program& p);

// A UserError at the call: what it is, that only the hardware runs it, and the fix.
[[noreturn]] void RefuseHardwareOnly(const ir::Call& call);

// RefuseHardwareOnly at the first hardware-only call of `p`, if any.
void RequireSimulatable(const ir::Program& p);

}  // namespace tilesplit::ops
