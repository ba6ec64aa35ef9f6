// Contracts of the LowerAutoVectorSplit pass that golden files cannot state: the input is never
// mutated, the output is deterministic, and the partition choice (ResolveLaneStride).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <type_traits>
#include <unordered_set>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/transforms/passes.h"
#include "transforms/vector_split/crossing_rules.h"
#include "transforms/vector_split/halving.h"

namespace tilesplit {
namespace {

constexpr const char* kKernel = R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[VALID, 128])],
      a: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    e = pl.exp(popped)
    EXTRA
    return pl.store(e, [0, 0], out_0)
)";

std::string Kernel(int valid, const std::string& extra = "x = pl.neg(e)") {
  std::string s = kKernel;
  s.replace(s.find("VALID"), 5, std::to_string(valid));
  s.replace(s.find("EXTRA"), 5, extra);
  return s;
}

TEST(LowerAutoVectorSplit, NeverMutatesItsInputAndIsDeterministic) {
  ir::ProgramPtr in = dsl::Parse(Kernel(13), "k.py");
  const std::string before = dsl::Print(in);
  pass::Pass p = pass::LowerAutoVectorSplit();
  ir::ProgramPtr out1 = p(in);
  ir::ProgramPtr out2 = p(in);
  EXPECT_EQ(dsl::Print(in), before);
  EXPECT_NE(dsl::Print(out1), before);
  EXPECT_EQ(dsl::Print(out1), dsl::Print(out2));
  EXPECT_TRUE(dsl::StructuralEqual(out1, out2));
  // The lowered function shares no node with the input (DeepClone).
  EXPECT_NE(out1->functions[0]->body, in->functions[0]->body);
}

// Every expression, statement, variable and non-scalar type reachable from a function.
class NodeSet : public ir::IRVisitor {
 public:
  std::unordered_set<const void*> nodes;
  void VisitExpr(const ir::ExprPtr& e) override {
    // Location-less integer constants are interned (one node per value and dtype), so sharing
    // one says nothing about the walk.
    if (e && !(e->kind == ir::ExprKind::ConstInt && !e->span.valid())) nodes.insert(e.get());
    IRVisitor::VisitExpr(e);
  }
  void VisitStmt(const ir::StmtPtr& s) override {
    if (s) nodes.insert(s.get());
    IRVisitor::VisitStmt(s);
  }
  void VisitType(const ir::TypePtr& t) override {
    if (t && t->kind != ir::TypeKind::Scalar) nodes.insert(t.get());  // scalar types are interned
    IRVisitor::VisitType(t);
  }

 protected:
  void VisitVarDef(const ir::VarPtr& v) override {
    if (v) nodes.insert(v.get());
    IRVisitor::VisitVarDef(v);
  }
};

// The pass builds its result detached from the input instead of deep-cloning it afterwards
// (SplitContext::detach), so nothing may be shared but the input's free variables, which a
// deep clone keeps too. Checked on every kernel of the golden suite that the pass lowers.
TEST(LowerAutoVectorSplit, LoweredFunctionsShareNoNodeWithTheInput) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(TILESPLIT_SOURCE_DIR) / "tests/golden/lower_auto";
  pass::Pass p = pass::LowerAutoVectorSplit();
  int lowered = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const fs::path& file = entry.path();
    const std::string name = file.filename().string();
    if (file.extension() != ".py" || name.find(".expected.") != std::string::npos) continue;
    if (fs::exists(fs::path(file).replace_extension(".error"))) continue;
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    ir::ProgramPtr input = dsl::Parse(text.str(), name);
    ir::ProgramPtr output = p(input);
    ASSERT_EQ(output->functions.size(), input->functions.size()) << name;
    for (size_t i = 0; i < input->functions.size(); ++i) {
      const ir::FunctionPtr& f = input->functions[i];
      const ir::FunctionPtr& g = output->functions[i];
      if (g == f) continue;  // passed through untouched
      ++lowered;
      NodeSet before, after;
      before.VisitFunction(*f);
      after.VisitFunction(*g);
      std::unordered_set<const void*> free;
      for (const ir::VarPtr& v : ir::FreeVars(*f)) free.insert(v.get());
      for (const void* n : after.nodes)
        EXPECT_TRUE(!before.nodes.count(n) || free.count(n))
            << name << ": function " << g->name << " shares a node with its input";
    }
  }
  EXPECT_GE(lowered, 20);  // the suite's accepted AUTO cases
}

// The cube-operand backstop cannot be reached from the DSL (the affinity gate keeps cube work
// full width), so it is exercised on a hand-made context that pretends a cube tile was halved.
constexpr const char* kCubeKernel = R"(import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(a: pl.Tensor[[128, 128], pl.FP32], left: pl.Tile[[128, 128], pl.FP32, pl.Mem.Left],
      right: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    c = pl.matmul(left, right)
    o = pl.tile.move(c, target_memory=pl.Mem.Vec)
    s = pl.add(o, y)
    return pl.store(s, [0, 0], out_0)
)";

struct CubeCase {
  ir::FunctionPtr f;
  std::vector<ir::StmtPtr> body;
  vector_split::SplitContext ctx;
  ir::VarPtr Def(const std::string& name) const {
    for (const ir::StmtPtr& s : body)
      if (const ir::AssignStmt* a = s->As<ir::AssignStmt>(); a && a->var->name == name)
        return a->var;
    for (const ir::Param& prm : f->params)
      if (prm.var->name == name) return prm.var;
    return nullptr;
  }
};

CubeCase ParseCubeCase() {
  CubeCase c;
  c.f = dsl::Parse(kCubeKernel, "cube.py")->functions.at(0);
  c.body = ir::FlattenStmts(c.f->body);
  c.ctx.lane = ir::MakeVar("subblock_idx", ir::MakeScalarType(ir::DataType::INDEX));
  return c;
}

vector_split::LaneBox RowHalf() {
  return vector_split::LaneBox{0, ir::Index(64), ir::Index(128), ir::Index(128)};
}

// The backstop's failure: an InternalError (a compiler bug, never a UserError) at the statement.
std::string BackstopFailure(const CubeCase& c) {
  static_assert(!std::is_base_of_v<ir::UserError, ir::InternalError> &&
                !std::is_base_of_v<ir::InternalError, ir::UserError>);
  try {
    vector_split::CheckNoCubeTileHalved(c.body, c.ctx);
  } catch (const ir::InternalError& e) {
    EXPECT_EQ(e.span().line, 8) << e.message();  // the matmul's line
    return e.message();
  } catch (const ir::UserError& e) {
    ADD_FAILURE() << "reported as a user error: " << e.message();
    return "";
  }
  ADD_FAILURE() << "the backstop accepted a halved cube tile";
  return "";
}

TEST(CheckNoCubeTileHalved, ACubeOpConsumingAHalvedTileIsAnInternalError) {
  CubeCase c = ParseCubeCase();
  c.ctx.facts->SetBox(c.Def("left").get(), RowHalf());
  const std::string msg = BackstopFailure(c);
  EXPECT_NE(msg.find("cube operation tile.matmul"), std::string::npos) << msg;
  EXPECT_NE(msg.find("defining 'c'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("consumes the halved tile 'left'"), std::string::npos) << msg;
}

TEST(CheckNoCubeTileHalved, ACubeOpProducingAHalvedTileIsAnInternalError) {
  CubeCase c = ParseCubeCase();
  c.ctx.facts->SetBox(c.Def("c").get(), RowHalf());
  const std::string msg = BackstopFailure(c);
  EXPECT_NE(msg.find("cube operation tile.matmul"), std::string::npos) << msg;
  EXPECT_NE(msg.find("defining 'c'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("produces a halved tile"), std::string::npos) << msg;
}

TEST(CheckNoCubeTileHalved, ACleanLoweringPasses) {
  CubeCase c = ParseCubeCase();
  // Halved vector tiles around the cube op are no concern of the backstop.
  c.ctx.facts->SetBox(c.Def("x").get(), RowHalf());
  c.ctx.facts->SetBox(c.Def("y").get(), RowHalf());
  EXPECT_NO_THROW(vector_split::CheckNoCubeTileHalved(c.body, c.ctx));
  // And the real walk over the same body leaves the cube work full width.
  vector_split::SplitContext ctx;
  ctx.lane = c.ctx.lane;
  std::vector<ir::StmtPtr> lowered = vector_split::ProcessStmts(c.body, ctx);
  EXPECT_TRUE(ctx.facts->HasBoxes());
  EXPECT_NO_THROW(vector_split::CheckNoCubeTileHalved(lowered, ctx));
}

TEST(LowerAutoVectorSplit, IsRegisteredByNameWithItsProperties) {
  const pass::PassInfo* info = pass::PassRegistry::Global().Find("lower-auto-vector-split");
  ASSERT_NE(info, nullptr);
  pass::Pass p = info->factory();
  EXPECT_EQ(p.name(), "lower-auto-vector-split");
  auto has = [](const std::vector<pass::Property>& v, const char* s) {
    return std::any_of(v.begin(), v.end(),
                       [s](pass::Property p) { return pass::PropertyName(p) == s; });
  };
  EXPECT_TRUE(has(p.required(), "AivSplitValid"));
  EXPECT_TRUE(has(p.produced(), "AivSplitLoweredValid"));
  EXPECT_TRUE(has(p.invalidated(), "AivSplitValid"));
}

std::optional<int64_t> Stride(const std::string& text) {
  ir::ProgramPtr p = dsl::Parse(text, "k.py");
  return vector_split::ResolveLaneStride(p->functions[0]->body, 0);
}

TEST(ResolveLaneStride, BalancesOneRaggedCrossing) {
  EXPECT_EQ(Stride(Kernel(13)), 7);  // box halves 8/5 are unplaceable; 7/6 are
  EXPECT_EQ(Stride(Kernel(9)), 5);
}

TEST(ResolveLaneStride, KeepsTheBoxPartitionWhenItAlreadyBalances) {
  EXPECT_EQ(Stride(Kernel(16)), std::nullopt);
  EXPECT_EQ(Stride(Kernel(15)), std::nullopt);  // ceil(15/2) == ceil(16/2)
}

TEST(ResolveLaneStride, KeepsTheBoxPartitionForAnIndependentOrigin) {
  EXPECT_EQ(Stride(Kernel(13, "x = pl.load(a, [0, 0], [16, 128], target_memory=pl.Mem.Vec)")),
            std::nullopt);
  EXPECT_EQ(Stride(Kernel(13, "x = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)")),
            std::nullopt);
}

TEST(ResolveLaneStride, KeepsTheBoxPartitionWithAGatherBack) {
  EXPECT_EQ(Stride(Kernel(13, "g = pl.tile.move(e, target_memory=pl.Mem.Mat)")), std::nullopt);
}

// The walk remembers each halved call's type per operator and operand types
// (SplitContext::typed_calls): calls of one operator over operands of different types must keep
// their own types. Here the same exp over a ragged shard (13 of 16 rows) and over a full load.
TEST(LowerAutoVectorSplit, CallsOfOneOperatorKeepTheirOperandsTypes) {
  std::string text = Kernel(13,
                            "ld = pl.load(a, [0, 0], [16, 128], target_memory=pl.Mem.Vec)\n    f = "
                            "pl.exp(ld)\n    g = pl.exp(ld)");
  ir::ProgramPtr out = pass::LowerAutoVectorSplit()(dsl::Parse(text, "k.py"));
  std::map<std::string, ir::TypePtr> types;
  ir::ForEachStmt(out->functions[0]->body, ir::kWalkAll, [&](const ir::StmtPtr& s) {
    if (const ir::AssignStmt* a = s->As<ir::AssignStmt>()) types[a->var->name] = a->var->type;
  });
  ASSERT_TRUE(types.count("e") && types.count("f") && types.count("g"));
  EXPECT_FALSE(ir::TypeEqual(types["e"], types["f"]))
      << ir::TypeToString(types["e"]) << " vs " << ir::TypeToString(types["f"]);
  EXPECT_TRUE(ir::TypeEqual(types["f"], types["g"]));
  EXPECT_EQ(ir::TypeToString(types["f"]), "pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec]");
}

// The crossing rules both lowerings of a crossing share (crossing_rules.h): one message each,
// whichever lowering refuses.
TEST(CrossingRules, BothLoweringsRefuseWithOneMessage) {
  try {
    vector_split::RejectUnabuttedGather(ir::Span{}, "P: ", "the operand 'h'", 0, 5, 8);
    ADD_FAILURE() << "accepted";
  } catch (const ir::UserError& e) {
    EXPECT_EQ(e.message(),
              "P: the operand 'h' is valid for 5 of 8 cells on axis 0 in both lanes: lane 1 "
              "lands at the half box, so the two bands would not abut");
  }
  try {
    vector_split::RejectRuntimeShardBox(ir::Span{}, "", "tile.aiv_shard of 'c'", 1,
                                        ir::MakeVar("n", ir::MakeScalarType(ir::DataType::INDEX)));
    ADD_FAILURE() << "accepted";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("tile.aiv_shard of 'c', whose box on split axis 1 is the runtime "
                               "value n"),
              std::string::npos)
        << e.message();
  }
  ir::VarPtr lane = ir::MakeVar("lane", ir::MakeScalarType(ir::DataType::INDEX));
  EXPECT_TRUE(ir::IsConstInt(vector_split::LaneExtent(lane, ir::Index(16), ir::Index(8)), 8));
  EXPECT_FALSE(ir::AsConstInt(vector_split::LaneExtent(lane, ir::Index(17), ir::Index(9))));
}

TEST(SplitAxis, LaneValidExtentFoldsWhenTheLanesAgree) {
  vector_split::SplitContext ctx;
  ctx.lane = ir::MakeVar("lane", ir::MakeScalarType(ir::DataType::INDEX));
  EXPECT_TRUE(ir::IsConstInt(
      vector_split::LaneValidExtent(ctx, ir::Index(16), ir::Index(8), ir::Index(8)), 8));
  EXPECT_TRUE(ir::IsConstInt(
      vector_split::LaneValidExtent(ctx, ir::Index(14), ir::Index(8), ir::Index(7)), 7));
  ir::ExprPtr e = vector_split::LaneValidExtent(ctx, ir::Index(13), ir::Index(8), ir::Index(7));
  EXPECT_FALSE(ir::AsConstInt(e));
  EXPECT_EQ(vector_split::SplitDimension(ir::SplitMode::UpDown), 0);
  EXPECT_EQ(vector_split::SplitDimension(ir::SplitMode::LeftRight), 1);
  EXPECT_TRUE(ir::IsConstInt(vector_split::ComputeHalfDimSize(ir::Index(17)), 9));
}

}  // namespace
}  // namespace tilesplit
