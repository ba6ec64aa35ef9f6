// Random tensor-level programs (`tilesplit fuzz --level tensor`, docs/reliability.md): what PyPTO
// users write before any pass runs (../shared/peer/pypto-programs/test_cross_core.py is the
// model): a `main` with tensor parameters and a pl.Out, a CORE_GROUP scope with or without
// pl.split, whole-tensor ops drawn from the registry (TensorFuzzableOps), matmuls in both
// directions across the cores, slices, loops over blocks assembling into the output. Every
// program is well formed: each call types by the op's own deducer over the operands' types, and
// every window lies inside its tensor.
#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "generator_impl.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/type.h"

namespace tilesplit::fuzz {

bool ParseLevel(const std::string& text, Level* out) {
  if (text == "tile")
    *out = Level::Tile;
  else if (text == "tensor")
    *out = Level::Tensor;
  else if (text == "all")
    *out = Level::All;
  else
    return false;
  return true;
}

bool IsTensorCase(uint64_t seed, uint64_t index, Level level, ModeFilter filter) {
  if (level == Level::Tile || filter == ModeFilter::Regions) return false;
  if (level == Level::Tensor) return true;
  return gen::Mix(seed * 0x9e3779b97f4a7c15ULL ^ gen::Mix(index + 0x5151)) % 3 == 0;
}

namespace gen {
namespace {

// A tensor value of the program: a parameter or a computed tensor. `vrows` is how many of its
// rows are defined (a ragged window, pl.slice(..., valid_shape=...)); the rest are undefined, so
// a value is only combined with a partner whose defined rows cover its own, as the tile-level
// generator does, and the reference never computes from undefined data where it stores defined.
struct TVal {
  std::string name;
  int rows = 0, cols = 0;
  int vrows = -1;       // defined rows; -1: all of them
  bool frozen = false;  // defined in a loop body that has ended
  // Computed from a matmul result: an Acc tile once converted, or a vector value of the layout
  // an Acc -> Vec move gives.
  bool cube = false;
  int Valid() const { return vrows < 0 ? rows : vrows; }
  bool Full() const { return Valid() == rows; }
};

enum class TForm { Opaque, Orchestration, Kernel };

class TensorGenerator {
 public:
  TensorGenerator(uint64_t seed, uint64_t index, ModeFilter filter)
      : rng_(Mix(seed ^ Mix(index ^ 0x7e4507e4507ULL))), filter_(filter) {}

  GeneratedKernel Run() {
    form_ = static_cast<TForm>(rng_.Weighted({50, 20, 30}));
    if (filter_ == ModeFilter::UpDown)
      split_ = Split::UpDown;
    else if (filter_ == ModeFilter::LeftRight)
      split_ = Split::LeftRight;
    else
      split_ = static_cast<Split>(rng_.Weighted({40, 35, 10, 15}));
    features_.insert(form_ == TForm::Opaque          ? "tensor-form:opaque"
                     : form_ == TForm::Orchestration ? "tensor-form:orchestration"
                                                     : "tensor-form:incore");
    features_.insert(std::string("split:") +
                     (split_ == Split::Absent ? "absent" : ModeName(split_)));
    rows_ = PickExtent();
    cols_ = PickExtent();
    // An InOut output is read as well as written: its read-modify-writes (whole, windowed,
    // assembled) are what accumulators and residuals do (docs/reliability.md).
    inout_ = rng_.Chance(35);
    if (inout_) {
      features_.insert("tensor:out-inout");
      if (form_ == TForm::Kernel) {
        kernel_returns_value_ = rng_.Chance(30);
        kernel_in_loop_ = rng_.Chance(35);
      }
    } else if (form_ == TForm::Kernel) {
      kernel_returns_value_ = rng_.Chance(40);
    }
    pool_.push_back({Param(rows_, cols_), rows_, cols_});
    if (rng_.Chance(50)) pool_.push_back({Param(rows_, cols_), rows_, cols_});
    if (inout_) pool_.push_back({"out", rows_, cols_});
    const int n = 2 + rng_.Below(7);
    for (int i = 0; i < n; ++i) Statement(true);
    const int extra = rng_.Below(2);
    for (int i = 0; i < extra; ++i) AssembleSome();
    AssembleSome(/*last=*/true);
    if (inout_ && rng_.Chance(50)) ReadModifyWrite();
    if (kernel_returns_value_) {
      const TVal* v = PickVal([&](const TVal& t) {
        return t.rows == rows_ && t.cols == cols_ && t.Full() && t.name != "out" &&
               !IsParam(t.name);
      });
      if (v) {
        returned_ = v->name;
        features_.insert("tensor:kernel-returns-value");
      }
    }
    if (kernel_in_loop_) features_.insert("tensor:kernel-in-orchestration-loop");
    if (form_ != TForm::Kernel) DrawTaskModel();
    GeneratedKernel k;
    k.text = Assemble();
    if (HasDeadValue(k.text)) features_.insert("tensor:dead-value");
    k.scalars = pins_;
    k.features.assign(features_.begin(), features_.end());
    k.features.push_back("level:tensor");
    return k;
  }

 private:
  int PickExtent() {
    static const std::vector<int> kExtents = {1, 2, 3, 4, 5, 8, 15, 16, 17, 32, 64};
    static const std::vector<int> kWeights = {2, 3, 2, 5, 1, 10, 3, 24, 2, 18, 6};
    return kExtents[rng_.Weighted(kWeights)];
  }

  std::string Fresh(const std::string& prefix) { return prefix + std::to_string(counter_++); }

  // The task model's scheduling constructs around the scope (docs/task-model.md): none may
  // change what the program computes, which check proves like any other program.
  void DrawTaskModel() {
    wrap_ = static_cast<Wrap>(rng_.Weighted({70, 15, 15}));
    if (wrap_ == Wrap::Scope) features_.insert("task:scope");
    if (wrap_ == Wrap::ManualScope) features_.insert("task:manual-scope");
    no_dep_out_ = rng_.Chance(20);
    if (no_dep_out_) features_.insert("task:no-dep-args");
    task_id_ = rng_.Chance(15);
    if (task_id_) features_.insert("task:task-id-deps");
    // A launch of 1 or 2 blocks in place of the scope: it has no split option to carry.
    if (split_ == Split::Absent && rng_.Chance(40)) {
      spmd_blocks_ = 1 + rng_.Below(2);
      features_.insert("task:spmd");
    }
  }
  void Emit(const std::string& line) { body_.push_back(std::string(4 * depth_, ' ') + line); }

  std::string Param(int r, int c) {
    const std::string name = Fresh("a");
    params_.push_back({name, "pl.Tensor[" + Dims(r, c) + ", pl.FP32]"});
    return name;
  }

  std::string ScalarText() {
    if (rng_.Chance(35)) {
      if (scalar_.empty()) {
        scalar_ = "s";
        params_.push_back({scalar_, "pl.Scalar[pl.FP32]"});
      }
      return scalar_;
    }
    static const std::vector<std::string> kValues = {"1.0", "2.0", "-0.5", "0.25"};
    return rng_.Pick(kValues);
  }

  // A live value satisfying `ok`, preferring recent ones; null when none.
  const TVal* PickVal(const std::function<bool(const TVal&)>& ok) {
    std::vector<size_t> c;
    for (size_t i = 0; i < pool_.size(); ++i)
      if (!pool_[i].frozen && ok(pool_[i])) c.push_back(i);
    if (c.empty()) return nullptr;
    const int recent = std::min<int>(3, static_cast<int>(c.size()));
    const size_t i = rng_.Chance(60) ? c[c.size() - 1 - rng_.Below(recent)] : rng_.Pick(c);
    return &pool_[i];
  }

  // A value of shape [r, c] with at least `valid` defined rows (-1: all): from the pool (a matmul
  // result only when `cube`), or a new parameter.
  TVal OfShape(int r, int c, int valid = -1, bool cube = true) {
    const int need = valid < 0 ? r : valid;
    const TVal* v = PickVal([&](const TVal& t) {
      return t.rows == r && t.cols == c && t.Valid() >= need && (cube || !t.cube);
    });
    if (v && rng_.Chance(75)) return *v;
    return {Param(r, c), r, c};
  }

  // The value's type as the front end deduces it: a ragged value keeps its valid rows, so an
  // op whose deducer refuses a partly valid operand is not drawn for it.
  static ir::ExprPtr TypedVar(const TVal& v) {
    std::optional<ir::TensorView> view;
    if (!v.Full()) {
      view.emplace();
      view->valid_shape = {ir::Index(v.Valid()), ir::Index(v.cols)};
    }
    return ir::MakeVar(v.name, ir::MakeTensorType({ir::Index(v.rows), ir::Index(v.cols)},
                                                  ir::DataType::FP32, view));
  }

  void Statement(bool top) {
    switch (rng_.Weighted({50, 15, 16, top ? 12 : 0, 7, 6, top ? 6 : 0, top ? 6 : 0})) {
      case 0:
        RegistryOp();
        break;
      case 1:
        Slice();
        break;
      case 5:
        RaggedSlice();
        break;
      case 6:
        CarryLoop();
        break;
      case 7:
        Branch();
        break;
      case 2:
        Matmul();
        break;
      case 3:
        Loop();
        break;
      default:
        AssembleSome();
        break;
    }
  }

  // One call of an op of TensorFuzzableOps(), its operands picked for one of the op's typings,
  // typed by the op's deducer; written in the unified short form (pl.add) when the typing's
  // short form reaches the same op, else by its full name (pl.tensor.add).
  void RegistryOp() {
    const std::vector<FuzzOp>& ops = TensorFuzzableOps();
    if (ops.empty()) return;
    const FuzzOp& f = ops[static_cast<size_t>(rng_.Below(static_cast<int>(ops.size())))];
    const OpTyping& typing = rng_.Pick(f.typings);
    const TVal* main = PickVal([](const TVal&) { return true; });
    if (!main) return;
    const TVal lhs = *main;
    std::vector<std::string> operands;
    std::vector<ir::ExprPtr> args;
    bool cube = false;
    for (ArgRole role : typing.args) {
      TVal v = lhs;
      switch (role) {
        case ArgRole::Tile:
          break;
        case ArgRole::Partner:
          v = OfShape(lhs.rows, lhs.cols, lhs.Valid());
          break;
        case ArgRole::RowVec:
          v = OfShape(lhs.rows, 1);
          break;
        case ArgRole::ColVec:
          v = OfShape(1, lhs.cols);
          break;
        case ArgRole::Scratch:
          return;  // tensor ops take no scratch: the conversion makes it
        case ArgRole::Scalar:
          operands.push_back(ScalarText());
          args.push_back(ir::MakeConstFloat(1.0));
          continue;
      }
      operands.push_back(v.name);
      args.push_back(TypedVar(v));
      cube = cube || v.cube;
    }
    for (const auto& [name, value] : typing.kwargs) {
      const ops::KwargSpec* spec = f.op->find_kwarg(name);
      ir::AttrValue v;
      std::string text;
      if (!spec || !FuzzKwargValue(spec->kind, &v, &text)) return;
      operands.push_back(name + "=" + text);
    }
    const ops::Deduced d = ops::TryDeduceType(*f.op, args, typing.kwargs);
    // A pick that does not type (a shape the deducer refuses) is drawn again next time.
    if (!d.ok()) return;
    const ir::TypePtr& type = d.type;
    const ir::TensorType* tt = type ? type->As<ir::TensorType>() : nullptr;
    if (!tt || tt->shape.size() != 2) return;
    const std::optional<int64_t> r = ir::AsConstInt(tt->shape[0]);
    const std::optional<int64_t> c = ir::AsConstInt(tt->shape[1]);
    if (!r || !c) return;
    TVal y{Fresh("v"), static_cast<int>(*r), static_cast<int>(*c)};
    y.cube = cube || typing.cube_result;
    // Elementwise results keep the main operand's defined rows; a result of other rows (a
    // column reduction, say) is taken as fully defined only from a fully defined operand.
    if (!lhs.Full()) {
      if (y.rows != lhs.rows) return;
      y.vrows = lhs.Valid();
    }
    const std::string& name = f.op->name();
    const std::string spelled =
        typing.short_form && rng_.Chance(60) ? name.substr(name.find('.') + 1) : name;
    std::string call = y.name + " = pl." + spelled + "(";
    for (size_t i = 0; i < operands.size(); ++i) call += (i ? ", " : "") + operands[i];
    Emit(call + ")");
    features_.insert("op:" + name);
    pool_.push_back(y);
  }

  // A window of a parameter (a load in the kernel) or of a computed tensor (a tile slice).
  void Slice() {
    TVal src;
    if (const TVal* v = PickVal([](const TVal&) { return true; }); v && rng_.Chance(40)) {
      src = *v;
      features_.insert("tensor:slice-of-value");
    } else {
      const int r = std::max(rows_, PickExtent()), c = std::max(cols_, PickExtent());
      src = {Param(r, c), r, c};
      features_.insert("tensor:slice-of-param");
    }
    const int r = Window(src.rows), c = Window(src.cols);
    // A window of a ragged value starts at one of its defined rows: one wholly past them defines
    // nothing, and a program whose only writes of an output are such windows stores none of it,
    // which `run` rightly refuses (fuzz_tensor/reject_out_never_written).
    const int last =
        src.Full() || src.Valid() == 0 ? src.rows - r : std::min(src.rows - r, src.Valid() - 1);
    const int o0 = rng_.Below(last + 1), o1 = rng_.Below(src.cols - c + 1);
    TVal y{Fresh("w"), r, c};
    y.cube = src.cube;
    if (!src.Full()) y.vrows = std::clamp(src.Valid() - o0, 0, r);
    if (rng_.Chance(35)) {  // the subscript form: src[a:b, c:d]
      Emit(y.name + " = " + src.name + "[" + std::to_string(o0) + ":" + std::to_string(o0 + r) +
           ", " + std::to_string(o1) + ":" + std::to_string(o1 + c) + "]");
      features_.insert("tensor:subscript-read");
    } else {
      Emit(y.name + " = pl.slice(" + src.name + ", " + Dims(r, c) + ", " + Dims(o0, o1) + ")");
    }
    pool_.push_back(y);
  }

  // A binary op of the registry that keeps its operands' shape: `pl.tensor.OP(a, b)` text, or ""
  // (the combining op of a loop carry or a branch, which must keep the carried value's type).
  std::string Combine(const TVal& a, const TVal& b) {
    std::vector<const ops::OpDef*> fits;
    for (const FuzzOp& f : TensorFuzzableOps())
      for (const OpTyping& t : f.typings)
        if (t.args == std::vector<ArgRole>{ArgRole::Tile, ArgRole::Partner} && t.kwargs.empty()) {
          const ops::Deduced r = ops::TryDeduceType(*f.op, {TypedVar(a), TypedVar(b)}, {});
          if (r.ok() && ir::TypeEqual(r.type, TypedVar(a)->type)) fits.push_back(f.op);
          break;
        }
    if (fits.empty()) return "";
    const ops::OpDef* op = rng_.Pick(fits);
    features_.insert("op:" + op->name());
    return "pl." + op->name() + "(" + a.name + ", " + b.name + ")";
  }

  // acc carried through a loop: each iteration combines it with the next block of a parameter
  // (a tile loop carry once converted). The carry starts from a computed value, a vector or a
  // matmul result, or a parameter as it is (docs/reliability.md, "Tensor-level defects found and
  // fixed": a matmul chain carried from a parameter is refused, located).
  void CarryLoop() {
    const TVal* start = PickVal([&](const TVal& t) { return t.Full(); });
    if (!start) return;
    const TVal acc0 = *start;
    const int nb = 2 + rng_.Below(3);
    const TVal src{Param(acc0.rows * nb, acc0.cols), acc0.rows * nb, acc0.cols};
    const TVal block{Fresh("x"), acc0.rows, acc0.cols};
    const std::string combined = Combine({Fresh("acc"), acc0.rows, acc0.cols}, block);
    if (combined.empty()) return;
    const std::string acc =
        combined.substr(combined.find('(') + 1, combined.find(',') - combined.find('(') - 1);
    Emit(acc + " = " + acc0.name);
    const std::string i = Fresh("i");
    Emit("for " + i + " in pl.range(0, " + std::to_string(nb) + "):");
    ++depth_;
    Emit(block.name + " = pl.slice(" + src.name + ", " + Dims(acc0.rows, acc0.cols) + ", [" + i +
         " * " + std::to_string(acc0.rows) + ", 0])");
    Emit(acc + " = " + combined);
    --depth_;
    pool_.push_back({acc, acc0.rows, acc0.cols});
    features_.insert("tensor:loop-carry");
  }

  // if n > K: y = OP(x, p) else: y = OP'(x, q), on an index scalar parameter pinned for check
  // (both sides are taken across cases).
  void Branch() {
    // From any value, a matmul result too: an if merging a matmul in one branch with a vector op
    // in the other is refused, located, by the split pass (docs/reliability.md).
    const TVal* x = PickVal([](const TVal& t) { return t.Full(); });
    if (!x) return;
    const TVal lhs = *x;
    if (scalar_n_.empty()) {
      scalar_n_ = "n";
      params_.push_back({scalar_n_, "pl.Scalar[pl.INDEX]"});
      pins_[scalar_n_] = 1 + rng_.Below(8);
    }
    const std::string y = Fresh("y");
    const std::string then_op = Combine(lhs, OfShape(lhs.rows, lhs.cols, -1, false));
    const std::string else_op = Combine(lhs, OfShape(lhs.rows, lhs.cols, -1, false));
    if (then_op.empty() || else_op.empty()) return;
    Emit("if " + scalar_n_ + " > " + std::to_string(1 + rng_.Below(8)) + ":");
    ++depth_;
    Emit(y + " = " + then_op);
    --depth_;
    Emit("else:");
    ++depth_;
    Emit(y + " = " + else_op);
    --depth_;
    // The combining op may be a (square) matmul: the merge counts as computed from one.
    TVal merged{y, lhs.rows, lhs.cols};
    merged.cube = true;
    pool_.push_back(merged);
    features_.insert("tensor:branch");
  }

  // PyPTO's ragged tail: a window of `box` rows of which only `valid` are in the tensor (a
  // parameter of offset + valid rows), pl.slice(t, [box, C], [offset, 0], valid_shape=[valid, C]).
  void RaggedSlice() {
    const int box = rows_;
    if (box < 2) return;
    const int valid = 1 + rng_.Below(box - 1);
    const int offset = rng_.Chance(60) ? 0 : 1 + rng_.Below(8);
    const std::string p = Param(offset + valid, cols_);
    TVal y{Fresh("g"), box, cols_, valid};
    Emit(y.name + " = pl.slice(" + p + ", " + Dims(box, cols_) + ", " + Dims(offset, 0) +
         ", valid_shape=" + Dims(valid, cols_) + ")");
    features_.insert("tensor:ragged-slice");
    pool_.push_back(y);
  }

  // A window extent within `n`: the main extents when they fit, else a part of n.
  int Window(int n) {
    switch (rng_.Below(3)) {
      case 0:
        return std::min(n, rng_.Chance(50) ? rows_ : cols_);
      case 1:
        return std::max(1, n / 2);
      default:
        return 1 + rng_.Below(n);
    }
  }

  // lhs [M, K] @ rhs [K, N], either operand possibly transposed: cube work whose operands may be
  // vector results (V->C) and whose result may feed vector ops (C->V).
  void Matmul() {
    const int m = rng_.Chance(70) ? rows_ : PickExtent();
    const int n = rng_.Chance(70) ? cols_ : PickExtent();
    const int k = rng_.Chance(50) ? (rng_.Chance(50) ? rows_ : cols_) : PickExtent();
    const bool at = rng_.Chance(15), bt = rng_.Chance(15);
    // Only the rows of an untransposed lhs may be ragged: they become the result's rows; every
    // other operand axis is summed over or becomes a column.
    const TVal a = at ? OfShape(k, m) : OfShape(m, k, 1);
    const TVal b = bt ? OfShape(n, k) : OfShape(k, n);
    if (!b.Full() || (at && !a.Full())) return;
    TVal y{Fresh("m"), m, n};
    y.cube = true;
    // The operands become Mat tiles: a value used by a matmul is cube work too.
    for (TVal& t : pool_)
      if (t.name == a.name || t.name == b.name) t.cube = true;
    if (!a.Full()) y.vrows = a.Valid();
    std::string call = y.name + " = pl.matmul(" + a.name + ", " + b.name;
    if (at) call += ", a_trans=True";
    if (bt) call += ", b_trans=True";
    Emit(call + ")");
    features_.insert("tensor:matmul");
    if (at || bt) features_.insert("tensor:matmul-transposed");
    pool_.push_back(y);
  }

  // for i in pl.range(0, NB): a block of rows (or columns) of a parameter, some ops on it, and
  // the block assembled into the output at its own offset.
  void Loop() {
    const bool by_rows = rng_.Chance(60);
    const int extent = by_rows ? rows_ : cols_;
    std::vector<int> counts;
    for (int nb : {2, 3, 4})
      if (extent % nb == 0) counts.push_back(nb);
    if (counts.empty()) return;
    const int nb = rng_.Pick(counts), block = extent / nb;
    const int br = by_rows ? block : rows_, bc = by_rows ? cols_ : block;
    const std::string i = Fresh("i");
    const TVal src = OfShape(rows_, cols_);
    Emit("for " + i + " in pl.range(0, " + std::to_string(nb) + "):");
    ++depth_;
    const size_t mark = pool_.size();
    const std::string off = i + " * " + std::to_string(block);
    const std::string offsets = by_rows ? "[" + off + ", 0]" : "[0, " + off + "]";
    const TVal x{Fresh("x"), br, bc};
    Emit(x.name + " = pl.slice(" + src.name + ", " + Dims(br, bc) + ", " + offsets + ")");
    pool_.push_back(x);
    const int n = 1 + rng_.Below(3);
    for (int k = 0; k < n; ++k) Statement(false);
    const TVal* y = PickVal([&](const TVal& t) { return t.rows == br && t.cols == bc; });
    Emit("out = pl.assemble(out, " + (y ? y->name : x.name) + ", " + offsets + ")");
    --depth_;
    for (size_t k = mark; k < pool_.size(); ++k) pool_[k].frozen = true;
    features_.insert("tensor:loop");
  }

  // `out = pl.assemble(out, v, offsets)`, or its subscript form `out[a:b, c:d] = v`, for a live
  // value that fits the output.
  void AssembleSome(bool last = false) {
    const TVal* v = nullptr;
    if (last && !pool_.empty() && !pool_.back().frozen && pool_.back().rows <= rows_ &&
        pool_.back().cols <= cols_)
      v = &pool_.back();
    if (!v) v = PickVal([&](const TVal& t) { return t.rows <= rows_ && t.cols <= cols_; });
    if (!v) return;
    const int o0 = rng_.Below(rows_ - v->rows + 1), o1 = rng_.Below(cols_ - v->cols + 1);
    if (rng_.Chance(30)) {
      Emit("out[" + std::to_string(o0) + ":" + std::to_string(o0 + v->rows) + ", " +
           std::to_string(o1) + ":" + std::to_string(o1 + v->cols) + "] = " + v->name);
      features_.insert("tensor:subscript-write");
      return;
    }
    Emit("out = pl.assemble(out, " + v->name + ", " + Dims(o0, o1) + ")");
  }

  bool IsParam(const std::string& name) const {
    for (const auto& [n, t] : params_)
      if (n == name) return true;
    return false;
  }

  // Whether some value the body computes is never read: a dead value (the split keeps or drops
  // it; either way the printed form must round-trip and check).
  bool HasDeadValue(const std::string& text) const {
    for (const TVal& v : pool_) {
      if (v.name == "out" || IsParam(v.name)) continue;
      size_t uses = 0;
      for (size_t at = text.find(v.name); at != std::string::npos; at = text.find(v.name, at + 1)) {
        const bool left = at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]));
        const size_t end = at + v.name.size();
        const bool right =
            end >= text.size() ||
            (!std::isalnum(static_cast<unsigned char>(text[end])) && text[end] != '_');
        uses += left && right;
      }
      if (uses == 1) return true;
    }
    return false;
  }

  // A read-modify-write of the InOut output, in one of the three forms PyPTO programs use: the
  // whole tensor (`out[:] = OP(out, v)`), a window (`out[a:b, c:d] = OP(w, v)` with w that
  // window of out) or an assemble (`out = pl.assemble(out, OP(out, v), [0, 0])`).
  void ReadModifyWrite() {
    const TVal out{"out", rows_, cols_};
    switch (rng_.Below(3)) {
      case 0: {
        const std::string op = Combine(out, OfShape(rows_, cols_, -1, false));
        if (op.empty()) return;
        Emit("out[:] = " + op);
        features_.insert("tensor:rmw-whole");
        return;
      }
      case 1: {
        const int r = Window(rows_), c = Window(cols_);
        const int o0 = rng_.Below(rows_ - r + 1), o1 = rng_.Below(cols_ - c + 1);
        const TVal w{Fresh("w"), r, c};
        const std::string op = Combine(w, OfShape(r, c, -1, false));
        if (op.empty()) return;
        const std::string window = std::to_string(o0) + ":" + std::to_string(o0 + r) + ", " +
                                   std::to_string(o1) + ":" + std::to_string(o1 + c);
        Emit(w.name + " = out[" + window + "]");
        Emit("out[" + window + "] = " + op);
        features_.insert("tensor:rmw-window");
        return;
      }
      default: {
        const std::string op = Combine(out, OfShape(rows_, cols_, -1, false));
        if (op.empty()) return;
        Emit("out = pl.assemble(out, " + op + ", [0, 0])");
        features_.insert("tensor:rmw-assemble");
        return;
      }
    }
  }

  std::string Assemble() {
    const std::string out_type = "pl.Tensor[" + Dims(rows_, cols_) + ", pl.FP32]";
    std::string split_text;
    if (split_ != Split::Absent) split_text = std::string("pl.SplitMode.") + ModeName(split_);
    std::ostringstream os;
    os << "import pypto.language as pl\n\n\n";
    std::string params, names;
    for (const auto& [name, type] : params_) {
      params += name + ": " + type + ", ";
      names += name + ", ";
    }
    params += std::string("out: pl.") + (inout_ ? "InOut" : "Out") + "[" + out_type + "]";
    names += "out";
    if (form_ == TForm::Kernel) {
      os << "@pl.program\nclass FuzzProgram:\n";
      os << "    @pl.function(type=pl.FunctionType.InCore"
         << (split_text.empty() ? "" : ", attrs={\"split\": " + split_text + "}") << ")\n";
      os << "    def kernel(self, " << params << ") -> " << out_type << ":\n";
      for (const std::string& l : body_) os << l << "\n";
      os << "        return " << (returned_.empty() ? "out" : returned_) << "\n\n";
      os << "    @pl.function(type=pl.FunctionType.Orchestration)\n";
      os << "    def main(self, " << params << ") -> " << out_type << ":\n";
      os << "        r = self.kernel(" << names << ")\n";
      if (kernel_in_loop_) {
        // The kernel called again from a loop of the orchestration: an InOut output
        // accumulates across the calls.
        os << "        for j in pl.range(0, 2):\n";
        os << "            r = self.kernel(" << names << ")\n";
      }
      os << "        return r\n";
      return os.str();
    }
    os << "@pl.function(type=pl.FunctionType."
       << (form_ == TForm::Opaque ? "Opaque" : "Orchestration") << ")\n";
    os << "def main(" << params << ") -> " << out_type << ":\n";
    std::string indent = "    ";
    if (wrap_ != Wrap::None) {
      os << indent << (wrap_ == Wrap::Scope ? "with pl.scope():\n" : "with pl.manual_scope():\n");
      indent += "    ";
    }
    if (task_id_) {
      // A first task the scope then waits for.
      os << indent << "with pl.at(level=pl.Level.CORE_GROUP) as first_task:\n";
      os << indent << "    out = pl.assemble(out, pl.mul(" << params_[0].first
         << ", 1.0), [0, 0])\n";
    }
    std::string keywords;
    if (!split_text.empty()) keywords += ", optimizations=[pl.split(" + split_text + ")]";
    if (no_dep_out_) keywords += ", no_dep_args=[out]";
    if (task_id_) keywords += ", deps=[first_task]";
    if (spmd_blocks_ > 0)
      os << indent << "for blk in pl.spmd(" << spmd_blocks_ << "):\n";
    else
      os << indent << "with pl.at(level=pl.Level.CORE_GROUP" << keywords << "):\n";
    const std::string extra(indent.size() - 4, ' ');
    for (const std::string& l : body_) os << extra << l << "\n";
    os << "    return out\n";
    return os.str();
  }

  Rng rng_;
  ModeFilter filter_;
  TForm form_ = TForm::Opaque;
  Split split_ = Split::UpDown;
  // Statements go inside the scope of main, or inside the kernel's body: two levels deep.
  int rows_ = 16, cols_ = 16, depth_ = 2, counter_ = 0;
  bool inout_ = false;                 // out is InOut (read as well as written)
  bool kernel_returns_value_ = false;  // the InCore kernel returns a computed tensor
  bool kernel_in_loop_ = false;        // main calls the kernel again in a loop
  enum class Wrap : uint8_t { None, Scope, ManualScope } wrap_ = Wrap::None;
  bool no_dep_out_ = false;  // pl.at(..., no_dep_args=[out])
  bool task_id_ = false;     // a first task bound `as first_task`, the scope's deps=[first_task]
  int spmd_blocks_ = 0;      // > 0: `for blk in pl.spmd(N)` in place of the pl.at scope
  std::string returned_;     // what the kernel returns, when not out
  std::string scalar_, scalar_n_;
  std::map<std::string, int64_t> pins_;
  std::vector<std::pair<std::string, std::string>> params_;  // name, type
  std::vector<std::string> body_;
  std::vector<TVal> pool_;
  std::set<std::string> features_;
};

}  // namespace
}  // namespace gen

const std::vector<std::string>& TensorConstructs() {
  static const std::vector<std::string> kConstructs = {"tensor-form:opaque",
                                                       "tensor-form:orchestration",
                                                       "tensor-form:incore",
                                                       "tensor:branch",
                                                       "tensor:loop",
                                                       "tensor:loop-carry",
                                                       "tensor:matmul",
                                                       "tensor:matmul-transposed",
                                                       "tensor:ragged-slice",
                                                       "tensor:slice-of-param",
                                                       "tensor:slice-of-value",
                                                       "tensor:subscript-read",
                                                       "tensor:subscript-write",
                                                       "tensor:out-inout",
                                                       "tensor:rmw-whole",
                                                       "tensor:rmw-window",
                                                       "tensor:rmw-assemble",
                                                       "tensor:kernel-returns-value",
                                                       "tensor:kernel-in-orchestration-loop",
                                                       "tensor:dead-value",
                                                       "task:scope",
                                                       "task:manual-scope",
                                                       "task:no-dep-args",
                                                       "task:task-id-deps",
                                                       "task:spmd"};
  return kConstructs;
}

GeneratedKernel GenerateTensorProgram(uint64_t seed, uint64_t index, ModeFilter filter) {
  return gen::TensorGenerator(seed, index, filter).Run();
}

}  // namespace tilesplit::fuzz
