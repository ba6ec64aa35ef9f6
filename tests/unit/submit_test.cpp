// A submitted call (pl.submit, ir::TaskLaunch): its type, its deps as operands of the IR tools,
// the mutator and structural equality keeping the launch, and the printed form reading back.
#include <gtest/gtest.h>

#include <algorithm>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/walk.h"

namespace tilesplit {
namespace {

ir::TypePtr T64() {
  return ir::MakeTensorType({ir::Index(64)}, ir::DataType::FP32);
}

TEST(SubmitIR, TypeIsTheResultsThenATaskId) {
  const ir::TypePtr t = ir::TaskCallResultType({T64()});
  const auto* tuple = t->As<ir::TupleType>();
  ASSERT_NE(tuple, nullptr);
  ASSERT_EQ(tuple->elements.size(), 2u);
  EXPECT_EQ(ir::ScalarDType(ir::MakeVar("t", tuple->elements[1])), ir::DataType::TASK_ID);
  EXPECT_FALSE(ir::IsInteger(ir::DataType::TASK_ID));  // no arithmetic takes a task id
}

TEST(SubmitIR, DepsAreOperandsAndSurviveSubstitution) {
  ir::VarPtr x = ir::MakeVar("x", T64());
  ir::VarPtr tid = ir::MakeVar("tid", ir::MakeScalarType(ir::DataType::TASK_ID));
  ir::VarPtr tid2 = ir::MakeVar("tid2", ir::MakeScalarType(ir::DataType::TASK_ID));
  ir::ExprPtr call = ir::MakeFunctionCall("k", {x}, ir::TaskCallResultType({T64()}), {}, {},
                                          ir::TaskLaunch{{tid}, true});
  EXPECT_EQ(ir::ExprToString(call), "pl.submit(self.k, x, deps=[tid], allow_early_resolve=True)");
  std::vector<ir::VarPtr> free = ir::FreeVars(call);
  EXPECT_EQ(free.size(), 2u);  // x and the dependency
  ir::ExprPtr sub = ir::Substitute(call, ir::VarMap{{tid.get(), tid2}});
  const auto* fc = sub->As<ir::FunctionCall>();
  ASSERT_NE(fc, nullptr);
  ASSERT_TRUE(fc->task.has_value());
  EXPECT_EQ(fc->task->deps[0], tid2);
  EXPECT_TRUE(fc->task->allow_early_resolve);
  // A plain call of the same kernel is not the same expression.
  ir::ExprPtr plain = ir::MakeFunctionCall("k", {x}, ir::TaskCallResultType({T64()}));
  EXPECT_FALSE(ir::ExprEqual(call, plain));
}

TEST(SubmitIR, PrintedProgramReadsBackTheSame) {
  const char* src = R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        a, t = pl.submit(self.k, x)
        b, u = pl.submit(self.k, a, deps=[t])
        return b
)";
  ir::ProgramPtr p = dsl::Parse(src, "submit.py");
  const std::string text = dsl::Print(p);
  EXPECT_NE(text.find("pl.submit(self.k, a, deps=[t])"), std::string::npos) << text;
  ir::ProgramPtr again = dsl::Parse(text, "printed.py");
  EXPECT_TRUE(static_cast<bool>(dsl::StructuralEqual(p, again))) << text;
}

// `with pl.at(...) as t` defines t after the body; deps=[t] is a use of it by a later scope.
TEST(SubmitIR, AScopesTaskIdIsADefinitionAndItsDepsAreUses) {
  const char* src = R"(import pypto.language as pl

@pl.function
def main(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP) as t:
        y = pl.add(x, x)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[t]):
        z = pl.mul(y, y)
    return z
)";
  ir::ProgramPtr p = dsl::Parse(src, "scopes.py");
  const ir::FunctionPtr main = p->Find("main");
  ASSERT_NE(main, nullptr);
  std::vector<ir::StmtPtr> stmts = ir::FlattenStmts(main->body);
  ASSERT_GE(stmts.size(), 2u);
  const auto* first = stmts[0]->As<ir::ScopeStmt>();
  const auto* second = stmts[1]->As<ir::ScopeStmt>();
  ASSERT_TRUE(first && second);
  ASSERT_NE(first->task_id, nullptr);
  EXPECT_EQ(ir::ScalarDType(first->task_id), ir::DataType::TASK_ID);
  ASSERT_EQ(second->deps.size(), 1u);
  EXPECT_EQ(second->deps[0], first->task_id);
  const std::vector<ir::VarPtr> defined = ir::DefinedVars(stmts[0]);
  EXPECT_NE(std::find(defined.begin(), defined.end(), first->task_id), defined.end());
  const std::vector<ir::VarPtr> free = ir::FreeVars(stmts[1]);
  EXPECT_NE(std::find(free.begin(), free.end(), first->task_id), free.end());
  // The printed form keeps both and reads back the same.
  const std::string text = dsl::Print(p);
  EXPECT_NE(text.find(" as t:"), std::string::npos) << text;
  EXPECT_NE(text.find("deps=[t]"), std::string::npos) << text;
  EXPECT_TRUE(static_cast<bool>(dsl::StructuralEqual(p, dsl::Parse(text, "printed.py")))) << text;
}

}  // namespace
}  // namespace tilesplit
