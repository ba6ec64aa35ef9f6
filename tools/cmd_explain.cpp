// `tilesplit explain FILE [--func NAME] [--html OUT.html] [--json] [--scalar NAME=V]...`: what
// lower-auto-vector-split decided about a kernel, and why (tools/explain.h).
#include <iostream>

#include "cli.h"
#include "explain.h"
#include "pass_cli.h"

namespace tilesplit::cli {

namespace {

int Run(const ParsedArgs& a) {
  if (a.positional.size() != 1)
    throw UsageError("explain", a.positional.empty() ? "missing input FILE" : "expected one FILE");
  explain::Options o;
  o.func = a.Value("func");
  o.defines = Defines("explain", a);
  if (const std::string v = a.Value("split-extensions"); !v.empty()) {
    if (v != "on" && v != "off")
      throw UsageError("explain", "--split-extensions takes on or off, not '" + v + "'");
    o.split_extensions = v == "on";
  }
  if (auto it = a.values.find("scalar"); it != a.values.end())
    for (const std::string& kv : it->second) {
      const size_t eq = kv.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == kv.size())
        throw UsageError("explain", "--scalar needs NAME=VALUE, got '" + kv + "'");
      const std::string v = kv.substr(eq + 1);
      size_t used = 0;
      int64_t n = 0;
      try {
        n = std::stoll(v, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != v.size())
        throw UsageError("explain", "--scalar " + kv + ": VALUE must be an integer");
      o.scalars[kv.substr(0, eq)] = n;
    }
  const explain::Explanation e = explain::Explain(a.positional[0], o);
  const std::string html = a.Value("html");
  // The page goes to OUT.html, or alone to standard output for '--html -'.
  if (!html.empty()) WriteOutput(html, explain::RenderHtml(e));
  if (html == "-") return kExitOk;
  WriteOutput("", a.Flag("json") ? explain::RenderJson(e) : explain::RenderText(e));
  return kExitOk;
}

std::vector<OptionSpec> Options() {
  return {
      {"func", 0, true, "NAME",
       "only this function (and the functions outlined from it), or\nan outlined kernel by its "
       "name (its scope's name_hint)"},
      {"json", 0, false, {}, "print the facts as one JSON object instead of text"},
      {"html", 0, true, "OUT.html",
       "also write one self-contained page (no network; '-': only\nthe page, on standard "
       "output): the source beside an SVG\npicture per crossing and per store, each lane's band\n"
       "coloured; hovering a value shows its facts",
       Completion::File},
      {"scalar", 0, true, "NAME=V",
       "evaluate extents with the scalar parameter or dynamic\ndimension NAME set to the integer V "
       "(repeatable)"},
      SplitExtensionsOption(),
      DefineOption(),
  };
}

}  // namespace

const CommandSpec* ExplainCommand() {
  static const CommandSpec spec{
      "tilesplit explain FILE [--func NAME] [--json] [--html OUT.html]\n"
      "                        [--scalar NAME=VALUE]... [-D NAME=VALUE]...\n"
      "                        [--split-extensions on|off]",
      "Lowers FILE as 'check' does (default-pipeline: a tensor-level program is\n"
      "converted to tile ops first; then lower-auto-vector-split, and expand-mixed-kernel\n"
      "for the ring depth and each statement's core) and reports what it decided:\n"
      "  - per function: split or not, by which path (AUTO flat, AUTO region, explicit\n"
      "    regions, untouched, rejected) and why;\n"
      "  - per value: lane-local or shared, its split axis, each lane's box and valid\n"
      "    extent as expressions of the lane index and as numbers;\n"
      "  - per crossing: shard or gather, split code (0-4), lane stride, the band each\n"
      "    lane pops or pushes;\n"
      "  - per store: the rows and columns each lane (or the AIC) writes;\n"
      "  - per rejection: the statement, the rule and the suggested fix;\n"
      "  - per tensor op of the source: the tile ops it became (loads, the op, moves,\n"
      "    crossings, the store), each with its memory space, its core and how the\n"
      "    split treated it;\n"
      "  - the passes' remarks (see 'tilesplit opt --remarks').\n"
      "A rejected function does not stop the others. Exit 0 when the report was written,\n"
      "even if it reports a rejection; 1 when FILE does not parse.\n",
      Options(),
      "",
      Completion::File,
      Run};
  return &spec;
}

}  // namespace tilesplit::cli
