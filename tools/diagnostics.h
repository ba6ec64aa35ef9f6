// How the command line reports errors: plain text (optionally coloured), JSON, or a SARIF 2.1.0
// log, chosen by --diagnostics-format and --color on any command.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "tilesplit/ir/error.h"

namespace tilesplit::cli {

enum class DiagnosticsFormat { Text, Json, Sarif };
enum class ColorMode { Auto, Always, Never };

struct DiagnosticsSettings {
  DiagnosticsFormat format = DiagnosticsFormat::Text;
  ColorMode color = ColorMode::Auto;
};

// Takes --diagnostics-format and --color (in any of the forms ParseArgs accepts) out of `args`
// (up to a `--`) into `settings`. A bad value is a UsageError naming `command`.
std::vector<std::string> TakeDiagnosticsOptions(const std::string& command,
                                                const std::vector<std::string>& args,
                                                DiagnosticsSettings& settings);

// Collects the diagnostics of one run and writes them to standard error: text at once, JSON and
// SARIF as one document when the run ends (an empty one when nothing went wrong, so that a
// consumer always finds a log).
class DiagnosticsSink {
 public:
  explicit DiagnosticsSink(DiagnosticsSettings settings) : settings_(settings) {}
  void Settings(DiagnosticsSettings settings) { settings_ = settings; }
  void UserError(const ir::UserError& e);
  void InternalError(const ir::InternalError& e);
  // A located warning under `rule`: the command goes on (text: `FILE:LINE:COL: warning: ...`).
  void Warning(const ir::UserError& e, const std::string& rule);
  // A failure with no location and no rule of its own (bad usage, out of memory).
  void Plain(std::string_view rule, std::string_view level, const std::string& message);
  // Writes the JSON or SARIF document (nothing for text).
  void Finish();

 private:
  struct Entry {
    std::string rule, level, message;
    ir::Span span;
    std::vector<ir::Note> notes;
  };
  void Add(Entry e);
  void WriteText(const std::string& text);
  bool Colored() const;

  DiagnosticsSettings settings_;
  std::vector<Entry> entries_;
};

// The diagnostics of the running command (one command per process): main() reports the error
// that ends a command through it, and a command reports its findings through it as it goes (a
// `check` that finds a difference, a deadlock or a fault).
DiagnosticsSink& Sink();

// Text with ANSI colours on the markers of rendered diagnostics: `error:` red, `note:` cyan,
// locations bold, carets green.
std::string Colorize(const std::string& rendered);
// JSON string literal (with quotes) of `s`.
std::string JsonString(std::string_view s);

}  // namespace tilesplit::cli
