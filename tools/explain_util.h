// Small helpers shared by the renderings of `tilesplit explain` (explain_text.cpp,
// explain_html.cpp).
#pragma once

#include <string>

#include "explain.h"

namespace tilesplit::cli::explain {

std::string Num(const std::optional<int64_t>& v);  // "?" when unknown
// "expr" when it is one number, else "expr (lane 0: a, lane 1: b)".
std::string LaneText(const LaneExpr& e);
// "rows [a, b), columns [c, d)", "nothing (empty)" or why it is unknown.
std::string BandText(const Band& b);
std::string CodeName(int64_t code);  // the transport code's pto-isa name
std::string ValueSide(const ValueFacts& v);

inline std::string Trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

inline std::string JsonQuote(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          static const char* hex = "0123456789abcdef";
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
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
