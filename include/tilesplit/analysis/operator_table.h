// The operator reference table (docs/operators.md), generated from the registry so that the
// documentation cannot drift from the definitions.
#pragma once

#include <string>

namespace tilesplit::analysis {

// The whole markdown document: a short preamble and one table row per registered op.
std::string OperatorTableMarkdown();

}  // namespace tilesplit::analysis
