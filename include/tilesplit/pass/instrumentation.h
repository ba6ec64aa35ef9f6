// The built-in pass instruments (pass.h: PassInstrumentation). One implementation serves the
// command line (opt/check --print-after, --time-passes, --verify-roundtrip) and the Python
// PassContext (tilesplit.passes.VerifyProperties, RoundTrip).
#pragma once

#include <chrono>
#include <iosfwd>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "tilesplit/pass/pass.h"

namespace tilesplit::pass {

// Before a pass: the verifiers of the properties it requires (a violation is the input's fault,
// a UserError naming the pass and property). After it: the verifiers of the properties it
// produces (a violation is the pass's fault, an InternalError). Properties without a verifier
// are skipped and remembered in `unverified`. The verifiers are `registry`'s (null: the global
// registry). Properties are reported by name.
class VerifyPropertiesInstrumentation : public PassInstrumentation {
 public:
  explicit VerifyPropertiesInstrumentation(bool before = true, bool after = true,
                                           const PassRegistry* registry = nullptr)
      : before_(before), after_(after), registry_(registry) {}
  void BeforePass(const Pass& pass, const ProgramPtr& input) override;
  void AfterPass(const Pass& pass, const ProgramPtr& input, const ProgramPtr& output) override;

  // (pass, property, "before" | "after") for every verifier run, in order.
  std::vector<std::tuple<std::string, std::string, std::string>> verified;
  std::set<std::string> unverified;

 private:
  bool before_, after_;
  const PassRegistry* registry_;
};

// After a pass: print -> parse gives a structurally equal program and printing is idempotent
// (dsl.md 10), and running the pass again on the reparsed output gives the same program (a
// lowered program needs no second lowering). A failure is the pass's bug: an InternalError.
class RoundTripInstrumentation : public PassInstrumentation {
 public:
  void AfterPass(const Pass& pass, const ProgramPtr& input, const ProgramPtr& output) override;
};
// The same check on a printed text alone: it must parse back. `program`, when given, must equal
// the reparsed text and print to it again. Returns the reparsed program.
ProgramPtr VerifyRoundTrip(const std::string& pass_name, const std::string& text,
                           const ProgramPtr& program);

// Prints the program before and/or after the selected passes (LLVM's -print-before/-after),
// each under a `# ---- IR after pass 'NAME' ----` header line.
class PrintIRInstrumentation : public PassInstrumentation {
 public:
  struct Options {
    bool before_all = false, after_all = false;
    std::set<std::string, std::less<>> before, after;  // pass names
  };
  PrintIRInstrumentation(std::ostream& out, Options options)
      : out_(out), options_(std::move(options)) {}
  void BeforePass(const Pass& pass, const ProgramPtr& input) override;
  void AfterPass(const Pass& pass, const ProgramPtr& input, const ProgramPtr& output) override;

 private:
  std::ostream& out_;
  Options options_;
};

// Wall time of each pass, summed per pass name; Report() writes the table (LLVM's -time-passes).
class TimePassesInstrumentation : public PassInstrumentation {
 public:
  void BeforePass(const Pass& pass, const ProgramPtr& input) override;
  void AfterPass(const Pass& pass, const ProgramPtr& input, const ProgramPtr& output) override;
  void Report(std::ostream& out) const;

  struct Row {
    std::string pass;
    int runs = 0;
    double seconds = 0;
  };
  const std::vector<Row>& rows() const { return rows_; }  // in first-run order

 private:
  std::vector<Row> rows_;
  std::vector<std::chrono::steady_clock::time_point> started_;
};

}  // namespace tilesplit::pass
