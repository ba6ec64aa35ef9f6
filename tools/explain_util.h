// Small helpers shared by the renderings of `tilesplit explain` (explain_text.cpp,
// explain_html.cpp).
#pragma once

#include <string>

#include "diagnostics.h"
#include "explain.h"

namespace tilesplit::cli::explain {

std::string Num(const std::optional<int64_t>& v);  // "?" when unknown
// "expr" when it is one number, else "expr (lane 0: a, lane 1: b)".
std::string LaneText(const LaneExpr& e);
// "rows [a, b), columns [c, d)", "nothing (empty)" or why it is unknown.
std::string BandText(const Band& b);
std::string CodeName(int64_t code);  // the transport code's pto-isa name
std::string ValueSide(const ValueFacts& v);
// "" for an assignment, else e.g. "loop carry of the pl.range at line 12" or "if result: the
// branches of the if at line 15 merged".
std::string ValueRole(const ValueFacts& v);
// One statement a tensor op (at `op`) became: "VAR = OP [MEMORY, SIDE] at line N: SPLIT (LINK)",
// the line only when it is not the op's.
std::string BecameText(const BecameFacts& b, Location op);

inline std::string Trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

inline std::string JsonQuote(const std::string& s) {
  return JsonString(s);
}

inline std::string HtmlEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace tilesplit::cli::explain
