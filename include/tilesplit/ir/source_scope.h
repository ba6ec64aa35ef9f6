// A bounded lifetime for source buffers. The SourceManager keeps every registered text for the
// whole process, since any Span may outlive the program that holds it; but every parse registers
// its text, so a host that parses without end (a fuzzing harness runs millions of inputs) would
// grow by every text it ever read.
#pragma once

#include <cstddef>

namespace tilesplit::ir {

// Drops, when it ends, the source buffers registered during its life. Only for a caller that
// knows no Span, program or error made from those buffers outlives the scope (a fuzzing harness
// around one input); scopes must end in the reverse order of their start.
class SourceScope {
 public:
  SourceScope();
  ~SourceScope();
  SourceScope(const SourceScope&) = delete;
  SourceScope& operator=(const SourceScope&) = delete;

 private:
  size_t mark_;
};

}  // namespace tilesplit::ir
