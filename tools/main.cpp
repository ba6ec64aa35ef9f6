// The tilesplit command line. Every failure is turned into a diagnostic and an exit code here:
// no input may crash the tool or let an exception escape.
#include <pthread.h>

#include <algorithm>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "cli.h"
#include "diagnostics.h"
#include "tilesplit/ir/error.h"

namespace tilesplit::cli {
namespace {

void TopLevelHelp(std::ostream& out) {
  out << "usage: tilesplit <command> [options] [args]\n"
         "\n"
         "Compiler tools for tile-level NPU kernels written in the pl DSL.\n"
         "\n"
         "commands:\n";
  for (const Subcommand& c : Subcommands()) {
    std::string name(c.name);
    out << "  " << name << std::string(name.size() < 12 ? 12 - name.size() : 1, ' ') << c.summary
        << "\n";
  }
  out << "\n"
         "Run 'tilesplit <command> --help' for a command's options; every command takes\n"
         "--diagnostics-format=text|json|sarif and --color=auto|always|never.\n"
         "'tilesplit --version' prints the version.\n"
         "\n"
         "exit codes: 0 success (equal), 1 error in the input (not equal), 2 bad usage,\n"
         "            3 internal compiler error, 4 the split program differs from its reference\n"
         "            or deadlocks (fuzz: a defect was found)\n";
}

void PrintVersion() {
  std::cout << "tilesplit " << Version() << "\n";
}

int Dispatch(const std::vector<std::string>& argv) {
  if (argv.empty()) {
    TopLevelHelp(std::cerr);
    return kExitUsage;
  }
  const std::string& cmd = argv[0];
  if (cmd == "-h" || cmd == "--help") {
    TopLevelHelp(std::cout);
    return kExitOk;
  }
  if (cmd == "--version") {
    PrintVersion();
    return kExitOk;
  }
  if (cmd == "help") {
    if (argv.size() == 1) {
      TopLevelHelp(std::cout);
      return kExitOk;
    }
    for (const Subcommand& c : Subcommands())
      if (c.name == argv[1]) {
        if (c.spec)
          PrintCommandHelp(std::cout, c.name, *c.spec());
        else
          c.help(std::cout);
        return kExitOk;
      }
    throw UsageError("", "unknown command '" + argv[1] + "'");
  }
  for (const Subcommand& c : Subcommands()) {
    if (c.name != cmd) continue;
    // The diagnostics options are taken first, so that even a usage error later on is reported
    // in the chosen format.
    DiagnosticsSettings settings;
    const std::vector<std::string> args = TakeDiagnosticsOptions(
        cmd, std::vector<std::string>(argv.begin() + 1, argv.end()), settings);
    Sink().Settings(settings);
    if (std::find(args.begin(), args.end(), "--version") != args.end()) {
      PrintVersion();
      return kExitOk;
    }
    return c.spec ? RunCommand(c.name, *c.spec(), args) : c.run(args);
  }
  throw UsageError("", "unknown command '" + cmd + "'");
}

// Runs a command and turns every failure into a diagnostic and an exit code.
int RunGuarded(const std::vector<std::string>& args) {
  try {
    return Dispatch(args);
  } catch (const UsageError& e) {
    const std::string help =
        e.command().empty() ? "tilesplit --help" : "tilesplit " + e.command() + " --help";
    Sink().Plain("usage", "error", "tilesplit: " + std::string(e.what()) + " (see '" + help + "')");
    return kExitUsage;
  } catch (const ir::UserError& e) {
    Sink().UserError(e);
    return kExitFailure;
  } catch (const ir::InternalError& e) {
    Sink().InternalError(e);
    return kExitInternal;
  } catch (const std::bad_alloc&) {
    Sink().Plain("internal", "error", "tilesplit: internal error: out of memory");
    return kExitInternal;
  } catch (const std::exception& e) {
    Sink().Plain("internal", "error", std::string("tilesplit: internal error: ") + e.what());
    return kExitInternal;
  } catch (...) {
    Sink().Plain("internal", "error", "tilesplit: internal error: unknown exception");
    return kExitInternal;
  }
}

// The IR is a tree and every stage walks it recursively, so a deeply nested input needs a deep
// stack. The work runs on a thread whose stack is reserved large (pages are only committed when
// touched), which moves the limit far beyond what the main thread's 8 MiB allows.
constexpr size_t kWorkerStackBytes = size_t{1} << 30;

struct Job {
  std::vector<std::string> args;
  int code = kExitInternal;
};

void* RunJob(void* p) {
  Job* job = static_cast<Job*>(p);
  job->code = RunGuarded(job->args);
  try {
    Sink().Finish();  // the JSON or SARIF document, also when nothing went wrong
  } catch (...) {
    job->code = kExitInternal;
  }
  return nullptr;
}

}  // namespace
}  // namespace tilesplit::cli

int main(int argc, char** argv) {
  using namespace tilesplit::cli;
  Job job;
  try {
    job.args.assign(argv + (argc > 0 ? 1 : 0), argv + argc);
  } catch (...) {
    return kExitInternal;
  }
  pthread_attr_t attr;
  pthread_t worker;
  const bool attr_ok = pthread_attr_init(&attr) == 0;
  const bool started = attr_ok && pthread_attr_setstacksize(&attr, kWorkerStackBytes) == 0 &&
                       pthread_create(&worker, &attr, RunJob, &job) == 0;
  if (started) {
    pthread_join(worker, nullptr);
  } else {
    RunJob(&job);  // no big stack available: run here, with the ordinary limit
  }
  if (attr_ok) pthread_attr_destroy(&attr);
  return job.code;
}
