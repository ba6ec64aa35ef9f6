#include "tilesplit/pass/instrumentation.h"

#include <cstdio>
#include <ostream>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::pass {

namespace {

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

// The rule id of a property violation: "property.NAME", refined by the lettered check the
// verifier names ("AivSplitValid check (c) ..." -> "property.AivSplitValid.c").
std::string PropertyRule(const std::string& prop, const std::string& message) {
  const std::string marker = prop + " check (";
  const size_t at = message.find(marker);
  if (at != std::string::npos) {
    const size_t start = at + marker.size();
    const size_t end = message.find(')', start);
    if (end != std::string::npos && end > start && end - start <= 3)
      return "property." + prop + "." + message.substr(start, end - start);
  }
  return "property." + prop;
}

}  // namespace

void VerifyPropertiesInstrumentation::BeforePass(const Pass& pass, const ProgramPtr& input) {
  if (!before_) return;
  const PassRegistry& registry = registry_ ? *registry_ : PassRegistry::Global();
  for (const Property property : pass.required()) {
    const std::string prop(PropertyName(property));
    const PropertyVerifier* verify = registry.FindVerifier(property);
    if (!verify) {
      unverified.insert(prop);
      continue;
    }
    try {
      (*verify)(input);
    } catch (const ir::UserError& e) {
      // Keep the violation's location and notes; say which pass needed the property.
      throw ir::DetailedUserError(
          ir::UserError(e.span(),
                        "pass '" + pass.name() + "' requires property " + prop +
                            ", which its input violates: " + e.message(),
                        e.notes()),
          PropertyRule(prop, e.message()));
    }
    verified.emplace_back(pass.name(), prop, "before");
  }
}

void VerifyPropertiesInstrumentation::AfterPass(const Pass& pass, const ProgramPtr& input,
                                                const ProgramPtr& output) {
  if (!after_) return;
  const PassRegistry& registry = registry_ ? *registry_ : PassRegistry::Global();
  for (const Property property : pass.produced()) {
    const std::string prop(PropertyName(property));
    const PropertyVerifier* verify = registry.FindVerifier(property);
    if (!verify) {
      unverified.insert(prop);
      continue;
    }
    try {
      (*verify)(output);
    } catch (const ir::UserError& e) {
      ir::ThrowInternal(e.span(), "pass '" + pass.name() + "' claims to produce property " + prop +
                                      ", but its output violates it: " + e.message());
    }
    verified.emplace_back(pass.name(), prop, "after");
  }
}

ProgramPtr VerifyRoundTrip(const std::string& pass_name, const std::string& text,
                           const ProgramPtr& program) {
  const std::string where = "after pass '" + pass_name + "'";
  ProgramPtr reparsed;
  try {
    // The memory contract is not the printer's business: a program between
    // convert-tensor-to-tile-ops and infer-tile-memory-space breaks it by design, and the
    // TileMemoryInferred verifier checks it before every pass that requires it.
    dsl::ParseOptions options;
    options.defer_memory_contract = true;
    reparsed = dsl::Parse(text, "<" + pass_name + " output>", options);
  } catch (const ir::UserError& e) {
    std::string msg = where + ": the printed output does not parse back: " + e.message();
    if (e.span().valid())
      msg += " (printed line " + std::to_string(e.span().line) + ": `" +
             std::string(ir::SourceManager::Line(e.span().file, e.span().line)) + "`)";
    ir::ThrowInternal(ir::Span{}, msg);
  }
  if (!program) return reparsed;
  dsl::EqualResult eq = dsl::StructuralEqual(program, reparsed);
  if (!eq)
    ir::ThrowInternal(ir::Span{}, where + ": print -> parse changed the program: " + eq.Describe());
  std::string again = dsl::Print(reparsed);
  if (again != text)
    ir::ThrowInternal(ir::Span{},
                      where + ": printing is not idempotent, " + FirstDifferingLine(text, again));
  return reparsed;
}

void RoundTripInstrumentation::AfterPass(const Pass& pass, const ProgramPtr& input,
                                         const ProgramPtr& output) {
  std::string text;
  try {
    text = dsl::Print(output);
  } catch (const ir::UserError& e) {
    ir::ThrowInternal(
        e.span(), "after pass '" + pass.name() + "': the output cannot be printed: " + e.message());
  }
  const ProgramPtr reparsed = VerifyRoundTrip(pass.name(), text, output);
  // A pass's printed output is a program of the language like any other, so running the pass on
  // it again must find nothing left to do: a second lowering that splits, guards or renames again
  // means the printed form lost what the first lowering knew (dsl.md 10, stable printed forms).
  const std::string where = "after pass '" + pass.name() + "'";
  ProgramPtr rerun;
  try {
    RemarkScope quiet(nullptr, pass.name());  // the check's own run reports no remarks
    rerun = pass(reparsed);
  } catch (const ir::UserError& e) {
    ir::ThrowInternal(e.span(),
                      where + ": running it again on its printed output fails: " + e.message());
  }
  dsl::EqualResult eq = dsl::StructuralEqual(output, rerun);
  if (!eq)
    ir::ThrowInternal(ir::Span{}, where + ": running it again on its printed output changes it: " +
                                      eq.Describe());
}

void PrintIRInstrumentation::BeforePass(const Pass& pass, const ProgramPtr& input) {
  if (!options_.before_all && !options_.before.count(pass.name())) return;
  out_ << "# ---- IR before pass '" << pass.name() << "' ----\n";
  dsl::Print(input, [&](std::string_view chunk) { out_ << chunk; });
  out_.flush();
}

void PrintIRInstrumentation::AfterPass(const Pass& pass, const ProgramPtr& input,
                                       const ProgramPtr& output) {
  if (!options_.after_all && !options_.after.count(pass.name())) return;
  out_ << "# ---- IR after pass '" << pass.name() << "' ----\n";
  dsl::Print(output, [&](std::string_view chunk) { out_ << chunk; });
  out_.flush();
}

void TimePassesInstrumentation::BeforePass(const Pass& pass, const ProgramPtr& input) {
  started_.push_back(std::chrono::steady_clock::now());
}

void TimePassesInstrumentation::AfterPass(const Pass& pass, const ProgramPtr& input,
                                          const ProgramPtr& output) {
  if (started_.empty()) return;
  const double s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_.back()).count();
  started_.pop_back();
  for (Row& r : rows_)
    if (r.pass == pass.name()) {
      ++r.runs;
      r.seconds += s;
      return;
    }
  rows_.push_back({pass.name(), 1, s});
}

void TimePassesInstrumentation::Report(std::ostream& out) const {
  double total = 0;
  for (const Row& r : rows_) total += r.seconds;
  char buf[160];
  out << "# ---- pass execution times (wall clock) ----\n";
  std::snprintf(buf, sizeof buf, "%12s %7s %5s  %s\n", "seconds", "share", "runs", "pass");
  out << buf;
  for (const Row& r : rows_) {
    std::snprintf(buf, sizeof buf, "%12.6f %6.1f%% %5d  %s\n", r.seconds,
                  total > 0 ? 100.0 * r.seconds / total : 0.0, r.runs, r.pass.c_str());
    out << buf;
  }
  std::snprintf(buf, sizeof buf, "%12.6f %6.1f%% %5s  %s\n", total, total > 0 ? 100.0 : 0.0, "",
                "total");
  out << buf;
}

}  // namespace tilesplit::pass
