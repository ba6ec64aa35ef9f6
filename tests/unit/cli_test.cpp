// Exit codes and output discipline of the tilesplit binary (built next to this test binary).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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

}  // namespace
