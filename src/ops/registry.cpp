// The OpDef builder, its queries, the CallInfo accessors deducers use, and the global registry.
#include <algorithm>
#include <atomic>

#include "sections.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/op_attr.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::ops {

std::string_view CoreAffinityName(CoreAffinity a) {
  switch (a) {
    case CoreAffinity::CUBE:
      return "CUBE";
    case CoreAffinity::VECTOR:
      return "VECTOR";
    case CoreAffinity::SHARED:
      return "SHARED";
    case CoreAffinity::MIXED:
      return "MIXED";
  }
  return "?";
}

std::string_view LaneInvariantKindName(LaneInvariantKind k) {
  switch (k) {
    case LaneInvariantKind::Scratch:
      return "Scratch";
    case LaneInvariantKind::IndexAddressedSource:
      return "IndexAddressedSource";
    case LaneInvariantKind::AbsoluteIndexedDestination:
      return "AbsoluteIndexedDestination";
  }
  return "?";
}

std::string_view KwargKindName(KwargKind k) {
  switch (k) {
    case KwargKind::Int:
      return "int";
    case KwargKind::Bool:
      return "bool";
    case KwargKind::Float:
      return "float";
    case KwargKind::String:
      return "string";
    case KwargKind::DType:
      return "DataType";
    case KwargKind::Mem:
      return "MemorySpace";
    case KwargKind::Layout:
      return "TileLayout";
    case KwargKind::Pad:
      return "PadValue";
    case KwargKind::SplitMode:
      return "SplitMode";
    case KwargKind::TransportCode:
      return "transport code";
    case KwargKind::TensorLayout:
      return "TensorLayout";
  }
  return "?";
}

// ---- Builder. A property set twice is a registration bug, hence an InternalError.
namespace {
void SetOnce(std::vector<std::string>& seen, const std::string& op, const std::string& prop) {
  if (std::find(seen.begin(), seen.end(), prop) != seen.end())
    ir::ThrowInternal({}, "op " + op + ": property '" + prop + "' set twice");
  seen.push_back(prop);
}
}  // namespace

OpDef& OpDef::arg(std::string n) {
  SetOnce(set_once_, name(), "arg " + n);
  if (!args_.empty() && args_.back().optional)
    ir::ThrowInternal({}, "op " + name() + ": required argument after an optional one");
  args_.push_back({std::move(n), false});
  return *this;
}

OpDef& OpDef::opt_arg(std::string n) {
  SetOnce(set_once_, name(), "arg " + n);
  args_.push_back({std::move(n), true});
  return *this;
}

OpDef& OpDef::variadic(size_t min_args, size_t max_args) {
  SetOnce(set_once_, name(), "variadic");
  variadic_ = true;
  var_min_ = min_args;
  var_max_ = max_args;
  return *this;
}

OpDef& OpDef::kwarg(std::string n, KwargKind kind, std::optional<AttrValue> def) {
  SetOnce(set_once_, name(), "kwarg " + n);
  kwargs_.push_back({std::move(n), kind, false, std::move(def)});
  return *this;
}

OpDef& OpDef::canonical_kwarg(std::string n, KwargKind kind, AttrValue def) {
  SetOnce(set_once_, name(), "kwarg " + n);
  KwargSpec spec{std::move(n), kind, false, std::move(def)};
  spec.dropped_at_default = true;
  kwargs_.push_back(std::move(spec));
  return *this;
}

OpDef& OpDef::req_kwarg(std::string n, KwargKind kind, std::string values) {
  SetOnce(set_once_, name(), "kwarg " + n);
  kwargs_.push_back({std::move(n), kind, true, std::nullopt, std::move(values)});
  return *this;
}

OpDef& OpDef::deduce(DeduceFn fn) {
  SetOnce(set_once_, name(), "deduce");
  deduce_ = std::move(fn);
  return *this;
}

OpDef& OpDef::input_memory(size_t pos, std::vector<ir::MemorySpace> allowed) {
  SetOnce(set_once_, name(), "input_memory " + std::to_string(pos));
  input_mem_[pos] = std::move(allowed);
  return *this;
}

OpDef& OpDef::input_memory_side_of(size_t pos, size_t ref) {
  SetOnce(set_once_, name(), "input_memory_side_of " + std::to_string(pos));
  input_side_ref_[pos] = ref;
  return *this;
}

OpDef& OpDef::transfer_paths(size_t pos,
                             std::map<ir::MemorySpace, std::vector<ir::MemorySpace>> paths) {
  SetOnce(set_once_, name(), "transfer_paths");
  transfer_arg_ = pos;
  transfer_paths_ = std::move(paths);
  return *this;
}

OpDef& OpDef::output_memory_fixed(ir::MemorySpace m) {
  SetOnce(set_once_, name(), "output_memory");
  out_rule_ = OutputMemoryRule::Fixed;
  out_mem_ = m;
  return *this;
}

OpDef& OpDef::output_memory_from_kwarg(std::string k, std::optional<ir::MemorySpace> def) {
  SetOnce(set_once_, name(), "output_memory");
  out_rule_ = OutputMemoryRule::Kwarg;
  out_kwarg_ = std::move(k);
  out_mem_ = def;
  return *this;
}

OpDef& OpDef::output_memory_inherit() {
  SetOnce(set_once_, name(), "output_memory");
  out_rule_ = OutputMemoryRule::Inherit;
  return *this;
}

OpDef& OpDef::core_affinity(CoreAffinity a) {
  SetOnce(set_once_, name(), "core_affinity");
  affinity_ = a;
  return *this;
}

OpDef& OpDef::core_affinity_by(std::string kwarg, std::map<std::string, CoreAffinity> table) {
  SetOnce(set_once_, name(), "core_affinity");
  affinity_kwarg_ = std::move(kwarg);
  affinity_table_ = std::move(table);
  return *this;
}

std::optional<CoreAffinity> OpDef::StatedAffinity(const AttrMap& kwargs) const {
  if (affinity_) return affinity_;
  if (affinity_table_.empty()) return std::nullopt;
  const AttrValue* v = ir::FindAttr(kwargs, affinity_kwarg_);
  const std::string* s = v ? std::get_if<std::string>(v) : nullptr;
  auto it = s ? affinity_table_.find(*s) : affinity_table_.end();
  if (it == affinity_table_.end()) return std::nullopt;  // Create rejected it already
  return it->second;
}

OpDef& OpDef::cross_core_role(CrossCoreRole r) {
  SetOnce(set_once_, name(), "cross_core_role");
  role_ = r;
  return *this;
}

OpDef& OpDef::reuses_input(size_t pos) {
  SetOnce(set_once_, name(), "reuses_input");
  reuses_ = pos;
  return *this;
}

OpDef& OpDef::lane_invariant_arg(size_t pos, LaneInvariantKind kind) {
  SetOnce(set_once_, name(), "lane_invariant_arg " + std::to_string(pos));
  lane_inv_[pos] = kind;
  return *this;
}

OpDef& OpDef::no_duplicate() {
  SetOnce(set_once_, name(), "no_duplicate");
  no_dup_ = true;
  return *this;
}

OpDef& OpDef::allocation() {
  SetOnce(set_once_, name(), "allocation");
  allocation_ = true;
  return *this;
}

OpDef& OpDef::pipe_setup() {
  SetOnce(set_once_, name(), "pipe_setup");
  pipe_setup_ = true;
  return *this;
}

OpDef& OpDef::generator() {
  SetOnce(set_once_, name(), "generator");
  generator_ = true;
  return *this;
}

OpDef& OpDef::boundary(BoundaryKind k) {
  SetOnce(set_once_, name(), "boundary");
  boundary_ = k;
  return *this;
}

OpDef& OpDef::reshapes(RectangleChange how) {
  SetOnce(set_once_, name(), "reshapes");
  reshapes_ = how;
  return *this;
}

OpDef& OpDef::memory_move() {
  SetOnce(set_once_, name(), "memory_move");
  memory_move_ = true;
  return *this;
}

OpDef& OpDef::lane_index() {
  SetOnce(set_once_, name(), "lane_index");
  lane_index_ = true;
  return *this;
}

OpDef& OpDef::valid_shape_setter() {
  SetOnce(set_once_, name(), "valid_shape_setter");
  valid_setter_ = true;
  return *this;
}

OpDef& OpDef::gm_window(GmWindow w) {
  SetOnce(set_once_, name(), "gm_window");
  gm_window_ = w;
  return *this;
}

OpDef& OpDef::pipe_direction(PipeDirection d) {
  SetOnce(set_once_, name(), "pipe_direction");
  pipe_dir_ = d;
  return *this;
}

OpDef& OpDef::side_effect() {
  SetOnce(set_once_, name(), "side_effect");
  side_effect_ = true;
  return *this;
}

OpDef& OpDef::synchronization() {
  SetOnce(set_once_, name(), "synchronization");
  synchronization_ = true;
  return *this;
}

OpDef& OpDef::position_dependent() {
  SetOnce(set_once_, name(), "position_dependent");
  position_dependent_ = true;
  return *this;
}

OpDef& OpDef::tile_window(TileWindow w) {
  SetOnce(set_once_, name(), "tile_window");
  tile_window_ = w;
  return *this;
}

OpDef& OpDef::shape_arg(size_t pos) {
  SetOnce(set_once_, name(), "shape_arg");
  shape_arg_ = pos;
  return *this;
}

OpDef& OpDef::swaps_axes(size_t axis1, size_t axis2) {
  SetOnce(set_once_, name(), "swaps_axes");
  swaps_axes_ = std::make_pair(axis1, axis2);
  return *this;
}

OpDef& OpDef::reinterprets_bytes() {
  SetOnce(set_once_, name(), "reinterprets_bytes");
  reinterprets_bytes_ = true;
  return *this;
}

OpDef& OpDef::address_args(std::vector<size_t> positions) {
  SetOnce(set_once_, name(), "address_args");
  address_args_ = std::move(positions);
  return *this;
}

OpDef& OpDef::gm_operands(std::vector<size_t> positions) {
  SetOnce(set_once_, name(), "gm_operands");
  gm_operands_ = std::move(positions);
  return *this;
}

bool OpDef::addresses_gm_operand(size_t pos) const {
  return std::find(gm_operands_.begin(), gm_operands_.end(), pos) != gm_operands_.end();
}

OpDef& OpDef::updates_in_place(std::vector<InPlaceUpdate> updates) {
  SetOnce(set_once_, name(), "updates_in_place");
  in_place_ = std::move(updates);
  return *this;
}

const InPlaceUpdate* OpDef::in_place_update(size_t pos) const {
  for (const InPlaceUpdate& u : in_place_)
    if (u.pos == pos) return &u;
  return nullptr;
}

OpDef& OpDef::hardware_only(std::string what) {
  SetOnce(set_once_, name(), "hardware_only");
  hardware_only_ = std::move(what);
  return *this;
}

OpDef& OpDef::cube_operands(std::vector<size_t> positions) {
  SetOnce(set_once_, name(), "cube_operands");
  cube_operands_ = std::move(positions);
  return *this;
}

bool OpDef::is_cube_operand(size_t pos) const {
  return std::find(cube_operands_.begin(), cube_operands_.end(), pos) != cube_operands_.end();
}

OpDef& OpDef::memory_follows_operand() {
  SetOnce(set_once_, name(), "memory_follows_operand");
  memory_follows_ = true;
  return *this;
}

OpDef& OpDef::tile_form(TileForm f) {
  SetOnce(set_once_, name(), "tile_form");
  tile_form_ = std::move(f);
  return *this;
}

TileForm TileForm::Namesake(std::string_view tensor_op) {
  // tensor.X -> tile.X; the distributed module's pld.tensor.X -> pld.tile.X.
  const bool pld = tensor_op.rfind("pld.", 0) == 0;
  const size_t dot = tensor_op.find('.', pld ? 4 : 0);
  return {Kind::Op, (pld ? "pld.tile." : "tile.") + std::string(tensor_op.substr(dot + 1))};
}

std::vector<ExprPtr> TileForm::ScratchShape(
    const std::vector<std::vector<ExprPtr>>& operands) const {
  if (operands.empty() || operands[0].empty())
    return operands.empty() ? std::vector<ExprPtr>{} : operands[0];
  std::vector<ExprPtr> shape = operands[0];
  ExprPtr& last = shape.back();
  if (scratch == Scratch::RowPadded128)
    if (auto n = ir::AsConstInt(last)) last = ir::Index((*n + 127) / 128 * 128);
  if (scratch == Scratch::SumOfLastAxes)
    for (size_t i = 1; i < operands.size(); ++i) {
      if (operands[i].size() != shape.size()) continue;  // the deducer names the mismatch
      auto a = ir::AsConstInt(last), b = ir::AsConstInt(operands[i].back());
      last = a && b ? ir::Index(*a + *b) : ir::Add(last, operands[i].back());
    }
  return shape;
}

std::string_view TileFormKindName(TileForm::Kind k) {
  switch (k) {
    case TileForm::Kind::None:
      return "none";
    case TileForm::Kind::Op:
      return "op";
    case TileForm::Kind::Window:
      return "GM window load";
    case TileForm::Kind::Matmul:
      return "matmul";
    case TileForm::Kind::MatmulAcc:
      return "matmul_acc";
    case TileForm::Kind::Assemble:
      return "assemble or store";
    case TileForm::Kind::Read:
      return "read";
    case TileForm::Kind::Write:
      return "GM write";
    case TileForm::Kind::View:
      return "GM view";
    case TileForm::Kind::Reinterpret:
      return "ND reinterpretation";
    case TileForm::Kind::Create:
      return "create in Vec";
    case TileForm::Kind::Keep:
      return "kept";
    case TileForm::Kind::RowScatter:
      return "row scatter by flat index";
    case TileForm::Kind::FlatGather:
      return "gather by flat index";
    case TileForm::Kind::FlatScatter:
      return "scatter by flat index, blended into the input";
    case TileForm::Kind::Transfer:
      return "transfer through a Vec staging tile";
    case TileForm::Kind::BroadcastInto:
      return "broadcast stored into the target";
  }
  return "?";
}

OpDef& OpDef::combines(CombinedOperands which, CombinedAxes axes, std::string verb) {
  SetOnce(set_once_, name(), "combines");
  combined_ = {which, axes};
  combine_verb_ = std::move(verb);
  return *this;
}

OpDef& OpDef::combines_partials_exactly() {
  exact_partials_ = true;
  return *this;
}

OpDef& OpDef::bit_mask_arg(size_t pos, size_t data) {
  SetOnce(set_once_, name(), "bit_mask_arg");
  bit_mask_ = {pos, data};
  return *this;
}

bool OpDef::CombinesAlong(size_t pos, size_t num_args, int axis, int rank) const {
  if (!combined_ || rank <= 0 || axis < 0 || axis >= rank) return false;
  const auto [which, axes] = *combined_;
  const bool operand = which == CombinedOperands::First        ? pos == 0
                       : which == CombinedOperands::AllButLast ? pos + 1 < num_args
                                                               : pos < num_args;
  if (!operand) return false;
  switch (axes) {
    case CombinedAxes::First:
      return axis == 0;
    case CombinedAxes::Last:
      return axis == rank - 1;
    case CombinedAxes::All:
      return true;
  }
  return false;
}

std::string OpDef::CombinedDescription() const {
  if (!combined_) return "";
  const auto [which, axes] = *combined_;
  std::string s = which == CombinedOperands::First        ? "input 0"
                  : which == CombinedOperands::AllButLast ? "every input but the last"
                                                          : "every input";
  s += axes == CombinedAxes::First  ? ", first axis"
       : axes == CombinedAxes::Last ? ", last axis"
                                    : ", all axes";
  return s;
}

OpDef& OpDef::parser_default_copy(size_t pos, size_t from) {
  SetOnce(set_once_, name(), "parser_default " + std::to_string(pos));
  parser_defaults_[pos] = from;
  return *this;
}

OpDef& OpDef::doc(std::string text) {
  SetOnce(set_once_, name(), "doc");
  doc_ = std::move(text);
  return *this;
}

OpDef& OpDef::no_result() {
  SetOnce(set_once_, name(), "no_result");
  has_result_ = false;
  return *this;
}

// ---- Queries.
size_t OpDef::min_args() const {
  if (variadic_) return var_min_;
  return static_cast<size_t>(
      std::count_if(args_.begin(), args_.end(), [](const ArgSpec& a) { return !a.optional; }));
}

size_t OpDef::max_args() const {
  return variadic_ ? var_max_ : args_.size();
}

const KwargSpec* OpDef::find_kwarg(std::string_view n) const {
  for (const auto& k : kwargs_)
    if (k.name == n) return &k;
  return nullptr;
}

std::optional<size_t> OpDef::arg_index(std::string_view n) const {
  for (size_t i = 0; i < args_.size(); ++i)
    if (args_[i].name == n) return i;
  return std::nullopt;
}

const std::vector<ir::MemorySpace>* OpDef::allowed_input_memory(size_t pos) const {
  auto it = input_mem_.find(pos);
  return it == input_mem_.end() ? nullptr : &it->second;
}

std::optional<size_t> OpDef::input_memory_side_ref(size_t pos) const {
  auto it = input_side_ref_.find(pos);
  if (it == input_side_ref_.end()) return std::nullopt;
  return it->second;
}

std::optional<ir::MemorySpace> OpDef::ResolveOutputMemory(const AttrMap& kwargs) const {
  switch (out_rule_) {
    case OutputMemoryRule::Fixed:
      return out_mem_;
    case OutputMemoryRule::Kwarg:
      if (auto v = ir::GetAttr<ir::MemorySpace>(kwargs, out_kwarg_)) return v;
      return out_mem_;
    case OutputMemoryRule::None:
    case OutputMemoryRule::Inherit:
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<LaneInvariantKind> OpDef::lane_invariant_kind(size_t pos) const {
  auto it = lane_inv_.find(pos);
  if (it == lane_inv_.end()) return std::nullopt;
  return it->second;
}

std::optional<size_t> OpDef::parser_default_source(size_t pos) const {
  auto it = parser_defaults_.find(pos);
  if (it == parser_defaults_.end()) return std::nullopt;
  return it->second;
}

// ---- CallInfo.
const std::string& CallInfo::name() const {
  return op.name();
}

void CallInfo::Fail(const std::string& message) const {
  ir::ThrowUser({}, op.name() + ": " + message);
}

void CallInfo::Fail(const std::string& message, const std::string& note) const {
  ir::ThrowUser({}, op.name() + ": " + message, {{{}, note}});
}

const std::string& CallInfo::arg_name(size_t i) const {
  static const std::string kUnnamed = "argument";
  if (op.is_variadic() && !op.args().empty() && i + 1 == args.size() && i > 0)
    return op.args().back().name;  // a variadic op names its last (trailing) argument last
  if (i < op.args().size()) return op.args()[i].name;
  return kUnnamed;
}

const ExprPtr& CallInfo::arg(size_t i) const {
  if (!has_arg(i))
    Fail("argument " + Quote(arg_name(i)) + " is missing",
         "add the argument " + Quote(arg_name(i)) + " to the call");
  return args[i];
}

const ir::TileType& CallInfo::tile_arg(size_t i) const {
  const ExprPtr& e = arg(i);
  const ir::TileType* t = ir::AsTileType(e->type);
  if (!t)
    Fail("argument " + Quote(arg_name(i)) + " must be a tile, got " + Str(e->type),
         e->type && e->type->As<ir::TensorType>()
             ? "load the tensor into a tile first (pl.load) and pass the tile as " +
                   Quote(arg_name(i))
             : "pass a tile as " + Quote(arg_name(i)) +
                   " (an op of the scalar form, like pl.adds for pl.add, takes the scalar)");
  return *t;
}

const ir::TensorType& CallInfo::tensor_arg(size_t i) const {
  const ExprPtr& e = arg(i);
  const ir::TensorType* t = e->type ? e->type->As<ir::TensorType>() : nullptr;
  if (!t)
    Fail("argument " + Quote(arg_name(i)) + " must be a tensor, got " + Str(e->type),
         "pass a tensor (a pl.Tensor parameter) as " + Quote(arg_name(i)) +
             "; a tile reaches a tensor only through pl.store");
  return *t;
}

const std::vector<ExprPtr>& CallInfo::tuple_arg(size_t i) const {
  const ExprPtr& e = arg(i);
  const ir::MakeTuple* t = e->As<ir::MakeTuple>();
  if (!t)
    Fail("argument " + Quote(arg_name(i)) + " must be a tuple literal, got " + Str(e),
         "write " + Quote(arg_name(i)) + " as a bracketed list, e.g. [0, 0]");
  return t->elements;
}

const ExprPtr& CallInfo::index_arg(size_t i) const {
  const ExprPtr& e = arg(i);
  auto dt = ir::ScalarDType(e);
  if (!dt || !ir::IsInteger(*dt))
    Fail("argument " + Quote(arg_name(i)) + " must be an integer scalar, got " + Str(e->type),
         "pass an integer (an INDEX or INT scalar, or a literal) as " + Quote(arg_name(i)));
  return e;
}

std::optional<int64_t> CallInfo::int_kwarg(std::string_view k) const {
  const AttrValue* v = ir::FindAttr(kwargs, k);
  return v ? ir::AttrAsInt(*v) : std::nullopt;
}
std::optional<bool> CallInfo::bool_kwarg(std::string_view k) const {
  return ir::GetAttr<bool>(kwargs, k);
}
std::optional<ir::DataType> CallInfo::dtype_kwarg(std::string_view k) const {
  return ir::GetAttr<ir::DataType>(kwargs, k);
}
std::optional<ir::MemorySpace> CallInfo::mem_kwarg(std::string_view k) const {
  return ir::GetAttr<ir::MemorySpace>(kwargs, k);
}
std::optional<ir::TileLayout> CallInfo::layout_kwarg(std::string_view k) const {
  return ir::GetAttr<ir::TileLayout>(kwargs, k);
}
std::optional<ir::PadValue> CallInfo::pad_kwarg(std::string_view k) const {
  return ir::GetAttr<ir::PadValue>(kwargs, k);
}

// ---- Registry.
OpDef::OpDef(std::string name) : ir::OpBase(std::move(name), /*registered=*/true) {
  static std::atomic<size_t> next{0};
  index_ = next++;
}

std::vector<const OpAttrInfo*>& DeclaredOpAttrs() {
  static auto* attrs = new std::vector<const OpAttrInfo*>();
  return *attrs;
}

OpDef& OpRegistry::Register(std::string n) {
  if (ops_.count(n)) ir::ThrowInternal({}, "op " + n + " registered twice");
  auto def = std::make_unique<OpDef>(n);
  OpDef& ref = *def;
  ops_.emplace(std::move(n), std::move(def));
  return ref;
}

const OpDef* OpRegistry::Find(std::string_view n) const {
  auto it = ops_.find(n);
  return it == ops_.end() ? nullptr : it->second.get();
}

std::vector<const OpDef*> OpRegistry::All() const {
  std::vector<const OpDef*> out;
  out.reserve(ops_.size());
  for (const auto& [n, d] : ops_) out.push_back(d.get());
  return out;
}

OpRegistry& OpRegistry::Global() {
  // Function-local static: thread-safe one-time population, no static-init-order dependence.
  static OpRegistry* r = [] {
    auto* reg = new OpRegistry();
    RegisterMemoryOps(*reg);
    RegisterGeneratorOps(*reg);
    RegisterElementwiseOps(*reg);
    RegisterViewOps(*reg);
    RegisterGatherScatterOps(*reg);
    RegisterReductionOps(*reg);
    RegisterSortOps(*reg);
    RegisterQuantOps(*reg);
    RegisterCubeOps(*reg);
    RegisterCrossCoreOps(*reg);
    RegisterSystemOps(*reg);
    RegisterTensorOps(*reg);
    RegisterExpandMathOps(*reg);
    RegisterElementwiseExtOps(*reg);
    RegisterFillOps(*reg);
    RegisterTensorGatherOps(*reg);
    RegisterDistributedOps(*reg);
    RegisterMaskPatternOps(*reg);
    return reg;
  }();
  return *r;
}

const OpDef* FindOp(std::string_view n) {
  return OpRegistry::Global().Find(n);
}

namespace {
// The op carrying a trait that exactly one op may carry; looked up once.
// `prefix` narrows the search to one namespace: the passes emit tile-level boundaries, and a
// tensor-level op may carry the same trait (tensor.aiv_shard).
const OpDef& UniqueWith(bool (OpDef::*has)() const, const char* trait,
                        std::string_view prefix = "") {
  const OpDef* found = nullptr;
  for (const OpDef* d : OpRegistry::Global().All()) {
    if (!(d->*has)() || d->name().rfind(prefix, 0) != 0) continue;
    if (found)
      ir::ThrowInternal({}, std::string("two ops carry the trait ") + trait + ": " + found->name() +
                                ", " + d->name());
    found = d;
  }
  if (!found) ir::ThrowInternal({}, std::string("no op carries the trait ") + trait);
  return *found;
}
}  // namespace

const OpDef& LaneIndexOp() {
  static const OpDef& op = UniqueWith(&OpDef::is_lane_index, "lane_index");
  return op;
}

const OpDef& AllocationOp() {
  static const OpDef& op = UniqueWith(&OpDef::is_allocation, "allocation");
  return op;
}

const OpDef& ValidShapeSetterOp() {
  static const OpDef& op = UniqueWith(&OpDef::is_valid_shape_setter, "valid_shape_setter");
  return op;
}

const OpDef& MemoryMoveOp() {
  static const OpDef& op = UniqueWith(&OpDef::is_memory_move, "memory_move");
  return op;
}

AttrMap MoveKwargs(ir::MemorySpace from, ir::MemorySpace to) {
  AttrMap kw{{"target_memory", to}};
  if (from == ir::MemorySpace::Acc && to == ir::MemorySpace::Vec) {
    kw.emplace_back("blayout", ir::TileLayout::row_major);
    kw.emplace_back("slayout", ir::TileLayout::none_box);
  }
  return kw;
}

const OpDef& SliceWindowOp() {
  static const OpDef& op = UniqueWith(&OpDef::is_slice_window, "slice window");
  return op;
}

const OpDef& ShardOp() {
  static const OpDef& op = UniqueWith(&OpDef::is_shard, "boundary shard", "tile.");
  return op;
}

const OpDef& GatherOp() {
  static const OpDef& op = UniqueWith(&OpDef::is_gather, "boundary gather", "tile.");
  return op;
}

const OpDef& PipeOp(CrossCoreRole role, PipeDirection dir) {
  const OpDef* found = nullptr;
  for (const OpDef* d : OpRegistry::Global().All())
    if (d->cross_core_role() == role && d->pipe_direction() == dir) {
      if (found)
        ir::ThrowInternal(
            {}, "two ops work the same end of one pipe: " + found->name() + ", " + d->name());
      found = d;
    }
  if (!found) ir::ThrowInternal({}, "no op works this end of the pipe");
  return *found;
}

bool IsShardCall(const ir::Call& c) {
  const OpDef* d = RegisteredDef(c);
  return d && d->is_shard();
}

bool IsGatherCall(const ir::Call& c) {
  const OpDef* d = RegisteredDef(c);
  return d && d->is_gather();
}

}  // namespace tilesplit::ops
