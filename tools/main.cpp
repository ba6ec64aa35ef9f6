// The tilesplit command line. Every failure is turned into a diagnostic and an exit code here:
// no input may crash the tool or let an exception escape.
#include <pthread.h>

#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "cli.h"
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
    out << "  " << name << std::string(name.size() < 10 ? 10 - name.size() : 1, ' ') << c.summary
        << "\n";
  }
  out << "\n"
         "Run 'tilesplit <command> --help' for a command's options.\n"
         "\n"
         "exit codes: 0 success (equal), 1 error in the input (not equal), 2 bad usage,\n"
         "            3 internal compiler error, 4 the split program differs from its reference\n"
         "            or deadlocks (fuzz: a defect was found)\n";
}

// Rendering reads source buffers and allocates; if that fails too, the bare message must do.
std::string SafeRender(const ir::UserError& e) {
  try {
    return ir::RenderUserError(e);
  } catch (...) {
    return std::string("error: ") + e.what();
  }
}
std::string SafeRender(const ir::InternalError& e) {
  try {
    return ir::RenderInternalError(e);
  } catch (...) {
    return std::string("internal error: ") + e.what();
  }
}

void PrintDiagnostic(const std::string& text) {
  std::cerr << text;
  if (text.empty() || text.back() != '\n') std::cerr << '\n';
  std::cerr.flush();
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
  if (cmd == "help") {
    if (argv.size() == 1) {
      TopLevelHelp(std::cout);
      return kExitOk;
    }
    for (const Subcommand& c : Subcommands())
      if (c.name == argv[1]) {
        c.help(std::cout);
        return kExitOk;
      }
    throw UsageError("", "unknown command '" + argv[1] + "'");
  }
  for (const Subcommand& c : Subcommands())
    if (c.name == cmd) return c.run(std::vector<std::string>(argv.begin() + 1, argv.end()));
  throw UsageError("", "unknown command '" + cmd + "'");
}

}  // namespace
}  // namespace tilesplit::cli

namespace tilesplit::cli {
namespace {

// Runs a command and turns every failure into a diagnostic and an exit code.
int RunGuarded(const std::vector<std::string>& args) {
  try {
    return Dispatch(args);
  } catch (const UsageError& e) {
    const std::string help =
        e.command().empty() ? "tilesplit --help" : "tilesplit " + e.command() + " --help";
    PrintDiagnostic("tilesplit: " + std::string(e.what()) + " (see '" + help + "')");
    return kExitUsage;
  } catch (const ir::UserError& e) {
    PrintDiagnostic(SafeRender(e));
    return kExitFailure;
  } catch (const ir::InternalError& e) {
    PrintDiagnostic(SafeRender(e));
    return kExitInternal;
  } catch (const std::bad_alloc&) {
    PrintDiagnostic("tilesplit: internal error: out of memory");
    return kExitInternal;
  } catch (const std::exception& e) {
    PrintDiagnostic(std::string("tilesplit: internal error: ") + e.what());
    return kExitInternal;
  } catch (...) {
    PrintDiagnostic("tilesplit: internal error: unknown exception");
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
