#include "cli_cross_check.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace tilesplit::fuzz {

namespace {

struct ToolRun {
  int status = 0;  // the exit code, or 128 + the signal that ended it, or -1: it did not start
  std::string err;
};

// Runs `argv` with standard output discarded and standard error kept (its last 2 kB). The child
// dies with its parent (a worker killed as a hang takes it along) and has the case's CPU limit.
ToolRun Spawn(const std::vector<std::string>& argv, double cpu_seconds) {
  ToolRun r;
  int pipefd[2];
  if (pipe(pipefd) != 0) {
    r.status = -1;
    r.err = "pipe failed";
    return r;
  }
  const pid_t pid = fork();
  if (pid < 0) {
    close(pipefd[0]);
    close(pipefd[1]);
    r.status = -1;
    r.err = "fork failed";
    return r;
  }
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    struct rlimit lim;
    lim.rlim_cur = lim.rlim_max = static_cast<rlim_t>(std::ceil(cpu_seconds)) + 1;
    setrlimit(RLIMIT_CPU, &lim);
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, STDOUT_FILENO);
    dup2(pipefd[1], STDERR_FILENO);
    close(pipefd[0]);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  close(pipefd[1]);
  char buf[4096];
  for (;;) {
    const ssize_t n = read(pipefd[0], buf, sizeof buf);
    if (n > 0) {
      r.err.append(buf, static_cast<size_t>(n));
      if (r.err.size() > 8192) r.err.erase(0, r.err.size() - 2048);
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  close(pipefd[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (r.err.size() > 2048) r.err.erase(0, r.err.size() - 2048);
  return r;
}

// What an exit code the library's verdict does not predict says about the command line.
Outcome Classify(int status) {
  if (status == 4) return Outcome::Miscompile;  // check: DIFFERENT, a deadlock or a fault
  if (status == 1) return Outcome::LateReject;  // a user error the library did not raise
  if (status > 128) return Outcome::Crash;
  return Outcome::Internal;  // 3 (internal), 2 (the harness's usage), 0 (accepted a rejection)
}

}  // namespace

Verdict CrossCheckCli(const std::string& text, const Verdict& in_process, bool nothing_compared,
                      const RunOptions& o) {
  if (in_process.outcome != Outcome::Equal && in_process.outcome != Outcome::Rejected)
    return in_process;
  char path[] = "/tmp/tilesplit_fuzz_cli_XXXXXX.py";
  const int fd = mkstemps(path, 3);
  if (fd < 0) return in_process;  // no scratch file: nothing to compare, not the tool's defect
  const bool wrote = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  close(fd);
  if (!wrote) {
    unlink(path);
    return in_process;
  }
  std::vector<std::string> common;
  for (const auto& [name, value] : o.scalars) {
    common.push_back("--scalar");
    common.push_back(name + "=" + std::to_string(value));
  }
  if (o.max_steps > 0) {
    common.push_back("--max-steps");
    common.push_back(std::to_string(o.max_steps));
  }
  const std::string first_seed = std::to_string(o.seeds.empty() ? 0 : o.seeds.front());
  struct Command {
    std::vector<std::string> argv;
    int expected;
  };
  const int accepted = in_process.outcome == Outcome::Equal ? 0 : 1;
  std::vector<Command> commands;
  std::vector<std::string> check = {o.cli_tool,
                                    "check",
                                    path,
                                    "--seed",
                                    first_seed,
                                    "--seeds",
                                    std::to_string(std::max<size_t>(o.seeds.size(), 1))};
  check.insert(check.end(), common.begin(), common.end());
  commands.push_back({check, accepted == 0 && nothing_compared ? 1 : accepted});
  if (o.tensor_level) {
    std::vector<std::string> run = {o.cli_tool,         "run",    path,      "--pipeline",
                                    "default-pipeline", "--seed", first_seed};
    run.insert(run.end(), common.begin(), common.end());
    commands.push_back({run, accepted});
  }
  Verdict v = in_process;
  for (const Command& c : commands) {
    const ToolRun r = Spawn(c.argv, o.cli_timeout);
    if (r.status == c.expected) continue;
    if (r.status < 0) break;  // the harness could not start it: nothing learned
    std::string shown;
    for (size_t i = 1; i < c.argv.size(); ++i) shown += (i > 1 ? " " : "") + c.argv[i];
    v = Verdict{};
    v.outcome = Classify(r.status);
    v.stage = "cli";
    v.key = "tilesplit " + c.argv[1] + " FILE exits " + std::to_string(r.status) +
            " where the library's verdict (" + OutcomeName(in_process.outcome) + ") means " +
            std::to_string(c.expected);
    v.detail = v.key + "\n$ tilesplit " + shown + "\n" + r.err;
    v.seed = o.seeds.empty() ? 0 : o.seeds.front();
    break;
  }
  unlink(path);
  return v;
}

}  // namespace tilesplit::fuzz
