// `tilesplit check FILE [--seed N] [--func NAME] [--against SPLIT_FILE]`: lowers the kernel
// (outline-incore-scopes, lower-auto-vector-split, expand-mixed-kernel, split-vector-kernel), runs
// the split program on the core-group executor and the input on the reference interpreter with the
// same inputs, and compares every output bit for bit.
#include <cstdint>
#include <iostream>
#include <string_view>

#include "cli.h"
#include "sim_cli.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/transforms/pass.h"

namespace tilesplit::cli {

namespace {

// "4G", "512M", "1048576": a byte count with an optional K/M/G/T suffix (powers of 1024).
int64_t ParseByteCount(const std::string& command, const std::string& s) {
  size_t used = 0;
  int64_t n = -1;
  try {
    n = std::stoll(s, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  std::string_view rest = std::string_view(s).substr(used);
  if (!rest.empty() && (rest.back() == 'B' || rest.back() == 'b')) rest.remove_suffix(1);
  if (!rest.empty() && (rest.back() == 'i')) rest.remove_suffix(1);
  int shift = 0;
  if (rest.size() == 1) {
    switch (rest[0]) {
      case 'k':
      case 'K':
        shift = 10;
        break;
      case 'm':
      case 'M':
        shift = 20;
        break;
      case 'g':
      case 'G':
        shift = 30;
        break;
      case 't':
      case 'T':
        shift = 40;
        break;
      default:
        shift = -1;
    }
  } else if (!rest.empty()) {
    shift = -1;
  }
  if (used == 0 || n <= 0 || shift < 0 || n > (INT64_MAX >> shift))
    throw UsageError(
        command,
        "--max-memory needs a positive byte count such as 4G, 512M or 1048576, got '" + s + "'");
  return n << shift;
}

}  // namespace

sim::InputOptions SimInputOptions(const std::string& command, const ParsedArgs& a) {
  sim::InputOptions o;
  if (std::string s = a.Value("max-steps"); !s.empty()) {
    try {
      size_t used = 0;
      o.limits.max_steps = std::stoll(s, &used);
      if (used != s.size() || o.limits.max_steps <= 0) throw std::invalid_argument(s);
    } catch (const std::exception&) {
      throw UsageError(command, "--max-steps needs a positive integer, got '" + s + "'");
    }
  }
  if (std::string s = a.Value("max-memory"); !s.empty())
    o.limits.max_memory = ParseByteCount(command, s);
  if (std::string s = a.Value("seed"); !s.empty()) {
    try {
      size_t used = 0;
      o.seed = std::stoull(s, &used);
      if (used != s.size()) throw std::invalid_argument(s);
    } catch (const std::exception&) {
      throw UsageError(command, "--seed needs a non-negative integer, got '" + s + "'");
    }
  }
  o.inputs_dir = a.Value("inputs");
  auto it = a.values.find("scalar");
  if (it != a.values.end())
    for (const std::string& kv : it->second) {
      const size_t eq = kv.find('=');
      if (eq == std::string::npos || eq == 0)
        throw UsageError(command, "--scalar needs NAME=VALUE, got '" + kv + "'");
      try {
        o.scalars[kv.substr(0, eq)] = std::stoll(kv.substr(eq + 1));
      } catch (const std::exception&) {
        throw UsageError(command, "--scalar " + kv + ": VALUE must be an integer");
      }
    }
  return o;
}

std::string PickKernel(const std::string& command, const ir::Program& p, const std::string& wanted,
                       bool incore_only) {
  if (!wanted.empty()) {
    if (!p.Find(wanted)) ir::ThrowUser(p.span, "no function '" + wanted + "' in the program");
    return wanted;
  }
  std::vector<std::string> names;
  for (const ir::FunctionPtr& f : p.functions) {
    if (incore_only && f->func_type != ir::FunctionType::InCore) continue;
    // A split program's entry point is its Group; its parts are not kernels of their own.
    if (!incore_only && f->func_type == ir::FunctionType::Group) {
      names = {f->name};
      break;
    }
    names.push_back(f->name);
  }
  if (names.size() == 1) return names[0];
  if (names.empty())
    ir::ThrowUser(p.span, std::string("the program has no ") + (incore_only ? "InCore " : "") +
                              "function to " + command);
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  ir::ThrowUser(p.span, "the program has several kernels (" + list + "); choose one with --func");
}

namespace {

int ScheduleCount(const ParsedArgs& a) {
  const std::string s = a.Value("schedules");
  if (s.empty()) return sim::kDefaultSchedules;
  size_t used = 0;
  int n = 0;
  try {
    n = std::stoi(s, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != s.size() || n < 1 || n > 1000)
    throw UsageError("check", "--schedules needs an integer from 1 to 1000, got '" + s + "'");
  return n;
}

}  // namespace

void HelpCheck(std::ostream& out) {
  out << "usage: tilesplit check FILE [--seed N] [--func NAME] [--against SPLIT_FILE]\n"
         "                           [--scalar NAME=VALUE]... [--schedules N] [--max-steps N]\n"
         "                           [--max-memory BYTES]\n"
         "\n"
         "Checks that splitting a mixed kernel across the core group preserves its results.\n"
         "FILE is lowered by outline-incore-scopes, lower-auto-vector-split,\n"
         "expand-mixed-kernel and split-vector-kernel (or SPLIT_FILE is taken as the split\n"
         "program); the split program runs on the simulated core group (AIC + two AIV lanes,\n"
         "bounded pipes) and FILE on the sequential reference interpreter, with the same\n"
         "seeded inputs. Every Out/InOut tensor is compared bit for bit over the elements the\n"
         "reference wrote with defined data (undefined ones are counted, not compared); a\n"
         "kernel the pipeline does not split across the lanes is reported \"not split\".\n"
         "\n"
         "options:\n"
         "  --seed N            seed of the random inputs (default 0)\n"
         "  --func NAME         check only this kernel (default: every InCore kernel and every\n"
         "                      Opaque function with a CORE_GROUP scope)\n"
         "  --against SPLIT     compare against this already-split program\n"
         "  --scalar NAME=V     pin an integer scalar parameter (repeatable)\n"
         "  --schedules N       run the split program under N schedules (default 4): cube\n"
         "                      first, lane 0 first, lane 1 first, then seeded random ones;\n"
         "                      the first that differs is named in the report\n"
         "  --max-steps N       stop each run after N steps, statements or loop iterations\n"
         "                      (default "
      << sim::RunLimits::kDefaultMaxSteps
      << "): a kernel that does not terminate\n"
         "  --max-memory BYTES  stop a run whose live tiles and tensors would exceed BYTES\n"
         "                      (suffix K, M, G or T; default 8G)\n"
         "  -h, --help          show this help\n"
         "\n"
         "exit codes: 0 equal, 4 different or deadlocked (the first differing element or every\n"
         "            core's position is printed), 1 error in the input, a budget exceeded or\n"
         "            no element compared, 2 bad usage\n";
}

int RunCheck(const std::vector<std::string>& args) {
  ParsedArgs a = ParseArgs("check", args,
                           {{"seed", 0, true},
                            {"func", 0, true},
                            {"against", 0, true},
                            {"scalar", 0, true},
                            {"schedules", 0, true},
                            {"max-steps", 0, true},
                            {"max-memory", 0, true}});
  if (a.help) {
    HelpCheck(std::cout);
    return kExitOk;
  }
  if (a.positional.size() != 1)
    throw UsageError("check", a.positional.empty() ? "missing input FILE" : "expected one FILE");
  const sim::InputOptions o = SimInputOptions("check", a);
  const int schedules = ScheduleCount(a);
  ir::ProgramPtr ref = dsl::ParseFile(a.positional[0]);
  ir::ProgramPtr split;
  if (std::string against = a.Value("against"); !against.empty()) {
    split = dsl::ParseFile(against);
  } else {
    std::vector<pass::Pass> passes;
    for (const std::string& n : sim::SplitPipeline()) {
      const pass::PassInfo* info = pass::PassRegistry::Global().Find(n);
      if (!info) ir::ThrowInternal({}, "pass '" + n + "' is not registered");
      passes.push_back(info->factory());
    }
    split = pass::RunPipeline(ref, passes);
  }
  std::vector<std::string> kernels;
  if (std::string f = a.Value("func"); !f.empty()) {
    kernels.push_back(PickKernel("check", *ref, f, true));
  } else {
    kernels = sim::KernelsToCheck(*ref);
    if (kernels.empty()) PickKernel("check", *ref, "", true);  // reports the error
  }
  int rc = kExitOk;
  for (const std::string& k : kernels) {
    sim::CheckResult r = sim::CheckKernel(*ref, k, *split, o, schedules);
    std::cout << r.report;
    if (r.kind == sim::CheckResult::Kind::NothingCompared) {
      if (rc == kExitOk) rc = kExitFailure;  // proves nothing; a difference elsewhere still wins
    } else if (r.kind != sim::CheckResult::Kind::Equal) {
      rc = kExitDiffer;
    }
  }
  return rc;
}

}  // namespace tilesplit::cli
