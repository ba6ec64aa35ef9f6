// The command line's verdict on a case the in-process runner judged: `tilesplit check FILE` (and,
// for a tensor-level program, `tilesplit run FILE`) run as a user runs them, so a campaign proves
// the paths the author takes, not only the library calls behind them (docs/reliability.md).
#pragma once

#include <string>

#include "tilesplit/fuzz/runner.h"

namespace tilesplit::fuzz {

// The exit codes `check` must give for `in_process` (0 equal, 1 located rejection or nothing
// compared), compared with those the tool at `o.cli_tool` gives on `text`. A disagreement is a
// defect of the stage "cli": the command line and the library it wraps differ. Never throws.
Verdict CrossCheckCli(const std::string& text, const Verdict& in_process, bool nothing_compared,
                      const RunOptions& o);

}  // namespace tilesplit::fuzz
