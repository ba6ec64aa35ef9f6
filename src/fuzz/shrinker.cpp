// A text-level reducer: kernels are line-structured Python-syntax DSL, so statements, blocks,
// parameters, operands and integer literals can all be edited as text without a second parser.
#include "tilesplit/fuzz/shrinker.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>
#include <vector>

#include "tilesplit/fuzz/op_catalog.h"

namespace tilesplit::fuzz {
namespace {

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream is(text);
  for (std::string l; std::getline(is, l);) out.push_back(l);
  return out;
}

std::string Join(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += l + "\n";
  return s;
}

size_t Indent(const std::string& l) {
  size_t i = 0;
  while (i < l.size() && l[i] == ' ') ++i;
  return i;
}

bool Starts(const std::string& l, const std::string& prefix) {
  return l.compare(Indent(l), prefix.size(), prefix) == 0;
}

// Splits "a, b(c, d), e" at top-level commas.
std::vector<std::string> SplitTop(const std::string& s) {
  std::vector<std::string> parts;
  int level = 0;
  std::string cur;
  for (char c : s) {
    if (c == '(' || c == '[' || c == '{') ++level;
    if (c == ')' || c == ']' || c == '}') --level;
    if (c == ',' && level == 0) {
      parts.push_back(cur);
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!cur.empty()) parts.push_back(cur);
  for (std::string& p : parts) {
    while (!p.empty() && p.front() == ' ') p.erase(0, 1);
    while (!p.empty() && p.back() == ' ') p.pop_back();
  }
  return parts;
}

// Calls whose result has the type of their first tile operand up to the dtype (the registry's
// ops that keep their operand's box, fuzz::KeepsOperandBox), so replacing the call by that
// operand keeps the kernel meaningful instead of, say, storing a Mat tile where an Acc result
// was. `call` is the text from `pl.`: a short form (pl.add(...), the op tile.add) or a full name.
bool TypePreserving(const std::string& call) {
  if (call.rfind("pl.", 0) != 0) return false;
  const size_t open = call.find('(');
  if (open == std::string::npos) return false;
  std::string name = call.substr(3, open - 3);
  if (name.find('.') == std::string::npos) name = "tile." + name;
  const ops::OpDef* op = ops::FindOp(name);
  return op && KeepsOperandBox(*op);
}

class Shrinker {
 public:
  Shrinker(const std::function<bool(const std::string&)>& f, int budget)
      : fails_(f), budget_(budget) {}

  std::string Run(std::string text) {
    best_ = std::move(text);
    bool progress = true;
    while (progress && budget_ > 0) {
      progress = false;
      progress |= DeleteStatements();
      progress |= DeleteParams();
      progress |= ReplaceByOperand();
      progress |= InlineAliases();
      progress |= ReduceExtents();
    }
    return best_;
  }

 private:
  bool Try(const std::string& candidate) {
    if (budget_ <= 0 || candidate == best_ || !tried_.insert(candidate).second) return false;
    --budget_;
    if (!fails_(candidate)) return false;
    best_ = candidate;
    return true;
  }

  bool DeleteStatements() {
    bool any = false;
    std::vector<std::string> lines = Lines(best_);
    for (size_t i = lines.size(); i-- > 0;) {
      lines = Lines(best_);
      if (i >= lines.size()) continue;
      const std::string& l = lines[i];
      if (Indent(l) == 0 || Starts(l, "return") || Starts(l, "else:")) continue;
      size_t end = i + 1;
      while (end < lines.size() && Indent(lines[end]) > Indent(l)) ++end;
      // an `if` block takes its `else` with it
      if (Starts(l, "if ") && end < lines.size() && Indent(lines[end]) == Indent(l) &&
          Starts(lines[end], "else:")) {
        ++end;
        while (end < lines.size() && Indent(lines[end]) > Indent(l)) ++end;
      }
      std::vector<std::string> cand(lines.begin(), lines.begin() + static_cast<long>(i));
      cand.insert(cand.end(), lines.begin() + static_cast<long>(end), lines.end());
      any |= Try(Join(cand));
    }
    return any;
  }

  bool DeleteParams() {
    bool any = false;
    for (size_t k = 0;; ++k) {
      std::vector<std::string> lines = Lines(best_);
      // the first function's parameters; a method's (a @pl.program class) are indented
      auto def = std::find_if(lines.begin(), lines.end(),
                              [](const std::string& l) { return Starts(l, "def "); });
      if (def == lines.end()) return any;
      const size_t open = def->find('(');
      if (open == std::string::npos) return any;
      size_t close = open;  // the parenthesis that closes the list (a return annotation may follow)
      for (int level = 0; close < def->size(); ++close) {
        level += (*def)[close] == '(' || (*def)[close] == '[';
        level -= (*def)[close] == ')' || (*def)[close] == ']';
        if (level == 0) break;
      }
      if (close >= def->size()) return any;
      std::vector<std::string> params = SplitTop(def->substr(open + 1, close - open - 1));
      if (k >= params.size()) return any;
      if (params[k] == "self") continue;
      params.erase(params.begin() + static_cast<long>(k));
      std::string joined;
      for (const std::string& p : params) joined += (joined.empty() ? "" : ", ") + p;
      *def = def->substr(0, open + 1) + joined + def->substr(close);
      if (Try(Join(lines))) {
        any = true;
        --k;
      }
    }
  }

  // `x = pl.f(a, b, ...)` becomes `x = a`, `x = b`, ...
  bool ReplaceByOperand() {
    bool any = false;
    const size_t n = Lines(best_).size();
    for (size_t i = 0; i < n; ++i) {
      std::vector<std::string> lines = Lines(best_);
      if (i >= lines.size()) break;
      const std::string l = lines[i];
      const size_t eq = l.find(" = pl.");
      if (eq == std::string::npos || l.find(":") < eq || !TypePreserving(l.substr(eq + 3)))
        continue;
      const size_t open = l.find('(', eq), close = l.rfind(')');
      if (open == std::string::npos || close == std::string::npos || close < open) continue;
      for (const std::string& arg : SplitTop(l.substr(open + 1, close - open - 1))) {
        if (arg.empty() || !std::isalpha(static_cast<unsigned char>(arg[0])) ||
            arg.find_first_of("=([ .") != std::string::npos)
          continue;
        lines[i] = l.substr(0, eq) + " = " + arg;
        if (Try(Join(lines))) {
          any = true;
          break;
        }
      }
    }
    return any;
  }

  // `x = y` (often left by ReplaceByOperand) is dropped and later uses of x read y.
  bool InlineAliases() {
    bool any = false;
    for (size_t i = 0;; ++i) {
      std::vector<std::string> lines = Lines(best_);
      if (i >= lines.size()) return any;
      const std::string& l = lines[i];
      const size_t eq = l.find(" = ");
      if (Indent(l) == 0 || eq == std::string::npos) continue;
      const std::string name = l.substr(Indent(l), eq - Indent(l)), target = l.substr(eq + 3);
      if (!IsName(name) || !IsName(target)) continue;
      std::vector<std::string> cand(lines.begin(), lines.begin() + static_cast<long>(i));
      for (size_t k = i + 1; k < lines.size(); ++k)
        cand.push_back(RenameWord(lines[k], name, target));
      if (Try(Join(cand))) {
        any = true;
        --i;
      }
    }
  }

  static bool IsName(const std::string& s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    for (char c : s)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    return true;
  }

  static std::string RenameWord(const std::string& line, const std::string& from,
                                const std::string& to) {
    auto word = [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
    };
    std::string out;
    for (size_t i = 0; i < line.size();) {
      if (line.compare(i, from.size(), from) == 0 && (i == 0 || !word(line[i - 1])) &&
          (i + from.size() >= line.size() || !word(line[i + from.size()]))) {
        out += to;
        i += from.size();
      } else {
        out += line[i++];
      }
    }
    return out;
  }

  // Every whole-number literal v >= 2 (outside `split_aiv(2`) is lowered to 1, v/2 or v-1,
  // all occurrences at once so that shapes stay consistent.
  bool ReduceExtents() {
    std::set<long> values;
    const std::string& t = best_;
    for (size_t i = 0; i < t.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(t[i])) ||
          (i > 0 && (std::isalnum(static_cast<unsigned char>(t[i - 1])) || t[i - 1] == '_' ||
                     t[i - 1] == '.')))
        continue;
      size_t j = i;
      while (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j]))) ++j;
      if (j < t.size() && (t[j] == '.' || std::isalpha(static_cast<unsigned char>(t[j])))) {
        i = j;
        continue;
      }
      const long v = std::stol(t.substr(i, j - i));
      if (v >= 2 && v < 100000) values.insert(v);
      i = j;
    }
    bool any = false;
    for (auto it = values.rbegin(); it != values.rend(); ++it)
      for (long to : {1L, *it / 2, *it - 1})
        if (to >= 1 && to < *it && Try(Replace(best_, *it, to))) {
          any = true;
          break;
        }
    return any;
  }

  static std::string Replace(const std::string& t, long from, long to) {
    const std::string f = std::to_string(from), r = std::to_string(to);
    std::string out;
    for (size_t i = 0; i < t.size();) {
      const bool starts = t.compare(i, f.size(), f) == 0;
      const bool left_ok = i == 0 || !(std::isalnum(static_cast<unsigned char>(t[i - 1])) ||
                                       t[i - 1] == '_' || t[i - 1] == '.');
      const size_t e = i + f.size();
      const bool right_ok = e >= t.size() || !(std::isalnum(static_cast<unsigned char>(t[e])) ||
                                               t[e] == '.' || t[e] == '_');
      const bool lane_count = i >= 10 && t[i - 1] == '(' && t.compare(i - 10, 9, "split_aiv") == 0;
      if (starts && left_ok && right_ok && !lane_count) {
        out += r;
        i = e;
      } else {
        out += t[i++];
      }
    }
    return out;
  }

  std::function<bool(const std::string&)> fails_;
  int budget_;
  std::string best_;
  std::set<std::string> tried_;
};

}  // namespace

std::string Shrink(const std::string& text,
                   const std::function<bool(const std::string&)>& still_fails,
                   const ShrinkOptions& o) {
  return Shrinker(still_fails, o.max_attempts).Run(text);
}

}  // namespace tilesplit::fuzz
