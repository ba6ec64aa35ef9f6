// Source locations carried by every IR node and every diagnostic.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tilesplit::ir {

// A position in a registered source buffer. file == 0 means "no location" (built by a pass
// without a source origin); line and column are 1-based.
struct Span {
  uint32_t file = 0;
  uint32_t line = 0;
  uint32_t col = 0;

  bool valid() const { return file != 0 && line != 0; }
};

// Registry of source buffers so that a Span stays four words wide while diagnostics can still
// print the file name and the offending source line. Buffers live for the whole process.
class SourceManager {
 public:
  static uint32_t Register(std::string name, std::string text);
  static const std::string& Name(uint32_t file);
  static const std::string& Text(uint32_t file);
  // The text of line `line` (1-based) of `file`, without its newline; empty if out of range.
  static std::string_view Line(uint32_t file, uint32_t line);
};

}  // namespace tilesplit::ir
