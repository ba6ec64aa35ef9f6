// The FunctionCall node end to end: IR tools, structural equality, affinity, the interpreter,
// outlining and the Group the mixed-kernel expansion builds.
#include <gtest/gtest.h>

#include "tilesplit/analysis/affinity.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/pass/pass.h"
#include "tilesplit/sim/check.h"

namespace tilesplit {
namespace {

using ir::ExprPtr;
using ir::FunctionCall;

ir::TypePtr T16() {
  return ir::MakeTensorType({ir::Index(16), ir::Index(16)}, ir::DataType::FP32);
}

TEST(FunctionCallIR, TypeOfNoneOneAndSeveralResults) {
  EXPECT_TRUE(ir::TypeEqual(ir::CallResultType({T16()}), T16()));
  const ir::TypePtr none_type = ir::CallResultType({});  // owns what `none` points into
  const auto* none = none_type->As<ir::TupleType>();
  ASSERT_NE(none, nullptr);
  EXPECT_TRUE(none->elements.empty());
  const ir::TypePtr two_type = ir::CallResultType({T16(), T16()});
  const auto* two = two_type->As<ir::TupleType>();
  ASSERT_NE(two, nullptr);
  EXPECT_EQ(two->elements.size(), 2u);
}

TEST(FunctionCallIR, VisitorSubstituteCloneAndFreeVars) {
  ir::VarPtr a = ir::MakeVar("a", T16());
  ir::VarPtr b = ir::MakeVar("b", T16());
  ExprPtr call = ir::MakeFunctionCall("f", {a, a}, T16());
  EXPECT_EQ(ir::ExprToString(call), "self.f(a, a)");
  std::vector<ir::VarPtr> free = ir::FreeVars(call);
  ASSERT_EQ(free.size(), 1u);
  EXPECT_EQ(free[0], a);

  ExprPtr sub = ir::Substitute(call, ir::VarMap{{a.get(), b}});
  ASSERT_NE(sub, call);
  const auto* fc = sub->As<FunctionCall>();
  ASSERT_NE(fc, nullptr);
  EXPECT_EQ(fc->callee, "f");
  EXPECT_EQ(fc->args[0], b);
  // Nothing to replace: the node keeps its identity.
  EXPECT_EQ(ir::Substitute(call, ir::VarMap{{b.get(), a}}), call);

  ir::StmtPtr stmt = ir::MakeSeq({ir::MakeAssign(b, call), ir::MakeReturn({b})});
  ir::StmtPtr clone = ir::DeepClone(stmt);
  EXPECT_TRUE(dsl::StructuralEqual(stmt, clone));
  const auto* assign = ir::FlattenStmts(clone)[0]->As<ir::AssignStmt>();
  ASSERT_NE(assign, nullptr);
  EXPECT_NE(assign->value, call);                            // a clone shares no node
  EXPECT_EQ(assign->value->As<FunctionCall>()->args[0], a);  // a free variable is kept
  ASSERT_EQ(ir::DefinedVars(stmt).size(), 1u);
  EXPECT_TRUE(ir::UsesVar(stmt, a.get()));
}

TEST(FunctionCallIR, StructuralEqualityComparesCalleeByNameAndArgs) {
  ir::VarPtr a = ir::MakeVar("a", T16());
  ir::VarPtr s = ir::MakeVar("s", ir::MakeScalarType(ir::DataType::INDEX));
  auto r = dsl::StructuralEqual(ir::MakeFunctionCall("f", {a}, T16()),
                                ir::MakeFunctionCall("g", {a}, T16()));
  EXPECT_FALSE(r);
  EXPECT_EQ(r.path, "callee");
  EXPECT_EQ(r.lhs, "f");
  EXPECT_EQ(r.rhs, "g");
  r = dsl::StructuralEqual(ir::MakeFunctionCall("f", {a, ir::Index(1)}, T16()),
                           ir::MakeFunctionCall("f", {a, ir::Index(2)}, T16()));
  EXPECT_FALSE(r);
  EXPECT_EQ(r.path, "args[1]");
  EXPECT_TRUE(dsl::StructuralEqual(ir::MakeFunctionCall("f", {s}, T16()),
                                   ir::MakeFunctionCall("f", {s}, T16())));
}

const char* kCaller = R"(import pypto.language as pl
@pl.program
class P:
    @pl.function
    def main(a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        o: pl.Tensor[[16, 16], pl.FP32] = self.twice(a, out)
        u = pl.load(o, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        return pl.store(pl.add(u, t), [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def twice(x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        v = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        return pl.store(pl.add(v, v), [0, 0], y)
)";

// A call does no core work in its caller: the Opaque caller rolls up SHARED whatever the callee.
TEST(FunctionCallAffinity, ACallIsShared) {
  ir::ProgramPtr p = dsl::Parse(kCaller, "aff.py");
  const ir::FunctionPtr main = p->Find("main");
  for (const ir::StmtPtr& s : ir::FlattenStmts(main->body))
    if (const auto* a = s->As<ir::AssignStmt>(); a && a->value->As<FunctionCall>()) {
      EXPECT_EQ(analysis::RollupAffinity(s), analysis::CoreAffinity::SHARED);
      return;
    }
  FAIL() << "no call statement";
}

// The callee's store is the caller's: out = 2a, then the caller reads it back and adds a.
TEST(FunctionCallSim, CalleeStoresAreVisibleToTheCaller) {
  ir::ProgramPtr p = dsl::Parse(kCaller, "run.py");
  std::map<std::string, sim::Value> args = sim::MakeInputs(*p->Find("main"), {});
  const sim::TensorValue a = **args.at("a").tensor();
  sim::GroupOutcome out = sim::RunKernel(*p, "main", args);
  ASSERT_EQ(out.kind, sim::GroupOutcome::Kind::Ok);
  const sim::TensorValue& o = **args.at("out").tensor();
  for (size_t i = 0; i < a.data.size(); ++i) {
    float x = a.data.f[i];
    ASSERT_EQ(o.data.f[i], (x + x) + x) << i;
  }
}

ir::ProgramPtr RunPasses(const ir::ProgramPtr& p, std::initializer_list<const char*> names) {
  std::vector<pass::Pass> passes;
  for (const char* n : names) passes.push_back(pass::PassRegistry::Global().Find(n)->factory());
  return pass::RunPipeline(p, passes);
}

// Several results come back as a tuple, projected onto the parent's variables; statements
// before and after the scope stay in the parent.
TEST(FunctionCallOutline, SeveralResultsAreProjected) {
  const char* text = R"(import pypto.language as pl
@pl.function
def k(a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    t = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="body"):
        x = pl.add(t, t)
        y = pl.mul(t, t)
    return pl.store(pl.add(x, y), [0, 0], out)
)";
  ir::ProgramPtr p = RunPasses(dsl::Parse(text, "multi.py"), {"outline-incore-scopes"});
  const std::string printed = dsl::Print(p);
  EXPECT_NE(printed.find("body_results: pl.Tuple[pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], "
                         "pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]] = self.body(t)"),
            std::string::npos)
      << printed;
  EXPECT_NE(printed.find("x: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = body_results[0]"),
            std::string::npos)
      << printed;
  EXPECT_NE(printed.find("return x, y"), std::string::npos) << printed;
  EXPECT_TRUE(dsl::StructuralEqual(p, dsl::Parse(printed, "multi_printed.py")));
  // The outlined program computes what the scoped one did.
  sim::CheckResult r = sim::CheckKernel(*dsl::Parse(text, "multi_ref.py"), "k", *p, {});
  EXPECT_EQ(r.kind, sim::CheckResult::Kind::Equal) << r.report;
}

// A Group called from an Opaque parent that deadlocks: the run's outcome is the deadlock, with
// every core's position, not an error of the parent.
TEST(FunctionCallSim, DeadlockInACalledGroupIsTheOutcome) {
  const char* ref = R"(import pypto.language as pl
@pl.function
def main(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    return pl.store(popped, [0, 0], out_0)
)";
  const char* split = R"(import pypto.language as pl
@pl.program
class Split:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        return

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        popped: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
        pl.tile.store(popped, [0, 0], out_0)
        pl.system.tfree_to_aic(popped, split=0)
        return

    @pl.function(type=pl.FunctionType.Group)
    def k(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        self.k_aic(qk, out_0)
        self.k_aiv(qk, out_0)

    @pl.function
    def main(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        self.k(qk, out_0)
        return
)";
  sim::CheckResult r =
      sim::CheckKernel(*dsl::Parse(ref, "dref.py"), "main", *dsl::Parse(split, "dsplit.py"), {});
  EXPECT_EQ(r.kind, sim::CheckResult::Kind::Deadlock) << r.report;
  EXPECT_NE(r.report.find("AIV lane 0: blocked in 'k_aiv' at dsplit.py:10:9"), std::string::npos)
      << r.report;
}

// The CallsValid verifier holds hand-built IR to the parser's rules before outlining and
// expansion run: a call inside a kernel, and a cycle, are located user errors.
TEST(FunctionCallVerifier, KernelCallsAndCyclesAreRejected) {
  auto fn = [](const std::string& name, ir::FunctionType t, const std::string& callee) {
    ir::VarPtr a = ir::MakeVar("a", T16());
    ir::Span at{};
    ir::StmtPtr body = ir::MakeSeq(
        {ir::MakeEval(ir::MakeFunctionCall(callee, {a}, ir::CallResultType({}), at), at),
         ir::MakeReturn({})});
    return std::make_shared<ir::Function>(name, t, std::vector<ir::Param>{{a}},
                                          std::vector<ir::TypePtr>{}, ir::AttrMap{}, body,
                                          ir::Span{});
  };
  const pass::Pass expand = pass::PassRegistry::Global().Find("expand-mixed-kernel")->factory();
  auto kernel = std::make_shared<ir::Program>(
      "P",
      std::vector<ir::FunctionPtr>{fn("k", ir::FunctionType::InCore, "g"),
                                   fn("g", ir::FunctionType::Opaque, "h"),
                                   fn("h", ir::FunctionType::Opaque, "g")},
      ir::Span{});
  try {
    pass::RunPipeline(kernel, {expand});
    FAIL() << "expected a UserError";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("CallsValid in 'k': it calls 'g', but it is InCore"),
              std::string::npos)
        << e.message();
  }
  auto cycle = std::make_shared<ir::Program>(
      "P",
      std::vector<ir::FunctionPtr>{fn("g", ir::FunctionType::Opaque, "h"),
                                   fn("h", ir::FunctionType::Opaque, "g")},
      ir::Span{});
  try {
    pass::RunPipeline(cycle, {expand});
    FAIL() << "expected a UserError";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("the call of 'g' in 'h' closes a cycle"), std::string::npos)
        << e.message();
  }
}

}  // namespace
}  // namespace tilesplit
