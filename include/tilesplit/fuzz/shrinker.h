// Reduces a failing kernel text while it keeps failing the same way (docs/reliability.md).
#pragma once

#include <functional>
#include <string>

namespace tilesplit::fuzz {

struct ShrinkOptions {
  int max_attempts = 400;  // candidate texts tried at most
};

// Returns the smallest text found for which `still_fails` holds, trying in rounds until none
// helps: deleting a statement (with the block it opens), deleting a parameter, replacing an op
// call by one of its operands, and lowering an integer extent everywhere it occurs.
// `still_fails(text)` must hold for `text` itself.
std::string Shrink(const std::string& text,
                   const std::function<bool(const std::string&)>& still_fails,
                   const ShrinkOptions& o = {});

}  // namespace tilesplit::fuzz
