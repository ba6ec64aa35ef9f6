// Pass instrumentation (pass/instrumentation.h), named pipelines and the error details
// machine-readable diagnostics use.
#include "tilesplit/pass/instrumentation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/sim/check.h"
#include "tilesplit/transforms/passes.h"

namespace tilesplit::pass {
namespace {

using ir::ProgramPtr;

constexpr const char* kKernel = R"(import pypto.language as pl

@pl.function
def g(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    b = a * 2
    return b + 1
)";

Pass Identity(std::string name, std::vector<Property> required = {},
              std::vector<Property> produced = {}) {
  return Pass(
      std::move(name), [](const ProgramPtr& p) { return p; }, std::move(required),
      std::move(produced));
}

struct Recorder : PassInstrumentation {
  Recorder(std::vector<std::string>& log, std::string tag) : log(log), tag(std::move(tag)) {}
  void BeforePass(const Pass& p, const ProgramPtr&) override {
    log.push_back(tag + " before " + p.name());
  }
  void AfterPass(const Pass& p, const ProgramPtr&, const ProgramPtr&) override {
    log.push_back(tag + " after " + p.name());
  }
  std::vector<std::string>& log;
  std::string tag;
};

TEST(InstrumentationTest, BeforeHooksInOrderAfterHooksInReverse) {
  std::vector<std::string> log;
  PipelineOptions o;
  o.instruments = {std::make_shared<Recorder>(log, "A"), std::make_shared<Recorder>(log, "B")};
  RunPipeline(dsl::Parse(kKernel, "i.py"), {Identity("one"), Identity("two")}, o);
  EXPECT_EQ(log, (std::vector<std::string>{"A before one", "B before one", "B after one",
                                           "A after one", "A before two", "B before two",
                                           "B after two", "A after two"}));
}

TEST(InstrumentationTest, PrintsTheSelectedPassesOnly) {
  std::ostringstream out;
  PrintIRInstrumentation::Options opts;
  opts.after.insert("two");
  opts.before.insert("one");
  PipelineOptions o;
  o.instruments = {std::make_shared<PrintIRInstrumentation>(out, opts)};
  RunPipeline(dsl::Parse(kKernel, "i.py"), {Identity("one"), Identity("two")}, o);
  const std::string text = out.str();
  EXPECT_NE(text.find("# ---- IR before pass 'one' ----\nimport pypto.language as pl"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("# ---- IR after pass 'two' ----"), std::string::npos);
  EXPECT_EQ(text.find("after pass 'one'"), std::string::npos);
  EXPECT_EQ(text.find("before pass 'two'"), std::string::npos);
}

TEST(InstrumentationTest, TimesEachPassByName) {
  auto timer = std::make_shared<TimePassesInstrumentation>();
  PipelineOptions o;
  o.instruments = {timer};
  RunPipeline(dsl::Parse(kKernel, "i.py"), {Identity("one"), Identity("two"), Identity("one")}, o);
  ASSERT_EQ(timer->rows().size(), 2u);
  EXPECT_EQ(timer->rows()[0].pass, "one");
  EXPECT_EQ(timer->rows()[0].runs, 2);
  EXPECT_EQ(timer->rows()[1].runs, 1);
  std::ostringstream table;
  timer->Report(table);
  EXPECT_NE(table.str().find("total"), std::string::npos);
}

TEST(InstrumentationTest, VerifiesRequiredBeforeAndProducedAfter) {
  // A registry of its own, where IncoreTileOps never holds and TileOps2D has no verifier.
  PassRegistry r;
  r.RegisterVerifier(Property::IncoreTileOps,
                     [](const ProgramPtr& p) { ir::ThrowUser(p->span, "never holds"); });
  const ProgramPtr p = dsl::Parse(kKernel, "i.py");
  auto verify = std::make_shared<VerifyPropertiesInstrumentation>(true, true, &r);
  try {
    RunPass(Identity("needs", {Property::IncoreTileOps}), p, {verify});
    FAIL() << "the required property was not verified";
  } catch (const ir::UserError& e) {
    EXPECT_NE(e.message().find("pass 'needs' requires property IncoreTileOps"), std::string::npos);
    EXPECT_EQ(ir::RuleOf(e), "property.IncoreTileOps");
  }
  EXPECT_THROW(RunPass(Identity("claims", {}, {Property::IncoreTileOps}), p, {verify}),
               ir::InternalError);
  auto before_only = std::make_shared<VerifyPropertiesInstrumentation>(true, false, &r);
  RunPass(Identity("claims", {}, {Property::IncoreTileOps, Property::TileOps2D}), p, {before_only});
  RunPass(Identity("claims", {Property::TileOps2D}), p, {verify});
  EXPECT_EQ(verify->unverified.count("TileOps2D"), 1u);
}

TEST(InstrumentationTest, APassErrorNamesThePassAsItsRule) {
  Pass failing("failing-pass",
               [](const ProgramPtr& p) -> ProgramPtr { ir::ThrowUser(p->span, "no"); });
  try {
    RunPass(failing, dsl::Parse(kKernel, "i.py"));
    FAIL();
  } catch (const ir::UserError& e) {
    EXPECT_EQ(ir::RuleOf(e), "pass.failing-pass");
  }
}

TEST(PipelineRegistryTest, TheCheckPipelineIsRegisteredAndExpands) {
  const PipelineInfo* check = PassRegistry::Global().FindPipeline(kCheckPipeline);
  ASSERT_NE(check, nullptr);
  // check lowers with default-pipeline, which runs the check pipeline's passes in their order
  // (the tensor-to-tile passes stand between the outlining and the split) and ends with its split.
  const PipelineInfo* def = PassRegistry::Global().FindPipeline(kDefaultPipeline);
  ASSERT_NE(def, nullptr);
  EXPECT_EQ(def->passes, sim::SplitPipeline());
  auto at = def->passes.begin();
  for (const std::string& name : check->passes) {
    at = std::find(at, def->passes.end(), name);
    ASSERT_NE(at, def->passes.end()) << name << " is not in default-pipeline in order";
  }
  EXPECT_EQ(def->passes.back(), check->passes.back());
  const std::vector<Pass> passes = BuildPasses({"convert-to-ssa", kCheckPipeline});
  ASSERT_EQ(passes.size(), 1 + check->passes.size());
  EXPECT_EQ(passes[1].name(), "outline-incore-scopes");
  EXPECT_THROW(BuildPasses({"no-such-thing"}), ir::InternalError);
  PassRegistry r;
  r.RegisterPipeline({"my-pipeline", "", {"a"}});
  EXPECT_THROW(r.RegisterPipeline({"my-pipeline", "", {"a"}}), ir::InternalError);
  EXPECT_THROW(r.RegisterPipeline({"Bad_Name", "", {"a"}}), ir::InternalError);
  EXPECT_THROW(r.RegisterPipeline({"empty", "", {}}), ir::InternalError);
}

TEST(ParserRecoveryTest, EveryFunctionsErrorIsReported) {
  constexpr const char* kTwoBad = R"(import pypto.language as pl

@pl.function
def f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    return x + nowhere

@pl.function
def ok(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    return x

@pl.notafunction
def h(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    return x

@pl.function
def g(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    y = (x
    return y
)";
  try {
    dsl::Parse(kTwoBad, "two_bad.py");
    FAIL() << "no error";
  } catch (const ir::UserError& e) {
    EXPECT_EQ(e.span().line, 5u);
    EXPECT_EQ(ir::RuleOf(e), "dsl.parse");
    const std::vector<ir::UserError> further = ir::FurtherOf(e);
    // The unclosed bracket is a lexical error: it replaces the parse errors after it, not those
    // of the functions before.
    ASSERT_EQ(further.size(), 2u);
    EXPECT_EQ(further[0].span().line, 11u);
    EXPECT_EQ(further[1].span().line, 17u);
    EXPECT_NE(further[1].message().find("'('"), std::string::npos) << further[1].message();
    const std::string rendered = ir::RenderUserError(e);
    EXPECT_NE(rendered.find("two_bad.py:5:"), std::string::npos);
    EXPECT_NE(rendered.find("two_bad.py:11:"), std::string::npos);
    EXPECT_NE(rendered.find("two_bad.py:17:"), std::string::npos);
  }
}

TEST(ParserRecoveryTest, GoesOnWithTheNextStatementWithoutConsequences) {
  constexpr const char* kStatements = R"(import pypto.language as pl

@pl.function
def f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    y = x + nowhere
    z = y * 2
    w = x * missing
    v = (w +
         z)
    u = x - gone
    return v + u
)";
  try {
    dsl::Parse(kStatements, "statements.py");
    FAIL() << "no error";
  } catch (const ir::UserError& e) {
    // The uses of 'y' (line 6), 'w' (line 8) and 'v' (line 11) are consequences of the errors on
    // lines 5 and 7; line 10 is independent.
    EXPECT_EQ(e.span().line, 5u);
    const std::vector<ir::UserError> further = ir::FurtherOf(e);
    ASSERT_EQ(further.size(), 2u) << ir::RenderUserError(e);
    EXPECT_EQ(further[0].span().line, 7u);
    EXPECT_EQ(further[1].span().line, 10u);
    EXPECT_EQ(further[1].message(), "unknown name 'gone'");
  }
}

}  // namespace
}  // namespace tilesplit::pass
