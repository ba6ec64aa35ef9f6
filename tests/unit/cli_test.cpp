// Exit codes and output discipline of the tilesplit binary (built next to this test binary).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;

constexpr const char* kGood = R"(import pypto.language as pl

@pl.function
def g(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    b = a * 2
    return b + 1
)";

constexpr const char* kRenamed = R"(import pypto.language as pl

@pl.function
def g(p: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    q = p * 2
    return q + 1
)";

constexpr const char* kDifferent = R"(import pypto.language as pl

@pl.function
def g(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    b = a * 3
    return b + 1
)";

constexpr const char* kBad = R"(import pypto.language as pl

@pl.function
def g(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    return a + nowhere
)";

struct Result {
  int code = -1;
  std::string out, err;
};

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string Quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    binary_ = fs::read_symlink("/proc/self/exe").parent_path() / "tilesplit";
    if (!fs::exists(binary_)) GTEST_SKIP() << "no CLI binary at " << binary_;
    char tmpl[] = "/tmp/tilesplit_cli_test.XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    Write("good.py", kGood);
    Write("renamed.py", kRenamed);
    Write("different.py", kDifferent);
    Write("bad.py", kBad);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  void Write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }

  // Runs the CLI in the scratch directory; `stdin_text` feeds standard input.
  Result Run(const std::string& args, const std::string& stdin_text = "") {
    Write("stdin.txt", stdin_text);
    std::string cmd = "cd " + Quote(dir_.string()) + " && " + Quote(binary_.string()) + " " + args +
                      " <stdin.txt >stdout.txt 2>stderr.txt";
    int status = std::system(cmd.c_str());
    Result r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
    r.out = Slurp(dir_ / "stdout.txt");
    r.err = Slurp(dir_ / "stderr.txt");
    return r;
  }

  fs::path binary_;
  fs::path dir_;
};

TEST_F(CliTest, HelpEverywhereExitsZero) {
  for (const char* args : {"--help", "-h", "help", "help print", "print --help", "opt --help",
                           "equal --help", "opt -h", "explain --help"}) {
    Result r = Run(args);
    EXPECT_EQ(r.code, 0) << args;
    EXPECT_NE(r.out.find("usage: tilesplit"), std::string::npos) << args;
  }
}

TEST_F(CliTest, BadUsageExitsTwo) {
  for (const char* args :
       {"", "frobnicate x.py", "print", "print a.py b.py", "print --bogus x", "opt good.py",
        "opt good.py -p", "opt good.py -p no-such-pass", "opt good.py -p convert-to-ssa,,",
        "equal good.py", "equal - -", "help nothing"}) {
    Result r = Run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_FALSE(r.err.empty()) << args;
    EXPECT_TRUE(r.out.empty()) << args;
  }
  Result r = Run("opt good.py -p no-such-pass");
  EXPECT_NE(r.err.find("no-such-pass"), std::string::npos);
  EXPECT_NE(r.err.find("convert-to-ssa"), std::string::npos);  // the known passes are listed
}

TEST_F(CliTest, PrintSucceedsAndIsIdempotent) {
  Result r = Run("print good.py");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("import pypto.language as pl\n", 0), 0u);
  Write("printed.py", r.out);
  Result again = Run("print printed.py");
  EXPECT_EQ(again.code, 0);
  EXPECT_EQ(again.out, r.out);
  // Standard input.
  Result in = Run("print -", kGood);
  EXPECT_EQ(in.code, 0) << in.err;
  EXPECT_EQ(in.out, r.out);
}

TEST_F(CliTest, UserErrorsExitOneWithALocatedDiagnostic) {
  Result r = Run("print bad.py");
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("bad.py:5:16: error:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("nowhere"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("^"), std::string::npos) << r.err;  // the caret line
  Result missing = Run("print does_not_exist.py");
  EXPECT_EQ(missing.code, 1);
  EXPECT_NE(missing.err.find("does_not_exist.py"), std::string::npos);
  Result garbage = Run("print -", std::string("\x01\xff\xfe def (((", 11));
  EXPECT_EQ(garbage.code, 1) << garbage.err;
  Result directory = Run("print .");
  EXPECT_EQ(directory.code, 1) << directory.err;
  EXPECT_NE(directory.err.find("is a directory"), std::string::npos) << directory.err;
}

TEST_F(CliTest, OutputFileIsWrittenOnlyOnSuccess) {
  Result bad = Run("print bad.py -o out.py");
  EXPECT_EQ(bad.code, 1);
  EXPECT_FALSE(fs::exists(dir_ / "out.py"));
  Result bad_opt = Run("opt bad.py -p convert-to-ssa -o out.py");
  EXPECT_EQ(bad_opt.code, 1);
  EXPECT_FALSE(fs::exists(dir_ / "out.py"));
  Result good = Run("opt good.py -p convert-to-ssa --verify-roundtrip -o out.py");
  EXPECT_EQ(good.code, 0) << good.err;
  EXPECT_TRUE(good.out.empty());
  ASSERT_TRUE(fs::exists(dir_ / "out.py"));
  EXPECT_EQ(Slurp(dir_ / "out.py"), Run("print good.py").out);
  // No temporary file is left behind.
  for (const auto& entry : fs::directory_iterator(dir_))
    EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos);
  Result unwritable = Run("print good.py -o no/such/dir/out.py");
  EXPECT_EQ(unwritable.code, 1);
  EXPECT_NE(unwritable.err.find("no/such/dir/out.py"), std::string::npos);
}

TEST_F(CliTest, OptListsPasses) {
  Result r = Run("opt --list-passes");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("convert-to-ssa"), std::string::npos);
}

TEST_F(CliTest, EqualReportsEqualityByExitCode) {
  Result same = Run("equal good.py renamed.py");
  EXPECT_EQ(same.code, 0) << same.err;
  EXPECT_EQ(same.out, "equal\n");
  Result names = Run("equal --names good.py renamed.py");
  EXPECT_EQ(names.code, 1);
  EXPECT_EQ(names.out.rfind("not equal\n", 0), 0u) << names.out;
  Result differ = Run("equal good.py different.py");
  EXPECT_EQ(differ.code, 1);
  EXPECT_EQ(differ.out.rfind("not equal\n", 0), 0u);
  EXPECT_GT(differ.out.size(), std::string("not equal\n").size());  // says where
  Result piped = Run("equal - renamed.py", kGood);
  EXPECT_EQ(piped.code, 0) << piped.err;
  Result bad = Run("equal good.py bad.py");
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.err.find("bad.py:5:16:"), std::string::npos);
}

constexpr const char* kMixed = R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[32, 48], pl.FP32],
      out: pl.Out[pl.Tensor[[64, 48], pl.FP32]]):
    am = pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [32, 48], target_memory=pl.Mem.Mat)
    al = pl.tile.move(am, target_memory=pl.Mem.Left)
    br = pl.tile.move(bm, target_memory=pl.Mem.Right)
    p = pl.matmul(al, br)
    pv = pl.tile.move(p, target_memory=pl.Mem.Vec)
    y = pl.exp(pv)
    return pl.store(y, [0, 0], out)
)";

TEST_F(CliTest, VersionIsPrinted) {
  for (const char* args : {"--version", "print --version", "check --version"}) {
    Result r = Run(args);
    EXPECT_EQ(r.code, 0) << args;
    EXPECT_EQ(r.out.rfind("tilesplit ", 0), 0u) << r.out;
  }
}

TEST_F(CliTest, EveryTableDrivenHelpListsTheCommonOptions) {
  for (const char* cmd : {"print", "opt", "equal", "ops", "run", "check", "fuzz", "completion"}) {
    Result r = Run(std::string(cmd) + " --help");
    EXPECT_EQ(r.code, 0) << cmd;
    EXPECT_NE(r.out.find("--diagnostics-format FMT"), std::string::npos) << cmd;
    EXPECT_NE(r.out.find("--color WHEN"), std::string::npos) << cmd;
    EXPECT_NE(r.out.find("-h, --help"), std::string::npos) << cmd;
  }
  Result check = Run("check --help");
  for (const char* option : {"--seeds N", "--inputs DIR", "--outputs DIR", "--against SPLIT",
                             "--pipeline NAME", "--print-after-all", "--time-passes"})
    EXPECT_NE(check.out.find(option), std::string::npos) << option;
}

TEST_F(CliTest, ColorOnlyWhenAskedOrOnATerminal) {
  Result always = Run("print bad.py --color=always");
  EXPECT_EQ(always.code, 1);
  EXPECT_NE(always.err.find("\033[1;31merror:\033[0m"), std::string::npos) << always.err;
  // Standard error is a file here, so auto means none.
  for (const char* args :
       {"print bad.py", "print bad.py --color=auto", "print bad.py --color never"}) {
    Result r = Run(args);
    EXPECT_EQ(r.err.find('\033'), std::string::npos) << args;
    EXPECT_NE(r.err.find("bad.py:5:16: error:"), std::string::npos) << args;
  }
}

// --color=auto on a terminal: `script` (util-linux) gives the CLI a pseudo-terminal.
TEST_F(CliTest, ColorAutoOnATerminal) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  auto on_tty = [&](const std::string& env) {
    const std::string cmd = "cd " + Quote(dir_.string()) + " && " + env + " script -qec " +
                            Quote(Quote(binary_.string()) + " print bad.py") +
                            " /dev/null >tty.txt 2>&1 </dev/null";
    std::system(cmd.c_str());
    return Slurp(dir_ / "tty.txt");
  };
  const std::string colored = on_tty("TERM=xterm");
  EXPECT_NE(colored.find("\033[1;31merror:"), std::string::npos) << colored;
  const std::string plain = on_tty("TERM=xterm NO_COLOR=1");
  EXPECT_NE(plain.find("bad.py:5:16: error:"), std::string::npos) << plain;
  EXPECT_EQ(plain.find('\033'), std::string::npos) << plain;
}

TEST_F(CliTest, SarifLogIsWrittenAlsoWithoutErrors) {
  Result r = Run("print good.py --diagnostics-format=sarif");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("\"version\": \"2.1.0\""), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\"results\": []"), std::string::npos) << r.err;
  Result usage = Run("print --bogus --diagnostics-format=json");
  EXPECT_EQ(usage.code, 2);
  EXPECT_NE(usage.err.find("\"rule\": \"usage\""), std::string::npos) << usage.err;
}

TEST_F(CliTest, CheckWritesBothProgramsOutputs) {
  Write("mixed.py", kMixed);
  Result r = Run("check mixed.py --outputs outs");
  ASSERT_EQ(r.code, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("inputs: seed 0"), std::string::npos) << r.out;
  ASSERT_TRUE(fs::exists(dir_ / "outs/k/reference/out.npy"));
  ASSERT_TRUE(fs::exists(dir_ / "outs/k/split/out.npy"));
  // Bit-equal programs write the same array.
  EXPECT_EQ(Slurp(dir_ / "outs/k/reference/out.npy"), Slurp(dir_ / "outs/k/split/out.npy"));
  Result seeds = Run("check mixed.py --seeds 2 --outputs many");
  ASSERT_EQ(seeds.code, 0) << seeds.err;
  EXPECT_TRUE(fs::exists(dir_ / "many/k/seed-1/split/out.npy"));
  // The outputs of `run` on the same seed are the reference's.
  Result run = Run("run mixed.py --outputs ran");
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(Slurp(dir_ / "ran/out.npy"), Slurp(dir_ / "outs/k/reference/out.npy"));
}

TEST_F(CliTest, CheckAgainstAProgramAtAnyStage) {
  Write("mixed.py", kMixed);
  ASSERT_EQ(Run("opt mixed.py -p outline-incore-scopes,lower-auto-vector-split -o lowered.py").code,
            0);
  ASSERT_EQ(Run("opt mixed.py --pipeline check-pipeline -o expanded.py").code, 0);
  for (const char* against : {"mixed.py", "lowered.py", "expanded.py"}) {
    Result r = Run(std::string("check mixed.py --against ") + against);
    EXPECT_EQ(r.code, 0) << against << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("check k: equal"), std::string::npos) << against << "\n" << r.out;
  }
}

// The typed option values every command shares (cli.h: UnsignedValue, IntegerIn, SecondsValue).
TEST_F(CliTest, MalformedOptionValuesAreUsageErrors) {
  const std::pair<const char*, const char*> cases[] = {
      {"fuzz --jobs 0", "--jobs needs an integer from 1 to 256, got '0'"},
      {"fuzz --count -3", "--count needs a non-negative integer, got '-3'"},
      {"fuzz --timeout soon", "--timeout needs a non-negative number of seconds, got 'soon'"},
      {"fuzz --strict --count 1", "--strict goes with --mutate"},
      {"check good.py --seeds 0", "--seeds needs an integer from 1 to 10000, got '0'"},
      {"check good.py --schedules 1001", "--schedules needs an integer from 1 to 1000"},
      {"check good.py --scalar a=5..1", "a range A..B needs A <= B"},
      {"run good.py --scalar a=1..2", "takes one VALUE here, not a range A..B"},
      {"run good.py --seed x", "--seed needs a non-negative integer, got 'x'"},
      {"run good.py --max-steps 0", "--max-steps needs a positive integer, got '0'"},
      {"opt good.py -p convert-to-ssa --print-after no-such-pass", "unknown pass 'no-such-pass'"},
      {"completion zsh", "expected the shell name 'bash'"},
  };
  for (const auto& [args, message] : cases) {
    Result r = Run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << "\n" << r.err;
  }
}

// The completion script, run by bash on simulated command lines.
TEST_F(CliTest, BashCompletionFromTheOptionTables) {
  if (std::system("command -v bash >/dev/null 2>&1") != 0) GTEST_SKIP() << "no bash";
  Result gen = Run("completion bash -o completion.bash");
  ASSERT_EQ(gen.code, 0) << gen.err;
  Write("probe.sh",
        "source ./completion.bash\n"
        "probe() { COMP_WORDS=(\"$@\"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _tilesplit;\n"
        "  echo \"${COMPREPLY[*]}\"; }\n"
        "probe tilesplit ch\n"
        "probe tilesplit check --see\n"
        "probe tilesplit opt -p lower-auto\n"
        "probe tilesplit opt -p outline-incore-scopes,lower\n"
        "probe tilesplit print --diagnostics-format s\n"
        "probe tilesplit run --color = al\n"
        "probe tilesplit fuzz --mode re\n"
        "probe tilesplit opt --pipel\n"
        "probe tilesplit completion b\n"
        "probe tilesplit opt --remarks = mi\n"
        "probe tilesplit check --remarks = passed,an\n"
        "probe tilesplit check --remarks = \n");
  const std::string cmd = "cd " + Quote(dir_.string()) + " && bash probe.sh >probe.out 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << Slurp(dir_ / "probe.out");
  Result r;
  r.out = Slurp(dir_ / "probe.out");
  std::istringstream lines(r.out);
  std::string line;
  std::vector<std::string> got;
  while (std::getline(lines, line)) got.push_back(line);
  ASSERT_EQ(got.size(), 12u) << r.out;
  EXPECT_EQ(got[0], "check");
  EXPECT_EQ(got[1], "--seed --seeds");
  EXPECT_EQ(got[2], "lower-auto-vector-split");
  EXPECT_EQ(got[3], "outline-incore-scopes,lower-auto-vector-split");
  EXPECT_EQ(got[4], "sarif");
  EXPECT_EQ(got[5], "always");
  EXPECT_EQ(got[6], "regions");
  EXPECT_EQ(got[7], "--pipeline");
  EXPECT_EQ(got[8], "bash");
  // --remarks=KINDS offers the kinds (it offered file names), also after a comma and on check.
  EXPECT_EQ(got[9], "missed");
  EXPECT_EQ(got[10], "passed,analysis");
  EXPECT_EQ(got[11], "passed missed analysis all");
}

}  // namespace
