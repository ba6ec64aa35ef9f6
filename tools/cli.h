// Shared pieces of the tilesplit command line: exit codes, the option scanner every subcommand
// uses, input/output helpers and the subcommand table.
#pragma once

#include <functional>
#include <iosfwd>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tilesplit::cli {

// The contract scripts rely on.
enum ExitCode : int {
  kExitOk = 0,        // success; `equal`: the programs are equal
  kExitFailure = 1,   // a user error in the input; `equal`: the programs differ
  kExitUsage = 2,     // a malformed command line
  kExitInternal = 3,  // a compiler bug (InternalError) or any unexpected failure
};

// A malformed command line. main() prints it with a pointer to the subcommand's --help.
class UsageError : public std::runtime_error {
 public:
  UsageError(std::string command, const std::string& message)
      : std::runtime_error(message), command_(std::move(command)) {}
  const std::string& command() const { return command_; }

 private:
  std::string command_;
};

struct OptionSpec {
  std::string_view long_name;  // without the dashes: "output"
  char short_name;             // 'o', or 0 for none
  bool takes_value;
};

struct ParsedArgs {
  std::vector<std::string> positional;  // "-" (standard input) counts as positional
  std::map<std::string, std::vector<std::string>, std::less<>> values;  // by long name
  std::map<std::string, bool, std::less<>> flags;                       // by long name
  bool help = false;                                                    // -h / --help seen

  bool Flag(std::string_view name) const { return flags.count(name) > 0; }
  // The last value given for `name`, or empty.
  std::string Value(std::string_view name) const;
};

// Scans `args` (the words after the subcommand) against `specs`. Accepts `--name`, `--name=v`,
// `--name v`, `-x v`, `-xv` and `--` (everything after it is positional). Unknown options and
// missing values are UsageErrors naming `command`.
ParsedArgs ParseArgs(const std::string& command, const std::vector<std::string>& args,
                     const std::vector<OptionSpec>& specs);

// Writes `text` to standard output when `path` is empty or "-", else to `path` through a
// temporary file in the same directory renamed into place, so a failure never leaves a partial
// or stale output behind. A failure to write is a UserError.
void WriteOutput(const std::string& path, const std::string& text);
// The same for text produced in chunks: `produce` hands each chunk to the sink it is given.
using OutputSink = std::function<void(std::string_view)>;
using OutputProducer = std::function<void(const OutputSink&)>;
void WriteOutputStreamed(const std::string& path, const OutputProducer& produce);

struct Subcommand {
  std::string_view name;
  std::string_view summary;
  int (*run)(const std::vector<std::string>& args);
  void (*help)(std::ostream& out);
};

// The subcommands, in the order `tilesplit --help` lists them.
const std::vector<Subcommand>& Subcommands();

int RunPrint(const std::vector<std::string>& args);
void HelpPrint(std::ostream& out);
int RunOpt(const std::vector<std::string>& args);
void HelpOpt(std::ostream& out);
int RunEqual(const std::vector<std::string>& args);
void HelpEqual(std::ostream& out);
int RunOps(const std::vector<std::string>& args);
void HelpOps(std::ostream& out);
int RunFuzz(const std::vector<std::string>& args);
void HelpFuzz(std::ostream& out);
int RunExplain(const std::vector<std::string>& args);
void HelpExplain(std::ostream& out);

}  // namespace tilesplit::cli
