// The remark sink of the running pass (include/tilesplit/pass/remarks.h). Thread-local, so
// pipelines run on several threads at once (the fuzzer's workers) keep their remarks apart.
#include "tilesplit/pass/remarks.h"

namespace tilesplit::pass {
namespace {

struct Current {
  RemarkSink* sink = nullptr;
  WarningSink* warnings = nullptr;
  std::string pass;
  std::string function;
};

Current& CurrentRemarks() {
  thread_local Current current;
  return current;
}

}  // namespace

const char* RemarkKindName(RemarkKind k) {
  switch (k) {
    case RemarkKind::Passed:
      return "passed";
    case RemarkKind::Missed:
      return "missed";
    case RemarkKind::Analysis:
      return "analysis";
  }
  return "analysis";
}

std::string Remark::Arg(const std::string& key) const {
  for (const auto& [k, v] : args)
    if (k == key) return v;
  return {};
}

RemarkScope::RemarkScope(RemarkSink* sink, std::string pass_name) {
  Current& c = CurrentRemarks();
  saved_sink_ = c.sink;
  saved_pass_ = std::move(c.pass);
  c.sink = sink;
  c.pass = std::move(pass_name);
}

RemarkScope::~RemarkScope() {
  Current& c = CurrentRemarks();
  c.sink = saved_sink_;
  c.pass = std::move(saved_pass_);
}

RemarkFunction::RemarkFunction(std::string name) {
  Current& c = CurrentRemarks();
  saved_ = std::move(c.function);
  c.function = std::move(name);
}

RemarkFunction::~RemarkFunction() {
  CurrentRemarks().function = std::move(saved_);
}

bool RemarksEnabled() {
  return CurrentRemarks().sink != nullptr;
}

void EmitRemark(RemarkKind kind, ir::Span span, std::string message,
                std::vector<std::pair<std::string, std::string>> args) {
  Current& c = CurrentRemarks();
  if (!c.sink) return;
  c.sink->Emit(Remark{kind, span, c.pass, c.function, std::move(message), std::move(args)});
}

WarningScope::WarningScope(WarningSink* sink) {
  Current& c = CurrentRemarks();
  saved_ = c.warnings;
  c.warnings = sink;
}

WarningScope::~WarningScope() {
  CurrentRemarks().warnings = saved_;
}

void EmitWarning(ir::Span span, std::string message, std::vector<ir::Note> notes,
                 std::string rule) {
  Current& c = CurrentRemarks();
  if (!c.warnings) return;
  c.warnings->Emit(Warning{span, c.pass, std::move(message), std::move(notes), std::move(rule)});
}

std::string FormatRemark(const Remark& r) {
  std::string out;
  if (r.span.valid())
    out += ir::SourceManager::Name(r.span.file) + ":" + std::to_string(r.span.line) + ":" +
           std::to_string(r.span.col) + ": ";
  out += "remark: " + r.message + " [";
  if (!r.pass.empty()) out += r.pass + ", ";
  return out + RemarkKindName(r.kind) + "]";
}

}  // namespace tilesplit::pass
