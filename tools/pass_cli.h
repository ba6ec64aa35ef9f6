// Pass options shared by the commands that run passes (opt, check): the instrumentation
// options and the resolution of pass and pipeline names.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli.h"
#include "tilesplit/pass/instrumentation.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::cli {

// The instrumentation options every command that runs passes takes (opt, check):
// --verify-roundtrip, --remarks[=KINDS], --print-before, --print-after, --print-before-all,
// --print-after-all, --time-passes.
std::vector<OptionSpec> InstrumentOptions();

// The instruments those options ask for; the printed IR, the remarks and the timing table go to
// standard error. Apply() puts them into a pipeline's options; call Finish() once the passes ran
// to print the timing table.
// Shows each warning a pass emits as a located `warning:` diagnostic (text, JSON or SARIF, as
// the command's --diagnostics-format says) and keeps it, so a command can refer to it later
// (check names the warnings of its lowering under a DIFFERENT verdict).
class ShowingWarningSink : public pass::WarningCollector {
 public:
  void Emit(const pass::Warning& w) override;
};

struct PassInstruments {
  std::vector<pass::InstrumentationPtr> instruments;
  std::shared_ptr<ShowingWarningSink> warnings = std::make_shared<ShowingWarningSink>();
  std::shared_ptr<pass::TimePassesInstrumentation> timer;  // null without --time-passes
  std::shared_ptr<pass::RemarkSink> remarks;               // null without --remarks
  bool verify_roundtrip = false;
  void Apply(pass::PipelineOptions& options) const;
  void Finish() const;
};
PassInstruments MakeInstruments(const std::string& command, const ParsedArgs& a);

// --split-extensions=on|off, the split pass's option (pass::SplitOptions) every command that
// runs passes takes (opt, check, run): off restores the spec's refusals.
OptionSpec SplitExtensionsOption();
// Sets the run's pass options `a` gives on `ctx` (a UsageError for a value other than on / off).
void ApplyPassOptions(const std::string& command, const ParsedArgs& a, pass::PassContext& ctx);

// Comma-separated lists of pass or pipeline names, each checked against the registry (an
// unknown name is a UsageError listing the known ones).
std::vector<std::string> PassNames(const std::string& command,
                                   const std::vector<std::string>& lists);

}  // namespace tilesplit::cli
