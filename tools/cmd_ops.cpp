// `tilesplit ops [--markdown] [-o OUT]`: the operator registry, as a name list or as the
// docs/operators.md table.
#include <iostream>

#include "cli.h"
#include "tilesplit/analysis/operator_table.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::cli {

namespace {

int Run(const ParsedArgs& a) {
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

}  // namespace

const CommandSpec* OpsCommand() {
  static const CommandSpec spec{
      "tilesplit ops [--markdown] [-o OUT]",
      "Lists the registered operators, one per line with its result rule. With --markdown,\n"
      "prints the operator table committed as docs/operators.md.\n",
      {{"markdown", 0, false, {}, "print the markdown table (one row per op)"},
       {"output", 'o', true, "OUT", "write to OUT instead of standard output", Completion::File}},
      "",
      Completion::None,
      Run};
  return &spec;
}

}  // namespace tilesplit::cli
