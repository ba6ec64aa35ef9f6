// `tilesplit print FILE [-o OUT]`: parse (which type-checks every expression through the op
// registry and converts to SSA) and print the canonical text.
#include <iostream>

#include "cli.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"

namespace tilesplit::cli {

namespace {

int Run(const ParsedArgs& a) {
  if (a.positional.size() != 1)
    throw UsageError("print", a.positional.empty() ? "missing input FILE" : "expected one FILE");
  dsl::ParseOptions options;
  options.defines = Defines("print", a);
  ir::ProgramPtr program = dsl::ParseFile(a.positional[0], options);
  WriteOutputStreamed(a.Value("output"),
                      [&](const OutputSink& sink) { dsl::Print(program, sink); });
  return kExitOk;
}

}  // namespace

const CommandSpec* PrintCommand() {
  static const CommandSpec spec{
      "tilesplit print FILE [-o OUT]",
      "Parses and checks FILE ('-' reads standard input) and prints its canonical text.\n"
      "After an error the parser goes on with the next statement of the function body (or\n"
      "the next function), so independent errors are all reported in one run.\n",
      {{"output", 'o', true, "OUT",
        "write to OUT instead of standard output (not written on\nerror)", Completion::File},
       DefineOption()},
      "",
      Completion::File,
      Run};
  return &spec;
}

}  // namespace tilesplit::cli
