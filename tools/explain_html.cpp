// The HTML rendering of `tilesplit explain` (explain.h): one self-contained page (inline CSS,
// SVG and script; nothing fetched) with the kernel source beside the facts, a picture of the
// tile per crossing and per store with each lane's band coloured, links between pictures and
// source lines, and each value's facts on hover.
#include <algorithm>
#include <sstream>

#include "explain.h"
#include "explain_util.h"

namespace tilesplit::cli::explain {
namespace {

const char* const kLaneColour[2] = {"#2f6fd0", "#e07b24"};

const char* kStyle = R"(
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1d232b;background:#fafbfc}
header{padding:10px 16px;background:#1d2733;color:#fff}
header h1{font-size:17px;margin:0}
header p{margin:4px 0 0;font-size:13px;color:#c8d3df}
main{display:flex;align-items:flex-start;gap:16px;padding:12px 16px}
#source{flex:0 0 46%;position:sticky;top:8px;max-height:calc(100vh - 24px);overflow:auto;
 background:#fff;border:1px solid #d6dbe1;border-radius:6px}
#source pre{margin:0;padding:8px 0;font:12.5px/1.45 ui-monospace,monospace}
.line{display:block;padding:0 10px 0 0;white-space:pre}
.line:target,.line.hot{background:#fff3bf}
.line.marked{box-shadow:inset 3px 0 #2f6fd0}
.line.rejected{background:#ffe3e3;box-shadow:inset 3px 0 #c92a2a}
.ln{display:inline-block;width:3.2em;text-align:right;padding-right:8px;color:#8a96a3;
 text-decoration:none}
#facts{flex:1;min-width:0}
.function{background:#fff;border:1px solid #d6dbe1;border-radius:6px;padding:10px 14px;
 margin-bottom:14px}
.function h2{font-size:16px;margin:0 0 4px}
.path{display:inline-block;font-size:12px;padding:1px 7px;border-radius:9px;background:#e7f5ff;
 color:#1c4f8a;margin-left:6px;vertical-align:middle}
.path.untouched{background:#f1f3f5;color:#495057}
.path.rejected{background:#ffe3e3;color:#a61e1e}
.why{margin:2px 0 8px;color:#3d4752}
h3{font-size:14px;margin:12px 0 6px}
.pictures{display:flex;flex-wrap:wrap;gap:12px}
figure{margin:0;border:1px solid #e3e7eb;border-radius:6px;padding:6px;background:#fcfdfe;
 max-width:330px}
figcaption{font-size:12px;color:#3d4752;margin-top:4px}
figcaption a{font-weight:600}
table{border-collapse:collapse;font-size:12.5px;width:100%}
td,th{border-bottom:1px solid #eceff2;padding:3px 6px;text-align:left;vertical-align:top}
th{color:#5c6773;font-weight:600}
code{font:12px ui-monospace,monospace}
.val{border-bottom:1px dotted #2f6fd0;cursor:help}
.val.shared{border-bottom-color:#868e96}
.rejection{border-left:3px solid #c92a2a;background:#fff5f5;padding:6px 10px;margin:6px 0}
.rejection pre{margin:4px 0;white-space:pre-wrap}
.remarks{font-size:12.5px;color:#3d4752;padding-left:18px}
.became{margin:0;padding-left:16px;font:12px ui-monospace,monospace}
.legend span{display:inline-block;margin-right:12px}
.swatch{display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:4px;
 vertical-align:-1px}
#tip{position:fixed;z-index:10;max-width:460px;background:#1d2733;color:#fff;font:12px/1.45
 ui-monospace,monospace;padding:6px 9px;border-radius:5px;white-space:pre-wrap;pointer-events:none}
)";

// The script only wires hovering and highlighting; the page is complete without it.
const char* kScript = R"(
(function(){
  var tip=document.getElementById('tip');
  function place(e){tip.style.left=Math.min(e.clientX+14,window.innerWidth-480)+'px';
    tip.style.top=(e.clientY+16)+'px';}
  document.querySelectorAll('[data-facts]').forEach(function(el){
    el.addEventListener('mouseenter',function(e){tip.textContent=el.getAttribute('data-facts');
      tip.hidden=false;place(e);});
    el.addEventListener('mousemove',place);
    el.addEventListener('mouseleave',function(){tip.hidden=true;});
  });
  document.querySelectorAll('figure[data-line]').forEach(function(fig){
    var line=document.getElementById('L'+fig.getAttribute('data-line'));
    if(!line)return;
    fig.addEventListener('mouseenter',function(){line.classList.add('hot');});
    fig.addEventListener('mouseleave',function(){line.classList.remove('hot');});
  });
  document.body.setAttribute('data-pictures',
    String(document.querySelectorAll('svg.crossing-picture').length));
  document.body.setAttribute('data-ready','ok');
})();
)";

std::string Attr(const std::string& s) {
  return HtmlEscape(s);
}

// One tile picture: the full box (grey), its valid part (hatched), and each lane's band.
struct Picture {
  std::string css_class;                           // crossing-picture / store-picture
  std::optional<int64_t> rows, cols;               // the drawn rectangle (tile or tensor)
  std::optional<int64_t> valid_rows, valid_cols;   // the tile's valid part, when drawn
  const Band* bands[2] = {nullptr, nullptr};       // null: that agent draws nothing
  const Band* lane_boxes[2] = {nullptr, nullptr};  // each lane's physical box, dashed
  std::string labels[2];
  std::string note;  // drawn in the picture when the bands cannot be
};

std::string Svg(const Picture& p) {
  const double max_w = 300, max_h = 190;
  std::ostringstream o;
  const int64_t R = p.rows.value_or(0), C = p.cols.value_or(0);
  if (R <= 0 || C <= 0) {
    o << "<svg class=\"" << p.css_class << "\" xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" "
      << "height=\"60\" role=\"img\"><rect x=\"1\" y=\"1\" width=\"298\" height=\"58\" "
      << "fill=\"#f1f3f5\" stroke=\"#adb5bd\"/><text x=\"10\" y=\"34\" font-size=\"12\">"
      << HtmlEscape(p.note.empty() ? "runtime extents: give --scalar NAME=V to draw" : p.note)
      << "</text></svg>";
    return o.str();
  }
  double scale = std::min(max_w / static_cast<double>(C), max_h / static_cast<double>(R));
  double sx = scale, sy = scale;
  // Keep a thin tile visible: stretch the short side to at least 30 px.
  if (R * sy < 30) sy = 30.0 / static_cast<double>(R);
  if (C * sx < 30) sx = 30.0 / static_cast<double>(C);
  const double pad = 16, w = C * sx, h = R * sy;
  o << "<svg class=\"" << p.css_class << "\" xmlns=\"http://www.w3.org/2000/svg\" width=\""
    << static_cast<int>(std::max(w + 2 * pad, 300.0)) << "\" height=\""
    << static_cast<int>(h + 2 * pad + 30) << "\" role=\"img\">";
  o << "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
       "patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" "
       "stroke=\"#ced4da\" stroke-width=\"2\"/></pattern></defs>";
  o << "<rect x=\"" << pad << "\" y=\"" << pad << "\" width=\"" << w << "\" height=\"" << h
    << "\" fill=\"#f8f9fa\" stroke=\"#495057\"/>";
  if (p.valid_rows && p.valid_cols && (*p.valid_rows < R || *p.valid_cols < C))
    o << "<rect x=\"" << pad << "\" y=\"" << pad << "\" width=\""
      << std::max<double>(0, *p.valid_cols * sx) << "\" height=\""
      << std::max<double>(0, *p.valid_rows * sy) << "\" fill=\"url(#hatch)\"/>";
  auto rect = [&](const Band& b, const char* fill, const char* extra) {
    if (!b.Known() || b.Empty()) return;
    o << "<rect x=\"" << pad + *b.col0 * sx << "\" y=\"" << pad + *b.row0 * sy << "\" width=\""
      << *b.cols * sx << "\" height=\"" << *b.rows * sy << "\" " << fill << " " << extra << "/>";
  };
  for (int l = 0; l < 2; ++l)
    if (p.lane_boxes[l])
      rect(*p.lane_boxes[l], "fill=\"none\"",
           (std::string("stroke=\"") + kLaneColour[l] + "\" stroke-dasharray=\"5 3\"").c_str());
  for (int l = 0; l < 2; ++l)
    if (p.bands[l])
      rect(*p.bands[l],
           (std::string("fill=\"") + kLaneColour[l] + "\" fill-opacity=\"0.55\"").c_str(),
           (std::string("stroke=\"") + kLaneColour[l] + "\"").c_str());
  // Captions under the tile, one per agent, in its colour.
  double y = pad + h + 14;
  for (int l = 0; l < 2; ++l) {
    if (p.labels[l].empty()) continue;
    o << "<text x=\"" << pad << "\" y=\"" << y << "\" font-size=\"11\" fill=\"" << kLaneColour[l]
      << "\">" << HtmlEscape(p.labels[l]) << "</text>";
    y += 13;
  }
  o << "<text x=\"" << pad << "\" y=\"11\" font-size=\"10\" fill=\"#5c6773\">" << R << " x " << C
    << "</text>";
  o << "</svg>";
  return o.str();
}

std::string BandLabel(const std::string& who, const Band& b) {
  if (!b.Known()) return who + ": unknown (runtime extent)";
  if (b.Empty()) return who + ": empty, holds no rows";
  return who + ": rows " + std::to_string(*b.row0) + "-" + std::to_string(*b.row0 + *b.rows - 1) +
         ", cols " + std::to_string(*b.col0) + "-" + std::to_string(*b.col0 + *b.cols - 1);
}

std::string ValueTip(const ValueFacts& v) {
  std::string t = v.name + ": " + ValueSide(v) + (v.memory.empty() ? "" : " (" + v.memory + ")");
  if (const std::string role = ValueRole(v); !role.empty()) t += "\n" + role;
  auto list = [](const std::vector<LaneExpr>& xs, int l) {
    std::string s = "[";
    for (size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + Num(xs[i].lane[l]);
    return s + "]";
  };
  auto exprs = [](const std::vector<LaneExpr>& xs) {
    std::string s = "[";
    for (size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + xs[i].expr;
    return s + "]";
  };
  t += "\nbox   " + exprs(v.box) + "\nvalid " + exprs(v.valid);
  for (int l = 0; l < 2; ++l)
    t += "\nlane " + std::to_string(l) + ": box " + list(v.box, l) + ", valid " + list(v.valid, l);
  t += "\n" + v.why;
  return t;
}

}  // namespace

std::string RenderHtml(const Explanation& e) {
  // Which source positions get a hover: each value at its definition.
  struct Mark {
    size_t col;
    std::string name, tip;
    bool lane_local;
  };
  std::map<int, std::vector<Mark>> marks;
  std::map<int, std::string> line_class;
  for (const FunctionFacts& f : e.functions) {
    for (const ValueFacts& v : f.values)
      if (v.at.line > 0)
        marks[v.at.line].push_back(
            {static_cast<size_t>(std::max(v.at.col, 1) - 1), v.name, ValueTip(v), v.lane_local});
    for (const CrossingFacts& c : f.crossings) line_class[c.at.line] = "marked";
    for (const StoreFacts& s : f.stores) line_class[s.at.line] = "marked";
    for (const TensorOpFacts& t : f.tensor_ops) line_class[t.at.line] = "marked";
    if (f.rejection) line_class[f.rejection->at.line] = "rejected";
  }
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
    << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
    << "<title>tilesplit explain: " << HtmlEscape(e.file) << "</title><style>" << kStyle
    << "</style></head>\n<body>\n<header><h1>tilesplit explain: " << HtmlEscape(e.file)
    << "</h1><p class=\"legend\"><span><i class=\"swatch\" style=\"background:" << kLaneColour[0]
    << "\"></i>lane 0 (AIV0)</span><span><i class=\"swatch\" style=\"background:" << kLaneColour[1]
    << "\"></i>lane 1 (AIV1)</span><span>dashed: a lane's box; filled: its valid extent; "
       "hatched: the tile's valid part</span>";
  if (!e.scalars.empty()) {
    o << "<span>scalars:";
    for (const auto& [k, v] : e.scalars) o << " " << HtmlEscape(k) << "=" << v;
    o << "</span>";
  }
  o << "</p></header>\n<main>\n<section id=\"source\"><pre><code>";
  // The source, one anchor per line, values wrapped where they are defined.
  std::istringstream src(e.source);
  std::string text;
  for (int n = 1; std::getline(src, text); ++n) {
    o << "<span class=\"line";
    if (auto it = line_class.find(n); it != line_class.end()) o << " " << it->second;
    o << "\" id=\"L" << n << "\"><a class=\"ln\" href=\"#L" << n << "\">" << n << "</a>";
    std::vector<std::pair<size_t, const Mark*>> at;
    if (auto it = marks.find(n); it != marks.end())
      for (const Mark& m : it->second) {
        const size_t pos = text.find(m.name, std::min(m.col, text.size()));
        if (pos != std::string::npos) at.push_back({pos, &m});
      }
    std::sort(at.begin(), at.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    size_t done = 0;
    for (const auto& [pos, m] : at) {
      if (pos < done) continue;
      o << HtmlEscape(text.substr(done, pos - done)) << "<span class=\"val"
        << (m->lane_local ? "" : " shared") << "\" data-facts=\"" << Attr(m->tip) << "\">"
        << HtmlEscape(m->name) << "</span>";
      done = pos + m->name.size();
    }
    o << HtmlEscape(text.substr(std::min(done, text.size()))) << "</span>";
  }
  o << "</code></pre></section>\n<section id=\"facts\">\n";
  for (const FunctionFacts& f : e.functions) {
    const std::string kind = f.path == "untouched" ? " untouched" : f.rejection ? " rejected" : "";
    o << "<article class=\"function\" id=\"fn-" << Attr(f.name) << "\"><h2><a href=\"#L"
      << f.at.line << "\">" << HtmlEscape(f.name) << "</a><span class=\"path" << kind << "\">"
      << HtmlEscape(f.path) << "</span></h2><p class=\"why\">" << HtmlEscape(f.why)
      << (f.why.empty() || f.why.back() == '.' ? "" : ".");
    if (!f.mode.empty() && f.path != "untouched") o << " Mode " << HtmlEscape(f.mode) << ".";
    if (!f.lane.empty()) o << " Lane index <code>" << HtmlEscape(f.lane) << "</code>.";
    if (f.slot_num) o << " Ring depth slot_num=" << *f.slot_num << ".";
    o << "</p>";
    if (f.rejection) {
      const RejectionFacts& r = *f.rejection;
      o << "<div class=\"rejection\"><b>rejected by " << HtmlEscape(r.pass)
        << "</b> at <a href=\"#L" << r.at.line << "\">line " << r.at.line << "</a><pre>"
        << HtmlEscape(Trim(r.statement)) << "</pre><div><b>rule:</b> " << HtmlEscape(r.rule)
        << "</div>";
      for (const std::string& fix : r.fixes)
        o << "<div><b>fix:</b> " << HtmlEscape(fix) << "</div>";
      o << "</div>";
    }
    if (!f.crossings.empty()) {
      o << "<h3>crossings</h3><div class=\"pictures\">";
      for (const CrossingFacts& c : f.crossings) {
        Picture p;
        p.css_class = "crossing-picture";
        if (c.tile_box.size() == 2) p.rows = c.tile_box[0], p.cols = c.tile_box[1];
        if (c.tile_valid.size() == 2)
          p.valid_rows = c.tile_valid[0], p.valid_cols = c.tile_valid[1];
        Band boxes[2];
        for (int l = 0; l < 2; ++l) {
          p.bands[l] = &c.band[l];
          if (c.axis >= 0 && c.stride.lane[l] && c.lane_box.lane[l] && p.rows && p.cols) {
            const int64_t other = c.axis == 0 ? *p.cols : *p.rows;
            const int64_t start = l * *c.stride.lane[l];
            boxes[l] = c.axis == 0 ? Band{start, *c.lane_box.lane[l], 0, other}
                                   : Band{0, other, start, *c.lane_box.lane[l]};
            p.lane_boxes[l] = &boxes[l];
          }
          p.labels[l] = BandLabel(
              std::string("lane ") + std::to_string(l) + (c.kind == "shard" ? " pops" : " pushes"),
              c.band[l]);
        }
        std::string odd = c.code == 3 || c.code == 4
                              ? " Odd code: lane 1 starts at " + LaneText(c.stride) +
                                    ", so the lanes' extents differ by one."
                              : "";
        o << "<figure class=\"crossing\" data-line=\"" << c.at.line << "\">" << Svg(p)
          << "<figcaption><a href=\"#L" << c.at.line << "\">line " << c.at.line << "</a> "
          << HtmlEscape(c.kind) << " <code>" << HtmlEscape(c.operand) << "</code> &rarr; <code>"
          << HtmlEscape(c.value) << "</code>: split code " << c.code << " (" << CodeName(c.code)
          << ")";
        if (c.axis >= 0)
          o << ", axis " << c.axis << ", lane stride " << HtmlEscape(LaneText(c.stride))
            << (c.balanced ? " (balanced)" : "");
        o << "." << HtmlEscape(odd) << "</figcaption></figure>";
      }
      o << "</div>";
    }
    if (!f.stores.empty()) {
      o << "<h3>stores</h3><div class=\"pictures\">";
      for (const StoreFacts& s : f.stores) {
        Picture p;
        p.css_class = "store-picture";
        if (s.tensor_shape.size() == 2) p.rows = s.tensor_shape[0], p.cols = s.tensor_shape[1];
        if (s.writer == "aic") {
          p.bands[0] = &s.band[0];
          p.labels[0] = BandLabel("the AIC writes", s.band[0]);
        } else {
          for (int l = 0; l < 2; ++l) {
            p.bands[l] = &s.band[l];
            p.labels[l] = BandLabel("lane " + std::to_string(l) + " writes", s.band[l]);
          }
        }
        o << "<figure class=\"store\" data-line=\"" << s.at.line << "\">" << Svg(p)
          << "<figcaption><a href=\"#L" << s.at.line << "\">line " << s.at.line
          << "</a> store <code>" << HtmlEscape(s.tile) << "</code> &rarr; <code>"
          << HtmlEscape(s.tensor) << "</code></figcaption></figure>";
      }
      o << "</div>";
    }
    if (!f.tensor_ops.empty()) {
      o << "<h3>tensor ops: what each became</h3><table class=\"tensor-ops\"><tr><th>line</th>"
           "<th>tensor op</th><th>became</th></tr>";
      for (const TensorOpFacts& t : f.tensor_ops) {
        o << "<tr><td><a href=\"#L" << t.at.line << "\">" << t.at.line << ":" << t.at.col
          << "</a></td><td><code>" << HtmlEscape(t.op) << "</code><br><code>" << HtmlEscape(t.text)
          << "</code></td><td><ul class=\"became\">";
        if (t.became.empty()) o << "<li>nothing: no statement of the lowered program holds it</li>";
        for (const BecameFacts& b : t.became)
          o << "<li>" << HtmlEscape(BecameText(b, t.at)) << "</li>";
        o << "</ul></td></tr>";
      }
      o << "</table>";
    }
    if (!f.values.empty()) {
      o << "<h3>values</h3><table><tr><th>value</th><th>line</th><th>defined by</th>"
           "<th>side</th><th>box</th><th>valid (lane 0 / lane 1)</th></tr>";
      for (const ValueFacts& v : f.values) {
        auto nums = [](const std::vector<LaneExpr>& xs, int l) {
          std::string s = "[";
          for (size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + Num(xs[i].lane[l]);
          return s + "]";
        };
        o << "<tr><td><span class=\"val" << (v.lane_local ? "" : " shared") << "\" data-facts=\""
          << Attr(ValueTip(v)) << "\">" << HtmlEscape(v.name) << "</span></td><td><a href=\"#L"
          << v.at.line << "\">" << v.at.line << "</a></td><td class=\"role\">"
          << HtmlEscape(v.construct.empty() ? v.role : ValueRole(v)) << "</td><td>"
          << HtmlEscape(ValueSide(v)) << "</td><td>" << HtmlEscape(nums(v.box, 0)) << "</td><td>"
          << HtmlEscape(nums(v.valid, 0)) << " / " << HtmlEscape(nums(v.valid, 1)) << "</td></tr>";
      }
      o << "</table>";
    }
    if (!f.remarks.empty()) {
      o << "<h3>remarks</h3><ul class=\"remarks\">";
      for (const RemarkFacts& r : f.remarks)
        o << "<li><a href=\"#L" << r.at.line << "\">" << r.at.line << "</a> " << HtmlEscape(r.kind)
          << " [" << HtmlEscape(r.pass) << "] " << HtmlEscape(r.message) << "</li>";
      o << "</ul>";
    }
    o << "</article>\n";
  }
  o << "</section>\n</main>\n<div id=\"tip\" hidden></div>\n<script>" << kScript
    << "</script>\n</body></html>\n";
  return o.str();
}

}  // namespace tilesplit::cli::explain
