// The generator's control flow (loops with carried values, if/else merges), its stores, and the
// skeleton of the Auto and Scope forms: producers, a run of random statements, then stores.

#include "generator_impl.h"

namespace tilesplit::fuzz::gen {

// Runs `n` random vector statements one level deeper; everything they define ends with the
// block (only yields leave it).
void Generator::NestedBody(int n) {
  ++depth_;
  ++nest_;
  for (int i = 0; i < n; ++i) VectorStatement(false);
  --nest_;
  --depth_;
}

void Generator::Freeze(size_t from) {
  for (size_t i = from; i < pool_.size(); ++i) pool_[i].frozen = true;
}

void Generator::Loop() {
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
    Emit("for " + i + ", (" + acc + ", " + acc2 + ") in pl." + kind + "(" + std::to_string(trips) +
         ", init_values=(" + init.name + ", " + init2.name + ")):");
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
  Emit(n1 + " = " + Combine(a1, p1 ? *p1 : a1));
  std::string r1 = Fresh("r"), r2 = Fresh("r");
  if (b) {
    const Tile* p2 = PickPartner(a2);
    Emit(n2 + " = " + Combine(a2, p2 ? *p2 : a2));
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

void Generator::Branch() {
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
    Emit(v + " = " + Combine(base, p ? *p : base));
    Emit(r + " = pl.yield_(" + v + ")");
    --depth_;
    Freeze(mark);
  }
  Tile m = base;
  m.name = r;
  Add(m);
  features_.insert("branch:merge");
}

void Generator::StoreRaw(const std::string& value, int out_rows, int out_cols, int off_r, int off_c,
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

void Generator::Store(const Tile& t) {
  StoreRaw(t.name, t.out_rows, t.out_cols, t.off_r, t.off_c, t.rows, t.cols);
}

void Generator::StoreSome() {
  const Tile* t = PickTile([](const Tile&) { return true; });
  if (t) Store(*t);
}

// One statement of vector (or, outside loops, cube) work.
void Generator::VectorStatement(bool top) {
  // producers, cube work, an op drawn from the registry, slice, read, reshape, reinterpret,
  // gather, sel, cast, loop, branch, store, a generator, a dead value
  std::vector<int> w = {8, 10, 6, 45, 5, 4, 4, 3, 3, 3, 3, 7, 5, 4, 5, 5};
  if (!top || nest_ > 0) {
    w[1] = w[2] = 0;  // no cube work or new crossings inside control flow
    w[11] = w[12] = 0;
    w[13] = 0;
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
      RegistryOp();
      break;
    case 4:
      Slice();
      break;
    case 5:
      Read();
      break;
    case 6:
      Reshape();
      break;
    case 7:
      Reinterpret();
      break;
    case 8:
      Gather();
      break;
    case 9:
      Select();
      break;
    case 10:
      CastRoundTrip();
      break;
    case 11:
      Loop();
      break;
    case 12:
      Branch();
      break;
    case 13:
      StoreSome();
      break;
    case 14:
      GeneratorValue();
      break;
    case 15:
      DeadValue();
      break;
  }
}

void Generator::Producer() {
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

void Generator::BuildAuto() {
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

void Generator::LoadAndStore() {
  LoadVec();
  Store(pool_.back());
}

}  // namespace tilesplit::fuzz::gen
