// `tilesplit explain`: what the split pass decided about a kernel, per function, value, crossing
// and store. Every fact is read from the pass itself: its remarks (which path, which values it
// halved and on which axis, which it kept full width and why), its lane facts (which values are
// lane-local and which variables are the lane: tilesplit/transforms/lane_facts.h, the analysis
// its admission and checks ask) and the program it produced (the per-lane types, the boundary ops
// and their split codes, the localized store offsets), and, for a tensor-level program, the
// source spans the passes before it keep on what they make. Nothing here decides how to split; it
// only evaluates what the pass wrote, per lane.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tilesplit/ir/span.h"

namespace tilesplit::cli::explain {

// An extent or offset the pass wrote: its expression (in the lane index and the kernel's
// scalars) and its value on lane 0 and lane 1 when it evaluates to an integer there.
struct LaneExpr {
  std::string expr;
  std::optional<int64_t> lane[2];
  bool Known() const { return lane[0].has_value() && lane[1].has_value(); }
};

struct Location {
  int line = 0;
  int col = 0;
};

struct ValueFacts {
  std::string name;
  Location at;
  // How the value is defined: "assignment", or one flowing through control flow: "loop carry"
  // (an iter arg of a pl.range / pl.unroll / ... or pl.while_ loop), "loop result" (what the loop
  // leaves after its last iteration) or "if result" (the merge of an if's branches).
  std::string role = "assignment";
  std::string construct;  // the loop kind ("pl.range", ...) or "if"; "" for an assignment
  Location construct_at;  // where that loop or if stands
  bool lane_local = false;
  int axis = -1;                      // the split axis of a lane-local value, -1 when unknown
  std::string why;                    // lane-local: how; shared: why it stays full width
  std::string memory;                 // Vec, Mat, Acc, ... ("" for a non-tile)
  std::vector<LaneExpr> box, valid;   // per axis, per lane (the type the pass gave the value)
  std::vector<std::string> full_box;  // the full tile's box before the split, when known
};

// One lane's rectangle [row0, row0 + rows) x [col0, col0 + cols); unknown when not evaluable.
struct Band {
  std::optional<int64_t> row0, rows, col0, cols;
  bool Known() const { return row0 && rows && col0 && cols; }
  bool Empty() const { return (rows && *rows <= 0) || (cols && *cols <= 0); }
};

struct CrossingFacts {
  std::string kind;  // "shard" (cube -> vector) or "gather" (vector -> cube)
  std::string value, operand;
  Location at;
  int64_t code = 0;                  // the transport split code, 0-4 (the expansion's, when it ran)
  bool code_from_transport = false;  // read from the expanded tpop, not the boundary op
  int64_t boundary_split = 0;        // the `split` the boundary op carries (the mode)
  int axis = -1;                     // -1 for code 0
  LaneExpr stride;                   // where lane 1's band starts on the axis
  bool balanced = false;             // lane_stride set by the pass (not the half box)
  std::vector<std::optional<int64_t>> tile_box, tile_valid;  // the full tile
  std::vector<std::string> tile_box_text, tile_valid_text;
  LaneExpr lane_box;     // each lane's physical box on the axis
  LaneExpr lane_extent;  // each lane's valid extent on the axis
  Band band[2];          // each lane's part of the full tile
};

struct StoreFacts {
  std::string tile, tensor;
  Location at;
  std::string writer;                    // "lanes" (a vector tile, each lane its own) or "aic"
  std::vector<LaneExpr> offset, extent;  // per axis
  std::vector<std::optional<int64_t>> tensor_shape;
  std::vector<std::string> tensor_shape_text;
  Band band[2];
};

struct RejectionFacts {
  Location at;
  std::string statement;  // the source line
  std::string rule;       // the diagnostic
  std::vector<std::string> fixes;
  std::string pass;
};

struct RemarkFacts {
  std::string kind;  // passed / missed / analysis
  Location at;
  std::string pass, message;
};

// A statement of the lowered program that a tensor-level op of the source became, and what the
// split did with it. The link is the source span the passes keep on what they produce (the op's
// own, or that of the statement holding it); a statement without one (an entry load, the store of
// a returned tile) joins the op whose value it feeds or consumes.
struct BecameFacts {
  std::string var;  // the result ("" for a statement without one)
  std::string op;   // tile.load, tile.move, tile.matmul, tile.aiv_shard, tile.store, ...
  Location at;
  std::string memory;  // of the result tile ("" for a tensor or a scalar)
  std::string side;    // "AIC", "AIV", "AIC -> AIV" (a crossing), ... ("" when not expanded)
  std::string split;   // how the split treated it: halved, crossing, whole on both lanes, ...
  std::string link;    // "" for a statement at the op's span, else how it joined the op
};

struct TensorOpFacts {
  std::string op;  // tensor.matmul, tensor.add, tensor.assemble (a subscript write), ...
  Location at;
  std::string text;  // the source line holding it
  std::vector<BecameFacts> became;
};

struct FunctionFacts {
  std::string name;
  Location at;
  // "AUTO flat", "AUTO region", "explicit regions", "untouched", "rejected", "not reached"
  std::string path;
  std::string why;
  std::string mode;  // UP_DOWN / LEFT_RIGHT when split
  std::string lane;  // the lane index variable(s)
  std::optional<int64_t> slot_num;
  std::vector<ValueFacts> values;
  std::vector<CrossingFacts> crossings;
  std::vector<StoreFacts> stores;
  std::optional<RejectionFacts> rejection;
  std::vector<RemarkFacts> remarks;
  std::vector<TensorOpFacts> tensor_ops;  // in the lowered program's order
};

struct Explanation {
  std::string file;
  std::string source;  // the kernel's text
  std::map<std::string, int64_t> scalars;
  std::vector<FunctionFacts> functions;
};

struct Options {
  std::string func;  // only this function ("" = all)
  std::map<std::string, int64_t> scalars;
  std::map<std::string, std::string> defines;  // -D NAME=VALUE: module constants replaced
  bool split_extensions = true;                // --split-extensions (pass::SplitOptions)
};

// Runs `default-pipeline` up to the expansion with a remark sink and reads the facts. A rejection
// becomes the rejected function's facts, not an exception.
Explanation Explain(const std::string& path, const Options& options);

std::string RenderText(const Explanation& e);
std::string RenderJson(const Explanation& e);
std::string RenderHtml(const Explanation& e);

}  // namespace tilesplit::cli::explain
