// Optimization remarks: what a pass decided and why, located at the statement it is about
// (`FILE:LINE:COL: remark: ...`), in the spirit of LLVM's -Rpass / -Rpass-missed /
// -Rpass-analysis. A pass emits them with EmitRemark; they go to the sink the pipeline installed
// for it (PipelineOptions::remarks), and nowhere when none is installed, so emission costs one
// thread-local load on the ordinary path. `tilesplit opt --remarks`, `tilesplit explain` and the
// Python PassContext(remarks=...) read the same remarks.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/span.h"

namespace tilesplit::pass {

enum class RemarkKind : uint8_t {
  Passed,    // a transformation was done (a function split, a value halved, a ring sized)
  Missed,    // a transformation was not done, with the reason
  Analysis,  // a fact the decision rests on (a value kept full width, a lane stride)
};

// "passed", "missed", "analysis".
const char* RemarkKindName(RemarkKind k);

struct Remark {
  RemarkKind kind = RemarkKind::Analysis;
  ir::Span span;
  std::string pass;      // the pass that emitted it (set by the pipeline)
  std::string function;  // the function it is about, when the pass said
  std::string message;
  // Machine-readable facts behind the message (e.g. {"value", "y"}, {"axis", "0"}), for tools
  // that read the decision rather than the prose (`tilesplit explain`).
  std::vector<std::pair<std::string, std::string>> args;

  // The value of `key` in args, or empty.
  std::string Arg(const std::string& key) const;
};

class RemarkSink {
 public:
  virtual ~RemarkSink() = default;
  virtual void Emit(const Remark& r) = 0;
};

// Keeps every remark in emission order.
class RemarkCollector : public RemarkSink {
 public:
  void Emit(const Remark& r) override { remarks_.push_back(r); }
  const std::vector<Remark>& remarks() const { return remarks_; }

 private:
  std::vector<Remark> remarks_;
};

// Installs `sink` for the passes run on this thread while the scope lives (nesting restores the
// outer sink). `pass_name` is stamped on every remark emitted meanwhile.
class RemarkScope {
 public:
  RemarkScope(RemarkSink* sink, std::string pass_name);
  ~RemarkScope();
  RemarkScope(const RemarkScope&) = delete;
  RemarkScope& operator=(const RemarkScope&) = delete;

 private:
  RemarkSink* saved_sink_;
  std::string saved_pass_;
};

// Names the function later remarks are about while it lives (a pass sets it per function).
class RemarkFunction {
 public:
  explicit RemarkFunction(std::string name);
  ~RemarkFunction();
  RemarkFunction(const RemarkFunction&) = delete;
  RemarkFunction& operator=(const RemarkFunction&) = delete;

 private:
  std::string saved_;
};

// Whether a sink is installed: lets an emission point skip building its message.
bool RemarksEnabled();

// Sends a remark to the installed sink, if any.
void EmitRemark(RemarkKind kind, ir::Span span, std::string message,
                std::vector<std::pair<std::string, std::string>> args = {});

// `FILE:LINE:COL: remark: MESSAGE [PASS, KIND]` (no location prefix when the span has none).
std::string FormatRemark(const Remark& r);

// A warning: something a pass accepts (the spec keeps it valid) that the author most likely did
// not mean, located, with the fix. Unlike a remark it is not opt-in: every entry point installs a
// sink and shows it (the CLI on standard error, Python as a warnings.warn), since the author
// needs it to read the result. `rule` names its kind for JSON / SARIF (e.g. "split.duplicated").
struct Warning {
  ir::Span span;
  std::string pass;  // set by the pipeline
  std::string message;
  std::vector<ir::Note> notes;
  std::string rule;
};

class WarningSink {
 public:
  virtual ~WarningSink() = default;
  virtual void Emit(const Warning& w) = 0;
};

class WarningCollector : public WarningSink {
 public:
  void Emit(const Warning& w) override { warnings_.push_back(w); }
  const std::vector<Warning>& warnings() const { return warnings_; }

 private:
  std::vector<Warning> warnings_;
};

// Installs `sink` for the passes run on this thread while the scope lives, like RemarkScope.
class WarningScope {
 public:
  explicit WarningScope(WarningSink* sink);
  ~WarningScope();
  WarningScope(const WarningScope&) = delete;
  WarningScope& operator=(const WarningScope&) = delete;

 private:
  WarningSink* saved_;
};

// Sends a warning to the installed sink, stamped with the running pass; dropped when none is.
void EmitWarning(ir::Span span, std::string message, std::vector<ir::Note> notes, std::string rule);

}  // namespace tilesplit::pass
