// The pass context (MLIR's pass manager state): what one pipeline run shares between its passes
// and their verifiers — the analyses computed so far. RunPipeline makes one per run and hands it
// to every pass (Pass::Run); a pass run on its own gets a fresh one.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <utility>

#include "tilesplit/ir/function.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::pass {

// Function analyses, cached by the function's identity for one pipeline run.
//
// Why identity is enough: IR nodes are immutable, so a function a pass hands on unchanged is the
// same node after it and its analyses still hold, while a function a pass rewrites is a new node
// whose analyses are computed on first use. "What a pass preserves" is therefore exactly the
// analyses of the functions it keeps, with no declaration that could go stale. An entry holds its
// function, so that no other function can be allocated at the same address while it lives.
//
// An analysis A is a class with
//   static std::unique_ptr<A> Compute(const ir::Function& f);
class AnalysisManager {
 public:
  template <class A>
  const A& Get(const ir::FunctionPtr& f) {
    Entry& e = entries_[{Tag<A>(), f.get()}];
    if (!e.result) {
      e.function = f;
      e.result = std::shared_ptr<const A>(A::Compute(*f));
      ++computed_[Tag<A>()];
    }
    return *static_cast<const A*>(e.result.get());
  }

  template <class A>
  const A* Find(const ir::FunctionPtr& f) const {
    auto it = entries_.find({Tag<A>(), f.get()});
    return it == entries_.end() ? nullptr : static_cast<const A*>(it->second.result.get());
  }

  // Records a result a pass computed on the way: the split builds its output's lane facts while
  // it writes the output, and later readers (the memory order, the verifiers) find them here.
  template <class A>
  void Put(const ir::FunctionPtr& f, std::unique_ptr<A> result) {
    entries_[{Tag<A>(), f.get()}] = Entry{f, std::shared_ptr<const A>(std::move(result))};
  }

  // How many times A was computed (Get found nothing) since this manager was made; what a pass
  // Put is not counted. The test of "computed once per function" reads it.
  template <class A>
  size_t Computations() const {
    auto it = computed_.find(Tag<A>());
    return it == computed_.end() ? 0 : it->second;
  }

  // Drops the entries of functions `p` does not hold (called after each pass: a rewritten
  // function's old analyses are never asked for again).
  void Retain(const ir::Program& p);
  size_t size() const { return entries_.size(); }

 private:
  using TagT = const void*;
  template <class A>
  static TagT Tag() {
    static const char tag = 0;
    return &tag;
  }
  struct Entry {
    ir::FunctionPtr function;
    std::shared_ptr<const void> result;
  };
  std::map<std::pair<TagT, const ir::Function*>, Entry> entries_;
  std::map<TagT, size_t> computed_;
};

class PassContext {
 public:
  PassContext() = default;
  PassContext(const PassContext&) = delete;
  PassContext& operator=(const PassContext&) = delete;

  AnalysisManager& analyses() { return analyses_; }

  // Where the passes of this run send their remarks and warnings (remarks.h); nowhere when null.
  // RunPipeline installs them around each pass (PipelineOptions::remarks / warnings set them for
  // the run when given).
  RemarkSink* remarks = nullptr;
  WarningSink* warnings = nullptr;

  // The options of this run, one value per type (TVM's PassContext config): the caller sets them
  // once for the whole pipeline, and each pass reads the options it knows
  // (`ctx.Option<SplitOptions>()`), falling back to those it was built with.
  template <class T>
  void SetOption(T value) {
    options_[OptionTag<T>()] = std::make_shared<const T>(std::move(value));
  }
  template <class T>
  const T* Option() const {
    auto it = options_.find(OptionTag<T>());
    return it == options_.end() ? nullptr : static_cast<const T*>(it->second.get());
  }

  // Whether the passes keep a record of their decisions in the analyses, for a tool that
  // explains them (vector_split::SplitDecisions). Off by default: the record costs.
  bool record_decisions = false;

  // The context of the pass or verifier running on this thread, if any. Verifiers take only the
  // program (PropertyVerifier); the analyses they share with the pass they check come from here.
  static PassContext* Current();

  // Makes `ctx` the current context while the scope lives (RunPipeline, Pass::Run).
  class Scope {
   public:
    explicit Scope(PassContext& ctx);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    PassContext* saved_;
  };

 private:
  template <class T>
  static const void* OptionTag() {
    static const char tag = 0;
    return &tag;
  }
  AnalysisManager analyses_;
  std::map<const void*, std::shared_ptr<const void>> options_;
};

// The current context's analysis of `f`, or one computed for this call alone when no pipeline
// is running (a verifier called directly).
template <class A>
std::shared_ptr<const A> AnalysisOf(const ir::FunctionPtr& f) {
  if (PassContext* ctx = PassContext::Current())
    return std::shared_ptr<const A>(std::shared_ptr<void>{}, &ctx->analyses().Get<A>(f));
  return std::shared_ptr<const A>(A::Compute(*f));
}

}  // namespace tilesplit::pass
