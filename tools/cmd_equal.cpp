// `tilesplit equal A B [--names]`: structural equality (dsl.md 11) of two kernels.
#include <iostream>

#include "cli.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/structural_equal.h"

namespace tilesplit::cli {

namespace {

int Run(const ParsedArgs& a) {
  if (a.positional.size() != 2) throw UsageError("equal", "expected two files A and B");
  if (a.positional[0] == "-" && a.positional[1] == "-")
    throw UsageError("equal", "only one of A and B can be standard input");
  ir::ProgramPtr lhs = dsl::ParseFile(a.positional[0]);
  ir::ProgramPtr rhs = dsl::ParseFile(a.positional[1]);
  dsl::EqualOptions options;
  options.compare_name_hints = a.Flag("names");
  dsl::EqualResult r = dsl::StructuralEqual(lhs, rhs, options);
  if (r) {
    std::cout << "equal\n";
    return kExitOk;
  }
  std::string report = r.Describe();
  std::cout << "not equal\n" << report;
  if (report.empty() || report.back() != '\n') std::cout << "\n";
  return kExitFailure;
}

}  // namespace

const CommandSpec* EqualCommand() {
  static const CommandSpec spec{
      "tilesplit equal A B [--names]",
      "Parses A and B (one of them may be '-' for standard input) and compares them\n"
      "structurally: variables up to renaming, kwargs and attributes as unordered maps.\n"
      "Prints 'equal' and exits 0, or prints the first difference and exits 1.\n",
      {{"names", 0, false, {}, "also require equal variable names"}},
      "",
      Completion::File,
      Run};
  return &spec;
}

}  // namespace tilesplit::cli
