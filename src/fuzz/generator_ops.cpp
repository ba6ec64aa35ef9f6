// The generator's vector statements: tiles produced on the vector side (loads, crossings from the
// cube side, matmul results), vector results crossing to the cube, and the templated computations
// whose operands need data the generator prepares (gather indices, sel bit masks, slice and read
// windows, reshape / reinterpret / cast round trips). Every other computation is drawn from the
// registry (generator_registry.cpp).
#include <algorithm>

#include "generator_impl.h"

namespace tilesplit::fuzz::gen {

void Generator::LoadVec() {
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
void Generator::CrossFromAccParam() {
  Tile x{Fresh("v"), rows_, cols_, rows_, cols_};
  x.vec_layout = false;
  std::string view;
  // Fully valid, partial rows, runtime rows, partial columns, partial rows and columns (the last
  // two are the crossings the spec refuses and the split extensions transport as the full box).
  const int kind = rng_.Weighted({62, 15, 12, 6, 5});
  if ((kind == 1 || kind == 4) && rows_ > 1) x.vrows = 1 + rng_.Below(rows_ - 1);
  if (kind == 2) {
    x.vrows = kRuntime;
    RuntimeExtent(rows_);
  }
  if ((kind == 3 || kind == 4) && cols_ > 1) x.vcols = 1 + rng_.Below(cols_ - 1);
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
void Generator::CrossFromMatLoad() {
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
    Emit(m + " = pl.load(" + t + ", [0, 0], " + Dims(rows_, cols_) + ", target_memory=pl.Mem.Mat)");
  }
  Emit(x.name + " = pl.tile.move(" + m + ", target_memory=pl.Mem.Vec)");
  features_.insert("cross:mat->vec");
  features_.insert("load:mat");
  Add(x);
}

// Left [M, K] x Right [K, N] into Acc; the caller decides where the result goes.
std::string Generator::Matmul(int m, int k, int n, const std::string& left_mat,
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
void Generator::UseAcc(const std::string& p, int m, int n, int vm, int vn) {
  if (rng_.Chance(75)) {
    Tile x{Fresh("v"), m, n, vm < 0 ? m : vm, vn < 0 ? n : vn};
    x.vec_layout = false;
    Emit(x.name + " = pl.tile.move(" + p + ", target_memory=pl.Mem.Vec)");
    features_.insert("cross:acc->vec");
    Add(x);
  } else {
    StoreRaw(p, m, n, 0, 0, m, n);
    features_.insert("store:acc");
  }
}

void Generator::MatmulToVec() {
  static const std::vector<int> kK = {1, 4, 8, 16, 32};
  const int k = rng_.Pick(kK);
  UseAcc(Matmul(rows_, k, cols_, "", ""), rows_, cols_);
}

// A vector result crossing to the cube side as a matmul operand.
void Generator::VecToCube() {
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
  if (left_ok && (!right_ok || rng_.Chance(60))) {  // as the left operand: [rows, cols] x [cols, n]
    const int n = rng_.Chance(50) ? src.cols : PickExtent();
    UseAcc(Matmul(src.rows, src.cols, n, m, ""), src.rows, n, src.vrows, n);
  } else {  // as the right operand: [mm, rows] x [rows, cols]
    const int mm = rng_.Chance(50) ? src.rows : PickExtent();
    UseAcc(Matmul(mm, src.rows, src.cols, "", m), mm, src.cols, mm, src.vcols);
  }
}

// A generator (tile.full) in the pool, of the main box or another, sometimes narrowed by a
// tile.set_validshape: what is computed from it reads no tile, so the walk knows it per lane only
// because it halved the generator. An AUTO region printed around such values must be one the
// pass accepts when it reads it back (defects 30, 30b).
void Generator::GeneratorValue() {
  const int r = rng_.Chance(60) ? rows_ : PickExtent();
  const int c = rng_.Chance(60) ? cols_ : PickExtent();
  Tile x{Fresh("g"), r, c, r, c};
  static const std::vector<std::string> kValues = {"0.0", "1.0", "-2.5", "0.5"};
  Emit(x.name + " = pl.tile.full(" + Dims(r, c) + ", dtype=pl.FP32, value=" + rng_.Pick(kValues) +
       ")");
  features_.insert("gen:full");
  Add(x);
  if (rng_.Chance(40)) NarrowValid(x);
}

// `t` narrowed to a random valid extent within its box (static extents only).
void Generator::NarrowValid(const Tile& t) {
  if (t.vrows < 1 || t.vcols < 1) return;
  Tile y = t;
  y.name = Fresh("sv");
  y.vrows = 1 + rng_.Below(t.vrows);
  y.vcols = 1 + rng_.Below(t.vcols);
  Emit(y.name + " = pl.tile.set_validshape(" + t.name + ", " + std::to_string(y.vrows) + ", " +
       std::to_string(y.vcols) + ")");
  features_.insert("op:set_validshape");
  Add(y);
}

// A value nobody reads: an op drawn from the registry, or a narrowing, whose result leaves the
// pool at once. The split keeps and halves it like any other, and the form it prints must still
// read back.
void Generator::DeadValue() {
  const size_t before = pool_.size();
  if (rng_.Chance(30)) {
    if (const Tile* t = PickTile([](const Tile& x) { return x.vrows > 0 && x.vcols > 0; }))
      NarrowValid(Tile(*t));
  } else {
    RegistryOp();
  }
  if (pool_.size() == before) return;
  pool_.back().frozen = true;
  features_.insert("dead:value");
}

std::string Generator::ScratchText(const std::string& name, int r, int c) {
  return name + " = pl.tile.create(" + Dims(r, c) + ", dtype=pl.FP32, target_memory=pl.Mem.Vec)";
}

std::string Generator::Scratch(int r, int c) {
  const std::string t = Fresh("tmp");
  Emit(ScratchText(t, r, c));
  return t;
}

void Generator::Slice() {
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

void Generator::Read() {
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

void Generator::Reshape() {
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

void Generator::Reinterpret() {
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

void Generator::Gather() {
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

void Generator::Select() {
  const Tile* a = PickTile([](const Tile&) { return true; });
  if (!a) return;
  const Tile lhs = *a;
  const Tile* b = PickPartner(lhs);
  if (!b) return;
  const int mc = (lhs.cols + 7) / 8;
  const std::string mk = Fresh("mk");
  Emit(mk + " = pl.load(" + TensorParam(lhs.rows, mc, "UINT8") + ", [0, 0], " + Dims(lhs.rows, mc) +
       ", target_memory=pl.Mem.Vec)");
  const std::string tmp = Scratch(lhs.rows, lhs.cols);
  Tile y = lhs;
  y.name = Fresh("se");
  Emit(y.name + " = pl.tile.sel(" + mk + ", " + lhs.name + ", " + b->name + ", " + tmp + ")");
  features_.insert("op:sel");
  Add(y);
}

void Generator::CastRoundTrip() {
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

}  // namespace tilesplit::fuzz::gen
