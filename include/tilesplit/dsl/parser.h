// The DSL front end: text -> IR (dsl.md). Every expression is typed through the op registry.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "tilesplit/ir/function.h"

namespace tilesplit::dsl {

struct ParseOptions {
  // Run convert-to-ssa on the parsed program (the default: what is printed is always SSA).
  bool convert_to_ssa = true;
  // NAME -> VALUE (the CLI's -D NAME=VALUE): replaces the value of module constant NAME, so a
  // program written for a large model runs at a test size. A NAME the file does not define, or a
  // VALUE that is not a number, is a UserError.
  std::map<std::string, std::string> defines;
  // Builds calls whose operands break their op's memory contract (ops.md 1.1) without complaint,
  // as PyPTO's front end does: the program is one before infer-tile-memory-space, which places
  // the tiles and inserts the moves, and the TileMemoryInferred verifier reports what is still
  // broken, located, at the first pass that requires it. The Python front end (@pl.program,
  // pl.parse_program) sets it; the CLI enforces the contract.
  bool defer_memory_contract = false;
};

// Parses `text`, registering it under `filename` for diagnostics. Throws ir::UserError.
ir::ProgramPtr Parse(std::string_view text, const std::string& filename,
                     const ParseOptions& options = {});
// Reads and parses a file ("-" = standard input). A missing file is a UserError.
ir::ProgramPtr ParseFile(const std::string& path, const ParseOptions& options = {});

}  // namespace tilesplit::dsl
