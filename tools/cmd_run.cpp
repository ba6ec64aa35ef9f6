// `tilesplit run FILE [--func NAME] [--seed N] [--inputs DIR] [--outputs DIR] [--scalar K=V]`:
// runs a kernel on the simulator and writes its Out/InOut tensors as .npy files.
#include <filesystem>
#include <iostream>

#include "cli.h"
#include "sim_cli.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/sim/check.h"
#include "tilesplit/sim/npy.h"

namespace tilesplit::cli {

void HelpRun(std::ostream& out) {
  out << "usage: tilesplit run FILE [--func NAME] [--seed N] [--inputs DIR] [--outputs DIR]\n"
         "                         [--scalar NAME=VALUE]... [--max-steps N] [--max-memory BYTES]\n"
         "\n"
         "Runs a kernel on the simulator: an InCore kernel on the sequential reference\n"
         "interpreter, a split kernel (Group, AIC or AIV function) on the core-group executor.\n"
         "Inputs are seeded random values unless DIR/NAME.npy exists for a parameter.\n"
         "\n"
         "options:\n"
         "  --func NAME         the function to run (default: the only kernel in FILE)\n"
         "  --seed N            seed of the random inputs (default 0)\n"
         "  --inputs DIR        read parameter NAME from DIR/NAME.npy when that file exists\n"
         "  --outputs DIR       write every Out/InOut tensor to DIR/NAME.npy\n"
         "  --scalar NAME=V     pin an integer scalar parameter (repeatable)\n"
         "  --max-steps N       stop after N steps, statements or loop iterations\n"
         "                      (default "
      << sim::RunLimits::kDefaultMaxSteps
      << "): a kernel that does not terminate\n"
         "  --max-memory BYTES  stop when live tiles and tensors would exceed BYTES\n"
         "                      (suffix K, M, G or T; default 8G)\n"
         "  -h, --help          show this help\n"
         "\n"
         "exit codes: 0 ran, 1 error in the input or a budget exceeded, 4 the split program\n"
         "            deadlocked or faulted\n";
}

int RunRun(const std::vector<std::string>& args) {
  ParsedArgs a = ParseArgs("run", args,
                           {{"func", 0, true},
                            {"seed", 0, true},
                            {"inputs", 0, true},
                            {"outputs", 0, true},
                            {"scalar", 0, true},
                            {"max-steps", 0, true},
                            {"max-memory", 0, true}});
  if (a.help) {
    HelpRun(std::cout);
    return kExitOk;
  }
  if (a.positional.size() != 1)
    throw UsageError("run", a.positional.empty() ? "missing input FILE" : "expected one FILE");
  sim::InputOptions o = SimInputOptions("run", a);
  ir::ProgramPtr p = dsl::ParseFile(a.positional[0]);
  const std::string name = PickKernel("run", *p, a.Value("func"), /*incore_only=*/false);
  auto inputs = sim::MakeInputs(*p->Find(name), o);
  const sim::GroupOutcome out = sim::RunKernel(*p, name, inputs, o.limits);
  if (out.kind != sim::GroupOutcome::Kind::Ok) {
    std::cout << out.Describe();
    return kExitDiffer;
  }
  const std::string dir = a.Value("outputs");
  if (!dir.empty()) std::filesystem::create_directories(dir);
  for (const std::string& o_name : sim::OutputNames(*p->Find(name))) {
    const sim::TensorValue& t = **inputs.at(o_name).tensor();
    size_t written = 0, undefined = 0;
    for (size_t i = 0; i < t.data.size(); ++i) {
      written += t.writer[i] != sim::Writer::None;
      undefined += t.writer[i] != sim::Writer::None && t.data.IsPoison(i);
    }
    std::cout << o_name << ": " << ir::DataTypeName(t.dtype) << "[";
    for (size_t d = 0; d < t.shape.size(); ++d) std::cout << (d ? ", " : "") << t.shape[d];
    std::cout << "], " << written << " elements written";
    if (undefined) std::cout << ", " << undefined << " of them undefined (poison)";
    if (!dir.empty()) {
      const std::string path = (std::filesystem::path(dir) / (o_name + ".npy")).string();
      sim::WriteNpy(path, t);
      std::cout << " -> " << path;
    }
    std::cout << "\n";
  }
  return kExitOk;
}

}  // namespace tilesplit::cli
