// The pass framework (the pass layer, below the passes themselves: src/transforms/): passes are
// registered by kebab-case name, map Program -> Program, and declare the IR properties they
// require, produce and invalidate. A verifier may be attached to a property; the pipeline verifies
// a pass's required properties on its input before running it.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tilesplit/ir/function.h"
#include "tilesplit/pass/context.h"
#include "tilesplit/pass/properties.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::pass {

using ir::ProgramPtr;

// A verifier throws ir::UserError describing the first violation.
using PropertyVerifier = std::function<void(const ProgramPtr&)>;

class Pass {
 public:
  using RunFn = std::function<ProgramPtr(const ProgramPtr&, PassContext&)>;

  Pass(std::string name, RunFn run, std::vector<Property> required = {},
       std::vector<Property> produced = {}, std::vector<Property> invalidated = {})
      : name_(std::move(name)),
        run_(std::move(run)),
        required_(std::move(required)),
        produced_(std::move(produced)),
        invalidated_(std::move(invalidated)) {}
  // A pass that reads no analysis.
  Pass(std::string name, std::function<ProgramPtr(const ProgramPtr&)> run,
       std::vector<Property> required = {}, std::vector<Property> produced = {},
       std::vector<Property> invalidated = {})
      : Pass(std::move(name),
             RunFn([run = std::move(run)](const ProgramPtr& p, PassContext&) { return run(p); }),
             std::move(required), std::move(produced), std::move(invalidated)) {}

  const std::string& name() const { return name_; }
  const std::vector<Property>& required() const { return required_; }
  const std::vector<Property>& produced() const { return produced_; }
  const std::vector<Property>& invalidated() const { return invalidated_; }

  // Runs the pass in `ctx`, whose analyses it may read and add to. The input is never mutated
  // (IR nodes are immutable).
  ProgramPtr Run(const ProgramPtr& p, PassContext& ctx) const;
  // The same in the context of the pipeline running on this thread, or a fresh one.
  ProgramPtr operator()(const ProgramPtr& p) const;

 private:
  std::string name_;
  RunFn run_;
  std::vector<Property> required_, produced_, invalidated_;
};

// Holds property `p` of function `f` the way a pass that accepts `f` as written must: by the
// property's registered verifier, run on `f` alone, whose refusal is the input's fault (a user
// error of the running pass) with `note` added. The split uses it for what the expansion will
// refuse (ExpansionAccepted) in a kernel it keeps as written, so that it accepts only what the
// pipeline lowers without calling into the expansion; on the functions it builds itself the
// property is a produced one (verified after the pass with verify-each).
void EnforceOn(Property p, const ir::FunctionPtr& f, const std::string& note);

struct PassInfo {
  std::string name;
  std::string description;
  std::function<Pass()> factory;
};

// A named pipeline: registered pass names run in order (MLIR's pass pipeline registration).
// `opt -p NAME` and `check --pipeline NAME` run one by its name (the built-in ones:
// transforms/passes.h).
struct PipelineInfo {
  std::string name;
  std::string description;
  std::vector<std::string> passes;
};

class PassRegistry {
 public:
  static PassRegistry& Global();  // holds every built-in pass
  void Register(PassInfo info);
  const PassInfo* Find(std::string_view name) const;
  std::vector<const PassInfo*> All() const;  // sorted by name

  void RegisterVerifier(Property p, PropertyVerifier v);
  const PropertyVerifier* FindVerifier(Property p) const;

  // A pipeline's passes must be registered when it is first used (BuildPasses checks).
  void RegisterPipeline(PipelineInfo info);
  const PipelineInfo* FindPipeline(std::string_view name) const;
  std::vector<const PipelineInfo*> Pipelines() const;  // sorted by name

 private:
  std::map<std::string, PassInfo, std::less<>> passes_;
  std::map<Property, PropertyVerifier> verifiers_;
  std::map<std::string, PipelineInfo, std::less<>> pipelines_;
};

// The passes named by `names`, in order; a pipeline name stands for its passes. An unknown name
// is an InternalError here: callers that take names from a user check them first
// (PassRegistry::Find / FindPipeline).
std::vector<Pass> BuildPasses(const std::vector<std::string>& names);

// Observes the passes a pipeline runs (MLIR's PassInstrumentation). Around each pass the
// BeforePass hooks run in order and the AfterPass hooks in reverse order, so that instruments
// nest. A hook stops the pipeline by throwing (UserError: the input's fault; InternalError: the
// pass's). The same objects serve the CLI (--print-after, --time-passes, --verify-roundtrip) and
// the Python PassContext.
class PassInstrumentation {
 public:
  virtual ~PassInstrumentation() = default;
  virtual void BeforePass(const Pass& pass, const ProgramPtr& input) {}
  virtual void AfterPass(const Pass& pass, const ProgramPtr& input, const ProgramPtr& output) {}
};
using InstrumentationPtr = std::shared_ptr<PassInstrumentation>;

// Runs one pass with `instruments` around it.
// Runs one pass with `instruments` around it, in `ctx` (null: the current context, or a fresh one).
ProgramPtr RunPass(const Pass& pass, const ProgramPtr& input,
                   const std::vector<InstrumentationPtr>& instruments = {},
                   PassContext* ctx = nullptr);

// Runs `passes` in order. Before each pass, every required property that has a verifier is
// checked on its input (a failure is a UserError). With `verify_roundtrip`, each pass's output
// is printed, reparsed and compared structurally, and the pass is run again on the reparsed
// output, which must give the same program (a failure is an InternalError). The
// `instruments` run around each pass after those two (instrumentation.h has the built-in ones).
struct PipelineOptions {
  bool verify_required = true;
  // After each pass, the verifiers of the properties it claims to produce (a violation is the
  // pass's bug: an InternalError naming pass and property). Also on when the environment sets
  // TILESPLIT_VERIFY_EACH=1, as the test suite does for every test (MLIR's -verify-each).
  bool verify_produced = false;
  bool verify_roundtrip = false;
  // Whose verifiers check the required properties; null: PassRegistry::Global().
  const PassRegistry* registry = nullptr;
  // Where the passes' remarks go (remarks.h); none are built when null. Set on the run's context
  // (PassContext::remarks), which carries them to the passes.
  RemarkSink* remarks = nullptr;
  // Where the passes' warnings go (remarks.h); dropped when null. Likewise set on the context.
  WarningSink* warnings = nullptr;
  std::vector<InstrumentationPtr> instruments;
  // The context the passes share (their analyses); null: one made for this run.
  PassContext* context = nullptr;
};
ProgramPtr RunPipeline(const ProgramPtr& input, const std::vector<Pass>& passes,
                       const PipelineOptions& options = {});

// Static registration. Each pass file registers itself, so adding a pass touches no central
// list and a factory that is not written yet is never referenced:
//   TILESPLIT_REGISTER_PASS("convert-to-ssa", "Rewrites rebinding into SSA form", ConvertToSSA);
//   TILESPLIT_REGISTER_VERIFIER(CallsValid, VerifyCallsValid);   (src/transforms/calls_valid.cpp)
// A verifier names its property by the enumerator (pass::Property::CallsValid): a misspelt one
// does not compile.
// The registrar objects live in the passes' static library, tilesplit_transforms, and in
// tilesplit_target (the split program's verifiers); every executable links both whole-archive
// (cmake/layers.cmake), otherwise the linker would drop these unreferenced objects.
struct PassRegistrar {
  PassRegistrar(std::string name, std::string description, std::function<Pass()> factory);
};
struct VerifierRegistrar {
  VerifierRegistrar(Property property, PropertyVerifier verifier);
};
struct PipelineRegistrar {
  PipelineRegistrar(std::string name, std::string description, std::vector<std::string> passes);
};
#define TILESPLIT_PASS_CONCAT_INNER(a, b) a##b
#define TILESPLIT_PASS_CONCAT(a, b) TILESPLIT_PASS_CONCAT_INNER(a, b)
#define TILESPLIT_REGISTER_PASS(NAME, DESCRIPTION, FACTORY)            \
  static const ::tilesplit::pass::PassRegistrar TILESPLIT_PASS_CONCAT( \
      tilesplit_pass_reg_, __COUNTER__)(NAME, DESCRIPTION, FACTORY)
#define TILESPLIT_REGISTER_VERIFIER(PROPERTY, VERIFIER)                    \
  static const ::tilesplit::pass::VerifierRegistrar TILESPLIT_PASS_CONCAT( \
      tilesplit_verifier_reg_, __COUNTER__)(::tilesplit::pass::Property::PROPERTY, VERIFIER)
#define TILESPLIT_REGISTER_PIPELINE(NAME, DESCRIPTION, ...)                \
  static const ::tilesplit::pass::PipelineRegistrar TILESPLIT_PASS_CONCAT( \
      tilesplit_pipeline_reg_, __COUNTER__)(NAME, DESCRIPTION, __VA_ARGS__)

}  // namespace tilesplit::pass
