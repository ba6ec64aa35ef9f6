#include "refusal_reason.h"

#include <utility>
#include <vector>

namespace tilesplit::fuzz {
namespace {

bool Has(const std::string& s, const char* part) {
  return s.find(part) != std::string::npos;
}

// The first operator the message names (tile.reshape, tensor.add, ...), or "an op". Plain
// scanning: std::regex trips GCC 12's maybe-uninitialized warning under the sanitizers.
std::string FirstOp(const std::string& s) {
  auto word = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; };
  size_t best = std::string::npos, end = 0;
  for (const char* p : {"tile.", "tensor."}) {
    const std::string prefix = p;
    for (size_t at = s.find(prefix); at != std::string::npos; at = s.find(prefix, at + 1)) {
      if (at > 0 && word(s[at - 1])) continue;  // "subtile." is not an op
      size_t e = at + prefix.size();
      while (e < s.size() && word(s[e])) ++e;
      if (e == at + prefix.size()) continue;
      if (at < best) best = at, end = e;
      break;
    }
  }
  return best == std::string::npos ? std::string("an op") : s.substr(best, end - best);
}

}  // namespace

std::string RefusalReason(const std::string& key) {
  // The AivSplitValid checks of a written region: the check's letter is the reason.
  static const std::string kCheck = "AivSplitValid check (";
  if (const size_t at = key.find(kCheck); at != std::string::npos &&
                                          at + kCheck.size() + 1 < key.size() &&
                                          key[at + kCheck.size() + 1] == ')') {
    const char letter = key[at + kCheck.size()];
    std::string what = letter == 'b'   ? ": combines on the split axis of a per-lane value"
                       : letter == 'i' ? ": reads a per-lane value of a sibling region"
                                       : "";
    return "written region, AivSplitValid check (" + std::string(1, letter) + ")" + what;
  }
  if (Has(key, "kept as written") && Has(key, "full width"))
    return "written region: whole-tile work in a per-lane body";
  if (Has(key, "computed only from generators"))
    return "written region: a value computed only from generators";
  // The halving's rules, by operator.
  const std::string op = FirstOp(key);
  static const std::vector<std::pair<const char*, const char*>> rules = {
      {"cannot halve", "the per-lane operands contradict the operator"},
      {"moves the split axis", "moves the split axis across non-unit axes"},
      {"absolute indices", "reads at absolute indices"},
      {"bit mask", "a bit mask that does not halve with its data"},
      {"not lane-aligned", "a window that is not lane-aligned"},
      {"odd extent", "an odd extent on the split axis"},
      {"odd box", "an odd box on the split axis"},
      {"dynamic split extent", "a dynamic extent on the split axis"},
      {"split axis", "combines on the split axis"},
  };
  for (const auto& [part, reason] : rules)
    if (Has(key, part)) return op + ": " + reason;
  if (Has(key, "slot_num") || Has(key, "ring needs")) return "a ring too small for its crossings";
  if (Has(key, "tile.store writes") && Has(key, "and the tile.store at"))
    return "two stores to one tensor whose order the cores or lanes do not keep";
  if (Has(key, "branches of this if yield")) return "if branches yielding one value in two spaces";
  if (Has(key, "loop carries")) return "a loop carry whose memory spaces disagree";
  if (Has(key, "reads argument") && Has(key, "from Acc"))
    return op + ": an accumulator operand that lives outside Acc";
  if (Has(key, "must be flat")) return op + ": a view of a tile that is not flat";
  // Otherwise the message up to the first name it quotes, which is what varies between cases.
  std::string rest = key.substr(0, key.find('\''));
  if (rest.size() > 90) rest = rest.substr(0, 90) + "...";
  return "other: " + rest;
}

}  // namespace tilesplit::fuzz
