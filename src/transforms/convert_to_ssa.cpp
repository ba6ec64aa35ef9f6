// The convert-to-ssa pass: a named wrapper around ir::ConvertProgramToSSA, which the parser also
// runs by default.
#include "tilesplit/ir/ssa.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/transforms/passes.h"

namespace tilesplit::pass {

Pass ConvertToSSA() {
  return Pass("convert-to-ssa", &ir::ConvertProgramToSSA, {}, {Property::SSAForm}, {});
}

namespace {

// Registers the pass by name; a registry that already knows it (built-in list) is left alone.
const bool kRegistered = [] {
  PassRegistry& r = PassRegistry::Global();
  if (!r.Find("convert-to-ssa"))
    r.Register({"convert-to-ssa",
                "Give every rebinding its own variable; carry rebinds out of loops and branches "
                "through iter args, yields and return vars",
                &ConvertToSSA});
  return true;
}();

}  // namespace

}  // namespace tilesplit::pass
