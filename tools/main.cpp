// The tilesplit command line. Every failure is turned into a diagnostic and an exit code here:
// no input may crash the tool or let an exception escape.
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
         "            3 internal compiler error\n";
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

int main(int argc, char** argv) {
  using namespace tilesplit;
  try {
    std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
    return cli::Dispatch(args);
  } catch (const cli::UsageError& e) {
    const std::string help =
        e.command().empty() ? "tilesplit --help" : "tilesplit " + e.command() + " --help";
    cli::PrintDiagnostic("tilesplit: " + std::string(e.what()) + " (see '" + help + "')");
    return cli::kExitUsage;
  } catch (const ir::UserError& e) {
    cli::PrintDiagnostic(cli::SafeRender(e));
    return cli::kExitFailure;
  } catch (const ir::InternalError& e) {
    cli::PrintDiagnostic(cli::SafeRender(e));
    return cli::kExitInternal;
  } catch (const std::bad_alloc&) {
    cli::PrintDiagnostic("tilesplit: internal error: out of memory");
    return cli::kExitInternal;
  } catch (const std::exception& e) {
    cli::PrintDiagnostic(std::string("tilesplit: internal error: ") + e.what());
    return cli::kExitInternal;
  } catch (...) {
    cli::PrintDiagnostic("tilesplit: internal error: unknown exception");
    return cli::kExitInternal;
  }
}
