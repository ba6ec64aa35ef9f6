// --help from a command's option table, and the table-driven dispatch of a command.
#include <algorithm>
#include <iostream>

#include "cli.h"

#ifndef TILESPLIT_VERSION
#define TILESPLIT_VERSION "0.0.0"
#endif

namespace tilesplit::cli {

std::string_view Version() {
  return TILESPLIT_VERSION;
}

const std::vector<OptionSpec>& CommonOptions() {
  static const std::vector<OptionSpec> options = {
      {"diagnostics-format", 0, true, "FMT",
       "how errors are reported on standard error: text (default),\njson or sarif (a SARIF "
       "2.1.0 log, also when there is no error)",
       Completion::Choices, "text json sarif"},
      {"color", 0, true, "WHEN",
       "colour text diagnostics: auto (default: only on a terminal,\nnot with NO_COLOR), always "
       "or never",
       Completion::Choices, "auto always never"},
  };
  return options;
}

namespace {

std::string OptionLabel(const OptionSpec& o) {
  std::string label = o.short_name ? std::string("-") + o.short_name + ", " : std::string();
  label += "--" + std::string(o.long_name);
  if (o.takes_value) label += " " + std::string(o.value_name.empty() ? "VALUE" : o.value_name);
  return label;
}

void PrintOptions(std::ostream& out, const std::vector<const OptionSpec*>& options) {
  size_t width = 0;
  for (const OptionSpec* o : options) width = std::max(width, OptionLabel(*o).size());
  width = std::min<size_t>(width, 22);
  for (const OptionSpec* o : options) {
    const std::string label = OptionLabel(*o);
    out << "  " << label;
    size_t start = 0;
    bool first = true;
    do {
      size_t nl = o->help.find('\n', start);
      const std::string line = o->help.substr(start, nl == std::string::npos ? nl : nl - start);
      if (first && label.size() <= width) {
        out << std::string(width - label.size() + 2, ' ') << line << "\n";
      } else {
        if (first) out << "\n";
        out << std::string(width + 4, ' ') << line << "\n";
      }
      first = false;
      start = nl == std::string::npos ? nl : nl + 1;
    } while (start != std::string::npos);
  }
}

}  // namespace

void PrintCommandHelp(std::ostream& out, std::string_view name, const CommandSpec& spec) {
  std::string_view usage = spec.usage;
  bool first = true;
  while (!usage.empty()) {
    const size_t nl = usage.find('\n');
    out << (first ? "usage: " : "       ") << usage.substr(0, nl) << "\n";
    first = false;
    usage = nl == std::string_view::npos ? std::string_view() : usage.substr(nl + 1);
  }
  (void)name;
  if (!spec.description.empty()) out << "\n" << spec.description;
  std::vector<const OptionSpec*> options;
  for (const OptionSpec& o : spec.options) options.push_back(&o);
  for (const OptionSpec& o : CommonOptions()) options.push_back(&o);
  static const OptionSpec help{"help", 'h', false, {}, "show this help"};
  options.push_back(&help);
  out << "\noptions:\n";
  PrintOptions(out, options);
  if (!spec.epilog.empty()) out << "\n" << spec.epilog;
}

int RunCommand(std::string_view name, const CommandSpec& spec,
               const std::vector<std::string>& args) {
  const std::string command(name);
  ParsedArgs parsed = ParseArgs(command, args, spec.options);
  if (parsed.help) {
    PrintCommandHelp(std::cout, name, spec);
    return kExitOk;
  }
  return spec.run(parsed);
}

}  // namespace tilesplit::cli
