// Edit-distance suggestions for the front end's "unknown name" diagnostics.
#include "tilesplit/ir/suggest.h"

#include <algorithm>

namespace tilesplit::ir {

size_t EditDistance(std::string_view a, std::string_view b) {
  // Optimal string alignment: a swap of two neighbours ("rnage") is one typo, not two.
  const size_t w = b.size() + 1;
  std::vector<size_t> d((a.size() + 1) * w);
  for (size_t i = 0; i <= a.size(); ++i) d[i * w] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t v = std::min({d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1,
                           d[(i - 1) * w + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        v = std::min(v, d[(i - 2) * w + j - 2] + 1);
      d[i * w + j] = v;
    }
  return d[a.size() * w + b.size()];
}

std::optional<std::string> ClosestName(std::string_view word,
                                       const std::vector<std::string>& candidates) {
  // A short word is one keystroke from many others: allow fewer edits the shorter it is.
  const size_t limit = std::clamp<size_t>(word.size() / 3, 1, 3);
  std::optional<std::string> best;
  size_t best_d = limit + 1;
  for (const std::string& c : candidates) {
    if (c == word) continue;
    const size_t longer = std::max(c.size(), word.size());
    const size_t shorter = std::min(c.size(), word.size());
    if (longer - shorter > limit) continue;
    const size_t d = EditDistance(word, c);
    // Between equally near candidates, one that starts like the word is the likelier meaning.
    const bool same_start = !c.empty() && !word.empty() && c[0] == word[0];
    const bool best_same_start = best && !best->empty() && !word.empty() && (*best)[0] == word[0];
    if (d < best_d || (d == best_d && same_start && !best_same_start)) {
      best_d = d;
      best = c;
    }
  }
  return best;
}

std::string DidYouMean(std::string_view word, const std::vector<std::string>& candidates) {
  auto c = ClosestName(word, candidates);
  return c ? "did you mean '" + *c + "'?" : std::string();
}

}  // namespace tilesplit::ir
