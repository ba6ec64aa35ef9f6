// The in-process runner: the same library entry points as tools/cmd_opt.cpp and
// tools/cmd_check.cpp, with each failure mapped to an outcome instead of an exit code.
#include "tilesplit/fuzz/runner.h"

#include <cctype>
#include <new>
#include <set>

#include "cli_cross_check.h"
#include "tilesplit/analysis/param_writes.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/pass/remarks.h"
#include "tilesplit/runtime/budget.h"
#include "tilesplit/sim/check.h"
#include "tilesplit/sim/program_run.h"
#include "tilesplit/target/compile.h"

namespace tilesplit::fuzz {

const char* OutcomeName(Outcome o) {
  switch (o) {
    case Outcome::Equal:
      return "equal";
    case Outcome::Rejected:
      return "rejected";
    case Outcome::Miscompile:
      return "miscompile";
    case Outcome::LateReject:
      return "late-reject";
    case Outcome::Unlocated:
      return "unlocated-error";
    case Outcome::Internal:
      return "internal-error";
    case Outcome::Crash:
      return "crash";
    case Outcome::Hang:
      return "hang";
  }
  return "?";
}

bool IsDefect(Outcome o) {
  return o != Outcome::Equal && o != Outcome::Rejected;
}

std::string MessageKey(const std::string& message) {
  std::string out;
  const size_t end = message.find('\n');
  const std::string line = message.substr(0, end);
  for (size_t i = 0; i < line.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(line[i]))) {
      if (out.empty() || out.back() != 'N') out += 'N';
      while (i + 1 < line.size() && std::isdigit(static_cast<unsigned char>(line[i + 1]))) ++i;
    } else {
      out += line[i];
    }
  }
  return out;
}

namespace {

std::vector<pass::Pass> Passes(const std::vector<std::string>& names) {
  std::vector<pass::Pass> passes;
  for (const std::string& n : names) {
    const pass::PassInfo* info = pass::PassRegistry::Global().Find(n);
    if (!info) ir::ThrowInternal({}, "pass '" + n + "' is not registered");
    passes.push_back(info->factory());
  }
  return passes;
}

Verdict Make(Outcome o, std::string stage, const std::string& message) {
  Verdict v;
  v.outcome = o;
  v.stage = std::move(stage);
  v.key = MessageKey(message);
  v.detail = message;
  return v;
}

// A user error thrown by `stage`: rejected when it has a location, a defect when it has none.
Verdict FromUserError(const ir::UserError& e, const std::string& stage, Outcome located) {
  std::string text;
  try {
    text = ir::RenderUserError(e);
  } catch (...) {
    text = e.message();
  }
  Verdict v = Make(e.span().valid() ? located : Outcome::Unlocated, stage, e.message());
  v.detail = text;
  return v;
}

// The default pipeline on a tensor-level program, each pass's output printed, read back and
// compared (opt --verify-roundtrip) except convert-tensor-to-tile-ops's: its matmul operands are
// Mat tiles that only infer-tile-memory-space moves to Left / Right, and the parser holds text to
// the memory contract (docs/tensor-lowering.md, "Matmul operands stay in Mat").
ir::ProgramPtr LowerTensorLevel(const ir::ProgramPtr& p, pass::RemarkSink* remarks) {
  static const char* const kUnverified = "convert-tensor-to-tile-ops";
  ir::ProgramPtr cur = p;
  std::vector<std::string> run;
  auto flush = [&](bool verify) {
    if (run.empty()) return;
    pass::PipelineOptions options;
    options.verify_roundtrip = verify;
    options.remarks = remarks;
    cur = pass::RunPipeline(cur, Passes(run), options);
    run.clear();
  };
  for (const std::string& n : sim::SplitPipeline()) {
    if (n == kUnverified) {
      flush(true);
      run.push_back(n);
      flush(false);
    } else {
      run.push_back(n);
    }
  }
  flush(true);
  return cur;
}

// The split extensions named by the passed remarks, sorted and distinct, comma-separated.
std::string ExtensionsUsed(const pass::RemarkCollector& remarks) {
  std::set<std::string> names;
  for (const pass::Remark& r : remarks.remarks())
    if (r.kind == pass::RemarkKind::Passed)
      if (std::string e = r.Arg("extension"); !e.empty()) names.insert(std::move(e));
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ",") + n;
  return out;
}

}  // namespace

namespace {

// `nothing_compared`: some check compared no element (the reference stored only undefined data),
// which the campaign accepts and `check` exits 1 for.
Verdict RunInProcess(const std::string& text, const std::string& filename, const RunOptions& o,
                     bool* nothing_compared) {
  std::string stage = "parse";
  // A user error before opt accepted is a rejection; after, check has no right to one.
  Outcome user_outcome = Outcome::Rejected;
  try {
    ir::ProgramPtr p = dsl::Parse(text, filename);
    stage = "roundtrip";
    const std::string printed = dsl::Print(p);
    ir::ProgramPtr again;
    try {
      again = dsl::Parse(printed, filename + " (printed)");
    } catch (const ir::UserError& e) {  // the front end's own text must read back
      return Make(Outcome::Internal, stage, "printed form does not parse back: " + e.message());
    }
    dsl::EqualResult eq = dsl::StructuralEqual(p, again);
    if (!eq.equal)
      return Make(Outcome::Internal, stage, "print -> parse is not equal: " + eq.Describe());
    if (dsl::Print(again) != printed)
      return Make(Outcome::Internal, stage, "printing is not idempotent");
    again = nullptr;

    stage = "opt";
    ir::ProgramPtr split;
    pass::RemarkCollector remarks;  // which split extensions an accepted case rests on
    Verdict accepted;
    if (o.tensor_level) {
      split = LowerTensorLevel(p, &remarks);
      accepted.extensions = ExtensionsUsed(remarks);
      if (!o.check) return accepted;
    } else {
      pass::PipelineOptions verify;
      verify.verify_roundtrip = true;
      verify.remarks = &remarks;
      ir::ProgramPtr lowered = pass::RunPipeline(
          p, Passes({"outline-incore-scopes", "lower-auto-vector-split"}), verify);
      lowered = nullptr;
      accepted.extensions = ExtensionsUsed(remarks);
      if (!o.check) return accepted;
      stage = "lower";
      user_outcome = Outcome::LateReject;
      split = pass::RunPipeline(p, Passes(sim::SplitPipeline()));
    }
    user_outcome = Outcome::LateReject;
    stage = "check";
    std::vector<std::string> kernels = sim::KernelsToCheck(*p);
    // A write of the source the lowering lost is a late rejection, a defect of the pipeline.
    for (const std::string& k : kernels) analysis::RequireWritesKept(*p, *split, k);
    for (uint64_t seed : o.seeds) {
      sim::InputOptions in;
      in.seed = seed;
      in.scalars = o.scalars;
      if (o.max_steps > 0) in.limits.max_steps = o.max_steps;
      for (const std::string& k : kernels) {
        sim::CheckResult r = sim::CheckKernel(*p, k, *split, in);
        // Nothing compared proves nothing either way: the inputs made the reference store only
        // undefined data, which is the kernel's business, not a defect of the split.
        if (r.kind == sim::CheckResult::Kind::NothingCompared) *nothing_compared = true;
        if (r.kind == sim::CheckResult::Kind::Equal ||
            r.kind == sim::CheckResult::Kind::NothingCompared)
          continue;
        const char* what = r.kind == sim::CheckResult::Kind::Deadlock ? "DEADLOCK"
                           : r.kind == sim::CheckResult::Kind::Fault  ? "the split program failed"
                                                                      : "DIFFERENT";
        std::string key = what;
        if (r.report.find("reference itself stores undefined") != std::string::npos)
          key += " (the reference stores undefined data)";
        Verdict v = Make(Outcome::Miscompile, stage, key);
        v.detail = r.report;
        v.seed = seed;
        return v;
      }
    }
    // `tilesplit run FILE --pipeline default-pipeline` (and pypto.runtime.run) of a whole
    // program: its entry on the split program must produce every Out parameter.
    if (o.tensor_level) {
      stage = "run";
      const ir::Function& entry = target::EntryFunction(*p);
      sim::InputOptions in;
      in.seed = o.seeds.empty() ? 0 : o.seeds.front();
      in.scalars = o.scalars;
      if (o.max_steps > 0) in.limits.max_steps = o.max_steps;
      std::map<std::string, sim::Value> args = sim::MakeInputs(entry, in);
      const sim::GroupOutcome out = sim::RunKernel(*split, entry.name, args, in.limits);
      if (out.kind != sim::GroupOutcome::Kind::Ok)
        return Make(Outcome::Miscompile, stage, "the split program's run of the entry failed");
      // A program whose reference stored only undefined data (a window with no valid element
      // assembled into the Out) may store nothing defined at all: `run` tells its author so, and
      // no lowering lost a write (RequireWritesKept above), so it is no defect either.
      if (!*nothing_compared) sim::RequireOutputsWritten(entry, args);
    }
    return accepted;
  } catch (const sim::BudgetExceeded& e) {
    // The kernel itself does not end (or does not fit) under check: the author's error, as
    // `check` reports it, whatever stage the rest of the pipeline had reached.
    return FromUserError(e, stage, Outcome::Rejected);
  } catch (const ir::UserError& e) {
    return FromUserError(e, stage, user_outcome);
  } catch (const ir::InternalError& e) {
    return Make(Outcome::Internal, stage, e.message());
  } catch (const std::bad_alloc&) {
    return Make(Outcome::Internal, stage, "out of memory");
  } catch (const std::exception& e) {
    return Make(Outcome::Internal, stage, std::string("exception: ") + e.what());
  } catch (...) {
    return Make(Outcome::Internal, stage, "unknown exception");
  }
}

}  // namespace

Verdict RunText(const std::string& text, const std::string& filename, const RunOptions& o) {
  bool nothing_compared = false;
  Verdict v = RunInProcess(text, filename, o, &nothing_compared);
  return o.cli_tool.empty() ? v : CrossCheckCli(text, v, nothing_compared, o);
}

std::string ReproCommand(const Verdict& v, const std::string& path, const RunOptions& o) {
  std::string scalars;
  for (const auto& [name, value] : o.scalars)
    scalars += " --scalar " + name + "=" + std::to_string(value);
  if (v.stage == "parse" || v.stage == "roundtrip") return "tilesplit print " + path;
  if (v.stage == "opt" && o.tensor_level) {
    // A round-trip failure after pass X: the passes up to X (opt --verify-roundtrip would stop at
    // convert-tensor-to-tile-ops first, LowerTensorLevel).
    const std::string marker = "after pass '";
    const size_t at = v.detail.find(marker);
    if (at == std::string::npos) return "tilesplit opt " + path + " --pipeline default-pipeline";
    const std::string failed = v.detail.substr(
        at + marker.size(), v.detail.find('\'', at + marker.size()) - at - marker.size());
    std::string passes;
    for (const std::string& n : sim::SplitPipeline()) {
      passes += (passes.empty() ? "" : ",") + n;
      if (n == failed) break;
    }
    // Text that does not read back fails again in `print -`; a program that reads back
    // different (print -> parse changed it) only differs from the pass's in-memory result, which
    // no text command holds: the command prints that result, the .txt file says what differs.
    const bool unreadable = v.detail.find("does not parse back") != std::string::npos;
    return "tilesplit opt " + path + " -p " + passes + (unreadable ? " | tilesplit print -" : "");
  }
  if (v.stage == "opt")
    return "tilesplit opt " + path +
           " -p outline-incore-scopes,lower-auto-vector-split --verify-roundtrip";
  if (v.stage == "cli" && v.key.rfind("tilesplit run", 0) == 0)
    return "tilesplit run " + path + " --pipeline default-pipeline --seed " +
           std::to_string(v.seed) + scalars +
           (o.max_steps > 0 ? " --max-steps " + std::to_string(o.max_steps) : "");
  const std::string steps = o.max_steps > 0 ? " --max-steps " + std::to_string(o.max_steps) : "";
  return "tilesplit check " + path + " --seed " + std::to_string(v.seed) + scalars + steps;
}

}  // namespace tilesplit::fuzz
