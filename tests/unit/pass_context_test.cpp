// The pass context (pass/context.h): analyses cached by function identity for one pipeline run,
// and the split pipeline computing each function's lane facts once however many readers ask.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/pass/context.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/transforms/passes.h"
#include "tilesplit/transforms/split_decisions.h"
#include "transforms/vector_split/lane_facts.h"

namespace tilesplit::pass {
namespace {

// A stand-in analysis: counts how often it is computed.
struct Counted {
  static inline int computed = 0;
  std::string name;
  static std::unique_ptr<Counted> Compute(const ir::Function& f) {
    ++computed;
    return std::make_unique<Counted>(Counted{f.name});
  }
};

constexpr const char* kTwoFunctions = R"(import pypto.language as pl

@pl.function
def f(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    return a + 1

@pl.function
def g(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    return a * 2
)";

TEST(AnalysisManager, ComputesOncePerFunctionAndDropsWhatAPassReplaced) {
  ir::ProgramPtr p = dsl::Parse(kTwoFunctions, "am.py");
  AnalysisManager am;
  Counted::computed = 0;
  EXPECT_EQ(am.Get<Counted>(p->functions[0]).name, "f");
  EXPECT_EQ(am.Get<Counted>(p->functions[0]).name, "f");
  EXPECT_EQ(am.Get<Counted>(p->functions[1]).name, "g");
  EXPECT_EQ(Counted::computed, 2);
  EXPECT_EQ(am.Computations<Counted>(), 2u);
  // A program holding only g (a pass replaced f): f's entry goes, g's stays valid.
  auto only_g = std::make_shared<ir::Program>(
      p->name, std::vector<ir::FunctionPtr>{p->functions[1]}, p->span);
  am.Retain(*only_g);
  EXPECT_EQ(am.Find<Counted>(p->functions[0]), nullptr);
  ASSERT_NE(am.Find<Counted>(p->functions[1]), nullptr);
  am.Get<Counted>(p->functions[1]);
  EXPECT_EQ(Counted::computed, 2);
  // What a pass puts is found, and not counted as computed.
  am.Put(p->functions[0], std::make_unique<Counted>(Counted{"put"}));
  EXPECT_EQ(am.Get<Counted>(p->functions[0]).name, "put");
  EXPECT_EQ(am.Computations<Counted>(), 2u);
}

TEST(PassContext, APipelineHandsItsPassesOneContext) {
  ir::ProgramPtr p = dsl::Parse(kTwoFunctions, "am.py");
  PassContext ctx;
  Counted::computed = 0;
  auto reader = [](const std::string& name) {
    return Pass(name, Pass::RunFn([](const ir::ProgramPtr& in, PassContext& c) {
                  EXPECT_EQ(PassContext::Current(), &c);
                  for (const ir::FunctionPtr& f : in->functions) c.analyses().Get<Counted>(f);
                  return in;
                }));
  };
  PipelineOptions options;
  options.context = &ctx;
  RunPipeline(p, {reader("first-reader"), reader("second-reader")}, options);
  // The second pass found the first one's results: the functions are the same nodes.
  EXPECT_EQ(Counted::computed, 2);
  EXPECT_EQ(PassContext::Current(), nullptr);
}

// An explicit region, an AUTO kernel and a mixed kernel left unsplit: the split's memory order,
// its verifiers (AivSplitLoweredValid, LaneMemoryOrdered after the pass with verify-each, and
// AivSplitLoweredValid again before expand-mixed-kernel) all read the lane facts of the same
// lowered function. Each function node is walked at most once per run: the input once (for
// AivSplitValid before the split), the output once.
struct Case {
  const char* name;
  const char* text;
  size_t walks;  // functions whose facts the run needs: the input and the output
};

const Case kCases[] = {
    {"explicit region", R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def explicit(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        o = pl.store(y, [aiv_id * 64, 0], out_0)
    return o
)",
     2},
    {"AUTO", R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    v = pl.tile.move(acc, target_memory=pl.Mem.Vec)
    e = pl.exp(v)
    o = pl.store(e, [0, 0], out_0)
    return o
)",
     2},
    {"unsplit mixed", R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def k(acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    v = pl.tile.move(acc, target_memory=pl.Mem.Vec)
    o = pl.store(v, [0, 0], out_0)
    return o
)",
     1},
};

TEST(PassContext, LaneFactsAreComputedAtMostOncePerFunctionPerRun) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);
    ir::ProgramPtr p = dsl::Parse(c.text, "once.py");
    PassContext ctx;
    PipelineOptions options;
    options.verify_produced = true;
    options.context = &ctx;
    const size_t before = vector_split::LaneFacts::FunctionWalks();
    RunPipeline(p, BuildPasses({"lower-auto-vector-split", "expand-mixed-kernel"}), options);
    const size_t walks = vector_split::LaneFacts::FunctionWalks() - before;
    EXPECT_EQ(walks, c.walks);
    EXPECT_EQ(ctx.analyses().Computations<vector_split::LaneFacts>(), walks);
  }
}

// The split enforces ExpansionAccepted on a kernel it keeps as written: the expansion's own
// verifier runs on it, and its refusal is the pass's, with the note saying why. On what it builds
// the property is a produced one.
TEST(PassContext, TheSplitEnforcesWhatTheExpansionAccepts) {
  Pass split = LowerAutoVectorSplit();
  EXPECT_NE(
      std::find(split.produced().begin(), split.produced().end(), Property::ExpansionAccepted),
      split.produced().end());
  ir::ProgramPtr p = dsl::Parse(R"(import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def k(acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    v = pl.tile.move(acc, target_memory=pl.Mem.Vec)
    o = pl.store(v, [0, 0], out_0)
    return pl.tile.move(acc, target_memory=pl.Mem.Vec)
)",
                                "enforced.py");
  try {
    split(p);
    FAIL() << "accepted a kernel the expansion refuses";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("crossing in a return value"), std::string::npos) << e.message();
    ASSERT_FALSE(e.notes().empty());
    EXPECT_NE(e.notes().back().message.find("accepts only what the rest of the pipeline lowers"),
              std::string::npos);
  }
}

// The split's decisions are an analysis of the function it produced, kept when the context asks
// (explain reads them there): the path, and per value halved or kept whole.
TEST(PassContext, TheSplitRecordsItsDecisionsWhenAsked) {
  ir::ProgramPtr p = dsl::Parse(kCases[1].text, "decisions.py");
  for (bool record : {false, true}) {
    SCOPED_TRACE(record);
    PassContext ctx;
    ctx.record_decisions = record;
    PipelineOptions options;
    options.context = &ctx;
    ir::ProgramPtr out = RunPipeline(p, {LowerAutoVectorSplit()}, options);
    const auto* d = ctx.analyses().Find<vector_split::SplitDecisions>(out->functions[0]);
    if (!record) {
      EXPECT_EQ(d, nullptr);
      continue;
    }
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->path.rfind("AUTO", 0), 0u) << d->path;
    ASSERT_TRUE(d->values.count("e"));
    EXPECT_EQ(d->values.at("e").axis, 0);
    EXPECT_EQ(d->values.at("e").half, "8");
    EXPECT_EQ(d->values.at("e").full_box, "16");
  }
}

// The options of a run reach the passes that read them through the context, over the options
// a pass was built with: a column sum across the split rows splits as partial sums with the
// split extensions and is the spec's refusal without them.
TEST(PassContext, TheRunsOptionsReachThePassesThatReadThem) {
  const ir::ProgramPtr p = dsl::Parse(R"(import pypto.language as pl

@pl.program
class ColsumMixed:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
             colsum: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            p = pl.matmul(a, b)
            colsum = pl.assemble(colsum, pl.col_sum(pl.exp(p)), [0, 0])
        return colsum
)",
                                      "options.py");
  const std::vector<Pass> passes = BuildPasses({kDefaultPipeline});
  EXPECT_NO_THROW(RunPipeline(p, passes));
  PassContext off;
  off.SetOption(SplitOptions{.extensions = false});
  ASSERT_NE(off.Option<SplitOptions>(), nullptr);
  PipelineOptions options;
  options.context = &off;
  EXPECT_THROW(RunPipeline(p, passes, options), ir::UserError);
  // The run's option wins over the pass's own.
  std::vector<Pass> built_off = passes;
  for (Pass& one : built_off)
    if (one.name() == "lower-auto-vector-split") one = LowerAutoVectorSplit({.extensions = false});
  PassContext on;
  on.SetOption(SplitOptions{.extensions = true});
  options.context = &on;
  EXPECT_NO_THROW(RunPipeline(p, built_off, options));
  options.context = nullptr;
  EXPECT_THROW(RunPipeline(p, built_off, options), ir::UserError);
}

}  // namespace
}  // namespace tilesplit::pass
