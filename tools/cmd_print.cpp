// `tilesplit print FILE [-o OUT]`: parse (which type-checks every expression through the op
// registry and converts to SSA) and print the canonical text.
#include <iostream>

#include "cli.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"

namespace tilesplit::cli {

void HelpPrint(std::ostream& out) {
  out << "usage: tilesplit print FILE [-o OUT]\n"
         "\n"
         "Parses and checks FILE ('-' reads standard input) and prints its canonical text.\n"
         "\n"
         "options:\n"
         "  -o, --output OUT  write to OUT instead of standard output (not written on error)\n"
         "  -h, --help        show this help\n";
}

int RunPrint(const std::vector<std::string>& args) {
  ParsedArgs a = ParseArgs("print", args, {{"output", 'o', true}});
  if (a.help) {
    HelpPrint(std::cout);
    return kExitOk;
  }
  if (a.positional.size() != 1)
    throw UsageError("print", a.positional.empty() ? "missing input FILE" : "expected one FILE");
  ir::ProgramPtr program = dsl::ParseFile(a.positional[0]);
  WriteOutputStreamed(a.Value("output"),
                      [&](const OutputSink& sink) { dsl::Print(program, sink); });
  return kExitOk;
}

}  // namespace tilesplit::cli
