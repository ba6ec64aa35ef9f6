// Whole-program runs (program_run.h).
#include "tilesplit/sim/program_run.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "tilesplit/analysis/param_writes.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/type.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/transforms/passes.h"

namespace tilesplit::sim {
namespace {

std::string Join(const std::vector<std::string>& v, const std::string& sep = ", ") {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

std::string ShapeText(const std::vector<int64_t>& shape) {
  std::vector<std::string> d;
  for (int64_t x : shape) d.push_back(std::to_string(x));
  return "[" + Join(d) + "]";
}

// Checks one array against the parameter's declared tensor or tile type.
void CheckArgument(const ir::Function& f, const ir::Param& p, const CallArgument& a) {
  const std::string where = "parameter '" + p.var->name + "' of '" + f.name + "'";
  std::vector<ir::ExprPtr> dims;
  std::optional<ir::DataType> dt;
  if (const auto* tt = p.var->type->As<ir::TensorType>()) {
    dims = tt->shape;
    dt = tt->dtype;
  } else if (const auto* tl = p.var->type->As<ir::TileType>()) {
    dims = tl->shape;
    dt = tl->dtype;
  }
  if (!a.is_array) {
    if (dt)
      ir::ThrowUser(p.var->span,
                    "the call passes the integer " + std::to_string(a.value) + " for " + where +
                        ", which is " + ir::TypeToString(p.var->type),
                    {{{}, "pass a tensor (a torch tensor or a numpy array) of that shape"}});
    return;
  }
  if (!dt)
    ir::ThrowUser(p.var->span,
                  "the call passes an array for " + where + ", a scalar of type " +
                      ir::TypeToString(p.var->type),
                  {{{}, "pass a Python int for a scalar parameter"}});
  bool same = dims.size() == a.shape.size();
  for (size_t d = 0; same && d < dims.size(); ++d)
    if (const auto* c = dims[d]->As<ir::ConstInt>()) same = c->value == a.shape[d];
  if (!same)
    ir::ThrowUser(p.var->span,
                  "the tensor passed for " + where + " has shape " + ShapeText(a.shape) +
                      ", but the parameter is declared " + ir::TypeToString(p.var->type),
                  {{{},
                    "pass a tensor of the declared shape, or change the annotation (a @pl.jit "
                    "parameter annotated plain pl.Tensor takes the call's shape)"}});
  if (a.dtype && *a.dtype != *dt)
    ir::ThrowUser(p.var->span,
                  "the tensor passed for " + where + " holds " +
                      std::string(ir::DataTypeName(*a.dtype)) +
                      " elements, but the parameter is declared " + ir::TypeToString(p.var->type),
                  {{{},
                    "convert the tensor (e.g. .to(torch." +
                        std::string(*dt == ir::DataType::BF16 ? "bfloat16" : "float32") +
                        ")) or change the annotation's dtype"}});
}

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

// The dynamic dimensions of `f`'s parameters (pl.dynamic: a variable in a shape) take the extents
// of the tensors the caller passes; one dimension passed two different extents is a located error.
static void BindDynamicDims(const ir::Function& f, const std::vector<CallArgument>& args,
                            std::map<std::string, int64_t>& bound) {
  std::map<std::string, std::string> bound_by;  // dimension -> the parameter that bound it
  for (size_t i = 0; i < args.size() && i < f.params.size(); ++i) {
    const ir::Param& p = f.params[i];
    const auto* tt = p.var->type->As<ir::TensorType>();
    if (!tt || !args[i].is_array || args[i].shape.size() != tt->shape.size()) continue;
    for (size_t d = 0; d < tt->shape.size(); ++d) {
      const ir::VarPtr v = DynamicDimension(f, tt->shape[d]);
      if (!v) continue;
      const int64_t extent = args[i].shape[d];
      auto [it, fresh] = bound.emplace(v->name, extent);
      if (fresh) {
        bound_by[v->name] = p.var->name;
      } else if (it->second != extent) {
        ir::ThrowUser(p.var->span,
                      "the tensor passed for parameter '" + p.var->name + "' of '" + f.name +
                          "' has " + std::to_string(extent) + " in dimension " + std::to_string(d) +
                          ", the dynamic dimension '" + v->name +
                          "', which the tensor passed for '" + bound_by[v->name] + "' gives " +
                          std::to_string(it->second),
                      {{{}, "pass tensors that agree on '" + v->name + "'"}});
      }
    }
  }
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

void RequireOutputsWritten(const ir::Function& entry, const std::map<std::string, Value>& bound) {
  for (const ir::Param& p : entry.params) {
    if (p.direction != ir::ParamDirection::Out || !p.var->type->As<ir::TensorType>()) continue;
    auto it = bound.find(p.var->name);
    if (it == bound.end() || !it->second.tensor()) continue;
    const TensorValue& t = **it->second.tensor();
    bool written = false;
    for (Writer w : t.writer)
      if (w != Writer::None) {
        written = true;
        break;
      }
    if (!written && !t.writer.empty())
      ir::ThrowUser(p.var->span,
                    "Out parameter '" + p.var->name + "' of '" + entry.name +
                        "' was never written: the run stored no element of it",
                    {{{},
                      "store the result into it (pl.store / out[...] = ... / pl.assemble), or "
                      "declare it an input (drop pl.Out)"}});
  }
}

// An Inline function run as the entry (a @pl.jit.inline function called directly) runs as an
// Opaque one: inline-functions would otherwise inline it into its callers, of which it has none,
// and drop it.
static ir::ProgramPtr InlineEntryAsOpaque(const ir::ProgramPtr& program) {
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

ProgramRunResult RunProgram(const ir::ProgramPtr& given, const std::vector<CallArgument>& args,
                            const ProgramRunOptions& options) {
  if (!given) ir::ThrowInternal(ir::Span{}, "RunProgram without a program");
  const ir::ProgramPtr program = InlineEntryAsOpaque(given);
  const ir::Function& entry = EntryFunction(*program);
  CheckPlatform(options.platform, entry.span);
  if (args.size() != entry.params.size())
    ir::ThrowUser(entry.span,
                  "'" + entry.name + "' takes " + std::to_string(entry.params.size()) +
                      " parameters, but the call passes " + std::to_string(args.size()),
                  {{{}, "pass one tensor or int per parameter, in the parameters' order"}});
  InputOptions in;
  in.limits = options.limits;
  for (size_t i = 0; i < args.size(); ++i) {
    const ir::Param& p = entry.params[i];
    CheckArgument(entry, p, args[i]);
    if (args[i].is_array)
      in.arrays[p.var->name] = args[i].npy;
    else
      in.scalars[p.var->name] = args[i].value;
  }
  BindDynamicDims(entry, args, in.scalars);

  ProgramRunResult r;
  r.entry = entry.name;
  r.lowered = program;
  if (options.lower) {
    pass::PipelineOptions po;
    r.lowered = pass::RunPipeline(program, pass::BuildPasses({pass::kDefaultPipeline}), po);
    analysis::RequireWritesKept(*program, *r.lowered, entry.name);
  }
  RequireTileKernels(*r.lowered);
  if (!r.lowered->Find(entry.name))
    ir::ThrowInternal(entry.span, "the lowered program lost its entry '" + entry.name + "'");

  std::map<std::string, Value> bound = MakeInputs(entry, in);
  const GroupOutcome out = RunKernel(*r.lowered, entry.name, bound, options.limits);
  if (out.kind == GroupOutcome::Kind::Fault) {
    if (out.fault) throw *out.fault;
    ir::ThrowUser(entry.span, "the split program of '" + entry.name + "' failed");
  }
  if (out.kind == GroupOutcome::Kind::Deadlock)
    ir::ThrowUser(entry.span,
                  "the split program of '" + entry.name + "' deadlocked:\n" + out.Describe(),
                  {{{},
                    "check it with `tilesplit check`; a deadlock of a split the pipeline "
                    "made is a bug in tilesplit"}});
  RequireOutputsWritten(entry, bound);
  r.transfers = out.transfers;
  for (size_t i = 0; i < entry.params.size(); ++i) {
    const ir::Param& p = entry.params[i];
    if (!p.var->type->As<ir::TensorType>()) continue;
    const TensorPtr& t = *bound.at(p.var->name).tensor();
    // An input the run stored into is written back too (OutputNames: GM is shared).
    if (p.direction == ir::ParamDirection::In &&
        std::all_of(t->writer.begin(), t->writer.end(), [](Writer w) { return w == Writer::None; }))
      continue;
    r.outputs.emplace_back(i, t);
  }
  if (options.check) r.check = CheckKernel(*program, entry.name, *r.lowered, in);
  return r;
}

}  // namespace tilesplit::sim
