// Runtime valid extents on the split axis, every value 0..box of an even (16) and an odd (17)
// box, in both modes, crossing to the vector side (C->V) and back to the cube (C->V->C): each
// lane's band must land where the machine's placement rule (core-group.md 2) puts it.
#include <gtest/gtest.h>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/sim/check.h"
#include "tilesplit/transforms/passes.h"

namespace tilesplit::sim {
namespace {

ir::ProgramPtr Split(const ir::ProgramPtr& p, pass::SplitOptions options = {}) {
  std::vector<pass::Pass> passes;
  for (const std::string& n : SplitPipeline())
    passes.push_back(pass::PassRegistry::Global().Find(n)->factory());
  // The options for the whole run, through its context.
  pass::PassContext ctx;
  ctx.SetOption(options);
  pass::PipelineOptions po;
  po.context = &ctx;
  return pass::RunPipeline(p, passes, po);
}

// A [box, 8] (UP_DOWN) or [8, box] (LEFT_RIGHT) Acc tile with n valid cells on the split axis,
// exp'd on the vector side and stored from there, or gathered back to the cube, multiplied by a
// fully valid [8, 8] tile w and stored from there.
std::string Kernel(int box, bool up_down, bool back_to_cube) {
  const std::string b = std::to_string(box);
  const std::string shape = up_down ? "[" + b + ", 8]" : "[8, " + b + "]";
  const std::string valid = up_down ? "[n, 8]" : "[8, n]";
  std::string k = std::string("import pypto.language as pl\n") +
                  "@pl.function(type=pl.FunctionType.InCore, attrs={\"split\": pl.SplitMode." +
                  (up_down ? "UP_DOWN" : "LEFT_RIGHT") +
                  "})\n"
                  "def k(n: pl.Scalar[pl.INDEX], qk: pl.Tile[" +
                  shape + ", pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=" + valid +
                  ")], out_0: pl.Out[pl.Tensor[" + shape +
                  ", pl.FP32]], w: pl.Tile[[8, 8], pl.FP32, pl.Mem." +
                  (up_down ? "Right" : "Left") +
                  "]):\n"
                  "    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)\n"
                  "    y = pl.exp(x)\n";
  // The cube cannot store a Mat tile: it multiplies the gathered tile by w on the side that keeps
  // the split axis out of the contraction, so the product has the gathered tile's valid extent.
  if (back_to_cube && up_down)
    return k +
           "    g = pl.tile.move(y, target_memory=pl.Mem.Mat)\n"
           "    l = pl.tile.move(g, target_memory=pl.Mem.Left)\n"
           "    c = pl.matmul(l, w)\n"
           "    return pl.store(c, [0, 0], out_0)\n";
  if (back_to_cube)
    return k +
           "    g = pl.tile.move(y, target_memory=pl.Mem.Mat)\n"
           "    r = pl.tile.move(g, target_memory=pl.Mem.Right)\n"
           "    c = pl.matmul(w, r)\n"
           "    return pl.store(c, [0, 0], out_0)\n";
  return k + "    return pl.store(y, [0, 0], out_0)\n";
}

void Sweep(int box, bool up_down, bool back_to_cube) {
  SCOPED_TRACE(std::string(up_down ? "UP_DOWN" : "LEFT_RIGHT") + " box " + std::to_string(box) +
               (back_to_cube ? " C->V->C" : " C->V"));
  ir::ProgramPtr p = dsl::Parse(Kernel(box, up_down, back_to_cube), "sweep.py");
  ir::ProgramPtr s = Split(p);
  for (int n = 0; n <= box; ++n) {
    InputOptions o;
    o.seed = static_cast<uint64_t>(n);
    o.scalars["n"] = n;
    CheckResult r = CheckKernel(*p, "k", *s, o);
    if (n == 0) {
      // Nothing stored with defined data: the check says so instead of passing vacuously.
      EXPECT_EQ(r.kind, CheckResult::Kind::NothingCompared) << r.report;
      continue;
    }
    EXPECT_EQ(r.kind, CheckResult::Kind::Equal) << "n = " << n << "\n" << r.report;
    EXPECT_EQ(r.compared, n * 8) << "n = " << n;
    EXPECT_EQ(r.undefined, 0) << "n = " << n;
  }
}

TEST(RuntimeExtentSweep, VectorSideEvenBox) {
  Sweep(16, true, false);
  Sweep(16, false, false);
}

TEST(RuntimeExtentSweep, VectorSideOddBox) {
  Sweep(17, true, false);
  Sweep(17, false, false);
}

TEST(RuntimeExtentSweep, BackToCubeEvenBox) {
  Sweep(16, true, true);
  Sweep(16, false, true);
}

// The split extensions gather an odd box padded (each lane hands over its whole band, the cube
// slices the box back out of the even join): every extent lands where the reference has it.
TEST(RuntimeExtentSweep, BackToCubeOddBox) {
  Sweep(17, true, true);
  Sweep(17, false, true);
}

// Without the split extensions a gather has no odd code (the spec): an odd box going back to the
// cube is rejected at the crossing, for every extent alike (the box, not the extent, decides).
TEST(RuntimeExtentSweep, BackToCubeOddBoxRejectedWithoutExtensions) {
  for (bool up_down : {true, false}) {
    ir::ProgramPtr p = dsl::Parse(Kernel(17, up_down, true), "sweep.py");
    try {
      Split(p, pass::SplitOptions{.extensions = false});
      ADD_FAILURE() << "an odd box gathered back to the cube was accepted";
    } catch (const ir::UserError& e) {
      EXPECT_NE(std::string(e.what()).find("odd box of 17"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace tilesplit::sim
