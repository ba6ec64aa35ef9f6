// The compile driver (compile.h).
#include "tilesplit/target/compile.h"

#include <string>
#include <vector>

#include "tilesplit/analysis/param_writes.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/transforms/passes.h"

namespace tilesplit::target {
namespace {

using ir::Join;

// A kernel of the lowered program that still computes on tensors would run on a core the NPU
// does not have (a tensor op on the vector lane). Refused at the op.
void RequireTileKernels(const ir::Program& lowered) {
  const ir::Function* f = nullptr;
  const ir::Call* op = FindTensorOpInKernels(lowered, &f);
  if (!op) return;
  const bool converter = pass::PassRegistry::Global().Find("convert-tensor-to-tile-ops");
  ir::ThrowUser(op->span,
                op->op_name() + " is still a tensor op in kernel '" + f->name +
                    "' after the default pipeline, so it has no core to run on",
                {{{},
                  converter ? "write the kernel with tile ops (pl.load / pl.store and the tile "
                              "forms of the op), or move the op out of the pl.at scope"
                            : "this build's default-pipeline has no convert-tensor-to-tile-ops "
                              "yet: write the kernel with tile ops (pl.load, pl.tile.*, "
                              "pl.store), or run the program unsplit with `tilesplit run`"}});
}

// An Inline function run as the entry (a @pl.jit.inline function called directly) runs as an
// Opaque one: inline-functions would otherwise inline it into its callers, of which it has none,
// and drop it.
ir::ProgramPtr InlineEntryAsOpaque(const ir::ProgramPtr& program) {
  const ir::Function& entry = EntryFunction(*program);
  if (entry.func_type != ir::FunctionType::Inline) return program;
  std::vector<ir::FunctionPtr> functions;
  for (const ir::FunctionPtr& f : program->functions)
    functions.push_back(f.get() != &entry ? f
                                          : std::make_shared<ir::Function>(
                                                f->name, ir::FunctionType::Opaque, f->params,
                                                f->return_types, f->attrs, f->body, f->span));
  return std::make_shared<ir::Program>(program->name, std::move(functions), program->span);
}

}  // namespace

const ir::Call* FindTensorOpInKernels(const ir::Program& p, const ir::Function** kernel) {
  struct Finder : ir::IRVisitor {
    const ir::Call* found = nullptr;
    void VisitCall(const ir::Call& c) override {
      const std::string& n = c.op_name();
      if (!found && n.rfind("tensor.", 0) == 0 && n != "tensor.dim" && n != "tensor.create") {
        found = &c;
        return;
      }
      ir::IRVisitor::VisitCall(c);
    }
  };
  for (const ir::FunctionPtr& f : p.functions) {
    if (!f || f->func_type == ir::FunctionType::Orchestration ||
        f->func_type == ir::FunctionType::Opaque)
      continue;
    Finder finder;
    finder.VisitStmt(f->body);
    if (!finder.found) continue;
    if (kernel) *kernel = f.get();
    return finder.found;
  }
  return nullptr;
}

const std::vector<std::string>& SimulatorPlatforms() {
  static const std::vector<std::string> kSim = {"a2a3sim", "a5sim"};
  return kSim;
}

void CheckPlatform(const std::string& platform, ir::Span at) {
  for (const std::string& s : SimulatorPlatforms())
    if (platform == s) return;
  const bool hardware = platform == "a2a3" || platform == "a5";
  ir::ThrowUser(at,
                (hardware ? "platform '" + platform +
                                "' is an NPU; tilesplit has no device runtime and runs programs "
                                "on its core-group simulator only"
                          : "unknown platform '" + platform + "'"),
                {{{},
                  "use platform=\"" + Join(SimulatorPlatforms(), "\" or platform=\"") +
                      "\" (RunConfig(platform=...); on the command line tilesplit run "
                      "--platform, or -p of PyPTO's example scripts)"}});
}

const ir::Function& EntryFunction(const ir::Program& p) {
  std::vector<const ir::Function*> all, orch, opaque;
  for (const ir::FunctionPtr& f : p.functions) {
    if (!f) continue;
    all.push_back(f.get());
    if (f->name == "main") return *f;
    if (f->func_type == ir::FunctionType::Orchestration) orch.push_back(f.get());
    if (f->func_type == ir::FunctionType::Opaque) opaque.push_back(f.get());
  }
  if (all.size() == 1) return *all[0];
  if (orch.size() == 1) return *orch[0];
  if (orch.empty() && opaque.size() == 1) return *opaque[0];
  std::vector<std::string> names;
  for (const ir::Function* f : (orch.empty() ? (opaque.empty() ? all : opaque) : orch))
    names.push_back(f->name);
  ir::ThrowUser(p.span,
                "the program has no single entry function to run (candidates: " + Join(names) + ")",
                {{{},
                  "name the entry 'main', or give the program one Orchestration (or Opaque) "
                  "function that calls the others"}});
}

Compiled Compile(const ir::ProgramPtr& given, const CompileOptions& options) {
  if (!given) ir::ThrowInternal(ir::Span{}, "Compile without a program");
  Compiled c;
  c.source = InlineEntryAsOpaque(given);
  const ir::Function& entry = EntryFunction(*c.source);
  CheckPlatform(options.platform, entry.span);
  c.entry = entry.name;
  c.lowered = c.source;
  if (options.lower) {
    pass::PipelineOptions po;
    c.lowered = pass::RunPipeline(c.source, pass::BuildPasses({pass::kDefaultPipeline}), po);
    analysis::RequireWritesKept(*c.source, *c.lowered, entry.name);
  }
  RequireTileKernels(*c.lowered);
  if (!c.lowered->Find(entry.name))
    ir::ThrowInternal(entry.span, "the lowered program lost its entry '" + entry.name + "'");
  c.split = std::make_shared<const SplitProgram>(*c.lowered);
  return c;
}

}  // namespace tilesplit::target
