// The cross-core memory-order check of lower-auto-vector-split (lane_memory_order.cpp): which
// overlapping accesses it accepts, which it rejects, and where it says so.
#include <gtest/gtest.h>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/transforms/passes.h"

namespace tilesplit {
namespace {

// The first line of a kernel taking an Acc tile q and tensors t [64, 16] and out [64, 16].
const char* kHead = R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], n: pl.Scalar[pl.INDEX],
      t: pl.Out[pl.Tensor[[64, 16], pl.FP32]], out: pl.Out[pl.Tensor[[64, 16], pl.FP32]]):
    x = pl.tile.move(q, target_memory=pl.Mem.Vec)
)";

// Lowers kHead + `body`; returns the error's rendering, or "" when accepted.
std::string Lower(const std::string& body) {
  try {
    ir::ProgramPtr p = dsl::Parse(std::string(kHead) + body, "order.py");
    // The spec's checker: with the split extensions a disorder is ordered by a token instead
    // (OrderedByATokenWithTheExtensions below).
    pass::RunPipeline(p, {pass::LowerAutoVectorSplit(pass::SplitOptions{.extensions = false})});
  } catch (const ir::UserError& e) {
    return ir::RenderUserError(e);
  }
  return "";
}

// The split extension (memory_order_transfer.cpp): the disorder the checker refuses is ordered
// by a token transfer right before the later access, from the core of the earlier one.
TEST(LaneMemoryOrder, OrderedByATokenWithTheExtensions) {
  ir::ProgramPtr p =
      dsl::Parse(std::string(kHead) +
                     "    pl.store(x, [0, 0], t)\n"
                     "    pl.store(x, [8, 0], t)\n"
                     "    w = pl.load(t, [0, 0], [16, 16], target_memory=pl.Mem.Vec)\n"
                     "    return pl.store(w, [0, 0], out)\n",
                 "order.py");
  EXPECT_NE(Lower("    pl.store(x, [0, 0], t)\n"
                  "    pl.store(x, [8, 0], t)\n"
                  "    w = pl.load(t, [0, 0], [16, 16], target_memory=pl.Mem.Vec)\n"
                  "    return pl.store(w, [0, 0], out)\n"),
            "");
  ir::ProgramPtr q = pass::RunPipeline(p, {pass::LowerAutoVectorSplit()});
  const std::string text = dsl::Print(q);
  EXPECT_NE(text.find("order_token"), std::string::npos) << text;
}

TEST(LaneMemoryOrder, DisjointStaticWindowsAreAccepted) {
  EXPECT_EQ(Lower("    pl.store(x, [0, 0], t)\n"
                  "    pl.store(x, [16, 0], t)\n"
                  "    w = pl.load(t, [0, 0], [16, 16], target_memory=pl.Mem.Vec)\n"
                  "    return pl.store(w, [0, 0], out)\n"),
            "");
}

TEST(LaneMemoryOrder, OverlapAcrossLanesIsRejectedNamingBothLines) {
  const std::string e = Lower(
      "    pl.store(x, [0, 0], t)\n"
      "    w = pl.load(t, [4, 0], [16, 16], target_memory=pl.Mem.Vec)\n"
      "    return pl.store(w, [0, 0], out)\n");
  EXPECT_NE(e.find("order.py:7:5: error:"), std::string::npos) << e;
  EXPECT_NE(e.find("tile.store at line 6"), std::string::npos) << e;
  EXPECT_NE(e.find("order.py:6:5: note: the other access"), std::string::npos) << e;
}

TEST(LaneMemoryOrder, LoopOfDisjointStoresIsAcceptedAndAnOverlappingStrideIsNot) {
  EXPECT_EQ(Lower("    for i in pl.range(4):\n"
                  "        pl.store(x, [i * 16, 0], t)\n"
                  "    return t\n"),
            "");
  // Stride 4 of 16-row tiles: lane 1's rows of iteration 0 are lane 0's of iteration 2.
  EXPECT_NE(Lower("    for i in pl.range(4):\n"
                  "        pl.store(x, [i * 4, 0], t)\n"
                  "    return t\n"),
            "");
}

TEST(LaneMemoryOrder, ScalarParameterOffsetsAreSymbolsBothCoresShare) {
  EXPECT_EQ(Lower("    pl.store(x, [n * 16, 0], t)\n"
                  "    return t\n"),
            "");
  // Two different multiples of n: nothing proves the windows disjoint.
  EXPECT_NE(Lower("    pl.store(x, [n * 16, 0], t)\n"
                  "    w = pl.load(t, [n * 8, 0], [16, 16], target_memory=pl.Mem.Vec)\n"
                  "    return pl.store(w, [0, 0], out)\n"),
            "");
}

TEST(LaneMemoryOrder, AGatherThenAShardOrdersOneLaneBeforeTheOther) {
  // Lane 1's store of rows 8..15, then a gather and a shard, then lane 0's load of those rows.
  EXPECT_EQ(Lower("    pl.store(x, [0, 0], t)\n"
                  "    g = pl.tile.move(x, target_memory=pl.Mem.Mat)\n"
                  "    v = pl.tile.move(g, target_memory=pl.Mem.Vec)\n"
                  "    w = pl.load(t, [4, 0], [16, 16], target_memory=pl.Mem.Vec)\n"
                  "    y = pl.add(v, w)\n"
                  "    return pl.store(y, [0, 0], out)\n"),
            "");
}

TEST(LaneMemoryOrder, ReplicatedStoreOfOneTileOnBothLanesIsNotARace) {
  // A [1, 16] tile is not halved: both lanes store the same values at the same place.
  EXPECT_EQ(Lower("    r = pl.load(t, [0, 0], [1, 16], target_memory=pl.Mem.Vec)\n"
                  "    return pl.store(r, [0, 0], out)\n"),
            "");
}

TEST(LaneMemoryOrder, CubeStoreAfterVectorStoreNeedsATransferToTheCube) {
  const std::string e = Lower(
      "    pl.store(x, [0, 0], t)\n"
      "    pl.store(q, [0, 0], t)\n"
      "    return t\n");
  EXPECT_NE(e.find("writes 't' on the AIC"), std::string::npos) << e;
  EXPECT_NE(e.find("ordered only by the pipes"), std::string::npos) << e;
}

}  // namespace
}  // namespace tilesplit
