// Marks the timed loop of a benchmark for instruction counting: bench/instructions.py runs the
// benchmark under `valgrind --tool=callgrind --collect-atstart=no`, and only what runs inside a
// Counted scope is counted, so input generation and parsing done as set-up stay out. Outside
// valgrind the markers cost a few instructions per benchmark run, not per iteration.
#pragma once

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define TILESPLIT_TOGGLE_COUNTING() CALLGRIND_TOGGLE_COLLECT
#else
#define TILESPLIT_TOGGLE_COUNTING() ((void)0)
#endif

namespace tilesplit::bench {

class Counted {
 public:
  Counted() { TILESPLIT_TOGGLE_COUNTING(); }
  ~Counted() { TILESPLIT_TOGGLE_COUNTING(); }
  Counted(const Counted&) = delete;
  Counted& operator=(const Counted&) = delete;
};

}  // namespace tilesplit::bench
