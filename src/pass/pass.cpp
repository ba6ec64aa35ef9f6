#include "tilesplit/pass/pass.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/pass/instrumentation.h"

namespace tilesplit::pass {

namespace {

bool IsKebabCase(std::string_view name) {
  if (name.empty() || name.front() == '-' || name.back() == '-') return false;
  char prev = 0;
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    if (!ok || (c == '-' && prev == '-')) return false;
    prev = c;
  }
  return true;
}

}  // namespace

PassRegistry& PassRegistry::Global() {
  static PassRegistry registry;
  return registry;
}

void PassRegistry::Register(PassInfo info) {
  if (!IsKebabCase(info.name))
    ir::ThrowInternal(ir::Span{}, "pass name '" + info.name + "' is not kebab-case");
  if (!info.factory)
    ir::ThrowInternal(ir::Span{}, "pass '" + info.name + "' registered without a factory");
  std::string name = info.name;
  if (!passes_.emplace(name, std::move(info)).second)
    ir::ThrowInternal(ir::Span{}, "pass '" + name + "' registered twice");
}

const PassInfo* PassRegistry::Find(std::string_view name) const {
  auto it = passes_.find(name);
  return it == passes_.end() ? nullptr : &it->second;
}

std::vector<const PassInfo*> PassRegistry::All() const {
  std::vector<const PassInfo*> out;
  out.reserve(passes_.size());
  for (const auto& [name, info] : passes_) out.push_back(&info);  // std::map: sorted by name
  return out;
}

void PassRegistry::RegisterVerifier(Property p, PropertyVerifier v) {
  if (!v) ir::ThrowInternal(ir::Span{}, "invalid verifier registration");
  if (!verifiers_.emplace(p, std::move(v)).second)
    ir::ThrowInternal(ir::Span{}, "a verifier for property '" + std::string(PropertyName(p)) +
                                      "' is registered twice");
}

const PropertyVerifier* PassRegistry::FindVerifier(Property p) const {
  auto it = verifiers_.find(p);
  return it == verifiers_.end() ? nullptr : &it->second;
}

PassRegistrar::PassRegistrar(std::string name, std::string description,
                             std::function<Pass()> factory) {
  PassRegistry::Global().Register({std::move(name), std::move(description), std::move(factory)});
}

VerifierRegistrar::VerifierRegistrar(Property property, PropertyVerifier verifier) {
  PassRegistry::Global().RegisterVerifier(property, std::move(verifier));
}

void PassRegistry::RegisterPipeline(PipelineInfo info) {
  if (!IsKebabCase(info.name))
    ir::ThrowInternal(ir::Span{}, "pipeline name '" + info.name + "' is not kebab-case");
  if (info.passes.empty())
    ir::ThrowInternal(ir::Span{}, "pipeline '" + info.name + "' registered without passes");
  std::string name = info.name;
  if (!pipelines_.emplace(name, std::move(info)).second)
    ir::ThrowInternal(ir::Span{}, "pipeline '" + name + "' registered twice");
}

const PipelineInfo* PassRegistry::FindPipeline(std::string_view name) const {
  auto it = pipelines_.find(name);
  return it == pipelines_.end() ? nullptr : &it->second;
}

std::vector<const PipelineInfo*> PassRegistry::Pipelines() const {
  std::vector<const PipelineInfo*> out;
  for (const auto& [name, info] : pipelines_) out.push_back(&info);
  return out;
}

PipelineRegistrar::PipelineRegistrar(std::string name, std::string description,
                                     std::vector<std::string> passes) {
  PassRegistry::Global().RegisterPipeline(
      {std::move(name), std::move(description), std::move(passes)});
}

std::vector<Pass> BuildPasses(const std::vector<std::string>& names) {
  const PassRegistry& registry = PassRegistry::Global();
  std::vector<Pass> out;
  for (const std::string& name : names) {
    if (const PassInfo* info = registry.Find(name)) {
      out.push_back(info->factory());
    } else if (const PipelineInfo* pipeline = registry.FindPipeline(name)) {
      for (const std::string& p : pipeline->passes) {
        const PassInfo* step = registry.Find(p);
        if (!step)
          ir::ThrowInternal(ir::Span{},
                            "pipeline '" + name + "' names the unregistered pass '" + p + "'");
        out.push_back(step->factory());
      }
    } else {
      ir::ThrowInternal(ir::Span{}, "no registered pass or pipeline '" + name + "'");
    }
  }
  return out;
}

ProgramPtr Pass::Run(const ProgramPtr& p, PassContext& ctx) const {
  PassContext::Scope scope(ctx);
  return run_(p, ctx);
}

void EnforceOn(Property p, const ir::FunctionPtr& f, const std::string& note) {
  const PropertyVerifier* verify = PassRegistry::Global().FindVerifier(p);
  if (!verify)
    ir::ThrowInternal(
        f->span, "property " + std::string(PropertyName(p)) + " is enforced, but has no verifier");
  try {
    (*verify)(std::make_shared<ir::Program>("", std::vector<ir::FunctionPtr>{f}, f->span));
  } catch (const ir::UserError& err) {
    throw err.WithNote(note);
  }
}

ProgramPtr Pass::operator()(const ProgramPtr& p) const {
  if (PassContext* ctx = PassContext::Current()) return Run(p, *ctx);
  PassContext own;
  return Run(p, own);
}

ProgramPtr RunPass(const Pass& pass, const ProgramPtr& input,
                   const std::vector<InstrumentationPtr>& instruments, PassContext* ctx) {
  if (!input) ir::ThrowInternal(ir::Span{}, "pass '" + pass.name() + "' given no program");
  std::optional<PassContext> own;
  if (!ctx) ctx = PassContext::Current();
  if (!ctx) ctx = &own.emplace();
  // The instruments' verifiers read the same analyses as the pass.
  PassContext::Scope scope(*ctx);
  for (const InstrumentationPtr& i : instruments) i->BeforePass(pass, input);
  ProgramPtr output;
  try {
    output = pass.Run(input, *ctx);
  } catch (const ir::UserError& e) {
    throw ir::WithRule(e, "pass." + pass.name());
  }
  if (!output) ir::ThrowInternal(ir::Span{}, "pass '" + pass.name() + "' returned no program");
  for (auto it = instruments.rbegin(); it != instruments.rend(); ++it)
    (*it)->AfterPass(pass, input, output);
  // The next pass sees only `output`'s functions; the analyses of the others are dropped.
  ctx->analyses().Retain(*output);
  return output;
}

ProgramPtr RunPipeline(const ProgramPtr& input, const std::vector<Pass>& passes,
                       const PipelineOptions& options) {
  if (!input) ir::ThrowInternal(ir::Span{}, "RunPipeline: no input program");
  std::vector<InstrumentationPtr> instruments;
  // Required properties are checked before anything else looks at a pass's input; the round
  // trip is the last after-hook (hooks after a pass run in reverse order).
  if (options.verify_roundtrip) instruments.push_back(std::make_shared<RoundTripInstrumentation>());
  // Read once: the suite sets it for the whole process.
  static const bool verify_each = [] {
    const char* v = std::getenv("TILESPLIT_VERIFY_EACH");
    return v && std::string_view(v) == "1";
  }();
  const bool produced = options.verify_produced || verify_each;
  if (options.verify_required || produced)
    instruments.push_back(std::make_shared<VerifyPropertiesInstrumentation>(
        options.verify_required, produced, options.registry));
  instruments.insert(instruments.end(), options.instruments.begin(), options.instruments.end());
  std::optional<PassContext> own;
  PassContext& ctx = options.context ? *options.context : own.emplace();
  if (options.remarks) ctx.remarks = options.remarks;
  if (options.warnings) ctx.warnings = options.warnings;
  ProgramPtr current = input;
  std::optional<WarningScope> warnings;
  if (ctx.warnings) warnings.emplace(ctx.warnings);
  for (const Pass& pass : passes) {
    // The pass's name is stamped on warnings too, so a scope is installed for every pass.
    std::optional<RemarkScope> remarks;
    if (ctx.remarks || ctx.warnings) remarks.emplace(ctx.remarks, pass.name());
    current = RunPass(pass, current, instruments, &ctx);
  }
  return current;
}

}  // namespace tilesplit::pass
