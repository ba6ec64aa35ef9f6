// Classification of outcomes, message keys, isolation of crashes and hangs, and the mutator.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "fuzz/refusal_reason.h"
#include "tilesplit/fuzz/campaign.h"
#include "tilesplit/fuzz/isolate.h"
#include "tilesplit/fuzz/mutator.h"
#include "tilesplit/fuzz/runner.h"

namespace {

using namespace tilesplit::fuzz;

constexpr const char* kDemo = R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def split_auto(qk: pl.Tile[[16, 32], pl.FP32, pl.Mem.Mat], out_0: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    return pl.store(y, [0, 0], out_0)
)";

TEST(FuzzRunner, AcceptedAndEqual) {
  const Verdict v = RunText(kDemo, "demo.py", {});
  EXPECT_EQ(v.outcome, Outcome::Equal) << v.detail;
}

TEST(FuzzRunner, LocatedSyntaxErrorIsARejection) {
  const Verdict v = RunText("import pypto.language as pl\n\n@pl.function\ndef f(:\n", "bad.py", {});
  EXPECT_EQ(v.outcome, Outcome::Rejected);
  EXPECT_EQ(v.stage, "parse");
  EXPECT_FALSE(IsDefect(v.outcome));
}

TEST(FuzzRunner, ReproCommandFollowsTheStage) {
  Verdict v;
  v.stage = "opt";
  EXPECT_NE(ReproCommand(v, "k.py", {}).find("--verify-roundtrip"), std::string::npos);
  v.stage = "check";
  v.seed = 3;
  RunOptions o;
  o.scalars["n"] = 5;
  EXPECT_EQ(ReproCommand(v, "k.py", o), "tilesplit check k.py --seed 3 --scalar n=5");
}

TEST(FuzzRunner, MessageKeyStripsNumbers) {
  EXPECT_EQ(MessageKey("tile 'x12' has 17 rows, not 16\nnote: more"),
            "tile 'xN' has N rows, not N");
}

TEST(FuzzIsolate, CrashAndHangAreClassifiedAndTheRunGoesOn) {
  IsolateOptions o;
  o.timeout_seconds = 0.5;
  o.chunk = 8;
  std::vector<Outcome> got(6, Outcome::Rejected);
  o.on_result = [&](uint64_t i, const Verdict& v) { got[i] = v.outcome; };
  const uint64_t n = RunIsolated(
      6,
      [](uint64_t i) {
        if (i == 1) std::abort();
        if (i == 3)
          for (;;) pause();
        return Verdict{};
      },
      o);
  EXPECT_EQ(n, 6u);
  EXPECT_EQ(got[0], Outcome::Equal);
  EXPECT_EQ(got[1], Outcome::Crash);
  EXPECT_EQ(got[2], Outcome::Equal);
  EXPECT_EQ(got[3], Outcome::Hang);
  EXPECT_EQ(got[4], Outcome::Equal);
  EXPECT_EQ(got[5], Outcome::Equal);
}

// The limit is CPU time: a case that waits longer than the limit without using the processor
// (as a starved worker on a loaded machine does) is not a hang, unless it waits past the
// wall-clock cap, like case 3 above.
TEST(FuzzIsolate, WaitingWithoutCpuWithinTheWallCapIsNotAHang) {
  const Verdict v = RunOneIsolated(
      [] {
        usleep(1500 * 1000);
        return Verdict{};
      },
      0.5);
  EXPECT_EQ(v.outcome, Outcome::Equal);
}

TEST(FuzzIsolate, SpinningPastTheCpuLimitIsAHang) {
  const Verdict v = RunOneIsolated(
      [] {
        volatile uint64_t spins = 0;
        for (;;) spins = spins + 1;
        return Verdict{};
      },
      0.3);
  EXPECT_EQ(v.outcome, Outcome::Hang);
}

TEST(FuzzIsolate, ResultsCrossTheProcessBoundaryIntact) {
  Verdict in;
  in.outcome = Outcome::Internal;
  in.stage = "opt";
  in.key = "a key";
  in.detail = std::string("multi\nline\0detail", 17);
  in.seed = 7;
  in.extensions = "odd gather,whole operands";
  const Verdict out = RunOneIsolated([&] { return in; }, 5);
  EXPECT_EQ(out.extensions, in.extensions);
  EXPECT_EQ(out.outcome, in.outcome);
  EXPECT_EQ(out.stage, in.stage);
  EXPECT_EQ(out.key, in.key);
  EXPECT_EQ(out.detail, in.detail);
  EXPECT_EQ(out.seed, 7u);
}

// A split that rests on an extension says which, so that a campaign counts the checked-equal
// cases of each; one the spec splits names none.
TEST(FuzzRunner, AnAcceptedCaseNamesTheSplitExtensionsItUsed) {
  constexpr const char* kReduction = R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[1, 16], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    m = pl.tile.col_max(v)
    return pl.store(m, [0, 0], out_0)
)";
  const Verdict v = RunText(kReduction, "k.py", {});
  EXPECT_EQ(v.outcome, Outcome::Equal) << v.detail;
  EXPECT_EQ(v.extensions, "partial reduction");
  EXPECT_EQ(RunText(kDemo, "demo.py", {}).extensions, "");
}

TEST(FuzzRunner, RefusalsAreCountedByReason) {
  EXPECT_EQ(RefusalReason("[opt] pass 'lower-auto-vector-split' requires property AivSplitValid, "
                          "which its input violates: AivSplitValid check (b) in 'kernel': "
                          "tile.col_min reduces over the split axis of 'xN'"),
            "written region, AivSplitValid check (b): combines on the split axis of a per-lane "
            "value");
  EXPECT_EQ(RefusalReason("[opt] LowerAutoVectorSplit: tile.reshape of the full-width 'rsN' gives "
                          "the split axis N the odd extent N: each lane would take its half"),
            "tile.reshape: an odd extent on the split axis");
  EXPECT_EQ(RefusalReason("[opt] LowerAutoVectorSplit: tile.gather operand 'src' ('xN') was "
                          "halved, but tile.gather reads it at absolute indices"),
            "tile.gather: reads at absolute indices");
  // Anything else keeps its words up to the first name it quotes.
  EXPECT_EQ(RefusalReason("[parse] unknown name 'foo'"), "other: [parse] unknown name ");
}

TEST(FuzzMutator, DeterministicAndDifferent) {
  EXPECT_EQ(Mutate(kDemo, 11), Mutate(kDemo, 11));
  int changed = 0;
  for (uint64_t s = 0; s < 50; ++s) changed += Mutate(kDemo, s) != kDemo;
  EXPECT_GT(changed, 40);
}

TEST(FuzzCampaign, MutateDefectsAreOnlyToolFailures) {
  EXPECT_TRUE(CountsAsDefect(Outcome::Crash, true));
  EXPECT_TRUE(CountsAsDefect(Outcome::Unlocated, true));
  EXPECT_FALSE(CountsAsDefect(Outcome::Miscompile, true));
  EXPECT_TRUE(CountsAsDefect(Outcome::Miscompile, false));
  EXPECT_FALSE(CountsAsDefect(Outcome::Rejected, false));
  CampaignResult r;
  r.mutate = true;
  EXPECT_TRUE(Lenient(r));
  r.strict = true;  // --mutate --strict counts every defect outcome
  EXPECT_FALSE(Lenient(r));
}

TEST(FuzzCampaign, SmallRunTalliesEveryCase) {
  CampaignOptions o;
  o.count = 20;
  o.seed = 2;
  const CampaignResult r = RunCampaign(o, nullptr);
  uint64_t sum = 0;
  for (uint64_t n : r.tally) sum += n;
  EXPECT_EQ(r.kernels, 20u);
  EXPECT_EQ(sum, 20u);
  EXPECT_NE(SummaryJson(r).find("\"cases\": 20"), std::string::npos);
  EXPECT_NE(SummaryJson(r).find("\"rejection_reasons\": {"), std::string::npos);
  uint64_t reasons = 0;
  for (const auto& [reason, n] : r.refusal_reasons) reasons += n;
  EXPECT_EQ(reasons, r.tally[static_cast<int>(Outcome::Rejected)]);
  EXPECT_EQ(r.tally[static_cast<int>(Outcome::Crash)], 0u);
}

// A kernel whose loop runs a billion iterations: a hang under any budget it cannot reach.
constexpr const char* kSpin = R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def spin(a: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    for i in pl.range(1000000000):
        pl.store(x, [0, 0], out_0)
    return out_0
)";

// A campaign tells its tally before it shrinks (which for a hang costs a time limit per attempt),
// so that stopping it there keeps the counts; the reproducers are written only afterwards.
TEST(FuzzCampaign, TallyIsReportedBeforeShrinking) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("tilesplit_fuzz_tally_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "in");
  std::ofstream(dir / "in" / "spin.py") << kSpin;
  CampaignOptions o;
  o.mutate_dir = (dir / "in").string();
  o.out_dir = (dir / "out").string();
  o.count = 12;
  o.seed = 3;
  o.timeout = 1;
  o.shrink_attempts = 2;
  // A budget no second of CPU time reaches (the simulator's default is reached within a second
  // on an idle core), so the spin is a hang whatever the machine's speed.
  o.max_steps = int64_t{1} << 40;
  int calls = 0;
  o.before_shrink = [&](const CampaignResult& r) {
    ++calls;
    EXPECT_EQ(r.kernels, 12u);
    EXPECT_GE(r.tally[static_cast<int>(Outcome::Hang)], 1u);
    EXPECT_FALSE(r.findings.empty());
    EXPECT_FALSE(fs::exists(dir / "out"));  // nothing shrunk or saved yet
  };
  const CampaignResult r = RunCampaign(o, nullptr);
  EXPECT_EQ(calls, 1);
  ASSERT_FALSE(r.findings.empty());
  EXPECT_TRUE(fs::exists(r.findings[0].file));
  fs::remove_all(dir);
}

// A mutant that loops without end ends at a step budget the campaign's time limit reaches, as
// `check` ends it (a located error), not as a hang of the harness.
TEST(FuzzCampaign, MutantsGetAStepBudgetTheTimeLimitReaches) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("tilesplit_fuzz_steps_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "spin.py") << kSpin;
  CampaignOptions o;
  o.mutate_dir = dir.string();
  o.count = 12;
  o.seed = 3;
  o.timeout = 1;
  const CampaignResult r = RunCampaign(o, nullptr);
  EXPECT_EQ(r.tally[static_cast<int>(Outcome::Hang)], 0u);
  EXPECT_EQ(r.defects, 0u);
  bool budget = false;
  for (const auto& [key, n] : r.rejections)
    budget |= key.find("used up its budget") != std::string::npos;
  EXPECT_TRUE(budget);
  fs::remove_all(dir);
}

}  // namespace

namespace {

constexpr const char* kTensorProgram = R"(import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[32, 16], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        c = pl.matmul(pl.exp(a), b)
        out = pl.assemble(out, pl.add(c, 1.0), [0, 0])
    return out
)";

TEST(FuzzRunner, TensorLevelProgramThroughTheDefaultPipeline) {
  RunOptions o;
  o.tensor_level = true;
  const Verdict v = RunText(kTensorProgram, "tensor.py", o);
  EXPECT_EQ(v.outcome, Outcome::Equal) << v.stage << ": " << v.detail;
  Verdict opt;
  opt.stage = "opt";
  EXPECT_EQ(ReproCommand(opt, "t.py", o), "tilesplit opt t.py --pipeline default-pipeline");
}

// Found by `tilesplit fuzz --seed 104` (case 1019): the only write assembles a window with no valid
// row, so the reference stores undefined data and the run none; no write was lost.
TEST(FuzzRunner, AProgramWritingNoDefinedElementIsNoLateRejection) {
  RunOptions o;
  o.tensor_level = true;
  const Verdict v = RunText(R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.Opaque)
def main(a: pl.Tensor[[3, 3], pl.FP32], out: pl.Out[pl.Tensor[[8, 3], pl.FP32]]) -> pl.Tensor[[8, 3], pl.FP32]:
    g = pl.slice(a, [8, 3], [0, 0], valid_shape=[3, 3])
    w = pl.slice(g, [3, 1], [4, 0])
    out = pl.assemble(out, w, [5, 2])
    return out
)",
                            "nothing.py", o);
  EXPECT_EQ(v.outcome, Outcome::Equal) << v.stage << ": " << v.detail;
}

// A stand-in for the tilesplit binary: logs its arguments and exits with `check_rc` for check and
// `run_rc` for run.
std::string FakeTool(const std::string& name, int check_rc, int run_rc) {
  const std::string dir = ::testing::TempDir();
  const std::string path = dir + "/" + name + ".sh";
  std::ofstream f(path);
  f << "#!/bin/sh\necho \"$@\" >> " << path << ".log\ncase \"$1\" in check) exit " << check_rc
    << ";; run) exit " << run_rc << ";; esac\nexit 9\n";
  f.close();
  std::filesystem::remove(path + ".log");
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path;
}

TEST(FuzzRunner, CommandLineMustAgreeWithTheInProcessVerdict) {
  RunOptions o;
  o.cli_tool = FakeTool("agrees", 0, 0);
  EXPECT_EQ(RunText(kDemo, "demo.py", o).outcome, Outcome::Equal);
  std::ifstream log(o.cli_tool + ".log");
  std::string line;
  std::getline(log, line);
  EXPECT_EQ(line.rfind("check /tmp/tilesplit_fuzz_cli_", 0), 0u) << line;
  EXPECT_NE(line.find("--seed 0 --seeds 2"), std::string::npos) << line;

  o.cli_tool = FakeTool("internal", 3, 0);
  Verdict v = RunText(kDemo, "demo.py", o);
  EXPECT_EQ(v.outcome, Outcome::Internal);
  EXPECT_EQ(v.stage, "cli");
  EXPECT_NE(v.key.find("tilesplit check FILE exits 3 where the library's verdict (equal) means 0"),
            std::string::npos)
      << v.key;

  o.cli_tool = FakeTool("differs", 4, 0);
  EXPECT_EQ(RunText(kDemo, "demo.py", o).outcome, Outcome::Miscompile);

  // A located rejection must be one for the command line too.
  o.cli_tool = FakeTool("accepts", 0, 0);
  v = RunText("import pypto.language as pl\n\n@pl.function\ndef f(:\n", "bad.py", o);
  EXPECT_EQ(v.outcome, Outcome::Internal);
  EXPECT_NE(v.key.find("(rejected) means 1"), std::string::npos) << v.key;
}

TEST(FuzzRunner, TensorLevelCommandLineRunsTheProgramToo) {
  RunOptions o;
  o.tensor_level = true;
  o.cli_tool = FakeTool("run_fails", 0, 1);
  const Verdict v = RunText(kTensorProgram, "tensor.py", o);
  EXPECT_EQ(v.outcome, Outcome::LateReject) << v.detail;
  EXPECT_EQ(v.key.rfind("tilesplit run FILE exits 1", 0), 0u) << v.key;
  EXPECT_EQ(ReproCommand(v, "t.py", o), "tilesplit run t.py --pipeline default-pipeline --seed 0");
}

TEST(FuzzCampaign, TensorLevelCampaignTalliesEveryCase) {
  CampaignOptions o;
  o.count = 24;
  o.seed = 3;
  o.level = Level::Tensor;
  const CampaignResult r = RunCampaign(o, nullptr);
  EXPECT_EQ(r.kernels, 24u);
  EXPECT_EQ(r.tensor_programs, 24u);
  uint64_t sum = 0;
  for (uint64_t n : r.tally) sum += n;
  EXPECT_EQ(sum, 24u);
  EXPECT_NE(SummaryTable(r).find("(24 tensor-level programs)"), std::string::npos);
  EXPECT_NE(SummaryTable(r).find("      0  cli:run-file"), std::string::npos);
}

TEST(FuzzCampaign, EveryNthCaseAlsoRunsTheCommandLine) {
  CampaignOptions o;
  o.count = 12;
  o.seed = 3;
  o.level = Level::Tensor;
  o.cli_tool = FakeTool("campaign", 0, 0);
  o.cli_every = 4;
  const CampaignResult r = RunCampaign(o, nullptr);
  EXPECT_EQ(r.constructs.at("cli:check-file"), 3u);
  EXPECT_EQ(r.constructs.at("cli:run-file"), 3u);
}

}  // namespace
