// The pass context and its analysis cache (context.h).
#include "tilesplit/pass/context.h"

#include <unordered_set>

namespace tilesplit::pass {

namespace {
thread_local PassContext* current = nullptr;
}  // namespace

void AnalysisManager::Retain(const ir::Program& p) {
  std::unordered_set<const ir::Function*> live;
  live.reserve(p.functions.size());
  for (const ir::FunctionPtr& f : p.functions) live.insert(f.get());
  for (auto it = entries_.begin(); it != entries_.end();)
    it = live.count(it->first.second) ? std::next(it) : entries_.erase(it);
}

PassContext* PassContext::Current() {
  return current;
}

PassContext::Scope::Scope(PassContext& ctx) : saved_(current) {
  current = &ctx;
}

PassContext::Scope::~Scope() {
  current = saved_;
}

}  // namespace tilesplit::pass
