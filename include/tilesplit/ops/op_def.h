// The operator registry: each operator is defined once, with its argument and kwarg schema, type
// deduction, memory rules, core affinity and the declarations the split pass queries.
//
// Adding an operator (docs/architecture.md; the test in brackets fails until the step is done):
//   1. Register it in the catalogue section it belongs to, src/ops/<section>_ops.cpp: arguments,
//      kwargs, deducer, memory rules, affinity, doc text; regenerate docs/operators.md with
//      `tilesplit ops --markdown -o docs/operators.md` [OperatorTable.CommittedDocMatchesRegistry].
//   2. Declare every trait below that holds for it: what the passes ask of an op they do not know
//      by name (boundary, reshapes, memory move, lane index, GM window, generator, address
//      arguments, lane-invariant operands, combined axes, bit mask, reuse, no-duplicate, pipe
//      direction, side effect, position dependence, GM and cube operands, memory following, the
//      GM tensors updated in place, hardware only; a tensor op's tile form). A pass never tests an
//      op name; if a pass needs a new question, add a trait here [OpsFlags.*, OpsLaneInvariant.*;
//      the registry-wide OpsTraitConsistency.* checks the traits against each other and the sample
//      call].
//   3. Give it a handle in op_names.def [OpHandles.EveryRegisteredOpHasAHandle] and, through the
//      handle, the attributes each layer keeps of operators (ops/op_attr.h): its execution
//      semantics in src/semantics/semantics_<section>.cpp, a halving rule of its own in
//      src/transforms/vector_split/halving_rules.cpp when the default does not fit
//      [OpAttrs.EveryRequiredAttributeIsCarriedOrExcused,
//      OpSemantics.EveryRegisteredOpHasExecutionSemantics].
//   4. Add a sample call to tests/unit/ops_sample_calls.h [OpsLaneInvariant.BlindOperandInventory]
//      and golden cases under tests/golden/ops/ and ops_errors/ [OpsGoldenCoverage.*].
#pragma once

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/expr.h"

namespace tilesplit::ir {
class Stmt;
}  // namespace tilesplit::ir

namespace tilesplit::ops {

using ir::AttrMap;
using ir::AttrValue;
using ir::ExprPtr;
using ir::TypePtr;

enum class CoreAffinity : uint8_t { CUBE, VECTOR, SHARED, MIXED };
std::string_view CoreAffinityName(CoreAffinity a);

// Why an operand may stay full width under a split (spec: "Condition 2").
enum class LaneInvariantKind : uint8_t {
  Scratch,
  IndexAddressedSource,
  AbsoluteIndexedDestination
};
std::string_view LaneInvariantKindName(LaneInvariantKind k);

enum class CrossCoreRole : uint8_t { None, TPush, TPop, TFree };
// Which pipe a cross-core op works: cube to vector (C2V) or vector to cube (V2C).
enum class PipeDirection : uint8_t { None, C2V, V2C };

// Which axes of an operand feed each result element together (a reduction, a merge). Halving such
// an axis leaves each lane with a partial answer, so the split pass rejects it.
enum class CombinedAxes : uint8_t { First, Last, All };
// Which operands are combined: the first one, every positional argument but the last (the
// merge's sorted lists, whose trailing argument is its workspace at every arity), or all of them
// (a concatenation joins both operands along its axis).
enum class CombinedOperands : uint8_t { First, AllButLast, All };

// The two ends of a split boundary: the cube side hands a tile to the lanes (shard), the lanes
// hand their halves back (gather).
enum class BoundaryKind : uint8_t { None, Shard, Gather };

// Ops that lay the same elements out as another logical rectangle: in row-major order (reshape,
// reinterpret) or in permuted order (transposes). A per-lane valid extent cannot follow either.
enum class RectangleChange : uint8_t { None, OrderKept, OrderPermuted };

// A window of a GM tensor that a call reads or writes: the tensor operand, the tuple of offsets,
// and how far it reaches on each axis.
struct GmWindow {
  enum class Access : uint8_t { Read, Write };
  // Where the extents come from when the `extents` tuple is absent or omitted.
  enum class Fallback : uint8_t {
    Bounds,     // the `bounds` tuple (a load's shapes)
    TileValid,  // the valid extent of the tile operand 0 (a store)
    Unit,       // one element per axis (an indexed scalar read)
  };
  Access access = Access::Read;
  size_t tensor = 0;
  size_t offsets = 1;
  std::optional<size_t> extents;  // tuple of extents
  std::optional<size_t> bounds;   // tuple the extents lie within
  Fallback fallback = Fallback::Unit;
};

// A window of a tile operand that a call covers (a slice, an extract, an indexed read): the tile it
// addresses, where the window starts on each axis and how far it reaches. The split pass moves
// such a window onto the lane's band, or refuses it, by these positions.
struct TileWindow {
  // Where the offsets are: one tuple operand with an element per axis, or one scalar operand per
  // axis for the first two axes, from `offsets` on.
  enum class Offsets : uint8_t { Tuple, Scalars };
  size_t source = 0;
  Offsets form = Offsets::Tuple;
  size_t offsets = 1;
  std::optional<size_t> extents;  // tuple of extents; absent: one element per axis
  std::optional<size_t> valid;    // optional tuple of the window's valid extents
  // The result's axes map to the source's through ops::SliceAxesOf (dropped axes, unit axes
  // prepended up to rank 2) rather than one to one.
  bool slice_axes = false;
};

// A GM tensor operand a call updates in place, beyond any window it names (PyPTO's distributed
// ops: a transfer into a window, a collective, a signal deposit; a soft barrier's counters): a
// function passing its parameter there writes that parameter, which becomes Out or InOut.
struct InPlaceUpdate {
  // Whether the call also reads the tensor's prior elements: always (a reduction into it), never
  // (an overwrite), or only when the int kwarg `when_kwarg` is `when_value` (an atomic add reads
  // the slot it adds to).
  enum class Reads : uint8_t { Always, Never, WhenKwarg };
  size_t pos = 0;
  Reads reads = Reads::Always;
  std::string when_kwarg = {};
  int64_t when_value = 0;
  // The call's result is this operand after the call (a collective's window as its result).
  bool is_result = false;

  // Whether a call with these kwargs reads the prior elements.
  bool ReadsPrior(const AttrMap& kwargs) const {
    if (reads != Reads::WhenKwarg) return reads == Reads::Always;
    const AttrValue* v = ir::FindAttr(kwargs, when_kwarg);
    return v && std::holds_alternative<int64_t>(*v) && std::get<int64_t>(*v) == when_value;
  }
};

// How a tensor-level operator lowers to tile level inside an InCore function (its "tile form",
// asked by convert-tensor-to-tile-ops, docs/tensor-lowering.md). Every tensor op declares one,
// even when the answer is that it has none.
struct TileForm {
  enum class Kind : uint8_t {
    None,         // no tile form: a call inside an InCore function is refused
    Op,           // `op` on the same operands and kwargs (see row_broadcast and scratch)
    Window,       // a window of a GM tensor loads it (in Mat under a matmul); of a tile, `op`
    Matmul,       // `op` on the factors in Mat, a_trans / b_trans as transposed views
    MatmulAcc,    // `op` on the accumulator and the factors in Mat
    Assemble,     // into a tile, `op`; into a GM tensor, a store of the source at the offsets
    Read,         // of a tile, `op`; of a GM tensor, stays (reads it)
    Write,        // of a GM tensor, stays (updates it); a tile has no tile form of it
    View,         // of a GM tensor, stays (aliases its storage); a tile has no GM storage to view
    Reinterpret,  // `op`, of a packed ND tensor only (a tile reinterprets no DN or NZ tensor)
    Create,       // `op` in Vec
    Keep,         // stays a tensor op (it asks the tensor, not its elements)
    RowScatter,   // `op` (an element scatter) at the flat indices of whole rows the index names
    FlatGather,   // `op` (an element gather) at flat indices: the column index plus row * columns
    FlatScatter,  // `op` (an element scatter) at those flat indices, blended into the input
    // `op` on the same operands with a Vec staging tile (`scratch_name`; two, ping and pong,
    // under pipeline=True) after the first three: a bulk transfer through the vector unit's
    // buffer, sized to the moved window flattened to [rows, cols] and capped by chunk_rows /
    // chunk_cols
    Transfer,
    // The input broadcast into the target, a GM tensor it writes (tensor.expand_clone): on the
    // last axis `row_broadcast` (a row expansion) of the whole; on the one before it (rank 3 and
    // more), `op` (a column expansion) per index of the first axis; on the first axis, the input
    // stored at each of its indices. The result is the target, written.
    BroadcastInto,
  };
  // The hardware's scratch operand the tile op takes after the tensor op's operands: a tile shaped
  // and typed like operand 0, or like it with the last axis padded to a multiple of 128 elements
  // (a row reduction's work space), or with the last axis the sum of every operand's (a merge's
  // output buffer, which holds all the merged lists).
  enum class Scratch : uint8_t { None, LikeOperand, RowPadded128, SumOfLastAxes };

  Kind kind = Kind::None;
  std::string op = {};  // the tile op it becomes; empty for None, Write, View and Keep
  // The tile op taken when the second operand is an [M, 1] column and the first is not (a
  // row-broadcast binary: tensor.add -> tile.row_expand_add); empty when there is none.
  std::string row_broadcast = {};
  Scratch scratch = Scratch::None;
  std::string scratch_name = {};  // the scratch tile's variable (PyPTO's name)
  // When set, the scratch is given only when this bool kwarg of the tensor op is true: the kwarg
  // selects the tile op's scratch form (tensor.rsqrt's high_precision is tile.rsqrt's tmp), so it
  // is not passed on to the tile op.
  std::string scratch_kwarg = {};
  // The tensor op computes on its operands promoted to the result's dtype (an elementwise binary
  // of two dtypes), where the vector unit takes one dtype: a tile operand of another dtype is cast
  // to the result's first, when that cast keeps every value (deduce_util.h ExactCast); otherwise
  // the tile op judges the operands as they are.
  bool cast_operands = false;
  // The tile op reads its two operands element by element over one box (TDIV: src0, src1 and dst
  // of one physical and one valid shape; its row-broadcast variant reads the [M, 1] operand's value
  // for every valid row of the other), and the operands' roles, for the refusal of operands that
  // differ at the tensor op ("dividend", "divisor"). Empty when the tile op has no such rule.
  std::array<std::string, 2> one_box_roles = {};

  // Whether the lowered call is a tile whatever its operands are: not a form whose result may
  // stay a GM tensor or a scalar (a window or an assemble of a GM tensor, a read, a write, a
  // view, a kept op).
  bool always_tile() const {
    return kind == Kind::Op || kind == Kind::Matmul || kind == Kind::MatmulAcc ||
           kind == Kind::Create || kind == Kind::RowScatter || kind == Kind::FlatGather ||
           kind == Kind::FlatScatter;
  }
  // The scratch tile's shape for a call on tiles of these shapes (its tile operands in order):
  // operand 0's, with the last axis padded or summed as `scratch` says.
  std::vector<ExprPtr> ScratchShape(const std::vector<std::vector<ExprPtr>>& operands) const;
  // The tile op of the same name (tensor.X -> tile.X): the one place the default is derived.
  static TileForm Namesake(std::string_view tensor_op);
};
std::string_view TileFormKindName(TileForm::Kind k);

// The kind a kwarg literal must have. The two meanings of a boundary's and a pipe op's `split`
// are distinct kinds: a SplitMode (shard, gather: 0 NONE, 1 UP_DOWN, 2 LEFT_RIGHT, written as an
// integer or a pl.SplitMode literal) is not a TransportCode (push, pop, free: an integer 0..4, of
// which 3 and 4 are no split mode), and neither is a plain Int.
enum class KwargKind : uint8_t {
  Int,
  Bool,
  Float,
  String,
  DType,
  Mem,
  Layout,
  Pad,
  SplitMode,
  TransportCode,
  TensorLayout
};
std::string_view KwargKindName(KwargKind k);

struct KwargSpec {
  std::string name;
  KwargKind kind;
  bool required = false;
  std::optional<AttrValue> default_value;  // informational; absent defaults are not inserted
  // The valid values, spelt for a diagnostic ("0 (none), 1 (rint), ..."); empty when the kind
  // says it all. A missing required kwarg's note lists them.
  std::string values = {};
  // A value equal to default_value means what the kwarg's absence means: the call is built
  // without it, so both spellings are one IR (and compare, print and hash alike).
  bool dropped_at_default = false;
};

struct ArgSpec {
  std::string name;
  bool optional = false;
};

enum class OutputMemoryRule : uint8_t { None, Fixed, Kwarg, Inherit };

class OpDef;

// What a deducer sees. Deducers throw ir::UserError naming the op and the offending argument;
// Create attaches the call's span.
struct CallInfo {
  const OpDef& op;
  const std::vector<ExprPtr>& args;
  const AttrMap& kwargs;

  const std::string& name() const;
  size_t num_args() const { return args.size(); }
  bool has_arg(size_t i) const { return i < args.size() && args[i] != nullptr; }
  const ExprPtr& arg(size_t i) const;  // throws a UserError when absent
  const std::string& arg_name(size_t i) const;
  // The argument as a tile; throws "OP: argument NAME must be a tile, got TYPE".
  const ir::TileType& tile_arg(size_t i) const;
  const ir::TensorType& tensor_arg(size_t i) const;
  // The argument as a tuple literal of expressions (shape / offset lists).
  const std::vector<ExprPtr>& tuple_arg(size_t i) const;
  // Integer scalar argument check; returns the expression.
  const ExprPtr& index_arg(size_t i) const;
  std::optional<int64_t> int_kwarg(std::string_view k) const;
  std::optional<bool> bool_kwarg(std::string_view k) const;
  std::optional<ir::DataType> dtype_kwarg(std::string_view k) const;
  std::optional<ir::MemorySpace> mem_kwarg(std::string_view k) const;
  std::optional<ir::TileLayout> layout_kwarg(std::string_view k) const;
  std::optional<ir::PadValue> pad_kwarg(std::string_view k) const;
  [[noreturn]] void Fail(const std::string& message) const;  // "OP: message"
  // The same with a note saying what the author can change.
  [[noreturn]] void Fail(const std::string& message, const std::string& note) const;
};

using DeduceFn = std::function<TypePtr(const CallInfo&)>;

class OpDef : public ir::OpBase {
 public:
  explicit OpDef(std::string name);
  // A number no other record of this process has: where the layers' attributes (ops/op_attr.h)
  // keep this operator's values. Unique across registries, so a test's local registry never
  // reads the global records' values.
  size_t index() const { return index_; }

  // ---- Builder (each property set at most once; checked at registration).
  OpDef& arg(std::string name);
  OpDef& opt_arg(std::string name);
  OpDef& variadic(size_t min_args, size_t max_args);  // positional only
  OpDef& kwarg(std::string name, KwargKind kind, std::optional<AttrValue> def = std::nullopt);
  OpDef& req_kwarg(std::string name, KwargKind kind, std::string values = {});
  // An optional kwarg whose value `def` is the op's behaviour without it (dropped_at_default).
  OpDef& canonical_kwarg(std::string name, KwargKind kind, AttrValue def);
  OpDef& deduce(DeduceFn fn);
  OpDef& input_memory(size_t pos, std::vector<ir::MemorySpace> allowed);
  // Operand `pos` is read on the core side operand `ref` lives on (tile.assemble's source: a Vec
  // tile into a Vec target, a cube tile into a cube one): one on the other side is moved over.
  OpDef& input_memory_side_of(size_t pos, size_t ref);
  OpDef& output_memory_fixed(ir::MemorySpace m);
  OpDef& output_memory_from_kwarg(std::string kwarg, std::optional<ir::MemorySpace> def);
  OpDef& output_memory_inherit();
  // The data paths a memory-to-memory copy may take: a tile of argument `pos` in a space listed
  // here may go to the spaces listed beside it (the target is the op's resolved output space).
  // A resolved source space that is absent, or a target it does not list, is a located error.
  OpDef& transfer_paths(size_t pos, std::map<ir::MemorySpace, std::vector<ir::MemorySpace>> paths);
  OpDef& core_affinity(CoreAffinity a);
  // The lane is stated by a string kwarg (syncall's core_type): each listed value names the
  // affinity; the kwarg is required to be one of them.
  OpDef& core_affinity_by(std::string kwarg, std::map<std::string, CoreAffinity> table);
  OpDef& cross_core_role(CrossCoreRole r);
  OpDef& reuses_input(size_t pos);
  OpDef& lane_invariant_arg(size_t pos, LaneInvariantKind kind);
  OpDef& no_duplicate();
  OpDef& generator();
  // Makes an uninitialised tile of the shape its shape_arg gives: the tile a pass needs where
  // only the geometry matters (the no-split lane-1 replay's stand-in for a load).
  OpDef& allocation();
  // Opens the hardware's pipe buffers (reserve, import, initialize): set-up both AIV lanes run
  // before any transfer, whatever the lane does afterwards.
  OpDef& pipe_setup();
  OpDef& address_args(std::vector<size_t> positions);
  // Result elements combine several elements of the `which` operands along `axes`; `verb` phrases
  // it for diagnostics ("reduces over", "merges across").
  OpDef& combines(CombinedOperands which, CombinedAxes axes, std::string verb);
  // The combine is a selection that keeps the first of equal elements (max, min): the op applied
  // to partial results over consecutive parts, in order, gives exactly the op over the whole, bit
  // for bit (a sum does not: floating-point addition is not associative).
  OpDef& combines_partials_exactly();
  // Argument `pos` is a bit mask over argument `data`: one bit per column of the data, packed
  // along the mask's last axis. Halving the columns of both keeps them aligned only when the mask
  // holds exactly one bit per data column.
  OpDef& bit_mask_arg(size_t pos, size_t data);
  // Argument `pos`, when omitted in DSL text, is materialised as a copy of argument `from`
  // (tile.load's valid_shape defaults to its shapes).
  OpDef& parser_default_copy(size_t pos, size_t from);
  // ---- Traits the passes query instead of names (see the checklist at the top).
  OpDef& boundary(BoundaryKind k);
  OpDef& reshapes(RectangleChange how);
  // Copies a tile to another memory space (the direction decides its affinity).
  OpDef& memory_move();
  // Yields the AIV lane index of the core running it.
  OpDef& lane_index();
  // Narrows a tile's valid extent (args: tile, then one extent per axis).
  OpDef& valid_shape_setter();
  OpDef& gm_window(GmWindow w);
  OpDef& pipe_direction(PipeDirection d);
  // Acts beyond its result (writes GM, signals another core): never dropped or duplicated as
  // dead or lane-local work. Ops without a result are effects by nature and need not say so.
  OpDef& side_effect();
  // Exchanges a signal with another core or device (notify, wait): its tensor operand is a signal
  // word whose values order the cores, not data, so the cross-lane memory-order check does not
  // count it as an access (spec: notify pinned to AIV, wait kept on both lanes).
  OpDef& synchronization();
  // A generator whose elements depend on their position (an index ramp, a random stream):
  // halving its result type alone would give both lanes the first half's values.
  OpDef& position_dependent();
  // Covers a window of a tile operand (see TileWindow).
  OpDef& tile_window(TileWindow w);
  // The result's shape is the tuple operand `pos` (a generator's shape, a reshape's target).
  OpDef& shape_arg(size_t pos);
  // Exchanges the two axes its operands `axis1` and `axis2` name (a transpose).
  OpDef& swaps_axes(size_t axis1, size_t axis2);
  // Views the same bytes as another element type: without an explicit shape, the contiguous axis
  // scales by the ratio of the element widths.
  OpDef& reinterprets_bytes();
  // Addresses the GM tensors at these argument positions itself (reads a window or an element,
  // writes one, asks a dimension, assembles into it): a pass that brings a function's tensor
  // operands into tiles at entry leaves these in GM.
  OpDef& gm_operands(std::vector<size_t> positions);
  // The arguments the cube reads from Mat (through Left / Right): a matmul's factors. A pass
  // converting tensor ops loads them, and the windows they are cut from, into Mat.
  OpDef& cube_operands(std::vector<size_t> positions);
  // Its result is its first operand's elements relabelled in the same memory (a window, a new
  // shape, a valid extent, a dtype): a memory-space demand on the result reaches the operand.
  OpDef& memory_follows_operand();
  // Updates the GM tensors at these positions in place (see InPlaceUpdate).
  OpDef& updates_in_place(std::vector<InPlaceUpdate> updates);
  // Runs only on the hardware (`what`: "communication between ranks"): the simulator, which runs
  // one core group, refuses a program calling it before running anything (sim::RequireSimulatable).
  OpDef& hardware_only(std::string what);
  // How the tensor op lowers to tile level (see TileForm).
  OpDef& tile_form(TileForm f);
  OpDef& doc(std::string text);
  // The op yields no value (tpush, tfree, notify, wait): its deducer returns null and its calls
  // stand only as expression statements.
  OpDef& no_result();

  // ---- Queries.
  const std::vector<ArgSpec>& args() const { return args_; }
  std::string ArgName(size_t i) const override { return i < args_.size() ? args_[i].name : ""; }
  bool is_variadic() const { return variadic_; }
  size_t min_args() const;
  size_t max_args() const;
  const std::vector<KwargSpec>& kwargs() const { return kwargs_; }
  const KwargSpec* find_kwarg(std::string_view name) const;
  std::optional<size_t> arg_index(std::string_view name) const;
  const DeduceFn& deducer() const { return deduce_; }
  const std::vector<ir::MemorySpace>* allowed_input_memory(size_t pos) const;
  std::optional<size_t> input_memory_side_ref(size_t pos) const;
  // The argument a transfer_paths declaration constrains, and its table.
  std::optional<size_t> transfer_arg() const { return transfer_arg_; }
  const std::map<ir::MemorySpace, std::vector<ir::MemorySpace>>& transfer_paths() const {
    return transfer_paths_;
  }
  OutputMemoryRule output_memory_rule() const { return out_rule_; }
  // The kwarg naming the output space under the Kwarg rule; empty otherwise.
  const std::string& output_memory_kwarg() const { return out_kwarg_; }
  // The op's declared output space for these kwargs (Fixed / Kwarg rules), if any.
  std::optional<ir::MemorySpace> ResolveOutputMemory(const AttrMap& kwargs) const;
  std::optional<CoreAffinity> declared_affinity() const { return affinity_; }
  // The affinity the op states for a call with these kwargs (a fixed one, or the one its
  // core_affinity_by kwarg names); none when the op leaves its lane to the rules.
  std::optional<CoreAffinity> StatedAffinity(const AttrMap& kwargs) const;
  bool states_lane() const { return affinity_.has_value() || !affinity_table_.empty(); }
  const std::string& affinity_kwarg() const { return affinity_kwarg_; }
  const std::map<std::string, CoreAffinity>& affinity_table() const { return affinity_table_; }
  CrossCoreRole cross_core_role() const { return role_; }
  std::optional<size_t> reused_input() const { return reuses_; }
  std::optional<LaneInvariantKind> lane_invariant_kind(size_t pos) const;
  const std::map<size_t, LaneInvariantKind>& lane_invariant_args() const { return lane_inv_; }
  bool is_no_duplicate() const { return no_dup_; }
  bool is_generator() const { return generator_; }
  bool is_allocation() const { return allocation_; }
  bool is_pipe_setup() const { return pipe_setup_; }
  const std::vector<size_t>& address_arg_positions() const { return address_args_; }
  // Whether argument `pos` of a call with `num_args` arguments is combined along `axis`, for an
  // operand of rank `rank`.
  bool CombinesAlong(size_t pos, size_t num_args, int axis, int rank) const;
  bool has_combined_axes() const { return combined_.has_value(); }
  bool combines_partials_exactly() const { return exact_partials_; }
  // (mask position, data position) of a bit-mask argument.
  std::optional<std::pair<size_t, size_t>> bit_mask() const { return bit_mask_; }
  const std::string& combine_verb() const { return combine_verb_; }
  // "First operand, last axis" etc., for the operator table.
  std::string CombinedDescription() const;
  std::optional<size_t> parser_default_source(size_t pos) const;
  BoundaryKind boundary_kind() const { return boundary_; }
  bool is_shard() const { return boundary_ == BoundaryKind::Shard; }
  bool is_gather() const { return boundary_ == BoundaryKind::Gather; }
  bool is_boundary() const { return boundary_ != BoundaryKind::None; }
  RectangleChange rectangle_change() const { return reshapes_; }
  bool is_memory_move() const { return memory_move_; }
  bool is_lane_index() const { return lane_index_; }
  bool is_valid_shape_setter() const { return valid_setter_; }
  const std::optional<GmWindow>& gm_window() const { return gm_window_; }
  PipeDirection pipe_direction() const { return pipe_dir_; }
  bool has_side_effect() const { return side_effect_ || !has_result_; }
  bool is_synchronization() const { return synchronization_; }
  bool is_position_dependent() const { return position_dependent_; }
  const std::optional<TileWindow>& tile_window() const { return tile_window_; }
  bool is_slice_window() const { return tile_window_ && tile_window_->slice_axes; }
  std::optional<size_t> shape_arg() const { return shape_arg_; }
  std::optional<std::pair<size_t, size_t>> swapped_axes_args() const { return swaps_axes_; }
  bool is_byte_reinterpretation() const { return reinterprets_bytes_; }
  const std::vector<size_t>& gm_operand_positions() const { return gm_operands_; }
  bool addresses_gm_operand(size_t pos) const;
  const std::vector<size_t>& cube_operand_positions() const { return cube_operands_; }
  bool is_cube_operand(size_t pos) const;
  bool has_memory_following_operand() const { return memory_follows_; }
  const std::vector<InPlaceUpdate>& in_place_updates() const { return in_place_; }
  // The in-place update of operand `pos`; null when the op updates none there.
  const InPlaceUpdate* in_place_update(size_t pos) const;
  // What only the hardware runs of it; empty when the simulator runs it.
  const std::string& hardware_only_reason() const { return hardware_only_; }

  // The declared tile form; null for a tile-level op (and a tensor op that forgot it).
  const TileForm* tile_form() const { return tile_form_ ? &*tile_form_ : nullptr; }
  const std::string& documentation() const { return doc_; }
  bool has_result() const { return has_result_; }
  // The deducer gives no type: the builder or an annotation supplies it (tile.tpop_*).
  bool result_from_annotation() const { return role_ == CrossCoreRole::TPop; }

 private:
  std::vector<ArgSpec> args_;
  bool variadic_ = false;
  size_t var_min_ = 0, var_max_ = 0;
  std::vector<KwargSpec> kwargs_;
  DeduceFn deduce_;
  std::map<size_t, std::vector<ir::MemorySpace>> input_mem_;
  std::map<size_t, size_t> input_side_ref_;
  std::optional<size_t> transfer_arg_;
  std::map<ir::MemorySpace, std::vector<ir::MemorySpace>> transfer_paths_;
  OutputMemoryRule out_rule_ = OutputMemoryRule::None;
  std::optional<ir::MemorySpace> out_mem_;
  std::string out_kwarg_;
  std::optional<CoreAffinity> affinity_;
  std::string affinity_kwarg_;
  std::map<std::string, CoreAffinity> affinity_table_;
  CrossCoreRole role_ = CrossCoreRole::None;
  std::optional<size_t> reuses_;
  std::map<size_t, LaneInvariantKind> lane_inv_;
  bool no_dup_ = false;
  bool generator_ = false;
  bool allocation_ = false;
  bool pipe_setup_ = false;
  std::vector<size_t> address_args_;
  std::optional<std::pair<CombinedOperands, CombinedAxes>> combined_;
  std::string combine_verb_;
  bool exact_partials_ = false;
  std::optional<std::pair<size_t, size_t>> bit_mask_;
  std::map<size_t, size_t> parser_defaults_;
  BoundaryKind boundary_ = BoundaryKind::None;
  RectangleChange reshapes_ = RectangleChange::None;
  bool memory_move_ = false;
  bool lane_index_ = false;
  bool valid_setter_ = false;
  std::optional<GmWindow> gm_window_;
  PipeDirection pipe_dir_ = PipeDirection::None;
  bool side_effect_ = false;
  bool synchronization_ = false;
  bool position_dependent_ = false;
  std::optional<TileWindow> tile_window_;
  std::optional<size_t> shape_arg_;
  std::optional<std::pair<size_t, size_t>> swaps_axes_;
  bool reinterprets_bytes_ = false;
  std::vector<size_t> gm_operands_;
  std::vector<size_t> cube_operands_;
  bool memory_follows_ = false;
  std::vector<InPlaceUpdate> in_place_;
  std::string hardware_only_;
  std::optional<TileForm> tile_form_;
  std::string doc_;
  bool has_result_ = true;
  size_t index_ = 0;
  std::vector<std::string> set_once_;  // properties already set, for the set-once check
};

// The OpDef of a call (every Call's op is an OpDef).
inline const OpDef& Def(const ir::Call& c) {
  return *static_cast<const OpDef*>(c.op);
}

// The call's definition, or null when its op is a bare ir::OpBase (hand-built IR).
inline const OpDef* RegisteredDef(const ir::Call& c) {
  return c.op && c.op->registered() ? static_cast<const OpDef*>(c.op) : nullptr;
}

// The tile form of a call's op; null for a tile-level op and for a bare ir::OpBase.
inline const TileForm* TileFormOf(const ir::Call& c) {
  const OpDef* d = RegisteredDef(c);
  return d ? d->tile_form() : nullptr;
}

class OpRegistry {
 public:
  static OpRegistry& Global();  // populated with every built-in op on first use
  OpDef& Register(std::string name);
  const OpDef* Find(std::string_view name) const;
  std::vector<const OpDef*> All() const;  // sorted by name

 private:
  std::map<std::string, std::unique_ptr<OpDef>, std::less<>> ops_;
};

const OpDef* FindOp(std::string_view name);

// The one registered op with a trait, for passes that build such a call (a lane-index binding, a
// valid-shape narrowing, a move). An internal error when none or several carry it.
const OpDef& LaneIndexOp();
const OpDef& AllocationOp();
const OpDef& ValidShapeSetterOp();
const OpDef& MemoryMoveOp();
// The kwargs of a move (MemoryMoveOp) from `from` into `to`: the target space and, out of Acc into
// Vec, the layout the data path lands in (the cube's fractal layout does not survive the trip to
// the vector unit: row_major, none_box, as PyPTO's InferTileMemorySpace pins it).
AttrMap MoveKwargs(ir::MemorySpace from, ir::MemorySpace to);
const OpDef& ShardOp();
const OpDef& GatherOp();
// The window view whose result axes follow ops::SliceAxesOf (a pass that takes a lane's half of a
// whole tile builds one).
const OpDef& SliceWindowOp();
// The push, pop or free of one pipe direction.
const OpDef& PipeOp(CrossCoreRole role, PipeDirection dir);
// Whether a call is a boundary shard / gather (false for a call of no registered op).
bool IsShardCall(const ir::Call& c);
bool IsGatherCall(const ir::Call& c);

// Creates a call (ops.md 1.2): checks the op, arity, kwarg names and kinds, runs the deducer,
// applies the memory patch. Errors are UserErrors at `span` naming the op.
// `Defer` builds a call whose operands break the op's memory contract (ops.md 1.1 input memory,
// the data paths of a copy) without complaint, as PyPTO's hand-built IR may; the
// TileMemoryInferred verifier reports it at the entry of the first pass that requires it.
enum class MemoryContract : uint8_t { Enforce, Defer };
ExprPtr Create(std::string_view op, std::vector<ExprPtr> args, AttrMap kwargs, ir::Span span = {},
               MemoryContract contract = MemoryContract::Enforce);
ExprPtr Create(const OpDef& op, std::vector<ExprPtr> args, AttrMap kwargs, ir::Span span = {},
               MemoryContract contract = MemoryContract::Enforce);
// The memory contract of a built call: a UserError at the call's span naming the argument.
void CheckMemoryContract(const ir::Call& call);
// The same for every call of a function body, in program order (the first broken contract
// throws).
void CheckMemoryContracts(const std::shared_ptr<const ir::Stmt>& body);
// Runs validation and deduction only (no node built): the type the call would get.
TypePtr DeduceType(const OpDef& op, const std::vector<ExprPtr>& args, const AttrMap& kwargs,
                   ir::Span span = {});
// What deducing a call's type gives: the type, or the diagnostic that says why the call does not
// type (the UserError DeduceType throws, located and with its note). For every caller that asks
// whether a call would type before building it (a pass trying per-lane operands, a generator
// drawing operands, the simulator's lane geometry): the refusal is a value to read, not an
// exception to catch.
struct Deduced {
  TypePtr type;  // null when refused (or when the op yields no value)
  std::optional<ir::UserError> error;
  bool ok() const { return !error.has_value(); }
  // The type, or the refusal thrown: for a caller to whom a refusal is the user's error.
  const TypePtr& TypeOrThrow() const;
};
Deduced TryDeduceType(const OpDef& op, const std::vector<ExprPtr>& args, const AttrMap& kwargs,
                      ir::Span span = {});
// Creates a call with a given result type (passes that know the result, e.g. a halved tile).
ExprPtr CreateWithType(const OpDef& op, std::vector<ExprPtr> args, AttrMap kwargs, TypePtr type,
                       ir::Span span = {});
// Applies the memory patch of ops.md 1.3 to a deduced type.
TypePtr ApplyMemoryPatch(const OpDef& op, const std::vector<ExprPtr>& args, const AttrMap& kwargs,
                         TypePtr deduced);

// Registration entry points, one per catalogue section (defined in src/ops/*.cpp).
void RegisterMemoryOps(OpRegistry& r);
void RegisterGeneratorOps(OpRegistry& r);
void RegisterElementwiseOps(OpRegistry& r);
void RegisterExpandMathOps(OpRegistry& r);
void RegisterViewOps(OpRegistry& r);
void RegisterGatherScatterOps(OpRegistry& r);
void RegisterReductionOps(OpRegistry& r);
void RegisterSortOps(OpRegistry& r);
void RegisterQuantOps(OpRegistry& r);
void RegisterCubeOps(OpRegistry& r);
void RegisterCrossCoreOps(OpRegistry& r);
void RegisterSystemOps(OpRegistry& r);
void RegisterTensorOps(OpRegistry& r);

}  // namespace tilesplit::ops
