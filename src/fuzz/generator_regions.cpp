// The generator's explicit split_aiv regions: bodies the pass halves itself, bodies with an
// explicit aiv_shard / aic_gather boundary, and task-parallel NONE bodies that dispatch by lane.
#include <algorithm>

#include "generator_impl.h"
#include "tilesplit/ops/lane.h"

namespace tilesplit::fuzz::gen {

void Generator::BuildRegions() {
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

Split Generator::RegionMode() {
  if (filter_ == ModeFilter::UpDown) return Split::UpDown;
  if (filter_ == ModeFilter::LeftRight) return Split::LeftRight;
  return rng_.Chance(55) ? Split::UpDown : Split::LeftRight;
}

// Body shape 1: plain vector work the pass halves itself.
void Generator::RegionHalved() {
  const Split mode = RegionMode();
  features_.insert("region:halved");
  features_.insert(std::string("region:") + ModeName(mode));
  Emit(std::string("for ") + (rng_.Chance(30) ? "_" : Fresh("aiv")) +
       " in pl.split_aiv(2, mode=pl.SplitMode." + ModeName(mode) + "):");
  ++depth_;
  LoadVec();
  const int n = 1 + rng_.Below(5);
  for (int i = 0; i < n; ++i) {
    switch (rng_.Weighted({60, 0, 0, 10, 10, 10})) {
      case 0:
        RegistryOp();
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
void Generator::RegionWithBoundary() {
  const Split mode = RegionMode();
  features_.insert("region:boundary");
  features_.insert(std::string("region:") + ModeName(mode));
  const bool ud = mode == Split::UpDown;
  const int half = static_cast<int>(ops::LaneHalf(ud ? rows_ : cols_));
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
  for (int i = 0; i < n; ++i) RegistryOp(/*same_box=*/true);
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
void Generator::RegionTaskParallel() {
  features_.insert("region:none");
  const int half = std::max(1, rows_ / 2);
  const int total = 2 * half;
  const std::string lane = Fresh("aiv");
  Emit("for " + lane + " in pl.split_aiv(2, mode=pl.SplitMode.NONE):");
  ++depth_;
  const std::string base = Fresh("base");
  Emit(base + " = " + lane + " * " + std::to_string(half));
  const std::string e = Fresh("x");
  Emit(e + " = pl.load(" + TensorParam(total, cols_) + ", [" + base + ", 0], " + Dims(half, cols_) +
       ", target_memory=pl.Mem.Vec)");
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

}  // namespace tilesplit::fuzz::gen
