// The generator's operators from the registry (op_catalog.h): each registered op is typed by
// trial against the operands the generator holds, through the op's own deducer and memory
// contract; the calls that type are the ways the generator may draw it.
#include "tilesplit/fuzz/op_catalog.h"

#include <functional>
#include <map>
#include <random>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/type.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::fuzz {

const char* ArgRoleName(ArgRole r) {
  switch (r) {
    case ArgRole::Tile:
      return "tile";
    case ArgRole::Partner:
      return "partner";
    case ArgRole::RowVec:
      return "row-vector";
    case ArgRole::ColVec:
      return "column-vector";
    case ArgRole::Scratch:
      return "scratch";
    case ArgRole::Scalar:
      return "scalar";
  }
  return "?";
}

bool FuzzKwargValue(ops::KwargKind kind, ir::AttrValue* value, std::string* text) {
  switch (kind) {
    case ops::KwargKind::Int:
      *value = int64_t{0};
      *text = "0";
      return true;
    case ops::KwargKind::Bool:
      *value = false;
      *text = "False";
      return true;
    case ops::KwargKind::Float:
      *value = 1.0;
      *text = "1.0";
      return true;
    case ops::KwargKind::DType:
      *value = ir::DataType::FP32;
      *text = "pl.FP32";
      return true;
    case ops::KwargKind::Mem:
      *value = ir::MemorySpace::Vec;
      *text = "pl.Mem.Vec";
      return true;
    default:
      return false;  // strings, layouts, pads, split modes and transport codes name structure
  }
}

namespace {

// The box of the generator's probe tiles; any box works, this one halves on both axes.
constexpr int64_t kProbe = 16;

ir::ExprPtr Probe(ArgRole r) {
  if (r == ArgRole::Scalar) return ir::MakeConstFloat(1.0);
  const int64_t rows = r == ArgRole::ColVec ? 1 : kProbe;
  const int64_t cols = r == ArgRole::RowVec ? 1 : kProbe;
  return ir::MakeVar("probe", ir::MakeTileType({ir::Index(rows), ir::Index(cols)},
                                               ir::DataType::FP32, ir::MemorySpace::Vec));
}

// A call result the generator can hold: an FP32 vector tile of a constant 2-D box.
bool Holdable(const ir::TypePtr& t) {
  const ir::TileType* tt = t ? t->As<ir::TileType>() : nullptr;
  if (!tt || tt->dtype != ir::DataType::FP32 || tt->shape.size() != 2) return false;
  if (tt->memory && *tt->memory != ir::MemorySpace::Vec) return false;
  for (const ir::ExprPtr& d : tt->shape)
    if (!ir::AsConstInt(d) || *ir::AsConstInt(d) < 1) return false;
  return true;
}

bool VecAllowed(const ops::OpDef& op, size_t pos) {
  const std::vector<ir::MemorySpace>* allowed = op.allowed_input_memory(pos);
  if (!allowed) return true;
  for (ir::MemorySpace m : *allowed)
    if (m == ir::MemorySpace::Vec) return true;
  return false;
}

}  // namespace

std::string ExcludingTrait(const ops::OpDef& op) {
  if (!op.has_result()) return "yields no value";
  if (op.has_side_effect()) return "acts beyond its result (a side effect)";
  if (op.cross_core_role() != ops::CrossCoreRole::None ||
      op.pipe_direction() != ops::PipeDirection::None || op.is_pipe_setup())
    return "works a cross-core pipe";
  if (op.is_boundary()) return "is a split boundary (the region skeletons write them)";
  if (op.is_memory_move()) return "moves a tile between memory spaces (the generator's crossings)";
  if (op.is_lane_index()) return "reads the lane index (the region skeletons do)";
  if (op.gm_window()) return "reads or writes a GM window (the generator's loads and stores)";
  if (op.is_allocation()) return "allocates a tile (the generator's scratch tiles)";
  if (op.is_synchronization()) return "synchronises cores";
  if (op.bit_mask()) return "takes a bit mask (the generator's sel template loads one)";
  return "";
}

namespace {

// Runs the op's semantics once on a typed probe call with random finite operands: a fault means
// the op has a precondition on its data (sorted lists, in-range indices) that the generator does
// not establish, so a generated call would fail in the reference run. "" when it runs.
std::string RunProbe(const ops::OpDef& op, const std::vector<ir::ExprPtr>& args,
                     const ir::AttrMap& kwargs) {
  const ops::OpSemantics* semantics = ops::SemanticsOf(op);
  if (!semantics) return "has no execution semantics";
  ir::ExprPtr call = ops::Create(op, args, kwargs);
  const ir::TileType* rt = call->type->As<ir::TileType>();
  std::vector<ops::TileGeom> geoms(1);
  geoms[0].dtype = rt->dtype;
  geoms[0].mem = rt->memory.value_or(ir::MemorySpace::Vec);
  for (const ir::ExprPtr& d : rt->shape) geoms[0].shape.push_back(*ir::AsConstInt(d));
  geoms[0].valid = geoms[0].shape;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> value(-2.0f, 2.0f);
  std::vector<sim::Value> values;
  for (const ir::ExprPtr& a : args) {
    if (const ir::TileType* tt = a->type->As<ir::TileType>()) {
      std::vector<int64_t> shape;
      for (const ir::ExprPtr& d : tt->shape) shape.push_back(*ir::AsConstInt(d));
      sim::MutTilePtr t =
          sim::MakeTile(tt->dtype, ir::MemorySpace::Vec, shape, shape, sim::BufferInit::Zero);
      for (float& v : t->data.f) v = value(rng);
      values.emplace_back(t);
    } else {
      values.emplace_back(sim::Scalar::Float(1.0));
    }
  }
  ops::ExecContext ctx;
  ops::OpCall oc{*call->As<ir::Call>(), values, geoms, ctx};
  try {
    semantics->fn(oc);
  } catch (const ir::UserError& e) {
    return "faults on arbitrary data (" + e.message() + ")";
  }
  return "";
}

}  // namespace

std::string DrawableKwargs(const ops::OpDef& op, ir::AttrMap* kwargs) {
  if (std::string why = ExcludingTrait(op); !why.empty()) return why;
  for (const ops::KwargSpec& k : op.kwargs()) {
    if (!k.required) continue;
    ir::AttrValue v;
    std::string text;
    if (!FuzzKwargValue(k.kind, &v, &text))
      return "requires kwarg '" + k.name + "' of kind " + std::string(KwargKindName(k.kind)) +
             ", which the generator does not choose";
    kwargs->emplace_back(k.name, v);
  }
  return "";
}

OpClassification ClassifyOp(const ops::OpDef& op) {
  OpClassification c;
  ir::AttrMap kwargs;
  c.reason = DrawableKwargs(op, &kwargs);
  if (!c.reason.empty()) return c;
  std::string last_error = "it takes no tile operand first", first_fault;
  const size_t max_arity = std::min<size_t>(op.max_args(), 4);
  for (size_t arity = std::max<size_t>(op.min_args(), 1); arity <= max_arity; ++arity) {
    std::vector<ArgRole> roles(arity, ArgRole::Tile);
    std::function<void(size_t)> assign = [&](size_t pos) {
      if (pos == arity) {
        std::vector<ir::ExprPtr> args;
        for (ArgRole r : roles) args.push_back(Probe(r));
        try {
          const ops::Deduced d = ops::TryDeduceType(op, args, kwargs);
          if (!d.ok()) {
            last_error = d.error->message();
            return;
          }
          if (!Holdable(d.type)) return;
          const std::string fault = RunProbe(op, args, kwargs);
          if (fault.empty())
            c.typings.push_back({roles, kwargs});
          else
            first_fault = first_fault.empty() ? fault : first_fault;
        } catch (const ir::UserError& e) {  // building the probe call the deduction typed
          last_error = e.message();
        } catch (const ir::InternalError& e) {
          last_error = "internal: " + e.message();
        }
        return;
      }
      std::vector<ArgRole> options;
      if (pos == 0)
        options = {ArgRole::Tile};
      else if (op.lane_invariant_kind(pos) == ops::LaneInvariantKind::Scratch)
        options = {ArgRole::Scratch};
      else
        options = {ArgRole::Partner, ArgRole::RowVec, ArgRole::ColVec, ArgRole::Scalar};
      for (ArgRole r : options) {
        if (r != ArgRole::Scalar && !VecAllowed(op, pos)) continue;
        roles[pos] = r;
        assign(pos + 1);
      }
    };
    assign(0);
  }
  if (c.typings.empty())
    c.reason =
        "no call of it from FP32 vector tiles, scratch tiles and FP32 scalars both types "
        "and runs (" +
        (first_fault.empty() ? last_error : first_fault) + ")";
  return c;
}

namespace {

const FuzzCatalog& GetCatalog() {
  static const FuzzCatalog catalog = BuildFuzzCatalog(ClassifyOp);
  return catalog;
}

}  // namespace

FuzzCatalog BuildFuzzCatalog(OpClassification (*classify)(const ops::OpDef&)) {
  FuzzCatalog cat;
  for (const ops::OpDef* d : ops::OpRegistry::Global().All()) {
    OpClassification c = classify(*d);
    if (c.typings.empty())
      cat.reasons[d] = c.reason;
    else
      cat.ops.push_back({d, std::move(c.typings)});
  }
  return cat;
}

const std::vector<FuzzOp>& FuzzableOps() {
  return GetCatalog().ops;
}

std::string WhyNotFuzzable(const ops::OpDef& op) {
  return GetCatalog().WhyNot(op);
}

bool KeepsOperandBox(const ops::OpDef& op) {
  return op.has_result() && !op.has_side_effect() &&
         op.cross_core_role() == ops::CrossCoreRole::None && !op.is_boundary() &&
         !op.is_memory_move() && !op.is_lane_index() && !op.gm_window() && !op.is_allocation() &&
         op.rectangle_change() == ops::RectangleChange::None && !op.swapped_axes_args() &&
         !op.tile_window() && !op.shape_arg() && !op.has_combined_axes() &&
         !op.is_byte_reinterpretation() && !op.is_generator() && !op.is_valid_shape_setter() &&
         op.output_memory_rule() != ops::OutputMemoryRule::Fixed;
}

}  // namespace tilesplit::fuzz
