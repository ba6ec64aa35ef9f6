// The property catalogue (properties.h).
#include "tilesplit/pass/properties.h"

namespace tilesplit::pass {

// In PyPTO's order (its IRProperty enumeration is this list, python/pypto/passes.py), then ours.
const std::vector<PropertyInfo>& KnownProperties() {
  static const std::vector<PropertyInfo> kProperties = {
      {"SSAForm", "every variable is defined exactly once",
       "produced by construction: the parser converts to SSA (dsl::ParseOptions) and "
       "convert-to-ssa rewrites what it did not; no pass breaks it, and the round-trip check "
       "(--verify-roundtrip) re-parses every pass's output"},
      {"IncoreTileOps", "InCore functions compute with tile operators only",
       "no verifier yet: assumed of the input, as the spec's pipeline assumes it; a program that "
       "breaks it fails later at the operator the split or the simulator does not know"},
      {"SplitIncoreOrch",
       "orchestration code and InCore kernels live in separate functions (no CORE_GROUP scope "
       "left in an Opaque or Orchestration function)",
       ""},
      {"TileOps2D", "tile operators work on tiles of rank two or less",
       "no verifier yet: assumed of the input (the split tracks row and column axes only, "
       "docs/spec-coverage.md)"},
      {"TileMemoryInferred",
       "every op call reads its tiles from the memory spaces the op accepts and copies only "
       "along declared data paths",
       ""},
      {"NormalizedStmtStructure", "no statement sequence is nested directly in another",
       "a postcondition of normalize-stmt-structure that no pass requires; equality and the "
       "printer do not depend on it"},
      {"InlineFunctionsEliminated",
       "no Inline function is left in the program (so no call of one either)", ""},
      {"AivSplitValid",
       "pl.split_aiv regions as authored obey checks (a)-(j) (docs/split-checks.md)", ""},
      {"AivSplitLoweredValid",
       "the same region checks hold after LowerAutoVectorSplit, on the flat lowered form", ""},
      {"MixedKernelExpanded",
       "each mixed InCore function is split into its cube (AIC) and vector (AIV) kernels joined "
       "by pipes",
       "a postcondition of expand-mixed-kernel that no later pass requires; `check` proves the "
       "expanded program equal to the reference on the simulator instead"},
      {"HardSyncallOccupancyValid",
       "every hard system.syncall runs with all cores of its core_type present",
       "holds of every program tilesplit runs: the simulator runs one core group whose cores "
       "are all present, and a barrier some core never reaches is reported there as a deadlock "
       "(docs/simulator.md, Barriers)"},
      {"CallsValid", "function calls name functions of the program with matching signatures", ""},
      {"AivDispatchStamped",
       "the AIV kernel of a split_aiv kernel carries its split mode and dual_aiv_dispatch",
       "a postcondition of split-vector-kernel that no later pass requires; the core-group "
       "simulator reads them to decide how many lanes run the kernel"},
  };
  return kProperties;
}

const PropertyInfo* FindProperty(std::string_view name) {
  for (const PropertyInfo& p : KnownProperties())
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace tilesplit::pass
