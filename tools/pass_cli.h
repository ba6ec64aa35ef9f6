// Pass options shared by the commands that run passes (opt, check): the instrumentation
// options and the resolution of pass and pipeline names.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli.h"
#include "tilesplit/transforms/instrumentation.h"

namespace tilesplit::cli {

// --print-before, --print-after, --print-before-all, --print-after-all, --time-passes.
std::vector<OptionSpec> InstrumentOptions();

// The instruments those options ask for; the printed IR and the timing table go to standard
// error. Call Finish() once the passes ran to print the timing table.
struct PassInstruments {
  std::vector<pass::InstrumentationPtr> instruments;
  std::shared_ptr<pass::TimePassesInstrumentation> timer;  // null without --time-passes
  void Finish() const;
};
PassInstruments MakeInstruments(const std::string& command, const ParsedArgs& a);

// Comma-separated lists of pass or pipeline names, each checked against the registry (an
// unknown name is a UsageError listing the known ones).
std::vector<std::string> PassNames(const std::string& command,
                                   const std::vector<std::string>& lists);

}  // namespace tilesplit::cli
