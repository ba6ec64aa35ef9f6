// `tilesplit ops [--markdown] [-o OUT]`: the operator registry, as a name list or as the
// docs/operators.md table.
#include <iostream>

#include "cli.h"
#include "tilesplit/analysis/operator_table.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::cli {

void HelpOps(std::ostream& out) {
  out << "usage: tilesplit ops [--markdown] [-o OUT]\n"
         "\n"
         "Lists the registered operators, one per line with its result rule. With --markdown,\n"
         "prints the operator table committed as docs/operators.md.\n"
         "\n"
         "options:\n"
         "  --markdown        print the markdown table (one row per op)\n"
         "  -o, --output OUT  write to OUT instead of standard output\n"
         "  -h, --help        show this help\n";
}

int RunOps(const std::vector<std::string>& args) {
  ParsedArgs a = ParseArgs("ops", args, {{"markdown", 0, false}, {"output", 'o', true}});
  if (a.help) {
    HelpOps(std::cout);
    return kExitOk;
  }
  if (!a.positional.empty()) throw UsageError("ops", "takes no FILE argument");
  std::string text;
  if (a.Flag("markdown")) {
    text = analysis::OperatorTableMarkdown();
  } else {
    for (const ops::OpDef* op : ops::OpRegistry::Global().All())
      text += op->name() + "  " + op->documentation() + "\n";
  }
  WriteOutput(a.Value("output"), text);
  return kExitOk;
}

}  // namespace tilesplit::cli
