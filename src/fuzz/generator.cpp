// The random kernel generator. It writes DSL text statement by statement while keeping a pool of
// the vector tiles defined so far, with what the front end and the reference interpreter need to
// know about each (shape, valid extent, layout lineage, where it may be stored), so that every
// kernel it writes is one the front end accepts and whose reference run stores no undefined data.
#include "tilesplit/fuzz/generator.h"

#include <algorithm>
#include <functional>
#include <random>
#include <set>
#include <sstream>

namespace tilesplit::fuzz {

bool ParseModeFilter(const std::string& text, ModeFilter* out) {
  if (text == "all")
    *out = ModeFilter::All;
  else if (text == "up_down")
    *out = ModeFilter::UpDown;
  else if (text == "left_right")
    *out = ModeFilter::LeftRight;
  else if (text == "regions")
    *out = ModeFilter::Regions;
  else
    return false;
  return true;
}

namespace {

uint64_t Mix(uint64_t x) {  // splitmix64: decorrelates (seed, index) pairs
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

class Rng {
 public:
  explicit Rng(uint64_t seed) : g_(seed) {}
  int Below(int n) { return n <= 1 ? 0 : static_cast<int>(g_() % static_cast<uint64_t>(n)); }
  bool Chance(int percent) { return Below(100) < percent; }
  // An index into `weights`, drawn in proportion to them.
  int Weighted(const std::vector<int>& weights) {
    int total = 0;
    for (int w : weights) total += w;
    int r = Below(total);
    for (size_t i = 0; i < weights.size(); ++i) {
      if (r < weights[i]) return static_cast<int>(i);
      r -= weights[i];
    }
    return 0;
  }
  template <class T>
  const T& Pick(const std::vector<T>& v) {
    return v[Below(static_cast<int>(v.size()))];
  }

 private:
  std::mt19937_64 g_;
};

enum class Form { Auto, Scope, Regions };
enum class Split { UpDown, LeftRight, None, Absent };

const char* ModeName(Split s) {
  switch (s) {
    case Split::UpDown:
      return "UP_DOWN";
    case Split::LeftRight:
      return "LEFT_RIGHT";
    default:
      return "NONE";
  }
}

// A vector tile in the pool. Valid extents are static counts, or kRuntime for the runtime
// scalar `n`; a tile may only be combined with one whose valid extent covers its own, so the
// reference never computes from undefined elements.
constexpr int kRuntime = -1;
struct Tile {
  std::string name;
  int rows = 0, cols = 0;
  int vrows = 0, vcols = 0;  // valid extents
  bool vec_layout = true;    // implicit Vec layout (loads, generators); false after an Acc/Mat move
  bool frozen = false;       // defined in a loop or branch body that has ended
  int out_rows = 0, out_cols = 0, off_r = 0, off_c = 0;  // the tensor it stores into, and where
  bool Full() const { return vrows == rows && vcols == cols; }
};

struct OutTensor {
  std::string param;    // the parameter name
  std::string current;  // the latest value of the tensor (a store's result)
  int rows, cols;
  int depth;  // indentation level where `current` was bound
};

bool Covers(const Tile& big, const Tile& small) {
  auto dim = [](int b, int s) { return b == s || (b >= 0 && s >= 0 && b >= s); };
  return big.rows == small.rows && big.cols == small.cols && dim(big.vrows, small.vrows) &&
         dim(big.vcols, small.vcols);
}

std::string Dims(int r, int c) {
  return "[" + std::to_string(r) + ", " + std::to_string(c) + "]";
}
std::string Extent(int v) {
  return v == kRuntime ? "n" : std::to_string(v);
}

class Generator {
 public:
  Generator(uint64_t seed, uint64_t index, ModeFilter filter)
      : rng_(Mix(seed ^ Mix(index))), filter_(filter) {}

  GeneratedKernel Run() {
    ChooseForm();
    rows_ = PickExtent();
    cols_ = PickExtent();
    if (form_ == Form::Regions) {
      BuildRegions();
    } else {
      BuildAuto();
    }
    GeneratedKernel k;
    k.text = Assemble();
    k.scalars = pins_;
    k.features.assign(features_.begin(), features_.end());
    return k;
  }

 private:
  // ---- shape of the kernel -------------------------------------------------------------------
  void ChooseForm() {
    if (filter_ == ModeFilter::Regions) {
      form_ = Form::Regions;
    } else if (filter_ == ModeFilter::All) {
      form_ = static_cast<Form>(rng_.Weighted({55, 20, 25}));
    } else {
      form_ = rng_.Chance(75) ? Form::Auto : Form::Scope;
    }
    if (filter_ == ModeFilter::UpDown)
      split_ = Split::UpDown;
    else if (filter_ == ModeFilter::LeftRight)
      split_ = Split::LeftRight;
    else
      split_ = static_cast<Split>(rng_.Weighted({45, 35, 10, 10}));
    features_.insert(form_ == Form::Auto    ? "form:auto"
                     : form_ == Form::Scope ? "form:scope"
                                            : "form:regions");
    if (form_ != Form::Regions) features_.insert(std::string("split:") + ModeName(split_));
  }

  int PickExtent() {
    static const std::vector<int> kExtents = {1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 32, 33, 64};
    static const std::vector<int> kWeights = {3, 4, 3, 6, 2, 2, 12, 5, 20, 5, 14, 2, 4};
    return kExtents[rng_.Weighted(kWeights)];
  }

  // ---- text ------------------------------------------------------------------------------------
  std::string Fresh(const std::string& prefix) { return prefix + std::to_string(counter_++); }
  void Emit(const std::string& line) { body_.push_back(std::string(4 * depth_, ' ') + line); }
  std::string Param(const std::string& prefix, const std::string& type) {
    std::string name = Fresh(prefix);
    params_.push_back(name + ": " + type);
    return name;
  }
  std::string TensorParam(int r, int c, const std::string& dt = "FP32") {
    return Param("t", "pl.Tensor[" + Dims(r, c) + ", pl." + dt + "]");
  }
  std::string RuntimeExtent(int limit) {
    if (!has_n_) {
      has_n_ = true;
      n_value_ = 1 + rng_.Below(limit);
      params_.insert(params_.begin(), "n: pl.Scalar[pl.INDEX]");
      pins_["n"] = n_value_;
      features_.insert("ragged:runtime");
    }
    return "n";
  }

  std::string Assemble() {
    std::ostringstream os;
    os << "import pypto.language as pl\n\n";
    if (form_ == Form::Scope) {
      os << "@pl.function\n";
    } else if (form_ == Form::Regions) {
      os << "@pl.function(type=pl.FunctionType.InCore, attrs={\"split_aiv\": True})\n";
    } else if (split_ == Split::Absent) {
      os << "@pl.function(type=pl.FunctionType.InCore)\n";
    } else {
      os << "@pl.function(type=pl.FunctionType.InCore, attrs={\"split\": pl.SplitMode."
         << ModeName(split_) << "})\n";
    }
    os << "def kernel(";
    for (size_t i = 0; i < params_.size(); ++i) os << (i ? ", " : "") << params_[i];
    os << "):\n";
    for (const std::string& l : body_) os << l << "\n";
    return os.str();
  }

  // ---- the pool --------------------------------------------------------------------------------
  Tile& Add(Tile t) {
    t.out_rows = t.out_rows ? t.out_rows : t.rows;
    t.out_cols = t.out_cols ? t.out_cols : t.cols;
    pool_.push_back(t);
    return pool_.back();
  }
  // A live tile satisfying `ok`, preferring recent ones; null when none.
  const Tile* PickTile(const std::function<bool(const Tile&)>& ok) {
    std::vector<size_t> c;
    for (size_t i = 0; i < pool_.size(); ++i)
      if (!pool_[i].frozen && ok(pool_[i])) c.push_back(i);
    if (c.empty()) return nullptr;
    const int recent = std::min<int>(3, static_cast<int>(c.size()));
    const size_t i = rng_.Chance(60) ? c[c.size() - 1 - rng_.Below(recent)] : rng_.Pick(c);
    return &pool_[i];
  }
  const Tile* PickMain() {
    return PickTile([&](const Tile& t) { return t.rows == rows_ && t.cols == cols_; });
  }
  // An operand for `lhs` whose valid extent covers lhs's.
  const Tile* PickPartner(const Tile& lhs) {
    return PickTile([&](const Tile& t) { return Covers(t, lhs); });
  }

  // ---- vector producers ------------------------------------------------------------------------
  void LoadVec() {
    const std::string t = TensorParam(rows_, cols_);
    Tile x{Fresh("x"), rows_, cols_, rows_, cols_};
    if (rng_.Chance(12) && rows_ > 1) {  // a ragged window read
      x.vrows = 1 + rng_.Below(rows_ - 1);
      Emit(x.name + " = pl.load(" + t + ", [0, 0], " + Dims(rows_, cols_) + ", " +
           Dims(x.vrows, cols_) + ", target_memory=pl.Mem.Vec)");
      features_.insert("ragged:static");
    } else {
      Emit(x.name + " = pl.load(" + t + ", [0, 0], " + Dims(rows_, cols_) +
           ", target_memory=pl.Mem.Vec)");
    }
    features_.insert("load:vec");
    Add(x);
  }

  // A cube tile parameter (Auto form) crossing to the vector side.
  void CrossFromAccParam() {
    Tile x{Fresh("v"), rows_, cols_, rows_, cols_};
    x.vec_layout = false;
    std::string view;
    const int kind = rng_.Weighted({70, 15, 12, 3});
    if (kind == 1 && rows_ > 1) {
      x.vrows = 1 + rng_.Below(rows_ - 1);
    } else if (kind == 2) {
      x.vrows = kRuntime;
      RuntimeExtent(rows_);
    } else if (kind == 3 && cols_ > 1) {
      x.vcols = 1 + rng_.Below(cols_ - 1);
    }
    if (!x.Full()) {
      view = ", pl.TileView(valid_shape=[" + Extent(x.vrows) + ", " + Extent(x.vcols) + "])";
      if (x.vrows != kRuntime) features_.insert("ragged:static");
    }
    const bool mat = rng_.Chance(25);
    const std::string q = Param("q", "pl.Tile[" + Dims(rows_, cols_) + ", pl.FP32, pl.Mem." +
                                         (mat ? "Mat" : "Acc") + view + "]");
    if (x.vrows == kRuntime) {
      Emit(x.name + ": pl.Tile[" + Dims(rows_, cols_) + ", pl.FP32, pl.Mem.Vec" + view +
           "] = pl.tile.move(" + q + ", target_memory=pl.Mem.Vec)");
    } else {
      Emit(x.name + " = pl.tile.move(" + q + ", target_memory=pl.Mem.Vec)");
    }
    features_.insert(mat ? "cross:mat->vec" : "cross:acc->vec");
    Add(x);
  }

  // A tensor loaded into Mat and moved to the vector side.
  void CrossFromMatLoad() {
    const std::string t = TensorParam(rows_, cols_);
    const std::string m = Fresh("m");
    Tile x{Fresh("v"), rows_, cols_, rows_, cols_};
    x.vec_layout = false;
    if (rng_.Chance(15) && rows_ > 1) {
      x.vrows = 1 + rng_.Below(rows_ - 1);
      Emit(m + " = pl.load(" + t + ", [0, 0], " + Dims(rows_, cols_) + ", " + Dims(x.vrows, cols_) +
           ", target_memory=pl.Mem.Mat)");
      features_.insert("ragged:static");
    } else {
      Emit(m + " = pl.load(" + t + ", [0, 0], " + Dims(rows_, cols_) +
           ", target_memory=pl.Mem.Mat)");
    }
    Emit(x.name + " = pl.tile.move(" + m + ", target_memory=pl.Mem.Vec)");
    features_.insert("cross:mat->vec");
    features_.insert("load:mat");
    Add(x);
  }

  // Left [M, K] x Right [K, N] into Acc; the caller decides where the result goes.
  std::string Matmul(int m, int k, int n, const std::string& left_mat,
                     const std::string& right_mat) {
    std::string lm = left_mat, rm = right_mat;
    if (lm.empty()) {
      lm = Fresh("a");
      Emit(lm + " = pl.load(" + TensorParam(m, k) + ", [0, 0], " + Dims(m, k) +
           ", target_memory=pl.Mem.Mat)");
    }
    if (rm.empty()) {
      rm = Fresh("b");
      Emit(rm + " = pl.load(" + TensorParam(k, n) + ", [0, 0], " + Dims(k, n) +
           ", target_memory=pl.Mem.Mat)");
    }
    const std::string l = Fresh("l"), r = Fresh("r"), p = Fresh("p");
    Emit(l + " = pl.tile.move(" + lm + ", target_memory=pl.Mem.Left)");
    Emit(r + " = pl.tile.move(" + rm + ", target_memory=pl.Mem.Right)");
    Emit(p + " = pl.matmul(" + l + ", " + r + ")");
    features_.insert("matmul");
    features_.insert("move:left");
    features_.insert("move:right");
    return p;
  }

  // An Acc result either crosses to the vector side or is stored from the cube.
  void UseAcc(const std::string& p, int m, int n) {
    if (rng_.Chance(75)) {
      Tile x{Fresh("v"), m, n, m, n};
      x.vec_layout = false;
      Emit(x.name + " = pl.tile.move(" + p + ", target_memory=pl.Mem.Vec)");
      features_.insert("cross:acc->vec");
      Add(x);
    } else {
      StoreRaw(p, m, n, 0, 0, m, n);
      features_.insert("store:acc");
    }
  }

  void MatmulToVec() {
    static const std::vector<int> kK = {1, 4, 8, 16, 32};
    const int k = rng_.Pick(kK);
    UseAcc(Matmul(rows_, k, cols_, "", ""), rows_, cols_);
  }

  // A vector result crossing to the cube side as a matmul operand.
  void VecToCube() {
    const Tile* x = PickTile([&](const Tile& t) { return t.rows > 0 && !t.frozen; });
    if (!x) return;
    const Tile src = *x;
    // a partially valid operand may only be ragged on the axis the product keeps (M or N)
    const bool left_ok = src.vcols == src.cols, right_ok = src.vrows == src.rows;
    if (!left_ok && !right_ok) return;
    const std::string m = Fresh("c");
    Emit(m + ": pl.Tile[" + Dims(src.rows, src.cols) + ", pl.FP32, pl.Mem.Mat] = pl.tile.move(" +
         src.name + ", target_memory=pl.Mem.Mat)");
    features_.insert("cross:vec->cube");
    if (!src.Full()) features_.insert("cross:vec->cube:ragged");
    if (left_ok &&
        (!right_ok || rng_.Chance(60))) {  // as the left operand: [rows, cols] x [cols, n]
      const int n = rng_.Chance(50) ? src.cols : PickExtent();
      UseAcc(Matmul(src.rows, src.cols, n, m, ""), src.rows, n);
    } else {  // as the right operand: [mm, rows] x [rows, cols]
      const int mm = rng_.Chance(50) ? src.rows : PickExtent();
      UseAcc(Matmul(mm, src.rows, src.cols, "", m), mm, src.cols);
    }
  }

  void Generator1() {
    Tile x{Fresh("g"), rows_, cols_, rows_, cols_};
    static const std::vector<std::string> kValues = {"0.0", "1.0", "-2.5", "0.5"};
    Emit(x.name + " = pl.tile.full(" + Dims(rows_, cols_) +
         ", dtype=pl.FP32, value=" + rng_.Pick(kValues) + ")");
    features_.insert("gen:full");
    Add(x);
  }

  // ---- vector computations ---------------------------------------------------------------------
  void Binary() {
    const Tile* a = PickTile([](const Tile&) { return true; });
    if (!a) return;
    const Tile lhs = *a;
    const Tile* b = PickPartner(lhs);
    if (!b) return;
    static const std::vector<std::string> kOps = {"add", "sub", "mul", "maximum", "minimum"};
    Tile y = lhs;
    y.name = Fresh("e");
    Emit(y.name + " = pl." + rng_.Pick(kOps) + "(" + lhs.name + ", " + b->name + ")");
    features_.insert("op:elementwise");
    Add(y);
  }

  void Unary() {
    const Tile* a = PickTile([](const Tile&) { return true; });
    if (!a) return;
    static const std::vector<std::string> kOps = {"exp", "neg", "abs", "relu"};
    Tile y = *a;
    y.name = Fresh("u");
    Emit(y.name + " = pl." + rng_.Pick(kOps) + "(" + a->name + ")");
    features_.insert("op:unary");
    Add(y);
  }

  void ScalarOp() {
    const Tile* a = PickTile([](const Tile&) { return true; });
    if (!a) return;
    Tile y = *a;
    y.name = Fresh("s");
    static const std::vector<std::string> kOps = {"add", "mul", "sub", "maximum"};
    std::string scalar;
    if (rng_.Chance(40)) {
      if (scalar_param_.empty()) scalar_param_ = Param("f", "pl.Scalar[pl.FP32]");
      scalar = scalar_param_;
    } else {
      static const std::vector<std::string> kValues = {"1.0", "2.0", "-0.5", "3.25"};
      scalar = rng_.Pick(kValues);
    }
    Emit(y.name + " = pl." + rng_.Pick(kOps) + "(" + a->name + ", " + scalar + ")");
    features_.insert("op:scalar");
    Add(y);
  }

  std::string Scratch(int r, int c) {
    const std::string t = Fresh("tmp");
    Emit(t + " = pl.tile.create(" + Dims(r, c) + ", dtype=pl.FP32, target_memory=pl.Mem.Vec)");
    return t;
  }

  void Reduce() {
    const Tile* a = PickTile([](const Tile& t) { return t.vrows != 0 && t.vcols != 0; });
    if (!a) return;
    const Tile src = *a;
    Tile y{Fresh("red"), 0, 0, 0, 0};
    if (rng_.Chance(60)) {
      // row_min reads only row-major tiles with the flat Vec layout
      static const std::vector<std::string> kOps = {"row_sum", "row_max", "row_min"};
      const std::string op = rng_.Pick(kOps);
      if (op == "row_min" && !src.vec_layout) return;
      const std::string tmp = Scratch(src.rows, src.cols);
      Emit(y.name + " = pl.tile." + op + "(" + src.name + ", " + tmp + ")");
      y.rows = src.rows, y.cols = 1, y.vrows = src.vrows, y.vcols = 1;
    } else {
      static const std::vector<std::string> kOps = {"col_sum", "col_max", "col_min"};
      Emit(y.name + " = pl.tile." + rng_.Pick(kOps) + "(" + src.name + ")");
      y.rows = 1, y.cols = src.cols, y.vrows = 1, y.vcols = src.vcols;
    }
    y.vec_layout = false;
    features_.insert("op:reduction");
    Add(y);
  }

  // A [rows, 1] or [1, cols] tile broadcast against a main-shaped one.
  void Broadcast() {
    const Tile* a = PickTile([&](const Tile& t) { return t.rows == rows_ && t.cols == cols_; });
    if (!a) return;
    const Tile lhs = *a;
    std::string rhs;
    const Tile* b = PickTile([&](const Tile& t) {
      return ((t.rows == rows_ && t.cols == 1 && t.vrows == rows_) ||
              (t.rows == 1 && t.cols == cols_ && t.vcols == cols_)) &&
             t.Full();
    });
    if (b && rng_.Chance(70)) {
      rhs = b->name;
    } else {
      rhs = Fresh("bc");
      Emit(rhs + " = pl.load(" + TensorParam(1, cols_) + ", [0, 0], " + Dims(1, cols_) +
           ", target_memory=pl.Mem.Vec)");
    }
    Tile y = lhs;
    y.name = Fresh("bb");
    static const std::vector<std::string> kOps = {"add", "sub", "mul"};
    Emit(y.name + " = pl." + rng_.Pick(kOps) + "(" + lhs.name + ", " + rhs + ")");
    features_.insert("op:broadcast");
    Add(y);
  }

  void Slice() {
    const Tile* a = PickTile([](const Tile& t) { return t.vrows >= 0 && t.vcols >= 0; });
    if (!a) return;
    const Tile src = *a;
    Tile y = src;
    y.name = Fresh("sl");
    int h = src.rows, w = src.cols, o = 0, oc = 0;
    if (rng_.Chance(60) || src.cols == 1) {
      h = 1 + rng_.Below(src.rows);
      o = rng_.Below(src.rows - h + 1);
    } else {
      w = 1 + rng_.Below(src.cols);
      oc = rng_.Below(src.cols - w + 1);
    }
    Emit(y.name + " = pl.tile.slice(" + src.name + ", " + Dims(h, w) + ", " + Dims(o, oc) + ")");
    y.rows = h, y.cols = w;
    y.vrows = std::clamp(src.vrows - o, 0, h);
    y.vcols = std::clamp(src.vcols - oc, 0, w);
    y.off_r = src.off_r + o, y.off_c = src.off_c + oc;
    features_.insert("op:slice");
    if (y.vrows > 0 && y.vcols > 0) Add(y);
  }

  void Read() {
    const Tile* a = PickTile([](const Tile& t) { return t.vrows > 0 && t.vcols > 0; });
    if (!a) return;
    const Tile src = *a;
    const std::string s = Fresh("rd");
    Emit(s + " = pl.read(" + src.name + ", [" + std::to_string(rng_.Below(src.vrows)) + ", " +
         std::to_string(rng_.Below(src.vcols)) + "])");
    features_.insert("op:read");
    const Tile* b = PickTile([](const Tile&) { return true; });
    if (!b) return;
    Tile y = *b;
    y.name = Fresh("s");
    Emit(y.name + " = pl.add(" + b->name + ", " + s + ")");
    Add(y);
  }

  void Reshape() {
    const Tile* a = PickTile([](const Tile& t) { return t.Full() && t.rows * t.cols > 1; });
    if (!a) return;
    const Tile src = *a;
    int r = src.cols, c = src.rows;
    if (rng_.Chance(40)) r = 1, c = src.rows * src.cols;
    const std::string mid = Fresh("rs");
    Emit(mid + " = pl.tile.reshape(" + src.name + ", " + Dims(r, c) + ")");
    features_.insert("op:reshape");
    Tile y = src;
    y.vec_layout = false;
    if (rng_.Chance(70)) {  // and back, so it meets the main shape again
      y.name = Fresh("rs");
      Emit(y.name + " = pl.tile.reshape(" + mid + ", " + Dims(src.rows, src.cols) + ")");
    } else {
      y = Tile{mid, r, c, r, c};
      y.vec_layout = false;
    }
    Add(y);
  }

  void Reinterpret() {
    const Tile* a = PickTile([](const Tile& t) { return t.vec_layout && t.Full(); });
    if (!a) return;
    Tile y = *a;
    const std::string mid = Fresh("ri");
    y.name = Fresh("ri");
    Emit(mid + " = pl.tile.reinterpret_view(" + a->name + ", dtype=pl.INT32)");
    Emit(y.name + " = pl.tile.reinterpret_view(" + mid + ", dtype=pl.FP32)");
    features_.insert("op:reinterpret");
    Add(y);
  }

  void Gather() {
    const Tile* a =
        PickTile([](const Tile& t) { return t.Full() && t.vec_layout && t.rows * t.cols >= 16; });
    if (!a) return;
    const Tile src = *a;
    const std::string idx = Fresh("ix");
    Emit(idx + " = pl.load(" + TensorParam(src.rows, src.cols, "INT32") + ", [0, 0], " +
         Dims(src.rows, src.cols) + ", target_memory=pl.Mem.Vec)");
    const std::string tmp = Scratch(src.rows, src.cols);
    Tile y = src;
    y.name = Fresh("ga");
    Emit(y.name + " = pl.tile.gather(" + src.name + ", " + idx + ", " + tmp + ")");
    features_.insert("op:gather");
    Add(y);
  }

  void Select() {
    const Tile* a = PickTile([](const Tile&) { return true; });
    if (!a) return;
    const Tile lhs = *a;
    const Tile* b = PickPartner(lhs);
    if (!b) return;
    const int mc = (lhs.cols + 7) / 8;
    const std::string mk = Fresh("mk");
    Emit(mk + " = pl.load(" + TensorParam(lhs.rows, mc, "UINT8") + ", [0, 0], " +
         Dims(lhs.rows, mc) + ", target_memory=pl.Mem.Vec)");
    const std::string tmp = Scratch(lhs.rows, lhs.cols);
    Tile y = lhs;
    y.name = Fresh("se");
    Emit(y.name + " = pl.tile.sel(" + mk + ", " + lhs.name + ", " + b->name + ", " + tmp + ")");
    features_.insert("op:sel");
    Add(y);
  }

  void CastRoundTrip() {
    const Tile* a = PickTile([](const Tile&) { return true; });
    if (!a) return;
    Tile y = *a;
    const std::string mid = Fresh("h");
    y.name = Fresh("ct");
    Emit(mid + " = pl.cast(" + a->name + ", pl.FP16)");
    Emit(y.name + " = pl.cast(" + mid + ", pl.FP32)");
    features_.insert("op:cast");
    Add(y);
  }

  // ---- control flow ----------------------------------------------------------------------------
  // Runs `n` random vector statements one level deeper; everything they define ends with the
  // block (only yields leave it).
  void NestedBody(int n) {
    ++depth_;
    ++nest_;
    for (int i = 0; i < n; ++i) VectorStatement(false);
    --nest_;
    --depth_;
  }
  void Freeze(size_t from) {
    for (size_t i = from; i < pool_.size(); ++i) pool_[i].frozen = true;
  }

  void Loop() {
    const Tile* a = PickTile([](const Tile&) { return true; });
    if (!a) return;
    const Tile init = *a;
    const bool pair = rng_.Chance(30);
    const Tile* b = pair ? PickTile([](const Tile&) { return true; }) : nullptr;
    const Tile init2 = b ? *b : init;
    const std::string i = Fresh("i"), acc = Fresh("acc"), acc2 = Fresh("acc");
    const int trips = 1 + rng_.Below(3);
    static const std::vector<std::string> kKinds = {"range", "range", "range", "unroll"};
    const std::string kind = b ? "range" : rng_.Pick(kKinds);
    if (b) {
      Emit("for " + i + ", (" + acc + ", " + acc2 + ") in pl." + kind + "(" +
           std::to_string(trips) + ", init_values=(" + init.name + ", " + init2.name + ")):");
      features_.insert("loop:tuple");
    } else if (kind == "unroll") {
      features_.insert("loop:unroll");
    } else {
      Emit("for " + i + ", (" + acc + ",) in pl." + kind + "(" + std::to_string(trips) +
           ", init_values=(" + init.name + ",)):");
    }
    const size_t mark = pool_.size();
    if (kind == "unroll") {  // carries through rebinding, which the front end turns into SSA
      const std::string carried = Fresh("acc");
      Emit(carried + " = pl.add(" + init.name + ", " + init.name + ")");
      Emit("for " + i + " in pl.unroll(" + std::to_string(trips) + "):");
      ++depth_;
      const Tile* p = PickPartner(init);
      Emit(carried + " = pl.add(" + carried + ", " + (p ? p->name : carried) + ")");
      --depth_;
      Tile r = init;
      r.name = carried;
      Add(r);
      features_.insert("loop:carry");
      return;
    }
    Tile a1 = init, a2 = init2;
    a1.name = acc, a2.name = acc2;
    Add(a1);
    if (b) Add(a2);
    ++depth_;
    if (rng_.Chance(30) && form_ == Form::Auto && init.rows == rows_ && init.cols == cols_) {
      CrossFromAccParam();  // a crossing inside the loop
      features_.insert("loop:crossing");
    }
    --depth_;
    NestedBody(rng_.Below(3));
    ++depth_;
    const std::string n1 = Fresh("nx"), n2 = Fresh("nx");
    const Tile* p1 = PickPartner(a1);
    Emit(n1 + " = pl.add(" + acc + ", " + (p1 ? p1->name : acc) + ")");
    std::string r1 = Fresh("r"), r2 = Fresh("r");
    if (b) {
      const Tile* p2 = PickPartner(a2);
      Emit(n2 + " = pl.mul(" + acc2 + ", " + (p2 ? p2->name : acc2) + ")");
      Emit(r1 + ", " + r2 + " = pl.yield_(" + n1 + ", " + n2 + ")");
    } else {
      Emit(r1 + " = pl.yield_(" + n1 + ")");
    }
    --depth_;
    Freeze(mark);
    Tile o1 = init;
    o1.name = r1;
    o1.frozen = false;
    Add(o1);
    if (b) {
      Tile o2 = init2;
      o2.name = r2;
      o2.frozen = false;
      Add(o2);
    }
    features_.insert("loop:carry");
  }

  void Branch() {
    const Tile* a = PickTile([](const Tile&) { return true; });
    if (!a) return;
    const Tile base = *a;
    if (flag_.empty()) flag_ = Param("k", "pl.Scalar[pl.INDEX]");
    const std::string r = Fresh("m");
    Emit("if " + flag_ + " > " + std::to_string(rng_.Below(16)) + ":");
    for (int side = 0; side < 2; ++side) {
      if (side == 1) Emit("else:");
      const size_t mark = pool_.size();
      NestedBody(rng_.Below(2));
      ++depth_;
      const std::string v = Fresh("bv");
      const Tile* p = PickPartner(base);
      static const std::vector<std::string> kOps = {"add", "sub", "mul"};
      Emit(v + " = pl." + rng_.Pick(kOps) + "(" + base.name + ", " + (p ? p->name : base.name) +
           ")");
      Emit(r + " = pl.yield_(" + v + ")");
      --depth_;
      Freeze(mark);
    }
    Tile m = base;
    m.name = r;
    Add(m);
    features_.insert("branch:merge");
  }

  // ---- stores ----------------------------------------------------------------------------------
  void StoreRaw(const std::string& value, int out_rows, int out_cols, int off_r, int off_c,
                int rows, int cols) {
    (void)rows;
    (void)cols;
    OutTensor* o = nullptr;
    for (OutTensor& t : outs_)
      if (t.rows == out_rows && t.cols == out_cols && t.depth <= depth_ && rng_.Chance(50)) o = &t;
    if (o && o->current != o->param) features_.insert("store:same-tensor");
    if (!o) {
      outs_.push_back({"", "", out_rows, out_cols, 0});
      o = &outs_.back();
      o->param = Param("out", "pl.Out[pl.Tensor[" + Dims(out_rows, out_cols) + ", pl.FP32]]");
      o->current = o->param;
    }
    const std::string r = Fresh("o");
    Emit(r + " = pl.store(" + value + ", " + Dims(off_r, off_c) + ", " + o->current + ")");
    o->current = r;
    o->depth = depth_;
    last_store_ = r;
  }
  void Store(const Tile& t) {
    StoreRaw(t.name, t.out_rows, t.out_cols, t.off_r, t.off_c, t.rows, t.cols);
  }
  void StoreSome() {
    const Tile* t = PickTile([](const Tile&) { return true; });
    if (t) Store(*t);
  }

  // One statement of vector (or, outside loops, cube) work.
  void VectorStatement(bool top) {
    // producers, cube work, elementwise, broadcast, scalar, unary, reduction, slice, read,
    // reshape, reinterpret, gather, sel, cast, loop, branch, store
    std::vector<int> w = {8, 10, 6, 18, 6, 8, 8, 5, 5, 4, 4, 3, 3, 3, 3, 7, 5, 4};
    if (!top || nest_ > 0) {
      w[1] = w[2] = 0;  // no cube work or new crossings inside control flow
      w[15] = w[16] = 0;
      w[17] = 0;
    }
    if (!allow_cube_) w[1] = w[2] = 0;
    switch (rng_.Weighted(w)) {
      case 0:
        LoadVec();
        break;
      case 1:
        Producer();
        break;
      case 2:
        rng_.Chance(50) ? VecToCube() : MatmulToVec();
        break;
      case 3:
        Binary();
        break;
      case 4:
        Broadcast();
        break;
      case 5:
        ScalarOp();
        break;
      case 6:
        Unary();
        break;
      case 7:
        Reduce();
        break;
      case 8:
        Slice();
        break;
      case 9:
        Read();
        break;
      case 10:
        Reshape();
        break;
      case 11:
        Reinterpret();
        break;
      case 12:
        Gather();
        break;
      case 13:
        Select();
        break;
      case 14:
        CastRoundTrip();
        break;
      case 15:
        Loop();
        break;
      case 16:
        Branch();
        break;
      case 17:
        StoreSome();
        break;
    }
  }

  void Producer() {
    switch (rng_.Weighted({form_ == Form::Auto ? 40 : 0, 20, 30, 10})) {
      case 0:
        CrossFromAccParam();
        break;
      case 1:
        CrossFromMatLoad();
        break;
      case 2:
        MatmulToVec();
        break;
      default:
        LoadVec();
        break;
    }
  }

  // ---- Auto and Scope forms --------------------------------------------------------------------
  void BuildAuto() {
    if (form_ == Form::Scope) {
      std::string opts;
      if (split_ != Split::Absent)
        opts += std::string("pl.split(pl.SplitMode.") + ModeName(split_) + ")";
      if (rng_.Chance(30)) {
        opts += std::string(opts.empty() ? "" : ", ") +
                "pl.cross_core_slot(slot_num=" + std::to_string(2 + 2 * rng_.Below(3)) + ")";
        features_.insert("cross_core_slot");
      }
      Emit("with pl.at(level=pl.Level.CORE_GROUP" +
           (opts.empty() ? std::string() : ", optimizations=[" + opts + "]") + "):");
      ++depth_;
    }
    const int producers = 1 + rng_.Below(3);
    for (int i = 0; i < producers; ++i) Producer();
    const int n = 2 + rng_.Below(9);
    for (int i = 0; i < n; ++i) VectorStatement(true);
    const int stores = 1 + rng_.Below(2);
    for (int i = 0; i < stores; ++i) StoreSome();
    if (last_store_.empty()) LoadAndStore();
    if (form_ == Form::Scope) --depth_;
    Emit("return " + last_store_);
  }

  void LoadAndStore() {
    LoadVec();
    Store(pool_.back());
  }

  // ---- explicit regions ------------------------------------------------------------------------
  void BuildRegions() {
    allow_cube_ = false;
    // an odd box on the split axis is a case of its own (ragged lanes); keep it the minority
    if (rows_ % 2 && rng_.Chance(80)) ++rows_;
    if (cols_ % 2 && rng_.Chance(80)) ++cols_;
    const int regions = 1 + rng_.Weighted({60, 30, 10});
    for (int i = 0; i < regions; ++i) {
      switch (rng_.Weighted({40, 40, 20})) {
        case 0:
          RegionHalved();
          break;
        case 1:
          RegionWithBoundary();
          break;
        default:
          RegionTaskParallel();
          break;
      }
      Freeze(0);
    }
    Emit("return " + last_store_);
  }

  Split RegionMode() {
    if (filter_ == ModeFilter::UpDown) return Split::UpDown;
    if (filter_ == ModeFilter::LeftRight) return Split::LeftRight;
    return rng_.Chance(55) ? Split::UpDown : Split::LeftRight;
  }

  // Body shape 1: plain vector work the pass halves itself.
  void RegionHalved() {
    const Split mode = RegionMode();
    features_.insert("region:halved");
    features_.insert(std::string("region:") + ModeName(mode));
    Emit(std::string("for ") + (rng_.Chance(30) ? "_" : Fresh("aiv")) +
         " in pl.split_aiv(2, mode=pl.SplitMode." + ModeName(mode) + "):");
    ++depth_;
    LoadVec();
    const int n = 1 + rng_.Below(5);
    for (int i = 0; i < n; ++i) {
      switch (rng_.Weighted({30, 15, 15, 10, 10, 10})) {
        case 0:
          Binary();
          break;
        case 1:
          Unary();
          break;
        case 2:
          ScalarOp();
          break;
        case 3:
          LoadVec();
          break;
        case 4:
          Loop();
          break;
        default:
          StoreSome();
          break;
      }
    }
    StoreSome();
    --depth_;
  }

  // Body shape 2: explicit aiv_shard / aic_gather, offsets written per lane by the author.
  void RegionWithBoundary() {
    const Split mode = RegionMode();
    features_.insert("region:boundary");
    features_.insert(std::string("region:") + ModeName(mode));
    const bool ud = mode == Split::UpDown;
    const int half = ud ? (rows_ + 1) / 2 : (cols_ + 1) / 2;
    int vr = rows_;
    std::string view;
    if (ud && rng_.Chance(20) && rows_ > 1) {
      vr = 1 + rng_.Below(rows_ - 1);
      view = ", pl.TileView(valid_shape=" + Dims(vr, cols_) + ")";
      features_.insert("ragged:static");
    }
    const std::string acc =
        Param("q", "pl.Tile[" + Dims(rows_, cols_) + ", pl.FP32, pl.Mem.Acc" + view + "]");
    const std::string lane = Fresh("aiv");
    Emit("for " + lane + " in pl.split_aiv(2, mode=pl.SplitMode." + ModeName(mode) + "):");
    ++depth_;
    const std::string h = Fresh("sh");
    Emit(h + " = pl.aiv_shard(" + acc + ")");
    const int hr = ud ? half : rows_, hc = ud ? cols_ : half;
    Tile t{h, hr, hc, hr, hc};
    t.vec_layout = false;
    Add(t);
    const std::string off = ud ? "[" + lane + " * " + std::to_string(half) + ", 0]"
                               : "[0, " + lane + " * " + std::to_string(half) + "]";
    if (rng_.Chance(40)) {  // a per-lane window of a tensor
      const std::string w = Fresh("w");
      Emit(w + " = pl.load(" +
           TensorParam(rows_ + (ud ? rows_ % 2 : 0), cols_ + (ud ? 0 : cols_ % 2)) + ", " + off +
           ", " + Dims(hr, hc) + ", target_memory=pl.Mem.Vec)");
      const std::string s = Fresh("e");
      Emit(s + " = pl.add(" + h + ", " + w + ")");
      Tile u = t;
      u.name = s;
      Add(u);
    }
    const int n = rng_.Below(3);
    for (int i = 0; i < n; ++i) rng_.Chance(50) ? Unary() : ScalarOp();
    const std::string last = pool_.back().name;
    const bool gather = rng_.Chance(45) && vr == rows_;
    if (gather) {
      const std::string g = Fresh("gt");
      Emit(g + " = pl.aic_gather(" + last + ")");
      --depth_;
      features_.insert("cross:vec->cube");
      const std::string gl = Fresh("gl");
      Emit(gl + " = pl.tile.move(" + g + ", target_memory=pl.Mem.Left)");
      // the gathered tile is the two lanes' boxes side by side: [2 * half, cols] or
      // [rows, 2 * half]
      const int gr = ud ? 2 * half : rows_, gc = ud ? cols_ : 2 * half;
      const int k = rng_.Chance(50) ? gc : 16;
      const std::string b = Fresh("b");
      Emit(b + " = pl.load(" + TensorParam(gc, k) + ", [0, 0], " + Dims(gc, k) +
           ", target_memory=pl.Mem.Mat)");
      const std::string br = Fresh("r"), p = Fresh("p");
      Emit(br + " = pl.tile.move(" + b + ", target_memory=pl.Mem.Right)");
      Emit(p + " = pl.matmul(" + gl + ", " + br + ")");
      StoreRaw(p, gr, k, 0, 0, gr, k);
      features_.insert("matmul");
    } else {
      // lane 1's box ends at 2 * half on the split axis
      const int orows = ud ? 2 * half : rows_, ocols = ud ? cols_ : 2 * half;
      OutTensor* o = nullptr;
      for (OutTensor& x : outs_)
        if (x.rows == orows && x.cols == ocols && rng_.Chance(50)) o = &x;
      if (!o) {
        outs_.push_back({"", "", orows, ocols, 0});
        o = &outs_.back();
        o->param = Param("out", "pl.Out[pl.Tensor[" + Dims(orows, ocols) + ", pl.FP32]]");
        o->current = o->param;
      } else {
        features_.insert("store:same-tensor");
      }
      const std::string r = Fresh("o");
      Emit(r + " = pl.store(" + last + ", " + off + ", " + o->current + ")");
      o->current = r;
      last_store_ = r;
      --depth_;
    }
  }

  // Body shape 3: mode NONE, the author dispatches by lane index.
  void RegionTaskParallel() {
    features_.insert("region:none");
    const int half = std::max(1, rows_ / 2);
    const int total = 2 * half;
    const std::string lane = Fresh("aiv");
    Emit("for " + lane + " in pl.split_aiv(2, mode=pl.SplitMode.NONE):");
    ++depth_;
    const std::string base = Fresh("base");
    Emit(base + " = " + lane + " * " + std::to_string(half));
    const std::string e = Fresh("x");
    Emit(e + " = pl.load(" + TensorParam(total, cols_) + ", [" + base + ", 0], " +
         Dims(half, cols_) + ", target_memory=pl.Mem.Vec)");
    std::string last = e;
    if (rng_.Chance(50)) {
      const std::string acc = Param("q", "pl.Tile[" + Dims(half, cols_) + ", pl.FP32, pl.Mem.Acc]");
      const std::string t = Fresh("sh"), s = Fresh("e");
      Emit(t + " = pl.aiv_shard(" + acc + ")");
      Emit(s + " = pl.add(" + e + ", " + t + ")");
      last = s;
    }
    if (rng_.Chance(50)) {
      const std::string u = Fresh("u");
      Emit(u + " = pl.exp(" + last + ")");
      last = u;
    }
    outs_.push_back({"", "", total, cols_, depth_});
    OutTensor& o = outs_.back();
    o.param = Param("out", "pl.Out[pl.Tensor[" + Dims(total, cols_) + ", pl.FP32]]");
    const std::string r = Fresh("o");
    Emit(r + " = pl.store(" + last + ", [" + base + ", 0], " + o.param + ")");
    o.current = r;
    last_store_ = r;
    --depth_;
  }

  Rng rng_;
  ModeFilter filter_;
  Form form_ = Form::Auto;
  Split split_ = Split::UpDown;
  int rows_ = 16, cols_ = 16;
  int depth_ = 1, nest_ = 0, counter_ = 0;
  bool allow_cube_ = true;
  bool has_n_ = false;
  int n_value_ = 0;
  std::string scalar_param_, flag_, last_store_;
  std::vector<std::string> params_, body_;
  std::vector<Tile> pool_;
  std::vector<OutTensor> outs_;
  std::map<std::string, int64_t> pins_;
  std::set<std::string> features_;
};

}  // namespace

GeneratedKernel GenerateKernel(uint64_t seed, uint64_t index, ModeFilter filter) {
  return Generator(seed, index, filter).Run();
}

}  // namespace tilesplit::fuzz
