// Text (terminal) and JSON renderings of `tilesplit explain` (explain.h).
#include <cstdio>
#include <sstream>

#include "explain.h"
#include "explain_util.h"

namespace tilesplit::cli::explain {

std::string Num(const std::optional<int64_t>& v) {
  return v ? std::to_string(*v) : "?";
}

std::string LaneText(const LaneExpr& e) {
  if (e.lane[0] && e.lane[1] && *e.lane[0] == *e.lane[1] && e.expr == std::to_string(*e.lane[0]))
    return e.expr;
  return e.expr + " (lane 0: " + Num(e.lane[0]) + ", lane 1: " + Num(e.lane[1]) + ")";
}

std::string BandText(const Band& b) {
  if (!b.Known()) return "unknown without --scalar values";
  if (b.Empty()) return "nothing (empty)";
  return "rows [" + std::to_string(*b.row0) + ", " + std::to_string(*b.row0 + *b.rows) +
         "), columns [" + std::to_string(*b.col0) + ", " + std::to_string(*b.col0 + *b.cols) + ")";
}

std::string CodeName(int64_t code) {
  switch (code) {
    case 0:
      return "TILE_NO_SPLIT";
    case 1:
      return "TILE_UP_DOWN";
    case 2:
      return "TILE_LEFT_RIGHT";
    case 3:
      return "TILE_UP_DOWN_ODD";
    case 4:
      return "TILE_LEFT_RIGHT_ODD";
  }
  return "unknown";
}

namespace {

std::string Loc(const Explanation& e, Location at) {
  return e.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.col);
}

std::string List(const std::vector<std::string>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i];
  return out + "]";
}

std::string ExprList(const std::vector<LaneExpr>& v) {
  bool same = true;
  for (const LaneExpr& x : v) same = same && x.lane[0] && x.lane[1] && *x.lane[0] == *x.lane[1];
  std::string exprs = "[";
  for (size_t i = 0; i < v.size(); ++i) exprs += (i ? ", " : "") + v[i].expr;
  exprs += "]";
  if (same) {
    std::string nums = "[";
    for (size_t i = 0; i < v.size(); ++i) nums += (i ? ", " : "") + Num(v[i].lane[0]);
    nums += "]";
    return nums == exprs ? exprs : exprs + " = " + nums;
  }
  std::string out = exprs;
  for (int l = 0; l < 2; ++l) {
    out += l ? ", lane 1: [" : " = lane 0: [";
    for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + Num(v[i].lane[l]);
    out += "]";
  }
  return out;
}

}  // namespace

std::string ValueSide(const ValueFacts& v) {
  if (!v.lane_local) return "shared";
  return v.axis >= 0 ? "lane-local, split axis " + std::to_string(v.axis) : "lane-local";
}

std::string ValueRole(const ValueFacts& v) {
  if (v.construct.empty()) return "";
  const std::string line = std::to_string(v.construct_at.line);
  if (v.role == "if result") return "if result: the branches of the if at line " + line + " merged";
  return v.role + " of the " + v.construct + " at line " + line;
}

std::string BecameText(const BecameFacts& b, Location op) {
  std::string s = (b.var.empty() ? "" : b.var + " = ") + b.op + " [";
  if (!b.memory.empty()) s += b.memory + ", ";
  s += (b.side.empty() ? "core unknown: the expansion did not run" : b.side) + "]";
  if (b.at.line != op.line) s += " at line " + std::to_string(b.at.line);
  if (!b.split.empty()) s += ": " + b.split;
  if (!b.link.empty()) s += " (" + b.link + ")";
  return s;
}

std::string RenderText(const Explanation& e) {
  std::ostringstream o;
  if (!e.scalars.empty()) {
    o << "scalars:";
    for (const auto& [k, v] : e.scalars) o << " " << k << "=" << v;
    o << "\n";
  }
  for (const FunctionFacts& f : e.functions) {
    o << "function " << f.name << " (" << Loc(e, f.at) << "): " << f.path << "\n";
    o << "  why: " << f.why << "\n";
    if (!f.mode.empty() && f.path != "untouched") o << "  split mode: " << f.mode << "\n";
    if (!f.lane.empty()) o << "  lane index: " << f.lane << " (0 on AIV0, 1 on AIV1)\n";
    if (f.slot_num) o << "  ring depth: slot_num=" << *f.slot_num << "\n";
    if (f.rejection) {
      const RejectionFacts& r = *f.rejection;
      o << "  rejected by " << r.pass << " at " << Loc(e, r.at) << "\n";
      if (!r.statement.empty()) o << "    statement: " << Trim(r.statement) << "\n";
      o << "    rule: " << r.rule << "\n";
      for (const std::string& fix : r.fixes) o << "    fix: " << fix << "\n";
    }
    if (!f.values.empty()) {
      o << "  values:\n";
      for (const ValueFacts& v : f.values) {
        const std::string role = ValueRole(v);
        o << "    " << v.name << " (line " << v.at.line << ", " << v.memory
          << (role.empty() ? "" : ", " + role) << "): " << ValueSide(v) << "\n";
        o << "      box " << ExprList(v.box) << "; valid " << ExprList(v.valid) << "\n";
        if (v.lane_local && !v.full_box.empty()) o << "      full box " << List(v.full_box) << "\n";
        o << "      " << (v.lane_local ? "how: " : "why: ") << v.why << "\n";
      }
    }
    if (!f.crossings.empty()) {
      o << "  crossings:\n";
      for (const CrossingFacts& c : f.crossings) {
        o << "    " << Loc(e, c.at) << " " << c.kind << " " << c.operand << " -> " << c.value
          << ": split code " << c.code << " (" << CodeName(c.code) << ")"
          << (c.code_from_transport ? "" : " [the boundary op's; the expansion did not run]");
        if (c.axis >= 0)
          o << ", axis " << c.axis << ", lane stride " << LaneText(c.stride)
            << (c.balanced ? " (balanced)" : "");
        o << "\n      tile " << List(c.tile_box_text) << ", valid " << List(c.tile_valid_text)
          << "\n";
        const char* verb = c.kind == "shard" ? "pops" : "pushes";
        for (int l = 0; l < 2; ++l)
          o << "      lane " << l << " " << verb << " " << BandText(c.band[l]) << "\n";
      }
    }
    if (!f.stores.empty()) {
      o << "  stores:\n";
      for (const StoreFacts& s : f.stores) {
        o << "    " << Loc(e, s.at) << " " << s.tile << " -> " << s.tensor << " "
          << List(s.tensor_shape_text) << "\n";
        o << "      offsets " << ExprList(s.offset) << "; extent " << ExprList(s.extent) << "\n";
        if (s.writer == "aic") {
          o << "      the AIC writes " << BandText(s.band[0]) << "\n";
        } else {
          for (int l = 0; l < 2; ++l)
            o << "      lane " << l << " writes " << BandText(s.band[l]) << "\n";
        }
      }
    }
    if (!f.tensor_ops.empty()) {
      o << "  tensor ops (what each became):\n";
      for (const TensorOpFacts& t : f.tensor_ops) {
        o << "    " << Loc(e, t.at) << " " << t.op << ": " << t.text << "\n";
        if (t.became.empty()) o << "      nothing: no statement of the lowered program holds it\n";
        for (const BecameFacts& b : t.became) o << "      " << BecameText(b, t.at) << "\n";
      }
    }
    if (!f.remarks.empty()) {
      o << "  remarks:\n";
      for (const RemarkFacts& r : f.remarks)
        o << "    " << r.at.line << ":" << r.at.col << " " << r.kind << " [" << r.pass << "] "
          << r.message << "\n";
    }
    o << "\n";
  }
  return o.str();
}

// ---- JSON.

namespace {

class Json {
 public:
  std::string out;
  void Str(const std::string& s) { out += JsonQuote(s); }
  void Int(std::optional<int64_t> v) { out += v ? std::to_string(*v) : "null"; }
  void Key(const char* k) {
    Sep();
    Str(k);
    out += ":";
    pending_key_ = true;
  }
  void Open(char c) {
    Sep();
    out += c;
    first_ = true;
  }
  void Close(char c) {
    out += c;
    first_ = false;
  }
  // Separates elements; a value right after its key takes none.
  void Sep() {
    if (pending_key_) {
      pending_key_ = false;
      first_ = false;
      return;
    }
    if (!first_) out += ",";
    first_ = false;
  }
  void S(const char* k, const std::string& v) {
    Key(k);
    Sep();
    Str(v);
  }
  void I(const char* k, std::optional<int64_t> v) {
    Key(k);
    Sep();
    Int(v);
  }
  void B(const char* k, bool v) {
    Key(k);
    Sep();
    out += v ? "true" : "false";
  }

 private:
  bool first_ = true;
  bool pending_key_ = false;
};

void Loc(Json& j, Location at) {
  j.I("line", at.line);
  j.I("col", at.col);
}

void Lane(Json& j, const char* k, const LaneExpr& e) {
  j.Key(k);
  j.Open('{');
  j.S("expr", e.expr);
  j.Key("lanes");
  j.Open('[');
  for (int l = 0; l < 2; ++l) {
    j.Sep();
    j.Int(e.lane[l]);
  }
  j.Close(']');
  j.Close('}');
}

void Lanes(Json& j, const char* k, const std::vector<LaneExpr>& v) {
  j.Key(k);
  j.Open('[');
  for (const LaneExpr& e : v) {
    j.Open('{');
    j.S("expr", e.expr);
    j.Key("lanes");
    j.Open('[');
    for (int l = 0; l < 2; ++l) {
      j.Sep();
      j.Int(e.lane[l]);
    }
    j.Close(']');
    j.Close('}');
  }
  j.Close(']');
}

void Ints(Json& j, const char* k, const std::vector<std::optional<int64_t>>& v) {
  j.Key(k);
  j.Open('[');
  for (const auto& x : v) {
    j.Sep();
    j.Int(x);
  }
  j.Close(']');
}

void Strs(Json& j, const char* k, const std::vector<std::string>& v) {
  j.Key(k);
  j.Open('[');
  for (const auto& x : v) {
    j.Sep();
    j.Str(x);
  }
  j.Close(']');
}

void Bands(Json& j, const Band (&b)[2]) {
  j.Key("lanes");
  j.Open('[');
  for (int l = 0; l < 2; ++l) {
    j.Open('{');
    j.I("lane", l);
    j.I("row0", b[l].row0);
    j.I("rows", b[l].rows);
    j.I("col0", b[l].col0);
    j.I("cols", b[l].cols);
    j.B("empty", b[l].Empty());
    j.Close('}');
  }
  j.Close(']');
}

}  // namespace

std::string RenderJson(const Explanation& e) {
  Json j;
  j.Open('{');
  j.S("file", e.file);
  j.Key("scalars");
  j.Open('{');
  for (const auto& [k, v] : e.scalars) j.I(k.c_str(), v);
  j.Close('}');
  j.Key("functions");
  j.Open('[');
  for (const FunctionFacts& f : e.functions) {
    j.Open('{');
    j.S("name", f.name);
    Loc(j, f.at);
    j.S("path", f.path);
    j.S("why", f.why);
    j.S("mode", f.mode);
    j.S("lane", f.lane);
    j.I("slot_num", f.slot_num);
    j.Key("rejection");
    if (f.rejection) {
      const RejectionFacts& r = *f.rejection;
      j.Open('{');
      Loc(j, r.at);
      j.S("pass", r.pass);
      j.S("statement", Trim(r.statement));
      j.S("rule", r.rule);
      Strs(j, "fixes", r.fixes);
      j.Close('}');
    } else {
      j.Sep();
      j.out += "null";
    }
    j.Key("values");
    j.Open('[');
    for (const ValueFacts& v : f.values) {
      j.Open('{');
      j.S("name", v.name);
      Loc(j, v.at);
      j.S("role", v.role);
      j.Key("construct");
      if (v.construct.empty()) {
        j.Sep();
        j.out += "null";
      } else {
        j.Open('{');
        j.S("kind", v.construct);
        Loc(j, v.construct_at);
        j.Close('}');
      }
      j.S("side", v.lane_local ? "lane-local" : "shared");
      j.I("axis", v.axis >= 0 ? std::optional<int64_t>(v.axis) : std::nullopt);
      j.S("memory", v.memory);
      Lanes(j, "box", v.box);
      Lanes(j, "valid", v.valid);
      Strs(j, "full_box", v.full_box);
      j.S("why", v.why);
      j.Close('}');
    }
    j.Close(']');
    j.Key("crossings");
    j.Open('[');
    for (const CrossingFacts& c : f.crossings) {
      j.Open('{');
      j.S("kind", c.kind);
      j.S("value", c.value);
      j.S("operand", c.operand);
      Loc(j, c.at);
      j.I("split", c.code);
      j.S("code_name", CodeName(c.code));
      j.B("code_from_transport", c.code_from_transport);
      j.I("boundary_split", c.boundary_split);
      j.I("axis", c.axis >= 0 ? std::optional<int64_t>(c.axis) : std::nullopt);
      Lane(j, "lane_stride", c.stride);
      j.B("balanced", c.balanced);
      Ints(j, "tile_box", c.tile_box);
      Ints(j, "tile_valid", c.tile_valid);
      Strs(j, "tile_box_expr", c.tile_box_text);
      Strs(j, "tile_valid_expr", c.tile_valid_text);
      Lane(j, "lane_extent", c.lane_extent);
      Bands(j, c.band);
      j.Close('}');
    }
    j.Close(']');
    j.Key("stores");
    j.Open('[');
    for (const StoreFacts& s : f.stores) {
      j.Open('{');
      j.S("tile", s.tile);
      j.S("tensor", s.tensor);
      Loc(j, s.at);
      j.S("writer", s.writer);
      Lanes(j, "offset", s.offset);
      Lanes(j, "extent", s.extent);
      Ints(j, "tensor_shape", s.tensor_shape);
      Bands(j, s.band);
      j.Close('}');
    }
    j.Close(']');
    j.Key("tensor_ops");
    j.Open('[');
    for (const TensorOpFacts& t : f.tensor_ops) {
      j.Open('{');
      j.S("op", t.op);
      Loc(j, t.at);
      j.S("text", t.text);
      j.Key("became");
      j.Open('[');
      for (const BecameFacts& b : t.became) {
        j.Open('{');
        j.S("var", b.var);
        j.S("op", b.op);
        Loc(j, b.at);
        j.S("memory", b.memory);
        j.S("side", b.side);
        j.S("split", b.split);
        j.S("link", b.link);
        j.Close('}');
      }
      j.Close(']');
      j.Close('}');
    }
    j.Close(']');
    j.Key("remarks");
    j.Open('[');
    for (const RemarkFacts& r : f.remarks) {
      j.Open('{');
      j.S("kind", r.kind);
      Loc(j, r.at);
      j.S("pass", r.pass);
      j.S("message", r.message);
      j.Close('}');
    }
    j.Close(']');
    j.Close('}');
  }
  j.Close(']');
  j.Close('}');
  return j.out + "\n";
}

}  // namespace tilesplit::cli::explain
