// Front end and IR tools on generated kernels: parse+check, print, structural equality, deep
// clone, and the split pass. Bytes/s counters give the parse throughput; compare the per-size
// times for linear growth. Figures and the command are recorded in docs/performance.md.
#include <benchmark/benchmark.h>

#include <ctime>
#include <map>

#include "counted.h"
#include "gen/kernel_gen.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/transforms/passes.h"

namespace {

using tilesplit::ir::ProgramPtr;

// Canonical (printed) text of a generated kernel, cached per size.
const std::string& Text(int64_t n) {
  static std::map<int64_t, std::string> cache;
  auto it = cache.find(n);
  if (it != cache.end()) return it->second;
  ProgramPtr p = tilesplit::dsl::Parse(tilesplit::bench::GenerateMixedKernel(n), "gen.py");
  return cache.emplace(n, tilesplit::dsl::Print(p)).first->second;
}

ProgramPtr Program(int64_t n) {
  return tilesplit::dsl::Parse(Text(n), "gen.py");
}

void BM_ParseCheck(benchmark::State& st) {
  const std::string& text = Text(st.range(0));
  {
    tilesplit::bench::Counted counted;
    for (auto _ : st) benchmark::DoNotOptimize(tilesplit::dsl::Parse(text, "gen.py"));
  }
  st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(text.size()));
  st.counters["stmts"] = static_cast<double>(st.range(0));
}

void BM_Print(benchmark::State& st) {
  ProgramPtr p = Program(st.range(0));
  {
    tilesplit::bench::Counted counted;
    for (auto _ : st) benchmark::DoNotOptimize(tilesplit::dsl::Print(p));
  }
  st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) *
                       static_cast<int64_t>(Text(st.range(0)).size()));
}

void BM_StructuralEqual(benchmark::State& st) {
  ProgramPtr a = Program(st.range(0)), b = Program(st.range(0));
  {
    tilesplit::bench::Counted counted;
    for (auto _ : st) benchmark::DoNotOptimize(tilesplit::dsl::StructuralEqual(a, b).equal);
  }
}

void BM_DeepClone(benchmark::State& st) {
  ProgramPtr p = Program(st.range(0));
  {
    tilesplit::bench::Counted counted;
    for (auto _ : st) benchmark::DoNotOptimize(tilesplit::ir::DeepClone(p->functions[0]));
  }
}

void BM_LowerAutoVectorSplit(benchmark::State& st) {
  ProgramPtr p = Program(st.range(0));
  tilesplit::pass::Pass pass = tilesplit::pass::LowerAutoVectorSplit();
  {
    tilesplit::bench::Counted counted;
    for (auto _ : st) benchmark::DoNotOptimize(pass(p));
  }
}

// The pass against a deep clone of the same function, alternated within each iteration so that
// both see the same machine load: the `ratio` counter is the target (<= 3) the separate
// benchmarks above can only approximate on a shared machine. Thread CPU time.
double ThreadCpuMs() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

void BM_LowerAutoVectorSplitOverClone(benchmark::State& st) {
  ProgramPtr p = Program(st.range(0));
  tilesplit::pass::Pass pass = tilesplit::pass::LowerAutoVectorSplit();
  double clone_ms = 0, pass_ms = 0;
  for (auto _ : st) {
    const double t0 = ThreadCpuMs();
    benchmark::DoNotOptimize(tilesplit::ir::DeepClone(p->functions[0]));
    const double t1 = ThreadCpuMs();
    benchmark::DoNotOptimize(pass(p));
    const double t2 = ThreadCpuMs();
    clone_ms += t1 - t0;
    pass_ms += t2 - t1;
  }
  const double n = static_cast<double>(st.iterations());
  st.counters["clone_ms"] = clone_ms / n;
  st.counters["pass_ms"] = pass_ms / n;
  st.counters["ratio"] = pass_ms / clone_ms;
}

// The region path: many sibling regions, each lowered with its own split context.
void BM_LowerRegions(benchmark::State& st) {
  ProgramPtr p = tilesplit::dsl::Parse(tilesplit::bench::GenerateRegionKernel(st.range(0)), "r.py");
  tilesplit::pass::Pass pass = tilesplit::pass::LowerAutoVectorSplit();
  {
    tilesplit::bench::Counted counted;
    for (auto _ : st) benchmark::DoNotOptimize(pass(p));
  }
  st.counters["regions"] = static_cast<double>(st.range(0));
}

}  // namespace

BENCHMARK(BM_LowerRegions)
    ->Arg(100)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseCheck)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Print)->Arg(1000)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(
    benchmark::kMillisecond);
BENCHMARK(BM_StructuralEqual)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DeepClone)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LowerAutoVectorSplit)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LowerAutoVectorSplitOverClone)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond);
