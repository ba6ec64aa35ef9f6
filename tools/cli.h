// Shared pieces of the tilesplit command line: exit codes, the option scanner every subcommand
// uses, input/output helpers and the subcommand table.
#pragma once

#include <cstdint>
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

// How bash completion (`tilesplit completion bash`) completes an option's value or a
// positional word.
enum class Completion : uint8_t { None, File, Dir, Choices, Pass };

// One option of a command. The same table parses the command line, writes the options section
// of the command's --help and drives shell completion, so the three cannot disagree.
struct OptionSpec {
  std::string_view long_name;  // without the dashes: "output"
  char short_name = 0;         // 'o', or 0 for none
  bool takes_value = false;
  std::string_view value_name = {};  // shown in --help: "OUT"
  std::string help = {};             // '\n' starts an indented continuation line
  Completion complete = Completion::None;
  std::string_view choices = {};  // Completion::Choices: the words, separated by spaces
  // A flag that may carry a value given inline (`--remarks` or `--remarks=missed`): the flag is
  // set, and the inline value, if any, is recorded as a value.
  bool optional_value = false;
};

struct ParsedArgs {
  std::vector<std::string> positional;  // "-" (standard input) counts as positional
  std::map<std::string, std::vector<std::string>, std::less<>> values;  // by long name
  std::map<std::string, bool, std::less<>> flags;                       // by long name
  bool help = false;                                                    // -h / --help seen

  bool Flag(std::string_view name) const { return flags.count(name) > 0; }
  // The last value given for `name`, or empty.
  std::string Value(std::string_view name) const;
  // Every value given for `name`, in order.
  std::vector<std::string> Values(std::string_view name) const;
};

// Scans `args` (the words after the subcommand) against `specs`. Accepts `--name`, `--name=v`,
// `--name v`, `-x v`, `-xv` and `--` (everything after it is positional). Unknown options and
// missing values are UsageErrors naming `command`.
ParsedArgs ParseArgs(const std::string& command, const std::vector<std::string>& args,
                     const std::vector<OptionSpec>& specs);

// Typed option values, shared by every command: a malformed value is a UsageError naming the
// command and the option (`option` without the dashes).
// -D NAME=VALUE, the option of every command that reads a program written with module constants,
// and what it gives the parser (a malformed NAME=VALUE is a UsageError naming `command`).
OptionSpec DefineOption();
std::map<std::string, std::string> Defines(const std::string& command, const ParsedArgs& a);

uint64_t UnsignedValue(const std::string& command, std::string_view option,
                       const std::string& text);
int64_t IntegerIn(const std::string& command, std::string_view option, const std::string& text,
                  int64_t lo, int64_t hi);
double SecondsValue(const std::string& command, std::string_view option, const std::string& text);

// Writes `text` to standard output when `path` is empty or "-", else to `path` through a
// temporary file in the same directory renamed into place, so a failure never leaves a partial
// or stale output behind. A failure to write is a UserError.
void WriteOutput(const std::string& path, const std::string& text);
// The same for text produced in chunks: `produce` hands each chunk to the sink it is given.
using OutputSink = std::function<void(std::string_view)>;
using OutputProducer = std::function<void(const OutputSink&)>;
void WriteOutputStreamed(const std::string& path, const OutputProducer& produce);

// A command described by its option table: the dispatcher parses the arguments against
// `options` plus the options every command takes (CommonOptions), answers --help from the
// same table, and calls `run` with the result.
struct CommandSpec {
  std::string_view usage;  // the usage lines after "usage: ", '\n'-separated
  std::string description;
  std::vector<OptionSpec> options;
  std::string epilog;  // after the options: exit codes, notes
  Completion positional = Completion::File;
  int (*run)(const ParsedArgs& args) = nullptr;
  std::string_view positional_choices = {};  // Completion::Choices: the words
};

struct Subcommand {
  std::string_view name;
  std::string_view summary;
  // A command without a CommandSpec parses its own arguments and prints its own help.
  int (*run)(const std::vector<std::string>& args) = nullptr;
  void (*help)(std::ostream& out) = nullptr;
  const CommandSpec* (*spec)() = nullptr;
};

// The options every command accepts (--diagnostics-format, --color). The dispatcher takes them
// out of the arguments before a command sees them.
const std::vector<OptionSpec>& CommonOptions();
// The --help text of a command from its table.
void PrintCommandHelp(std::ostream& out, std::string_view name, const CommandSpec& spec);
// Runs a table-driven command: parse, --help, run.
int RunCommand(std::string_view name, const CommandSpec& spec,
               const std::vector<std::string>& args);

// The tool's version (the CMake project version).
std::string_view Version();

// The subcommands, in the order `tilesplit --help` lists them.
const std::vector<Subcommand>& Subcommands();

const CommandSpec* PrintCommand();
const CommandSpec* OptCommand();
const CommandSpec* EqualCommand();
const CommandSpec* OpsCommand();
const CommandSpec* FuzzCommand();
const CommandSpec* CompletionCommand();
const CommandSpec* ExplainCommand();

}  // namespace tilesplit::cli
