// The campaign loop. Cases are identified by their index alone (a generated kernel or a
// mutation is a pure function of seed and index), so workers receive nothing but indices and the
// parent rebuilds any case it needs to shrink or save.
#include "tilesplit/fuzz/campaign.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <set>
#include <sstream>

#include "refusal_reason.h"
#include "tilesplit/fuzz/isolate.h"
#include "tilesplit/fuzz/mutator.h"
#include "tilesplit/fuzz/op_catalog.h"
#include "tilesplit/fuzz/shrinker.h"
#include "tilesplit/runtime/budget.h"

namespace tilesplit::fuzz {

bool CountsAsDefect(Outcome outcome, bool lenient) {
  if (!lenient) return IsDefect(outcome);
  return outcome == Outcome::Crash || outcome == Outcome::Hang || outcome == Outcome::Internal ||
         outcome == Outcome::Unlocated;
}

namespace {

using Clock = std::chrono::steady_clock;

// The simulator's step budget for a case given `timeout` CPU seconds: a tenth of a million steps
// per second, a quarter of what the interpreter runs while a campaign shares the machine, and
// never above the simulator's own default. Each check runs several times (seeds, schedules), so
// a budget the limit only just reaches would still time out.
int64_t StepBudget(double timeout) {
  const double steps = timeout * 100000.0 / 8;
  return std::max<int64_t>(
      1000, std::min<int64_t>(sim::RunLimits::kDefaultMaxSteps, static_cast<int64_t>(steps)));
}

struct Case {
  std::string text;
  RunOptions run;
  std::vector<std::string> features;
};

class Cases {
 public:
  explicit Cases(const CampaignOptions& o) : o_(o) {
    if (!o.mutate_dir.empty()) corpus_ = LoadCorpus(o.mutate_dir);
  }
  bool mutate() const { return !o_.mutate_dir.empty(); }
  bool empty_corpus() const { return mutate() && corpus_.empty(); }
  Case Get(uint64_t i) const {
    Case c;
    c.run.seeds = o_.input_seeds;
    // Only a mutant can loop without end (the generator bounds every loop it writes).
    if (o_.max_steps >= 0)
      c.run.max_steps = o_.max_steps;
    else if (mutate())
      c.run.max_steps = StepBudget(o_.timeout);
    if (!mutate() && !o_.cli_tool.empty() && o_.cli_every > 0 && i % o_.cli_every == 0) {
      c.run.cli_tool = o_.cli_tool;
      c.run.cli_timeout = o_.timeout;
      c.features.push_back("cli:check-file");
    }
    if (mutate()) {
      const CorpusFile& f = corpus_[i % corpus_.size()];
      c.text = Mutate(f.text, o_.seed * 1000003ULL + i);
    } else if (IsTensorCase(o_.seed, i, o_.level, o_.mode)) {
      GeneratedKernel k = GenerateTensorProgram(o_.seed, i, o_.mode);
      c.text = std::move(k.text);
      c.run.scalars = std::move(k.scalars);
      c.run.tensor_level = true;
      if (!c.run.cli_tool.empty()) k.features.push_back("cli:run-file");
      c.features.insert(c.features.end(), k.features.begin(), k.features.end());
    } else {
      GeneratedKernel k = GenerateKernel(o_.seed, i, o_.mode);
      c.text = std::move(k.text);
      c.run.scalars = std::move(k.scalars);
      c.features.insert(c.features.end(), k.features.begin(), k.features.end());
    }
    return c;
  }
  std::string Origin(uint64_t i) const {
    return mutate() ? corpus_[i % corpus_.size()].path : "generated";
  }

 private:
  const CampaignOptions& o_;
  std::vector<CorpusFile> corpus_;
};

std::string Signature(const Verdict& v) {
  return std::string(OutcomeName(v.outcome)) + "|" + v.stage + "|" + v.key;
}

bool SameFailure(const Verdict& a, const Verdict& b) {
  return a.outcome == b.outcome && a.key == b.key;
}

std::string Slug(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(c));
    else if (!out.empty() && out.back() != '_')
      out += '_';
    if (out.size() >= 48) break;
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

// Shrinks a failing case and writes FILE.py (with a header naming class and command) and
// FILE.cmd (the command alone).
void Save(Finding& f, const Case& c, const CampaignOptions& o, int serial) {
  const Verdict target{f.outcome, f.stage, f.key, f.detail, f.seed, {}};
  RunOptions run = c.run;
  auto still_fails = [&](const std::string& text) {
    Verdict v = RunOneIsolated([&] { return RunText(text, "shrink.py", run); }, o.timeout);
    if (!SameFailure(v, target)) return false;
    f.detail = v.detail;  // the message as the smallest failing text gives it
    f.seed = v.seed;
    return true;
  };
  ShrinkOptions so;
  // every candidate that still hangs costs a whole time limit: shrink hangs only a little
  so.max_attempts = f.outcome == Outcome::Hang ? std::min(o.shrink_attempts, 4) : o.shrink_attempts;
  f.text = Shrink(c.text, still_fails, so);
  namespace fs = std::filesystem;
  fs::create_directories(o.out_dir);
  std::ostringstream name;
  name << std::setw(3) << std::setfill('0') << serial << "_" << OutcomeName(f.outcome) << "_"
       << Slug(f.key);
  f.file = (fs::path(o.out_dir) / (name.str() + ".py")).string();
  Verdict last = target;
  last.seed = f.seed;
  f.command = ReproCommand(last, f.file, run);
  std::ofstream py(f.file, std::ios::binary);
  py << "# tilesplit fuzz: " << OutcomeName(f.outcome) << " at " << f.stage << ": " << f.key
     << "\n# reproduce: " << f.command << "\n# found as case " << f.first_index << " (seed "
     << o.seed << ")\n"
     << f.text;
  std::ofstream(fs::path(o.out_dir) / (name.str() + ".cmd")) << f.command << "\n";
  std::ofstream(fs::path(o.out_dir) / (name.str() + ".txt")) << f.detail << "\n";
}

std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += static_cast<char>(c);
    else if (c == '\n')
      out += "\\n";
    else if (c < 0x20 || c >= 0x80) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else
      out += static_cast<char>(c);
  }
  return out + "\"";
}

}  // namespace

CampaignResult RunCampaign(const CampaignOptions& o, std::ostream* progress) {
  CampaignResult r;
  Cases cases(o);
  r.mutate = cases.mutate();
  r.strict = o.strict;
  if (cases.empty_corpus()) return r;
  const Clock::time_point start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  std::map<std::string, size_t> by_signature;  // -> index in r.findings
  std::map<std::string, int> extra;            // further instances kept per signature

  IsolateOptions io;
  io.jobs = std::max(1, o.jobs);
  io.timeout_seconds = o.timeout;
  io.chunk = r.mutate ? 16 : 32;
  io.stop = [&] { return o.time_budget > 0 && elapsed() >= o.time_budget; };
  Clock::time_point last_line = start;
  io.tick = [&] {
    if (!progress || Clock::now() - last_line < std::chrono::milliseconds(250)) return;
    last_line = Clock::now();
    const double s = elapsed();
    *progress << "\rfuzz: " << r.kernels << "/" << o.count << " cases, "
              << r.tally[static_cast<int>(Outcome::Equal)] << " equal, "
              << r.tally[static_cast<int>(Outcome::Rejected)] << " rejected, " << r.defects
              << " defects (" << std::fixed << std::setprecision(0)
              << (s > 0 ? static_cast<double>(r.kernels) / s : 0.0) << "/s)   " << std::flush;
  };
  io.on_result = [&](uint64_t index, const Verdict& v) {
    ++r.kernels;
    // What the case holds: the generator is a pure function of (seed, index), so the parent
    // draws it again rather than have each worker report it.
    if (!r.mutate) {
      for (const std::string& f : cases.Get(index).features) {
        if (f.rfind("op:", 0) != 0 || f.find('.') == std::string::npos)
          ++r.constructs[f];
        else
          ++r.ops_drawn[f.substr(3)];
      }
    }
    if (!r.mutate && IsTensorCase(o.seed, index, o.level, o.mode)) ++r.tensor_programs;
    ++r.tally[static_cast<int>(v.outcome)];
    if (v.outcome == Outcome::Rejected) {
      ++r.rejections["[" + v.stage + "] " + v.key];
      ++r.refusal_reasons[RefusalReason(v.key)];
    }
    if (v.outcome == Outcome::Equal && !v.extensions.empty())
      for (size_t at = 0; at <= v.extensions.size();) {
        const size_t comma = std::min(v.extensions.find(',', at), v.extensions.size());
        ++r.extensions[v.extensions.substr(at, comma - at)];
        at = comma + 1;
      }
    if (!CountsAsDefect(v.outcome, Lenient(r))) return;
    ++r.defects;
    const std::string sig = Signature(v);
    auto it = by_signature.find(sig);
    // a few instances of each signature: one message can hide several causes (every
    // miscompile reads DIFFERENT), and shrinking them separately tells them apart
    if (it != by_signature.end() && ++extra[sig] < std::max(1, o.shrink_per_class) &&
        !o.out_dir.empty()) {
      ++r.findings[it->second].occurrences;
      Finding f = r.findings[it->second];
      f.detail = v.detail;
      f.first_index = index;
      f.seed = v.seed;
      f.occurrences = 0;
      r.findings.push_back(std::move(f));
      return;
    }
    if (it == by_signature.end()) {
      Finding f;
      f.outcome = v.outcome;
      f.stage = v.stage;
      f.key = v.key;
      f.detail = v.detail;
      f.first_index = index;
      f.seed = v.seed;
      it = by_signature.emplace(sig, r.findings.size()).first;
      r.findings.push_back(std::move(f));
    }
    ++r.findings[it->second].occurrences;
  };
  auto child_cpu = [] {
    struct rusage u;
    getrusage(RUSAGE_CHILDREN, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
  };
  // The operator catalogs are computed once here, not once per forked worker.
  if (!r.mutate) {
    FuzzableOps();
    if (o.level != Level::Tile) TensorFuzzableOps();
  }
  const double cpu_before = child_cpu();
  RunIsolated(
      o.count,
      [&](uint64_t i) {
        Case c = cases.Get(i);
        return RunText(c.text, "fuzz_" + std::to_string(i) + ".py", c.run);
      },
      io);
  r.seconds = elapsed();
  r.cpu_seconds = child_cpu() - cpu_before;
  if (progress) *progress << "\n";

  for (Finding& f : r.findings) {
    const Case c = cases.Get(f.first_index);
    f.text = c.text;
    f.scalars = c.run.scalars;
  }
  if (!o.out_dir.empty() && !r.findings.empty() && o.before_shrink) o.before_shrink(r);
  if (!o.out_dir.empty()) {
    int serial = 0;
    std::set<std::string> seen;  // shrunk texts already saved
    std::vector<Finding> kept;
    for (Finding& f : r.findings) {
      if (progress)
        *progress << "fuzz: shrinking " << OutcomeName(f.outcome) << ": " << f.key << "\n";
      Save(f, cases.Get(f.first_index), o, serial + 1);
      if (!seen.insert(f.text).second) {
        std::filesystem::remove(f.file);
        std::filesystem::remove(f.file.substr(0, f.file.size() - 3) + ".cmd");
        std::filesystem::remove(f.file.substr(0, f.file.size() - 3) + ".txt");
        continue;
      }
      ++serial;
      kept.push_back(std::move(f));
    }
    r.findings = std::move(kept);
  }
  return r;
}

namespace {

// Count-descending, then by name.
std::vector<std::pair<uint64_t, std::string>> ByCount(const std::map<std::string, uint64_t>& m) {
  std::vector<std::pair<uint64_t, std::string>> v;
  for (const auto& [k, n] : m) v.push_back({n, k});
  std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  return v;
}

// A JSON object of counts by name.
void JsonCounts(std::ostream& os, const std::map<std::string, uint64_t>& m) {
  os << "{";
  bool first = true;
  for (const auto& [k, n] : m) {
    os << (first ? "" : ", ") << JsonString(k) << ": " << n;
    first = false;
  }
  os << "}";
}

}  // namespace

std::string SummaryTable(const CampaignResult& r) {
  std::ostringstream os;
  os << "fuzz: " << r.kernels << " " << (r.mutate ? "mutated inputs" : "generated kernels");
  if (r.tensor_programs > 0) os << " (" << r.tensor_programs << " tensor-level programs)";
  os << " in " << std::fixed << std::setprecision(1) << r.seconds << " s (" << std::setprecision(1)
     << (r.seconds > 0 ? static_cast<double>(r.kernels) / r.seconds : 0) << " per second; "
     << std::setprecision(1)
     << (r.cpu_seconds > 0 ? static_cast<double>(r.kernels) / r.cpu_seconds : 0)
     << " per CPU second of the workers)\n\n";
  os << "outcome            count  defect\n";
  for (int i = 0; i < kOutcomeCount; ++i) {
    const Outcome o = static_cast<Outcome>(i);
    os << std::left << std::setw(18) << OutcomeName(o) << std::right << std::setw(6) << r.tally[i]
       << "  " << (CountsAsDefect(o, Lenient(r)) ? "yes" : "no") << "\n";
  }
  if (!r.rejections.empty()) {
    std::vector<std::pair<uint64_t, std::string>> top;
    for (const auto& [k, n] : r.rejections) top.push_back({n, k});
    std::sort(top.rbegin(), top.rend());
    os << "\ntop rejection messages:\n";
    for (size_t i = 0; i < top.size() && i < 10; ++i)
      os << std::setw(7) << top[i].first << "  " << top[i].second << "\n";
    os << "\nrejections by reason (every one):\n";
    for (const auto& [n, reason] : ByCount(r.refusal_reasons))
      os << std::setw(7) << n << "  " << reason << "\n";
  }
  if (!r.extensions.empty()) {
    os << "\nsplit extensions in the accepted cases (cases, each checked equal):\n";
    for (const auto& [n, name] : ByCount(r.extensions))
      os << std::setw(7) << n << "  " << name << "\n";
  }
  if (!r.mutate) {
    // Every construct the generators can draw, with how many cases drew it: 0 is a gap.
    std::vector<std::string> names = TileConstructs();
    if (r.tensor_programs > 0) {
      if (r.tensor_programs == r.kernels) names.clear();
      for (const std::string& n : TensorConstructs()) names.push_back(n);
    }
    // The cases the command line ran too (CampaignOptions::cli_every), 0 when it was off.
    names.push_back("cli:check-file");
    if (r.tensor_programs > 0) names.push_back("cli:run-file");
    for (const auto& [n, count] : r.constructs)
      if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    os << "\nconstructs drawn (cases):\n";
    for (const std::string& n : names) {
      auto it = r.constructs.find(n);
      os << std::setw(7) << (it == r.constructs.end() ? 0 : it->second) << "  " << n << "\n";
    }
    os << std::setw(7) << r.ops_drawn.size() << "  distinct operators drawn\n";
  }
  if (!r.findings.empty()) {
    os << "\ndistinct failures (" << r.findings.size() << "):\n";
    for (const Finding& f : r.findings) {
      os << std::setw(7) << f.occurrences << "  " << OutcomeName(f.outcome) << " at " << f.stage
         << ": " << f.key << "\n";
      if (!f.command.empty()) os << "         " << f.command << "\n";
    }
  }
  os << "\n" << r.defects << " defect" << (r.defects == 1 ? "" : "s") << " found\n";
  return os.str();
}

std::string SummaryJson(const CampaignResult& r) {
  std::ostringstream os;
  os << "{\"mode\": " << JsonString(r.mutate ? "mutate" : "generate")
     << ", \"cases\": " << r.kernels << ", \"tensor_programs\": " << r.tensor_programs
     << ", \"seconds\": " << r.seconds
     << ", \"per_second\": " << (r.seconds > 0 ? static_cast<double>(r.kernels) / r.seconds : 0)
     << ", \"cpu_seconds\": " << r.cpu_seconds << ", \"defects\": " << r.defects
     << ", \"outcomes\": {";
  for (int i = 0; i < kOutcomeCount; ++i)
    os << (i ? ", " : "") << JsonString(OutcomeName(static_cast<Outcome>(i))) << ": " << r.tally[i];
  os << "}, \"rejections\": [";
  bool first = true;
  for (const auto& [k, n] : r.rejections) {
    os << (first ? "" : ", ") << "{\"message\": " << JsonString(k) << ", \"count\": " << n << "}";
    first = false;
  }
  os << "], \"rejection_reasons\": ";
  JsonCounts(os, r.refusal_reasons);
  os << ", \"split_extensions\": ";
  JsonCounts(os, r.extensions);
  os << ", \"findings\": [";
  first = true;
  for (const Finding& f : r.findings) {
    os << (first ? "" : ", ") << "{\"class\": " << JsonString(OutcomeName(f.outcome))
       << ", \"stage\": " << JsonString(f.stage) << ", \"message\": " << JsonString(f.key)
       << ", \"count\": " << f.occurrences << ", \"case\": " << f.first_index
       << ", \"file\": " << JsonString(f.file) << ", \"command\": " << JsonString(f.command) << "}";
    first = false;
  }
  os << "]}\n";
  return os.str();
}

}  // namespace tilesplit::fuzz
