// The options of the simulator commands (run, check) and their parsing.
#include <climits>
#include <filesystem>
#include <string_view>

#include "cli.h"
#include "sim_cli.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/suggest.h"
#include "tilesplit/sim/npy.h"
#include "tilesplit/target/split_program.h"

namespace tilesplit::cli {

std::vector<OptionSpec> SimOptions() {
  return {
      {"seed", 0, true, "N", "seed of the random inputs (default 0)"},
      {"inputs", 0, true, "DIR",
       "read each input parameter NAME from DIR/NAME.npy (C or\nFortran order): the directory "
       "must exist, hold a file for\nevery In/InOut tensor and tile, and no file naming no\n"
       "parameter",
       Completion::Dir},
      {"scalar", 0, true, "NAME=V",
       "pin an integer scalar parameter or a dynamic dimension\n(pl.dynamic) (repeatable)"},
      {"max-steps", 0, true, "N",
       "stop each run after N steps, statements or loop iterations\n(default " +
           std::to_string(sim::RunLimits::kDefaultMaxSteps) +
           "): a kernel that does not terminate"},
      {"max-memory", 0, true, "BYTES",
       "stop a run whose live tiles and tensors would exceed BYTES\n(suffix K, M, G or T; "
       "default 8G)"},
      DefineOption(),
  };
}

std::vector<std::pair<std::string, std::vector<int64_t>>> ScalarSweep(const std::string& command,
                                                                      const ParsedArgs& a) {
  std::vector<std::pair<std::string, std::vector<int64_t>>> out;
  auto integer = [&](const std::string& kv, const std::string& text) {
    size_t used = 0;
    int64_t v = 0;
    try {
      v = std::stoll(text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != text.size())
      throw UsageError(command, "--scalar " + kv + ": VALUE must be an integer");
    return v;
  };
  for (const std::string& kv : a.Values("scalar")) {
    const size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw UsageError(command, "--scalar needs NAME=VALUE or NAME=A..B, got '" + kv + "'");
    const std::string name = kv.substr(0, eq), value = kv.substr(eq + 1);
    std::vector<int64_t> values;
    if (size_t dots = value.find(".."); dots != std::string::npos) {
      const int64_t lo = integer(kv, value.substr(0, dots));
      const int64_t hi = integer(kv, value.substr(dots + 2));
      if (hi < lo || hi - lo >= kMaxSweepPoints)
        throw UsageError(command, "--scalar " + kv + ": a range A..B needs A <= B and at most " +
                                      std::to_string(kMaxSweepPoints) + " values");
      for (int64_t v = lo; v <= hi; ++v) values.push_back(v);
    } else {
      values.push_back(integer(kv, value));
    }
    bool merged = false;
    for (auto& [n, vs] : out)
      if (n == name) {
        vs = values;  // a later --scalar for the same name wins, as for other options
        merged = true;
      }
    if (!merged) out.emplace_back(name, std::move(values));
  }
  return out;
}

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

sim::InputOptions SimInputOptions(const std::string& command, const ParsedArgs& a,
                                  bool with_scalars) {
  sim::InputOptions o;
  if (std::string s = a.Value("max-steps"); !s.empty())
    o.limits.max_steps = IntegerIn(command, "max-steps", s, 1, INT64_MAX);
  if (std::string s = a.Value("max-memory"); !s.empty())
    o.limits.max_memory = ParseByteCount(command, s);
  if (std::string s = a.Value("seed"); !s.empty()) o.seed = UnsignedValue(command, "seed", s);
  o.inputs_dir = a.Value("inputs");
  for (const auto& [name, values] : ScalarSweep(command, a)) {
    if (!with_scalars) break;
    if (values.size() != 1)
      throw UsageError(command, "--scalar " + name + " takes one VALUE here, not a range A..B");
    o.scalars[name] = values[0];
  }
  return o;
}

std::string PickKernel(const std::string& command, const ir::Program& p, const std::string& wanted,
                       bool incore_only) {
  if (!wanted.empty()) {
    if (!p.Find(wanted)) {
      std::vector<std::string> names;
      for (const ir::FunctionPtr& f : p.functions) names.push_back(f->name);
      std::string list;
      for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
      const std::string hint = ir::DidYouMean(wanted, names);
      ir::ThrowUser(p.span, "--func " + wanted + ": no function '" + wanted + "' in the program",
                    {{{},
                      (hint.empty() ? std::string() : hint + "; ") +
                          "pass one of its functions to --func: " + list}});
    }
    return wanted;
  }
  std::vector<std::string> names;
  if (incore_only) {
    for (const ir::FunctionPtr& f : p.functions)
      if (f->func_type == ir::FunctionType::InCore) names.push_back(f->name);
  } else {
    names = target::DefaultKernels(p);
  }
  if (names.size() == 1) return names[0];
  if (names.empty())
    ir::ThrowUser(p.span,
                  std::string("the program has no ") + (incore_only ? "InCore " : "") +
                      "function to " + command,
                  {{{},
                    incore_only ? "give it an InCore kernel, or a main holding a "
                                  "pl.at(level=pl.Level.CORE_GROUP) scope"
                                : "define a function in the file"}});
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  ir::ThrowUser(p.span, "the program has several kernels (" + list + "); choose one with --func");
}

void WriteTensors(const std::string& dir, const std::map<std::string, sim::TensorPtr>& tensors) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir))
    ir::ThrowUser({}, "--outputs: cannot create the directory '" + dir + "'" +
                          (ec ? ": " + ec.message() : std::string()));
  for (const auto& [name, t] : tensors) {
    const std::string path = (fs::path(dir) / (name + ".npy")).string();
    // Through a temporary file renamed into place (WriteOutput), so a failure leaves no partial
    // array behind.
    WriteOutput(path, sim::EncodeNpy(*t));
  }
}

}  // namespace tilesplit::cli
