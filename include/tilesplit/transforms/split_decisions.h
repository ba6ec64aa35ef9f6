// What lower-auto-vector-split decided about one function, for the tools that explain it
// (`tilesplit explain`): its path and form, and per value whether it was halved (on which axis, to
// which box) or kept whole, and why. The pass records it as it decides, when the pass context asks
// (PassContext::record_decisions: the record costs, so it is off by default), and keeps it in the
// context's analyses for the function it produced (`ctx.analyses().Find<SplitDecisions>(fn)`): a
// reader takes the decisions from there, not from the text or arguments of remarks.
#pragma once

#include <map>
#include <optional>
#include <string>

namespace tilesplit::vector_split {

struct SplitDecisions {
  // "AUTO region", "AUTO flat", "explicit regions" or "untouched", and the sentence saying so.
  std::string path;
  std::string path_message;
  // The AUTO path kept the function flat, because of this (empty: it did not).
  std::string flat_because;

  struct Value {
    // Halved: the axis, this lane's box on it, the full tile's box and valid extent there.
    std::optional<int> axis;
    std::string half, full_box, full_valid;
    // Kept full width: why (cube work, shared work, a boundary's whole copy, ...).
    std::string why;
    // The decision in one sentence (the remark's message).
    std::string message;
  };
  // By variable name; a later decision about the same name (an alias) replaces the earlier.
  std::map<std::string, Value> values;
};

}  // namespace tilesplit::vector_split
