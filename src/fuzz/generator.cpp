// The random kernel generator: the kernel's overall shape (form, split mode, main extents), its
// text and the pool of tiles defined so far; the statements themselves are written by the other
// generator_*.cpp files (generator_impl.h says which does what).
#include "tilesplit/fuzz/generator.h"

#include <algorithm>
#include <sstream>

#include "generator_impl.h"

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

namespace gen {

uint64_t Mix(uint64_t x) {  // splitmix64: decorrelates (seed, index) pairs
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

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

GeneratedKernel Generator::Run() {
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

void Generator::ChooseForm() {
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

int Generator::PickExtent() {
  static const std::vector<int> kExtents = {1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 32, 33, 64};
  static const std::vector<int> kWeights = {3, 4, 3, 6, 2, 2, 12, 5, 20, 5, 14, 2, 4};
  return kExtents[rng_.Weighted(kWeights)];
}

std::string Generator::Param(const std::string& prefix, const std::string& type) {
  std::string name = Fresh(prefix);
  params_.push_back(name + ": " + type);
  return name;
}

std::string Generator::TensorParam(int r, int c, const std::string& dt) {
  return Param("t", "pl.Tensor[" + Dims(r, c) + ", pl." + dt + "]");
}

std::string Generator::RuntimeExtent(int limit) {
  if (!has_n_) {
    has_n_ = true;
    n_value_ = 1 + rng_.Below(limit);
    params_.insert(params_.begin(), "n: pl.Scalar[pl.INDEX]");
    pins_["n"] = n_value_;
    features_.insert("ragged:runtime");
  }
  return "n";
}

std::string Generator::Assemble() {
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

Tile& Generator::Add(Tile t) {
  t.type = nullptr;  // a copy of another tile's record may have changed its box or layout
  t.out_rows = t.out_rows ? t.out_rows : t.rows;
  t.out_cols = t.out_cols ? t.out_cols : t.cols;
  pool_.push_back(t);
  return pool_.back();
}

// A live tile satisfying `ok`, preferring recent ones; null when none.
const Tile* Generator::PickTile(const std::function<bool(const Tile&)>& ok) {
  std::vector<size_t> c;
  for (size_t i = 0; i < pool_.size(); ++i)
    if (!pool_[i].frozen && ok(pool_[i])) c.push_back(i);
  if (c.empty()) return nullptr;
  const int recent = std::min<int>(3, static_cast<int>(c.size()));
  const size_t i = rng_.Chance(60) ? c[c.size() - 1 - rng_.Below(recent)] : rng_.Pick(c);
  return &pool_[i];
}

const Tile* Generator::PickMain() {
  return PickTile([&](const Tile& t) { return t.rows == rows_ && t.cols == cols_; });
}

// An operand for `lhs` whose valid extent covers lhs's.
const Tile* Generator::PickPartner(const Tile& lhs) {
  return PickTile([&](const Tile& t) { return Covers(t, lhs); });
}

}  // namespace gen

const std::vector<std::string>& TileConstructs() {
  static const std::vector<std::string> kConstructs = {"branch:merge",
                                                       "cross:acc->vec",
                                                       "cross:mat->vec",
                                                       "cross:vec->cube",
                                                       "cross:vec->cube:ragged",
                                                       "cross_core_slot",
                                                       "gen:full",
                                                       "load:mat",
                                                       "load:vec",
                                                       "loop:carry",
                                                       "loop:crossing",
                                                       "loop:tuple",
                                                       "loop:unroll",
                                                       "matmul",
                                                       "move:left",
                                                       "move:right",
                                                       "op:broadcast",
                                                       "op:cast",
                                                       "op:gather",
                                                       "op:read",
                                                       "op:reduction",
                                                       "op:reinterpret",
                                                       "op:reshape",
                                                       "op:sel",
                                                       "op:slice",
                                                       "ragged:runtime",
                                                       "ragged:static",
                                                       "region:boundary",
                                                       "region:halved",
                                                       "region:none",
                                                       "store:acc",
                                                       "store:same-tensor"};
  return kConstructs;
}

GeneratedKernel GenerateKernel(uint64_t seed, uint64_t index, ModeFilter filter) {
  return gen::Generator(seed, index, filter).Run();
}

}  // namespace tilesplit::fuzz
