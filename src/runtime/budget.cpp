// The simulator's step and memory budgets (budget.h).
#include "tilesplit/runtime/budget.h"

#include <cstdio>
#include <iterator>

#include "tilesplit/runtime/value.h"

namespace tilesplit::sim {

const int64_t RunLimits::kDefaultMaxSteps = 10'000'000;
const int64_t RunLimits::kDefaultMaxMemory = int64_t{8} << 30;

std::string FormatBytes(int64_t bytes) {
  static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  double v = static_cast<double>(bytes);
  size_t u = 0;
  for (v /= 1024; v >= 1024 && u + 1 < std::size(kUnits); v /= 1024) ++u;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f %s", v, kUnits[u]);
  return buf;
}

int64_t StorageBytes(ir::DataType dt, const std::vector<int64_t>& shape) {
  int64_t n = StorageOf(dt) == StorageKind::F32 ? 4 : 8;
  for (int64_t d : shape) {
    if (d <= 0) return 0;
    if (__builtin_mul_overflow(n, d, &n)) return INT64_MAX;
  }
  return n;
}

void RunBudget::StepsExhausted(ir::Span at) {
  BudgetExceeded e(at,
                   "the simulation used up its budget of " + std::to_string(limits.max_steps) +
                       " steps here without finishing (the kernel may not terminate)",
                   {{{},
                     "a step is one executed statement or loop iteration, and one more per 256 "
                     "elements an op reads and writes (per 256 multiply-adds of a matmul); if the "
                     "kernel is meant to run this long, "
                     "raise the budget with --max-steps N"}});
  if (!exceeded) exceeded = e;
  throw e;
}

void RunBudget::ChargeMemory(int64_t bytes, ir::Span at, const std::string& what) {
  const int64_t live = LiveBufferBytes();
  if (bytes <= limits.max_memory && live <= limits.max_memory - bytes) return;
  BudgetExceeded e(at,
                   what + " needs " + FormatBytes(bytes) + " of simulator memory, beyond the " +
                       FormatBytes(limits.max_memory) + " budget (" + FormatBytes(live) +
                       " already in use)",
                   {{{},
                     "shrink the tiles, or raise the budget with --max-memory BYTES (e.g. "
                     "--max-memory 16G) if the machine has the memory"}});
  if (!exceeded) exceeded = e;
  throw e;
}

}  // namespace tilesplit::sim
