// Seeded inputs, kernel runs and the bitwise split-versus-reference comparison.
#include "tilesplit/sim/check.h"

#include <algorithm>
#include <climits>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/suggest.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ops/hardware_only.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/sim/interpreter.h"
#include "tilesplit/sim/npy.h"
#include "tilesplit/sim/program_run.h"
#include "tilesplit/target/compile.h"
#include "tilesplit/transforms/passes.h"

namespace tilesplit::sim {

namespace {

// A per-parameter generator: the same (seed, name) always gives the same stream, whatever the
// other parameters are.
std::mt19937_64 StreamFor(uint64_t seed, const std::string& name) {
  uint64_t h = 1469598103934665603ull;
  for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return std::mt19937_64(seed * 0x9E3779B97F4A7C15ull ^ h);
}

// Uniform in [-1, 1) on a 2^-23 grid: exact in FP32, identical on every platform.
float RandomFloat(std::mt19937_64& g) {
  return static_cast<float>(static_cast<int64_t>(g() >> 40)) / 8388608.0f - 1.0f;
}

void Fill(Buffer& b, DataType dt, std::mt19937_64& g) {
  for (size_t i = 0; i < b.size(); ++i) {
    if (b.kind == StorageKind::F32)
      b.f[i] = RoundToDType(dt, RandomFloat(g));
    else
      b.i[i] = WrapToDType(dt, static_cast<int64_t>(g() % 16));
  }
}

// The dimensions `dims` of parameter `p` at run time; with `box`, they are the valid extents of
// a tile of that box and must lie in [0, box].
std::vector<int64_t> StaticDims(Interpreter& ev, const std::vector<ir::ExprPtr>& dims,
                                const ir::Param& p, const std::vector<int64_t>* box = nullptr) {
  std::vector<int64_t> r;
  for (const ir::ExprPtr& d : dims) {
    Value v;
    try {
      v = ev.Eval(d);
    } catch (const ir::UserError&) {
      ir::ThrowUser(p.var->span,
                    "parameter '" + p.var->name + "' has the dimension '" + ir::ExprToString(d) +
                        "', which the simulator cannot size",
                    {{{},
                      "bind it: pass a tensor of the size wanted (Python), give --scalar "
                      "NAME=V for a dynamic dimension NAME, or size it by a scalar parameter"}});
    }
    const int64_t n = v.scalar() ? v.scalar()->AsInt() : 0;
    if (box && r.size() < box->size() && (n < 0 || n > (*box)[r.size()])) {
      const int64_t limit = (*box)[r.size()];
      ir::ThrowUser(p.var->span,
                    "parameter '" + p.var->name + "' has the valid extent " +
                        (ir::AsConstInt(d) ? std::string() : "'" + ir::ExprToString(d) + "' = ") +
                        std::to_string(n) + " in dimension " + std::to_string(r.size()) +
                        " at run time, outside [0, " + std::to_string(limit) + "] (the tile's box)",
                    {{{},
                      "pass values of the scalars it reads that keep it in [0, " +
                          std::to_string(limit) + "] (--scalar NAME=V)"}});
    }
    if (n < 0 || n >= int64_t{1} << 31)
      ir::ThrowUser(p.var->span,
                    "parameter '" + p.var->name + "' has the dimension " +
                        (ir::AsConstInt(d) ? std::string() : "'" + ir::ExprToString(d) + "' = ") +
                        std::to_string(n) + " at run time (a dimension lies in [0, 2^31))",
                    {{{}, "pin the scalars that size it to sensible values with --scalar NAME=V"}});
    r.push_back(n);
  }
  return r;
}

std::string Coords(const std::vector<int64_t>& shape, size_t flat) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    idx[d] = static_cast<int64_t>(flat % static_cast<size_t>(shape[d]));
    flat /= static_cast<size_t>(shape[d]);
  }
  std::string s = "[";
  for (size_t d = 0; d < idx.size(); ++d) s += (d ? ", " : "") + std::to_string(idx[d]);
  return s + "]";
}

bool HoldsRegion(const ir::StmtPtr& body) {
  struct Finder : ir::IRVisitor {
    bool found = false;
    void VisitSplitAiv(const ir::SplitAivStmt&) override { found = true; }
  };
  Finder finder;
  finder.VisitStmt(body);
  return finder.found;
}

// Why the pipeline leaves an InCore kernel on one core or one lane, or "" when it splits it: a
// check of such a kernel proves the expansion, not a split across the two lanes.
std::string NotSplitReason(const ir::Function& f) {
  if (f.func_type != ir::FunctionType::InCore) return "";
  if (f.BoolAttr(ir::fattr::kSplitAiv) || HoldsRegion(f.body)) return "";
  const std::optional<ir::SplitMode> mode = f.split_mode();
  const analysis::CoreAffinity a = analysis::RollupAffinity(f);
  if (a != analysis::CoreAffinity::MIXED && a != analysis::CoreAffinity::VECTOR)
    return "'" + f.name + "' has no vector work, so there is nothing to share between the lanes";
  if (!mode || *mode == ir::SplitMode::None)
    return "'" + f.name +
           "' has no split mode (no \"split\" attribute and no pl.split_aiv region), so AIV "
           "lane 0 runs all of its vector work";
  if (a == analysis::CoreAffinity::VECTOR)
    return "'" + f.name +
           "' has no cube work: nothing crosses between the cores, so lower-auto-vector-split "
           "leaves it whole and AIV lane 0 runs it";
  return "";
}

// An --inputs directory must exist, hold DIR/NAME.npy for every parameter whose data the kernel
// reads (In/InOut tensors and tiles), and hold no .npy that names no parameter: a misspelt file
// name would otherwise silently leave its parameter random.
void CheckInputsDir(const ir::Function& f, const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    ir::ThrowUser({}, "--inputs: '" + dir + "' is not a directory",
                  {{{}, "create it with one NAME.npy per input parameter of '" + f.name + "'"}});
  std::vector<std::string> names, needed;
  for (const ir::Param& p : f.params) {
    const bool tensor = p.var->type->As<ir::TensorType>() != nullptr;
    const bool tile = p.var->type->As<ir::TileType>() != nullptr;
    if (!tensor && !tile) continue;
    names.push_back(p.var->name);
    if (tile || p.direction != ir::ParamDirection::Out) needed.push_back(p.var->name);
  }
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() != ".npy") continue;
    const std::string stem = e.path().stem().string();
    if (std::find(names.begin(), names.end(), stem) != names.end()) continue;
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n + ".npy";
    const std::optional<std::string> near = ir::ClosestName(stem, names);
    const std::string hint = near ? "did you mean '" + *near + ".npy'?" : std::string();
    ir::ThrowUser({},
                  "--inputs: '" + e.path().string() + "' names no parameter of '" + f.name + "'",
                  {{{},
                    (hint.empty() ? "" : hint + "; ") + "the files it reads are " +
                        (list.empty() ? "none" : list)}});
  }
  if (ec) ir::ThrowUser({}, "--inputs: cannot list '" + dir + "': " + ec.message());
  for (const std::string& n : needed)
    if (!fs::exists(fs::path(dir) / (n + ".npy")))
      ir::ThrowUser({},
                    "--inputs: no '" + (fs::path(dir) / (n + ".npy")).string() +
                        "' for the input parameter '" + n + "' of '" + f.name + "'",
                    {{{},
                      "write the parameter's data there (numpy.save), or drop --inputs for "
                      "seeded random inputs"}});
}

}  // namespace

std::map<std::string, Value> MakeInputs(const ir::Function& f, const InputOptions& o) {
  std::map<std::string, Value> in;
  RunBudget budget(o.limits);
  auto charge = [&](const ir::Param& p, ir::DataType dt, const std::vector<int64_t>& shape) {
    budget.ChargeMemory(StorageBytes(dt, shape), p.var->span, "parameter '" + p.var->name + "'");
  };
  ops::ExecContext ctx;
  Interpreter ev(ctx);
  namespace fs = std::filesystem;
  auto npy_path = [&](const std::string& name) -> std::string {
    if (o.inputs_dir.empty()) return "";
    fs::path p = fs::path(o.inputs_dir) / (name + ".npy");
    return fs::exists(p) ? p.string() : "";
  };
  if (!o.inputs_dir.empty()) CheckInputsDir(f, o.inputs_dir);
  // Scalars first: tensor and tile types may be sized by them.
  for (const ir::Param& p : f.params) {
    const auto* st = p.var->type->As<ir::ScalarType>();
    if (!st) continue;
    auto g = StreamFor(o.seed, p.var->name);
    Scalar s;
    if (auto it = o.scalars.find(p.var->name); it != o.scalars.end())
      s = ir::IsFloat(st->dtype) ? Scalar::Float(static_cast<double>(it->second), st->dtype)
                                 : Scalar::Int(it->second, st->dtype);
    else if (ir::IsFloat(st->dtype))
      s = Scalar::Float(RandomFloat(g), st->dtype);
    else if (st->dtype == DataType::BOOL)
      s = Scalar::Bool(g() & 1);
    else
      s = Scalar::Int(1 + static_cast<int64_t>(g() % 16), st->dtype);
    in[p.var->name] = Value(s);
    ev.Define(p.var, Value(s));
  }
  for (const auto& [name, _] : o.arrays) {
    std::vector<std::string> data;
    bool found = false;
    for (const ir::Param& p : f.params) {
      if (!p.var->type->As<ir::TensorType>() && !p.var->type->As<ir::TileType>()) {
        if (p.var->name == name)
          ir::ThrowUser(p.var->span,
                        "an array is given for '" + name + "', a scalar parameter of '" + f.name +
                            "'; only tensor and tile parameters take arrays",
                        {{{}, "pass the scalar as an int (pinned like --scalar NAME=V)"}});
        continue;
      }
      data.push_back(p.var->name);
      found = found || p.var->name == name;
    }
    if (!found) {
      std::string hint = ir::DidYouMean(name, data);
      std::string list;
      for (const std::string& n : data) list += (list.empty() ? "" : ", ") + n;
      ir::ThrowUser(
          f.span,
          "an array is given for '" + name + "', but '" + f.name + "' has no parameter '" + name +
              "' that takes one",
          {{{},
            (hint.empty() ? std::string() : hint + "; ") +
                "use one of its tensor and tile parameters: " + (list.empty() ? "none" : list)}});
    }
  }
  auto array_for = [&](const ir::Param& p, DataType dt,
                       const std::vector<int64_t>& shape) -> TensorPtr {
    auto it = o.arrays.find(p.var->name);
    if (it == o.arrays.end()) return nullptr;
    return DecodeNpy(it->second, "the array for '" + p.var->name + "'", p.var->name, dt, shape);
  };
  // A dynamic dimension (pl.dynamic: a variable in a parameter's shape that no parameter binds)
  // takes the value given under its name: --scalar N=V, or the caller's shape from Python.
  std::map<std::string, ir::VarPtr> dynamic_dims;
  for (const ir::Param& p : f.params) {
    const auto* tt = p.var->type->As<ir::TensorType>();
    const auto* tl = p.var->type->As<ir::TileType>();
    for (const ir::ExprPtr& d : tt ? tt->shape : tl ? tl->shape : std::vector<ir::ExprPtr>{})
      if (ir::VarPtr v = DynamicDimension(f, d)) dynamic_dims.emplace(v->name, v);
  }
  for (const auto& [name, value] : o.scalars) {
    if (in.count(name)) continue;
    auto dim = dynamic_dims.find(name);
    if (dim == dynamic_dims.end())
      ir::ThrowUser(f.span, "--scalar " + name + ": '" + f.name +
                                "' has no scalar parameter or dynamic dimension '" + name + "'");
    ev.Define(dim->second, Value(Scalar::Int(value, DataType::INDEX)));
  }
  for (const ir::Param& p : f.params) {
    auto g = StreamFor(o.seed, p.var->name);
    if (p.var->type->As<ir::TupleType>())
      ir::ThrowUser(p.var->span,
                    "parameter '" + p.var->name + "' of '" + f.name + "' has the tuple type " +
                        ir::TypeToString(p.var->type) +
                        "; the simulator runs kernels of scalar, tensor and tile parameters",
                    {{{}, "pass the tuple's elements as parameters of their own"}});
    if (const auto* tt = p.var->type->As<ir::TensorType>()) {
      std::vector<int64_t> shape = StaticDims(ev, tt->shape, p);
      charge(p, tt->dtype, shape);
      TensorPtr t;
      if (TensorPtr a = array_for(p, tt->dtype, shape)) {
        t = a;
      } else if (std::string path = npy_path(p.var->name); !path.empty()) {
        t = ReadNpy(path, p.var->name, tt->dtype, shape);
      } else {
        const bool out = p.direction == ir::ParamDirection::Out;
        t = MakeTensor(p.var->name, tt->dtype, shape, out);
        if (!out) Fill(t->data, tt->dtype, g);
      }
      in[p.var->name] = Value(t);
    } else if (const auto* tl = p.var->type->As<ir::TileType>()) {
      std::vector<int64_t> shape = StaticDims(ev, tl->shape, p);
      std::vector<int64_t> valid = StaticDims(ev, tl->valid(), p, &shape);
      charge(p, tl->dtype, shape);
      auto tile = MakePoisonTile(tl->dtype, tl->memory.value_or(MemorySpace::Vec), shape, valid);
      if (TensorPtr a = array_for(p, tl->dtype, shape))
        tile->data = a->data;
      else if (std::string path = npy_path(p.var->name); !path.empty())
        tile->data = ReadNpy(path, p.var->name, tl->dtype, shape)->data;
      else
        Fill(tile->data, tl->dtype, g);
      PoisonOutsideValid(*tile);
      in[p.var->name] = Value(tile);
    }
  }
  return in;
}

ir::VarPtr DynamicDimension(const ir::Function& f, const ir::ExprPtr& dim) {
  const ir::Var* v = dim ? dim->As<ir::Var>() : nullptr;
  if (!v) return nullptr;
  for (const ir::Param& p : f.params)
    if (p.var.get() == v) return nullptr;
  return std::static_pointer_cast<const ir::Var>(dim);
}

std::map<std::string, Value> CloneInputs(const std::map<std::string, Value>& in) {
  std::map<std::string, Value> out;
  for (const auto& [name, v] : in) {
    if (const TensorPtr* t = v.tensor())
      out[name] = Value(std::make_shared<TensorValue>(**t));
    else
      out[name] = v;  // scalars and tiles are immutable
  }
  return out;
}

std::vector<std::string> OutputNames(const ir::Function& f,
                                     const std::vector<const std::map<std::string, Value>*>& runs) {
  auto written = [&](const std::string& name) {
    for (const std::map<std::string, Value>* args : runs) {
      auto it = args->find(name);
      if (it == args->end() || !it->second.tensor()) continue;
      for (Writer w : (*it->second.tensor())->writer)
        if (w != Writer::None) return true;
    }
    return false;
  };
  std::vector<std::string> r;
  std::set<std::string> params;
  for (const ir::Param& p : f.params) {
    params.insert(p.var->name);
    if (p.var->type->As<ir::TensorType>() &&
        (p.direction != ir::ParamDirection::In || written(p.var->name)))
      r.push_back(p.var->name);
  }
  // What the entry returned (BindReturned): bound beside the parameters, under names no
  // parameter has.
  if (!runs.empty())
    for (const auto& [name, v] : *runs.front())
      if (!params.count(name) && v.tensor()) r.push_back(name);
  return r;
}

GroupOutcome RunKernel(const ir::Program& p, const std::string& name,
                       std::map<std::string, Value>& args, const RunLimits& limits,
                       const Schedule& schedule) {
  ops::RequireSimulatable(p);
  return RunKernel(target::SplitProgram(p), name, args, limits, schedule);
}

GroupOutcome RunKernel(const target::SplitProgram& sp, const std::string& name,
                       std::map<std::string, Value>& args, const RunLimits& limits,
                       const Schedule& schedule) {
  const ir::Program& p = sp.program();
  ir::FunctionPtr f = p.Find(name);
  if (!f) ir::ThrowUser(p.span, "no function '" + name + "' in the program");
  RunBudget budget(limits);
  if (target::EntersKernelGroup(*f)) {
    GroupSpec spec{sp.At(name)};
    spec.schedule = schedule;
    spec.budget = &budget;
    GroupOutcome out = RunCoreGroup(spec, args);
    // A core stopped by the budget faults the group; that is the budget's error, not the split's.
    if (budget.exceeded) throw *budget.exceeded;
    out.transfers = budget.Transfers();
    return out;
  }
  ops::ExecContext ctx;
  ctx.budget = &budget;
  Interpreter interp(ctx);
  interp.SetProgram(&sp);
  interp.SetSchedule(schedule);
  std::vector<Value> bound;
  for (const ir::Param& prm : f->params) bound.push_back(args.at(prm.var->name));
  GroupOutcome out;
  try {
    out.returned = interp.Run(*f, bound);
  } catch (GroupFailure& failure) {
    if (budget.exceeded) throw *budget.exceeded;
    return std::move(failure.outcome);  // a called Group deadlocked or faulted
  }
  out.transfers = budget.Transfers();
  return out;
}

void BindReturned(const ir::Function& f, const GroupOutcome& out,
                  std::map<std::string, Value>& args, bool mark_written) {
  for (size_t i = 0; i < out.returned.size(); ++i) {
    const Value& v = out.returned[i];
    if (!v.tensor()) continue;
    // A returned parameter is compared as that parameter.
    bool is_param = false;
    for (const ir::Param& p : f.params) {
      auto it = args.find(p.var->name);
      is_param = is_param ||
                 (it != args.end() && it->second.tensor() && *it->second.tensor() == *v.tensor());
    }
    if (is_param) continue;
    // The whole of a returned value is the program's result, also where no store wrote it (a
    // tensor-level op computed it): the reference's elements are all compared.
    if (mark_written)
      for (Writer& w : (*v.tensor())->writer)
        if (w == Writer::None) w = Writer::Reference;
    std::string name = "return" + std::to_string(i);
    while (args.count(name)) name += "_";
    args[name] = v;
  }
}

namespace {

// One run of the split program under `schedule`, compared with the reference's outputs.
CheckResult CheckUnder(const ir::Function* rf, const std::string& ref_name,
                       const target::SplitProgram& split,
                       const std::map<std::string, Value>& inputs,
                       const std::map<std::string, Value>& ref_args, const RunLimits& limits,
                       const Schedule& schedule, int shown) {
  std::map<std::string, Value> split_args = CloneInputs(inputs);
  CheckResult r;
  std::ostringstream os;
  const GroupOutcome out = RunKernel(split, ref_name, split_args, limits, schedule);
  if (out.kind == GroupOutcome::Kind::Ok)
    BindReturned(*rf, out, split_args, /*mark_written=*/false);
  if (out.kind == GroupOutcome::Kind::Deadlock) {
    r.kind = CheckResult::Kind::Deadlock;
    r.report = "check " + ref_name + ": DEADLOCK\n" + out.Describe();
    ir::Span at = rf->span;
    std::vector<ir::Note> notes;
    bool located = false;
    for (const CorePosition& p : out.positions) {
      std::string where = p.core + ": " + p.state + " in '" + p.function + "'";
      if (!p.statement.empty()) where += ": " + p.statement;
      notes.push_back({p.span, where});
      if (!located && p.state == "blocked" && p.span.valid()) {
        at = p.span;
        located = true;
      }
    }
    notes.push_back({{},
                     "make every pop meet a push on the other side, every syncall meet each core "
                     "it joins, and give the pipes enough slots (slot_num); a split made by the "
                     "pipeline that deadlocks is a bug in tilesplit"});
    r.finding =
        ir::DetailedUserError(ir::UserError(at,
                                            "the split program of '" + ref_name +
                                                "' deadlocked: every core is blocked or finished",
                                            std::move(notes)),
                              "check.deadlock");
    return r;
  }
  if (out.kind == GroupOutcome::Kind::Fault) {
    r.kind = CheckResult::Kind::Fault;
    const std::string what = out.fault ? out.fault->message() : std::string("a fault");
    r.report = "check " + ref_name + ": FAULT: the split program failed: " + what + "\n";
    ir::UserError fault = out.fault ? *out.fault : ir::UserError(rf->span, what);
    std::vector<ir::Note> notes = fault.notes();
    notes.push_back({{},
                     "keep each lane's pushes, pops and frees in protocol order (tilesplit "
                     "explain FILE shows the crossings); a fault in a split the pipeline made is "
                     "a bug in tilesplit"});
    r.finding = ir::DetailedUserError(
        ir::UserError(fault.span().valid() ? fault.span() : rf->span,
                      "the split program of '" + ref_name + "' failed: " + what, std::move(notes)),
        "check.fault");
    return r;
  }
  // Every difference is counted; the first is shown in full, then per tensor the count, the
  // bounding box of the differing elements and the first `shown` of them.
  std::ostringstream summary;
  int64_t differing = 0;
  bool first = true;
  std::string first_text;
  bool first_poison = false;
  std::vector<ir::Note> tensor_notes;
  for (const std::string& name : OutputNames(*rf, {&ref_args, &split_args})) {
    const TensorValue& a = **ref_args.at(name).tensor();
    const Value& sv = split_args.at(name);
    r.reference_outputs[name] = *ref_args.at(name).tensor();
    if (!sv.tensor()) continue;
    const TensorValue& b = **sv.tensor();
    r.split_outputs[name] = *sv.tensor();
    int64_t count = 0;
    std::vector<int64_t> lo(a.shape.size(), INT64_MAX), hi(a.shape.size(), -1);
    std::ostringstream examples;
    for (size_t i = 0; i < a.data.size(); ++i) {
      if (a.writer[i] == Writer::None) continue;
      // Undefined data the reference stores says nothing about the split: any value there is as
      // right as any other, so it is counted, not compared.
      if (a.data.IsPoison(i)) {
        ++r.undefined;
        continue;
      }
      ++r.compared;
      if (a.data.Bits(i) == b.data.Bits(i)) continue;
      if (first) {
        os << "check " << ref_name << ": DIFFERENT\n"
           << "  first differing element: " << name << Coords(a.shape, i) << "\n"
           << "    reference: " << FormatElement(a.data, i, a.dtype) << "\n"
           << "    split:     " << FormatElement(b.data, i, b.dtype) << "\n"
           << "    stored by: " << WriterName(b.writer[i]) << " in the split program\n";
        first_text = name + Coords(a.shape, i) + ": reference " +
                     FormatElement(a.data, i, a.dtype) + ", split " +
                     FormatElement(b.data, i, b.dtype) + " (stored by " + WriterName(b.writer[i]) +
                     ")";
        first_poison = b.data.IsPoison(i);
        first = false;
      }
      if (count < shown)
        examples << "      " << name << Coords(a.shape, i) << ": reference "
                 << FormatElement(a.data, i, a.dtype) << ", split "
                 << FormatElement(b.data, i, b.dtype) << " (stored by " << WriterName(b.writer[i])
                 << ")\n";
      ++count;
      size_t flat = i;
      for (size_t d = a.shape.size(); d-- > 0;) {
        const int64_t at = static_cast<int64_t>(flat % static_cast<size_t>(a.shape[d]));
        flat /= static_cast<size_t>(a.shape[d]);
        lo[d] = std::min(lo[d], at);
        hi[d] = std::max(hi[d], at);
      }
    }
    if (count == 0) continue;
    differing += count;
    summary << "    " << name << ": " << count << " differing element" << (count == 1 ? "" : "s")
            << " in the box [";
    for (size_t d = 0; d < lo.size(); ++d) summary << (d ? ", " : "") << lo[d] << ".." << hi[d];
    summary << "]";
    {
      std::string box;
      for (size_t d = 0; d < lo.size(); ++d)
        box += (d ? ", " : "") + std::to_string(lo[d]) + ".." + std::to_string(hi[d]);
      tensor_notes.push_back({{},
                              name + ": " + std::to_string(count) + " differing element" +
                                  (count == 1 ? "" : "s") + " in the box [" + box + "]"});
    }
    if (count > shown && shown > 0) summary << ", the first " << shown << ":";
    summary << "\n" << examples.str();
  }
  if (differing > 0) {
    r.kind = CheckResult::Kind::Differ;
    os << "  differences: " << differing << " of " << r.compared << " compared elements\n"
       << summary.str();
    r.report = os.str();
    tensor_notes.push_back(
        {{},
         "compare each lane's band with tilesplit explain FILE, and write both programs' "
         "tensors with --outputs DIR; a difference in a split the pipeline made is a bug in "
         "tilesplit"});
    r.finding = ir::DetailedUserError(
        ir::UserError(rf->span,
                      "the split program of '" + ref_name +
                          "' differs from the reference: " + std::to_string(differing) + " of " +
                          std::to_string(r.compared) + " compared output elements" +
                          (first_poison ? ", and it stored undefined (poison) data where the "
                                          "reference stored defined data"
                                        : "") +
                          "; first " + first_text,
                      std::move(tensor_notes)),
        first_poison ? "check.poison" : "check.differ");
    return r;
  }
  if (r.compared == 0) {
    r.kind = CheckResult::Kind::NothingCompared;
    os << "check " << ref_name << ": NOTHING COMPARED (the reference wrote "
       << (r.undefined ? "only undefined output elements" : "no output element")
       << "); choose inputs (--seed, --scalar) under which it stores defined data\n";
  } else {
    os << "check " << ref_name << ": equal (" << r.compared << " output elements compared)\n";
  }
  // On a line of its own, so that the verdict line reads the same with or without it.
  if (r.undefined)
    os << "  " << r.undefined
       << " output elements the reference wrote undefined (poison) were not compared\n";
  if (std::string why = NotSplitReason(*rf); !why.empty()) os << "  not split: " << why << "\n";
  // A whole program whose kernels all run on one AIV lane proves the expansion, not a split.
  if (rf->func_type != ir::FunctionType::InCore) {
    bool aiv = false, dual = false, aic = false;
    for (const target::KernelGroup* g : split.Kernels()) {
      aic = aic || g->aic;
      aiv = aiv || g->aiv;
      dual = dual || g->Lanes() == 2;
    }
    if (aiv && !dual)
      os << "  not split: no kernel of '" << ref_name << "' runs on both AIV lanes: "
         << (aic ? "AIV lane 0 runs all of the vector work (give the pl.at scope a split mode: "
                   "optimizations=[pl.split(pl.SplitMode.UP_DOWN)])"
                 : "it has no cube work, so nothing crosses between the cores and "
                   "lower-auto-vector-split leaves it whole on AIV lane 0")
         << "\n";
  }
  // A whole program whose kernel still computes on tensors ran it unconverted on one core.
  const ir::Function* kernel = nullptr;
  if (rf->func_type != ir::FunctionType::InCore)
    if (const ir::Call* op = target::FindTensorOpInKernels(split.program(), &kernel))
      os << "  not split: kernel '" << kernel->name << "' still computes on tensors ("
         << op->op_name()
         << "): the pipeline has no pass giving it a tile form (convert-tensor-to-tile-ops), so "
            "it ran as written on one core\n";
  r.report = os.str();
  return r;
}

}  // namespace

CheckResult CheckKernel(const ir::Program& ref, const std::string& ref_name,
                        const ir::Program& split, const InputOptions& o, int schedules, int shown) {
  ir::FunctionPtr rf = ref.Find(ref_name);
  if (!rf) ir::ThrowUser(ref.span, "no function '" + ref_name + "' in the program");
  // Communication between ranks has no meaning on one simulated core group.
  ops::RequireSimulatable(ref);
  const std::map<std::string, Value> inputs = MakeInputs(*rf, o);
  std::vector<std::string> scalars;
  for (const ir::Param& p : rf->params) {
    auto found = inputs.find(p.var->name);
    if (found == inputs.end() || !found->second.scalar()) continue;
    const Value& v = found->second;
    std::ostringstream text;
    if (v.scalar()->is_float())
      text << v.scalar()->AsDouble();
    else
      text << v.scalar()->AsInt();
    scalars.push_back(p.var->name + "=" + text.str());
  }
  std::map<std::string, Value> ref_args = CloneInputs(inputs);
  // A fault in the reference is the user's error.
  const GroupOutcome reference = RunKernel(ref, ref_name, ref_args, o.limits);
  // A whole program's Out parameter its own run never stores into is refused as `run` refuses
  // it: there is nothing the split could be proved equal on, and "equal" would pass off an
  // output nobody computed (the tensor generator's seed 313).
  if (rf->func_type == ir::FunctionType::Orchestration || rf->func_type == ir::FunctionType::Opaque)
    RequireOutputsWritten(*rf, ref_args);
  BindReturned(*rf, reference, ref_args, /*mark_written=*/true);
  const std::vector<Schedule> all = CheckSchedules(std::max(schedules, 1));
  const target::SplitProgram sp(split);
  CheckResult r;
  for (size_t k = 0; k < all.size(); ++k) {
    r = CheckUnder(rf.get(), ref_name, sp, inputs, ref_args, o.limits, all[k], shown);
    r.scalars = scalars;
    if (r.kind == CheckResult::Kind::Equal) continue;
    // The reference's outputs do not depend on the schedule, so neither does this verdict.
    if (r.kind == CheckResult::Kind::NothingCompared) return r;
    // Name the schedule under the report's first line, so the run can be repeated.
    const size_t eol = r.report.find('\n');
    const std::string schedule = "under schedule " + std::to_string(k + 1) + " of " +
                                 std::to_string(all.size()) + ": " + all[k].Name() +
                                 " (--schedules " + std::to_string(k + 1) + " reproduces it)";
    r.report.insert(eol == std::string::npos ? r.report.size() : eol + 1, "  " + schedule + "\n");
    if (r.finding) {
      std::vector<ir::Note> notes = r.finding->notes();
      notes.insert(notes.begin(), {{}, schedule});
      r.finding = ir::DetailedUserError(
          ir::UserError(r.finding->span(), r.finding->message(), std::move(notes)),
          r.finding->rule());
    }
    return r;
  }
  if (all.size() > 1) {
    const std::string counted = "output elements compared";
    const size_t at = r.report.find(counted);
    if (at != std::string::npos)
      r.report.insert(at + counted.size(), " under " + std::to_string(all.size()) + " schedules");
  }
  return r;
}

const std::vector<std::string>& SplitPipeline() {
  const pass::PipelineInfo* p = pass::PassRegistry::Global().FindPipeline(pass::kDefaultPipeline);
  if (!p) ir::ThrowInternal(ir::Span{}, "the pipeline 'default-pipeline' is not registered");
  return p->passes;
}

std::vector<std::string> KernelsToCheck(const ir::Program& p) {
  // Outlining lifts a scope at any depth of the parent's loops and branches.
  struct Finder : ir::IRVisitor {
    bool found = false;
    void VisitStmt(const ir::StmtPtr& s) override {
      if (found || !s) return;
      if (const ir::ScopeStmt* sc = s->As<ir::ScopeStmt>();
          sc && sc->level == ir::Level::CORE_GROUP)
        found = true;
      else
        ir::IRVisitor::VisitStmt(s);
    }
  };
  // Who calls whom: a kernel another function calls is checked from that caller's entry, since
  // the lowering may change the kernel's signature (an Out parameter for a returned tensor,
  // created by the caller), so the kernel alone has no arguments for what it now takes.
  struct Calls : ir::IRVisitor {
    std::vector<std::string> callees;
    void VisitFunctionCall(const ir::FunctionCall& c) override {
      callees.push_back(c.callee);
      ir::IRVisitor::VisitFunctionCall(c);
    }
  };
  std::map<std::string, std::vector<std::string>> callers;
  std::map<std::string, std::vector<std::string>> callees_of;
  for (const ir::FunctionPtr& f : p.functions) {
    if (!f || !f->body) continue;
    Calls calls;
    calls.VisitStmt(f->body);
    for (const std::string& c : calls.callees)
      if (c != f->name && p.Find(c)) {
        callers[c].push_back(f->name);
        callees_of[f->name].push_back(c);
      }
  }
  auto calls_split_function = [&](const ir::Function& f) {
    for (const std::string& c : callees_of[f.name])
      if (ir::FunctionPtr q = p.Find(c))
        if (target::EntersKernelGroup(*q)) return true;
    return false;
  };
  std::set<std::string> wanted;
  // The functions no other function calls, reached upwards from `name` (itself when it is one).
  auto add_roots = [&](const std::string& name) {
    std::vector<std::string> work = {name};
    std::set<std::string> seen;
    while (!work.empty()) {
      const std::string n = work.back();
      work.pop_back();
      if (!seen.insert(n).second) continue;
      auto it = callers.find(n);
      if (it == callers.end() || it->second.empty()) {
        wanted.insert(n);
        continue;
      }
      for (const std::string& c : it->second) work.push_back(c);
    }
  };
  bool any = false;
  for (const ir::FunctionPtr& f : p.functions) {
    if (!f) continue;
    bool checked = f->func_type == ir::FunctionType::InCore;
    if (!checked && ir::IsHostFunction(f->func_type)) {
      Finder finder;
      finder.VisitStmt(f->body);
      checked = finder.found;
    }
    if (checked) {
      add_roots(f->name);
      any = true;
    }
  }
  // A program already split by hand (Group/AIC/AIV functions and the Orchestration entry that
  // calls them) is checked as a whole, from its entry.
  if (!any)
    for (const ir::FunctionPtr& f : p.functions)
      if (f && f->func_type == ir::FunctionType::Orchestration && calls_split_function(*f))
        add_roots(f->name);
  std::vector<std::string> names;  // in program order
  for (const ir::FunctionPtr& f : p.functions)
    if (f && wanted.count(f->name)) names.push_back(f->name);
  return names;
}

}  // namespace tilesplit::sim
