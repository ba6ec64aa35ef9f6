// Whole-program runs (program_run.h).
#include "tilesplit/sim/program_run.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/type.h"
#include "tilesplit/ops/hardware_only.h"
#include "tilesplit/target/compile.h"

namespace tilesplit::sim {
namespace {

using ir::Join;

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

}  // namespace

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

ProgramRunResult RunProgram(const ir::ProgramPtr& given, const std::vector<CallArgument>& args,
                            const ProgramRunOptions& options) {
  if (!given) ir::ThrowInternal(ir::Span{}, "RunProgram without a program");
  // Refused before the pipeline runs, located at the author's call (pypto.runtime.run, @pl.jit).
  ops::RequireSimulatable(*given);
  target::CompileOptions co;
  co.platform = options.platform;
  co.lower = options.lower;
  const target::Compiled compiled = target::Compile(given, co);
  const ir::ProgramPtr& program = compiled.source;
  const ir::Function& entry = *program->Find(compiled.entry);
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
  r.lowered = compiled.lowered;
  r.split = compiled.split;
  std::map<std::string, Value> bound = MakeInputs(entry, in);
  const GroupOutcome out = RunKernel(*r.split, entry.name, bound, options.limits);
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
