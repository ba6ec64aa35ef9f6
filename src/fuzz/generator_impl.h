// The random kernel generator's internals, shared by its source files: the generator writes DSL
// text statement by statement while keeping a pool of the vector tiles defined so far, with what
// the front end and the reference interpreter need to know about each (shape, valid extent,
// layout lineage, where it may be stored), so that every kernel it writes is one the front end
// accepts and whose reference run stores no undefined data.
//
//   generator.cpp          the kernel's shape, its text and the tile pool
//   generator_ops.cpp      vector producers, crossings, cube work and the templated computations
//   generator_registry.cpp the computations drawn from the operator registry (fuzz/op_catalog.h)
//   generator_flow.cpp     loops, branches, stores and the Auto / Scope kernel skeletons
//   generator_regions.cpp  the explicit split_aiv region skeletons
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tilesplit/fuzz/generator.h"
#include "tilesplit/fuzz/op_catalog.h"
#include "tilesplit/ir/expr.h"

namespace tilesplit::fuzz::gen {

uint64_t Mix(uint64_t x);  // splitmix64: decorrelates (seed, index) pairs

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

const char* ModeName(Split s);

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
  ir::TypePtr type = nullptr;  // its IR type when a registry call deduced it; else built by TypeOf
  bool Full() const { return vrows == rows && vcols == cols; }
};

struct OutTensor {
  std::string param;    // the parameter name
  std::string current;  // the latest value of the tensor (a store's result)
  int rows, cols;
  int depth;  // indentation level where `current` was bound
};

bool Covers(const Tile& big, const Tile& small);
std::string Dims(int r, int c);
std::string Extent(int v);

class Generator {
 public:
  Generator(uint64_t seed, uint64_t index, ModeFilter filter)
      : rng_(Mix(seed ^ Mix(index))), filter_(filter) {}

  GeneratedKernel Run();

 private:
  // ---- shape of the kernel (generator.cpp) -----------------------------------------------------
  void ChooseForm();
  int PickExtent();

  // ---- text (generator.cpp) --------------------------------------------------------------------
  std::string Fresh(const std::string& prefix) { return prefix + std::to_string(counter_++); }
  void Emit(const std::string& line) { body_.push_back(std::string(4 * depth_, ' ') + line); }
  std::string Param(const std::string& prefix, const std::string& type);
  std::string TensorParam(int r, int c, const std::string& dt = "FP32");
  std::string RuntimeExtent(int limit);
  std::string Assemble();

  // ---- the pool (generator.cpp) ----------------------------------------------------------------
  Tile& Add(Tile t);
  // A live tile satisfying `ok`, preferring recent ones; null when none.
  const Tile* PickTile(const std::function<bool(const Tile&)>& ok);
  const Tile* PickMain();
  // An operand for `lhs` whose valid extent covers lhs's.
  const Tile* PickPartner(const Tile& lhs);

  // ---- vector producers, crossings and cube work (generator_ops.cpp) ---------------------------
  void LoadVec();
  // A cube tile parameter (Auto form) crossing to the vector side.
  void CrossFromAccParam();
  // A tensor loaded into Mat and moved to the vector side.
  void CrossFromMatLoad();
  // Left [M, K] x Right [K, N] into Acc; the caller decides where the result goes.
  std::string Matmul(int m, int k, int n, const std::string& left_mat,
                     const std::string& right_mat);
  // An Acc result either crosses to the vector side or is stored from the cube.
  // The product's valid extent is the left operand's valid rows by the right operand's valid
  // columns (tile.matmul's deduction); vm / vn default to the full box.
  void UseAcc(const std::string& p, int m, int n, int vm = -1, int vn = -1);
  void MatmulToVec();
  // A vector result crossing to the cube side as a matmul operand.
  void VecToCube();
  // A tile.full (sometimes narrowed): a value whose consumers read no tile.
  void GeneratorValue();
  // `t` narrowed by tile.set_validshape to a random static valid extent.
  void NarrowValid(const Tile& t);
  // A value nobody reads (a registry op or a narrowing whose result leaves the pool).
  void DeadValue();

  // ---- vector computations drawn from the registry (generator_registry.cpp) --------------------
  // One call of an op of FuzzableOps(), its operands picked for a typing of the op and the result
  // typed by the op's own deducer; nothing is written when the call does not type. With
  // `same_box`, only a result of the main operand's box is taken (the pool's last tile then keeps
  // the box the statements after it expect).
  void RegistryOp(bool same_box = false);
  // The IR type the front end gives the pool tile `t` (for the deducer).
  ir::TypePtr TypeOf(const Tile& t);
  // A fully valid [rows, 1] (row) or [1, cols] tile for a broadcast operand: from the pool or
  // loaded; `pre` collects the statements to write before the call.
  Tile VectorOperand(int rows, int cols, std::vector<std::string>* pre);
  std::string ScalarOperand();
  // `pl.OP(base, partner)` for an op drawn from the registry whose call of that form gives
  // exactly base's type (a loop carry or a branch merge must keep it); tile.add when none does.
  std::string Combine(const Tile& base, const Tile& partner);

  // ---- templated computations (generator_ops.cpp) ----------------------------------------------
  std::string Scratch(int r, int c);
  std::string ScratchText(const std::string& name, int r, int c);
  void Slice();
  void Read();
  void Reshape();
  void Reinterpret();
  void Gather();
  void Select();
  void CastRoundTrip();

  // ---- control flow (generator_flow.cpp) -------------------------------------------------------
  // Runs `n` random vector statements one level deeper; everything they define ends with the
  // block (only yields leave it).
  void NestedBody(int n);
  void Freeze(size_t from);
  void Loop();
  void Branch();

  // ---- stores (generator_flow.cpp) -------------------------------------------------------------
  void StoreRaw(const std::string& value, int out_rows, int out_cols, int off_r, int off_c,
                int rows, int cols);
  void Store(const Tile& t);
  void StoreSome();

  // ---- Auto and Scope forms (generator_flow.cpp) -----------------------------------------------
  // One statement of vector (or, outside loops, cube) work.
  void VectorStatement(bool top);
  void Producer();
  void BuildAuto();
  void LoadAndStore();

  // ---- explicit regions (generator_regions.cpp) ------------------------------------------------
  void BuildRegions();
  Split RegionMode();
  // Body shape 1: plain vector work the pass halves itself.
  void RegionHalved();
  // Body shape 2: explicit aiv_shard / aic_gather, offsets written per lane by the author.
  void RegionWithBoundary();
  // Body shape 3: mode NONE, the author dispatches by lane index.
  void RegionTaskParallel();

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
  ir::VarPtr n_var_;  // the runtime extent `n` in deduced types
};

}  // namespace tilesplit::fuzz::gen
