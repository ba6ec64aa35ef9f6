// The tensor-level generator's operators from the registry (op_catalog.h): each registered op is
// typed by trial against FP32 tensors and scalars through its own deducer, then a probe program
// holding the call asks convert-tensor-to-tile-ops whether the call has a tile form inside a
// CORE_GROUP scope, and the reference interpreter whether it runs on random data. Nothing here
// names an operator: a new tensor op is drawn as soon as those three say yes.
#include <functional>
#include <map>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/fuzz/op_catalog.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/type.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/sim/check.h"
#include "tilesplit/transforms/passes.h"

namespace tilesplit::fuzz {

namespace {

// The probe tensors' extents; any shape works, this one halves on both axes.
constexpr int64_t kProbe = 16;

std::pair<int64_t, int64_t> ProbeShape(ArgRole r) {
  return {r == ArgRole::ColVec ? 1 : kProbe, r == ArgRole::RowVec ? 1 : kProbe};
}

ir::ExprPtr Probe(ArgRole r) {
  if (r == ArgRole::Scalar) return ir::MakeConstFloat(1.0);
  const auto [rows, cols] = ProbeShape(r);
  return ir::MakeVar("probe",
                     ir::MakeTensorType({ir::Index(rows), ir::Index(cols)}, ir::DataType::FP32));
}

// An FP32 tensor of a constant 2-D shape: what the generator can hold, slice and assemble.
bool Holdable(const ir::TypePtr& t, int64_t* rows, int64_t* cols) {
  const ir::TensorType* tt = t ? t->As<ir::TensorType>() : nullptr;
  if (!tt || tt->dtype != ir::DataType::FP32 || tt->shape.size() != 2) return false;
  const std::optional<int64_t> r = ir::AsConstInt(tt->shape[0]);
  const std::optional<int64_t> c = ir::AsConstInt(tt->shape[1]);
  if (!r || !c || *r < 1 || *c < 1) return false;
  *rows = *r;
  *cols = *c;
  return true;
}

std::string Dims(int64_t r, int64_t c) {
  return "[" + std::to_string(r) + ", " + std::to_string(c) + "]";
}

// The default pipeline's passes up to and including the one that gives tensor ops their tile
// form: where "has no tile form" is decided.
const std::vector<pass::Pass>& UpToTileForm() {
  static const std::vector<pass::Pass> passes = [] {
    std::vector<std::string> names;
    for (const std::string& n :
         pass::PassRegistry::Global().FindPipeline(pass::kDefaultPipeline)->passes) {
      names.push_back(n);
      if (n == "convert-tensor-to-tile-ops") break;
    }
    return pass::BuildPasses(names);
  }();
  return passes;
}

// Whether the converted probe binds the call's result (`y`, `y_tile` once converted) to a tile
// outside Vec: a cube result (Acc), which the generator keeps apart from loop carries.
bool TileFormOutsideVec(const ir::Program& converted) {
  for (const ir::FunctionPtr& f : converted.functions) {
    if (!f || f->func_type != ir::FunctionType::InCore) continue;
    const ir::StmtPtr bound = ir::FirstStmt(f->body, ir::kWalkAll, [](const ir::StmtPtr& st) {
      const auto* a = st->As<ir::AssignStmt>();
      return a && a->var->name == "y_tile";
    });
    if (!bound) continue;
    const ir::TileType* t = ir::AsTileType(bound->As<ir::AssignStmt>()->var->type);
    return t && t->memory && *t->memory != ir::MemorySpace::Vec;
  }
  return false;
}

// "" when the probe program of the typing converts and runs; else why not. `outside_vec`: the
// call's tile form yields a tile outside Vec.
std::string ProbeTileFormAndRun(const ops::OpDef& op, const OpTyping& typing, bool* outside_vec) {
  ir::ProgramPtr p;
  try {
    p = dsl::Parse(TensorProbeProgram(op, typing), "tensor_probe.py");
  } catch (const ir::UserError& e) {
    return "its probe program does not parse (" + e.message() + ")";
  }
  try {
    *outside_vec = TileFormOutsideVec(*pass::RunPipeline(p, UpToTileForm()));
  } catch (const ir::UserError& e) {
    return "has no tile form inside a CORE_GROUP scope (" + e.message() + ")";
  } catch (const ir::InternalError& e) {
    return "internal error converting it to tile form (" + e.message() + ")";
  }
  try {
    sim::InputOptions in;
    std::map<std::string, sim::Value> args = sim::MakeInputs(*p->Find("main"), in);
    sim::RunKernel(*p, "main", args);
  } catch (const ir::UserError& e) {
    return "faults on arbitrary data (" + e.message() + ")";
  } catch (const ir::InternalError& e) {
    return "internal error running it (" + e.message() + ")";
  }
  return "";
}

// Whether `pl.<tail>(...)` with the typing's operands dispatches to `op` itself (the unified
// pl.* ops choose by their operands' kinds: a Tensor operand reaches tensor.*, a scalar the
// scalar form).
bool ShortFormReachesOp(const ops::OpDef& op, OpTyping typing) {
  typing.short_form = true;
  try {
    const ir::ProgramPtr p = dsl::Parse(TensorProbeProgram(op, typing), "tensor_probe.py");
    return dsl::Print(p).find("pl." + op.name() + "(") != std::string::npos;
  } catch (const ir::UserError&) {
    return false;
  }
}

const FuzzCatalog& GetCatalog() {
  static const FuzzCatalog catalog = BuildFuzzCatalog(ClassifyTensorOp);
  return catalog;
}

}  // namespace

std::string TensorProbeProgram(const ops::OpDef& op, const OpTyping& typing) {
  std::string params, operands;
  int k = 0;
  for (ArgRole r : typing.args) {
    if (!operands.empty()) operands += ", ";
    if (r == ArgRole::Scalar) {
      operands += "1.0";
      continue;
    }
    const auto [rows, cols] = ProbeShape(r);
    const std::string name = "a" + std::to_string(k++);
    params += name + ": pl.Tensor[" + Dims(rows, cols) + ", pl.FP32], ";
    operands += name;
  }
  for (const auto& [name, value] : typing.kwargs) {
    const ops::KwargSpec* spec = op.find_kwarg(name);
    ir::AttrValue v;
    std::string text;
    if (spec && FuzzKwargValue(spec->kind, &v, &text)) operands += ", " + name + "=" + text;
  }
  std::vector<ir::ExprPtr> args;
  for (ArgRole r : typing.args) args.push_back(Probe(r));
  int64_t rows = 0, cols = 0;
  Holdable(ops::DeduceType(op, args, typing.kwargs), &rows, &cols);
  const std::string out = "pl.Tensor[" + Dims(rows, cols) + ", pl.FP32]";
  return "import pypto.language as pl\n\n\n"
         "@pl.function(type=pl.FunctionType.Opaque)\n"
         "def main(" +
         params + "out: pl.Out[" + out + "]) -> " + out +
         ":\n"
         "    with pl.at(level=pl.Level.CORE_GROUP):\n"
         "        y = pl." +
         (typing.short_form ? op.name().substr(op.name().find('.') + 1) : op.name()) + "(" +
         operands +
         ")\n"
         "        out = pl.assemble(out, y, [0, 0])\n"
         "    return out\n";
}

OpClassification ClassifyTensorOp(const ops::OpDef& op) {
  OpClassification c;
  ir::AttrMap kwargs;
  c.reason = DrawableKwargs(op, &kwargs);
  if (!c.reason.empty()) return c;
  std::string last_error = "it takes no tensor operand first", first_probe_failure;
  const size_t max_arity = std::min<size_t>(op.max_args(), 4);
  for (size_t arity = std::max<size_t>(op.min_args(), 1); arity <= max_arity; ++arity) {
    std::vector<ArgRole> roles(arity, ArgRole::Tile);
    std::function<void(size_t)> assign = [&](size_t pos) {
      if (pos == arity) {
        std::vector<ir::ExprPtr> args;
        for (ArgRole r : roles) args.push_back(Probe(r));
        int64_t rows = 0, cols = 0;
        try {
          const ops::Deduced d = ops::TryDeduceType(op, args, kwargs);
          if (!d.ok()) {
            last_error = d.error->message();
            return;
          }
          if (!Holdable(d.type, &rows, &cols)) return;
        } catch (const ir::InternalError& e) {
          last_error = "internal: " + e.message();
          return;
        }
        OpTyping typing{roles, kwargs};
        const std::string failure = ProbeTileFormAndRun(op, typing, &typing.cube_result);
        if (failure.empty()) {
          typing.short_form = ShortFormReachesOp(op, typing);
          c.typings.push_back(typing);
        } else if (first_probe_failure.empty())
          first_probe_failure = failure;
        return;
      }
      for (ArgRole r : {ArgRole::Partner, ArgRole::RowVec, ArgRole::ColVec, ArgRole::Scalar}) {
        roles[pos] = r;
        assign(pos + 1);
      }
    };
    assign(1);
  }
  if (c.typings.empty())
    c.reason = first_probe_failure.empty()
                   ? "no call of it from FP32 tensors and FP32 scalars types to an FP32 tensor "
                     "of a constant 2-D shape (" +
                         last_error + ")"
                   : first_probe_failure;
  return c;
}

const std::vector<FuzzOp>& TensorFuzzableOps() {
  return GetCatalog().ops;
}

std::string WhyNotTensorFuzzable(const ops::OpDef& op) {
  return GetCatalog().WhyNot(op);
}

}  // namespace tilesplit::fuzz
