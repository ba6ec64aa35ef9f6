// Simulated throughput on 256 x 256 tiles: the reference interpreter on two elementwise-heavy
// kernels (one with row reductions) and a matmul-heavy one, and a whole `check` (lowering +
// reference + core group + compare) of a cube->vector kernel. bench/numpy_ref.py times numpy doing
// the same math; docs/performance.md records both.
#include <benchmark/benchmark.h>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/sim/check.h"

namespace {

using namespace tilesplit;

const char* kElementwise = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def ew(a: pl.Tensor[[256, 256], pl.FP32], b: pl.Tensor[[256, 256], pl.FP32],
       out: pl.Out[pl.Tensor[[256, 256], pl.FP32]]):
    x = pl.load(a, [0, 0], [256, 256], target_memory=pl.Mem.Vec)
    y = pl.load(b, [0, 0], [256, 256], target_memory=pl.Mem.Vec)
    s = pl.add(x, y)
    m = pl.mul(s, x)
    e = pl.exp(m)
    d = pl.sub(e, y)
    return pl.store(d, [0, 0], out)
)";

// Row softmax as the DSL spells it: max, subtract, exp, sum, reciprocal, scale.
const char* kSoftmax = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def sm(a: pl.Tensor[[256, 256], pl.FP32], out: pl.Out[pl.Tensor[[256, 256], pl.FP32]]):
    x = pl.load(a, [0, 0], [256, 256], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([256, 256], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.row_max(x, tmp)
    z = pl.sub(x, m)
    e = pl.exp(z)
    s = pl.tile.row_sum(e, tmp)
    r = pl.tile.recip(s)
    p = pl.mul(e, r)
    return pl.store(p, [0, 0], out)
)";

const char* kMatmul = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def mm(a: pl.Tensor[[256, 256], pl.FP32], b: pl.Tensor[[256, 256], pl.FP32],
       out: pl.Out[pl.Tensor[[256, 256], pl.FP32]]):
    am = pl.load(a, [0, 0], [256, 256], target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [256, 256], target_memory=pl.Mem.Mat)
    al = pl.tile.move(am, target_memory=pl.Mem.Left)
    br = pl.tile.move(bm, target_memory=pl.Mem.Right)
    p = pl.matmul(al, br)
    return pl.store(p, [0, 0], out)
)";

const char* kCubeToVector = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def cv(a: pl.Tensor[[256, 256], pl.FP32], b: pl.Tensor[[256, 256], pl.FP32],
       c: pl.Tensor[[256, 256], pl.FP32], out: pl.Out[pl.Tensor[[256, 256], pl.FP32]]):
    am = pl.load(a, [0, 0], [256, 256], target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [256, 256], target_memory=pl.Mem.Mat)
    al = pl.tile.move(am, target_memory=pl.Mem.Left)
    br = pl.tile.move(bm, target_memory=pl.Mem.Right)
    p = pl.matmul(al, br)
    pv = pl.tile.move(p, target_memory=pl.Mem.Vec)
    cv = pl.load(c, [0, 0], [256, 256], target_memory=pl.Mem.Vec)
    y = pl.add(cv, pv)
    return pl.store(y, [0, 0], out)
)";

// The kernel alone, as numpy_ref.py times the math alone: the inputs are made once and every
// iteration runs on the same GM (the kernels overwrite their whole output, so a run does not
// depend on the one before). Parsing, input generation and the deep copy a check makes per
// execution stay outside the timing.
void RunReference(benchmark::State& state, const char* text, const char* name) {
  ir::ProgramPtr p = dsl::Parse(text, "bench.py");
  auto args = sim::MakeInputs(*p->Find(name), {});
  const uint64_t reused_before = sim::GetStoragePoolStats().reused;
  for (auto _ : state) {
    sim::RunKernel(*p, name, args);
    benchmark::DoNotOptimize(args);
  }
  // Tile buffers per run served from the storage pool instead of fresh memory.
  const uint64_t reused = sim::GetStoragePoolStats().reused - reused_before;
  state.counters["pool_reused"] =
      benchmark::Counter(static_cast<double>(reused), benchmark::Counter::kAvgIterations);
}

void BM_ReferenceElementwise256(benchmark::State& state) {
  RunReference(state, kElementwise, "ew");
}
void BM_ReferenceSoftmax256(benchmark::State& state) {
  RunReference(state, kSoftmax, "sm");
}
void BM_ReferenceMatmul256(benchmark::State& state) {
  RunReference(state, kMatmul, "mm");
}

void BM_CheckCubeToVector256(benchmark::State& state) {
  ir::ProgramPtr p = dsl::Parse(kCubeToVector, "bench.py");
  std::vector<pass::Pass> passes;
  for (const char* n : {"lower-auto-vector-split", "expand-mixed-kernel", "split-vector-kernel"})
    passes.push_back(pass::PassRegistry::Global().Find(n)->factory());
  ir::ProgramPtr s = pass::RunPipeline(p, passes);
  for (auto _ : state) {
    sim::CheckResult r = sim::CheckKernel(*p, "cv", *s, {});
    if (r.kind != sim::CheckResult::Kind::Equal) state.SkipWithError("check did not pass");
  }
}

}  // namespace

BENCHMARK(BM_ReferenceElementwise256)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReferenceSoftmax256)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReferenceMatmul256)->Unit(benchmark::kMillisecond);
// The core group runs its cores on threads of their own: count the CPU time of all of them.
BENCHMARK(BM_CheckCubeToVector256)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
