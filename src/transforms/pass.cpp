#include "tilesplit/transforms/pass.h"

#include <optional>

#include "tilesplit/analysis/structural_equal.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/ir/error.h"

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

// The first line where two texts differ, for the idempotence report.
std::string FirstDifferingLine(const std::string& a, const std::string& b) {
  size_t line = 1, i = 0;
  size_t start = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) {
    if (a[i] == '\n') {
      ++line;
      start = i + 1;
    }
    ++i;
  }
  auto line_at = [start](const std::string& s) {
    size_t end = s.find('\n', start);
    return s.substr(start, end == std::string::npos ? std::string::npos : end - start);
  };
  return "line " + std::to_string(line) + ": first print `" + line_at(a) + "`, reprint `" +
         line_at(b) + "`";
}

// Print -> parse -> structural equality, then print again and require the same bytes (dsl.md
// 10). Every failure is the pass's fault: it built IR outside the language.
ProgramPtr VerifyRoundTrip(const std::string& pass_name, const ProgramPtr& program) {
  const std::string where = "after pass '" + pass_name + "'";
  std::string text;
  try {
    text = dsl::Print(program);
  } catch (const ir::UserError& e) {
    ir::ThrowInternal(e.span(), where + ": the output cannot be printed: " + e.message());
  }
  ProgramPtr reparsed;
  try {
    reparsed = dsl::Parse(text, "<" + pass_name + " output>");
  } catch (const ir::UserError& e) {
    std::string msg = where + ": the printed output does not parse back: " + e.message();
    if (e.span().valid())
      msg += " (printed line " + std::to_string(e.span().line) + ": `" +
             std::string(ir::SourceManager::Line(e.span().file, e.span().line)) + "`)";
    ir::ThrowInternal(ir::Span{}, msg);
  }
  analysis::EqualResult eq = analysis::StructuralEqual(program, reparsed);
  if (!eq)
    ir::ThrowInternal(ir::Span{}, where + ": print -> parse changed the program: " + eq.Describe());
  std::string again = dsl::Print(reparsed);
  if (again != text)
    ir::ThrowInternal(ir::Span{},
                      where + ": printing is not idempotent, " + FirstDifferingLine(text, again));
  return reparsed;
}

// A pass's printed output is a program of the language like any other, so running the pass on
// it again must find nothing left to do: a second lowering that splits, guards or renames again
// means the printed form lost what the first lowering knew (dsl.md 10, stable printed forms).
void VerifyRerunStable(const Pass& pass, const ProgramPtr& output, const ProgramPtr& reparsed) {
  const std::string where = "after pass '" + pass.name() + "'";
  ProgramPtr again;
  try {
    again = pass(reparsed);
  } catch (const ir::UserError& e) {
    ir::ThrowInternal(e.span(),
                      where + ": running it again on its printed output fails: " + e.message());
  }
  analysis::EqualResult eq = analysis::StructuralEqual(output, again);
  if (!eq)
    ir::ThrowInternal(ir::Span{}, where + ": running it again on its printed output changes it: " +
                                      eq.Describe());
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
  if (p.empty() || !v) ir::ThrowInternal(ir::Span{}, "invalid verifier registration");
  if (!verifiers_.emplace(p, std::move(v)).second)
    ir::ThrowInternal(ir::Span{}, "a verifier for property '" + p + "' is registered twice");
}

const PropertyVerifier* PassRegistry::FindVerifier(std::string_view p) const {
  auto it = verifiers_.find(p);
  return it == verifiers_.end() ? nullptr : &it->second;
}

PassRegistrar::PassRegistrar(std::string name, std::string description,
                             std::function<Pass()> factory) {
  PassRegistry::Global().Register({std::move(name), std::move(description), std::move(factory)});
}

VerifierRegistrar::VerifierRegistrar(Property property, PropertyVerifier verifier) {
  PassRegistry::Global().RegisterVerifier(std::move(property), std::move(verifier));
}

ProgramPtr RunPipeline(const ProgramPtr& input, const std::vector<Pass>& passes,
                       const PipelineOptions& options) {
  if (!input) ir::ThrowInternal(ir::Span{}, "RunPipeline: no input program");
  ProgramPtr current = input;
  const PassRegistry& registry = PassRegistry::Global();
  for (const Pass& pass : passes) {
    if (options.verify_required) {
      for (const Property& prop : pass.required()) {
        const PropertyVerifier* verify = registry.FindVerifier(prop);
        if (!verify) continue;
        try {
          (*verify)(current);
        } catch (const ir::UserError& e) {
          // Keep the violation's location and notes; say which pass needed the property.
          throw ir::UserError(e.span(),
                              "pass '" + pass.name() + "' requires property " + prop +
                                  ", which its input violates: " + e.message(),
                              e.notes());
        }
      }
    }
    std::optional<RemarkScope> remarks;
    if (options.remarks) remarks.emplace(options.remarks, pass.name());
    ProgramPtr next = pass(current);
    if (!next) ir::ThrowInternal(ir::Span{}, "pass '" + pass.name() + "' returned no program");
    remarks.reset();  // the check below runs the pass again: its remarks are not the run's
    if (options.verify_roundtrip) VerifyRerunStable(pass, next, VerifyRoundTrip(pass.name(), next));
    current = std::move(next);
  }
  return current;
}

}  // namespace tilesplit::pass
