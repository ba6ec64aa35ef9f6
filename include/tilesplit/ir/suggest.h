// "Did you mean" suggestions for misspelt names: the candidate nearest to a word by edit
// distance, when it is near enough to be a plausible typo rather than a different word.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tilesplit::ir {

// Edit distance: insertions, deletions, substitutions and swaps of neighbours each cost 1.
size_t EditDistance(std::string_view a, std::string_view b);

// The candidate closest to `word`, if its distance is at most a third of the word's length
// (at least 1, at most 3). Among equally near ones, one sharing the first letter wins, then
// the earlier.
std::optional<std::string> ClosestName(std::string_view word,
                                       const std::vector<std::string>& candidates);

// The member names of an enum by its DSL type name ("Mem", "SplitMode", "ForKind", "DataType",
// ...), for "did you mean" notes; empty for an unknown type name. Defined beside the enum tables
// (src/ir/enums.cpp).
std::vector<std::string> EnumMemberNames(std::string_view enum_type);

// "did you mean 'X'?" for the closest candidate, or empty when none is close.
std::string DidYouMean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace tilesplit::ir
