// Machine references for the linear-growth targets: what a copy of the smallest possible
// node-based IR costs per statement at each size on this machine. Nothing of tilesplit runs
// here. Each "statement" is six heap nodes (a statement, its target, a call, three operands)
// built in program order, and the copy visits and rebuilds them in the same order, as the
// project's deep clone does. BM_BaselineNodeCopy allocates every node through make_shared (the
// project's own allocation pattern, with the same allocator); BM_BaselineBumpCopy places nodes
// back to back in large blocks and never frees one, the most cache-friendly layout a node IR
// can have. docs/performance.md compares their growth per 10x with the project's.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "counted.h"

namespace {

struct Node {
  int kind = 0;
  int64_t value = 0;
  std::string name;
  std::shared_ptr<const Node> a, b;
  std::vector<std::shared_ptr<const Node>> kids;
};
using NodePtr = std::shared_ptr<const Node>;

NodePtr Leaf(int64_t v) {
  auto n = std::make_shared<Node>();
  n->kind = 1;
  n->value = v;
  n->name = "t";
  return n;
}

NodePtr Statement(int64_t i) {
  auto call = std::make_shared<Node>();
  call->kind = 3;
  for (int k = 0; k < 3; ++k) call->kids.push_back(Leaf(k));
  auto s = std::make_shared<Node>();
  s->kind = 2;
  s->a = Leaf(i);
  s->b = std::move(call);
  return s;
}

NodePtr Copy(const NodePtr& n) {
  if (!n) return n;
  auto m = std::make_shared<Node>();
  m->kind = n->kind;
  m->value = n->value;
  m->name = n->name;
  m->a = Copy(n->a);
  m->b = Copy(n->b);
  m->kids.reserve(n->kids.size());
  for (const NodePtr& k : n->kids) m->kids.push_back(Copy(k));
  return m;
}

void BM_BaselineNodeCopy(benchmark::State& st) {
  std::vector<NodePtr> body;
  for (int64_t i = 0; i < st.range(0); ++i) body.push_back(Statement(i));
  tilesplit::bench::Counted counted;
  for (auto _ : st) {
    std::vector<NodePtr> out;
    out.reserve(body.size());
    for (const NodePtr& s : body) out.push_back(Copy(s));
    benchmark::DoNotOptimize(out.data());
  }
}

// Plain nodes in 1 MiB blocks, released all at once.
struct RawNode {
  int kind;
  int nkids;
  int64_t value;
  const RawNode* a;
  const RawNode* b;
  const RawNode** kids;
  char name[16];
};

class Blocks {
 public:
  Blocks() = default;
  Blocks(const Blocks&) = delete;
  Blocks& operator=(const Blocks&) = delete;
  ~Blocks() {
    for (void* b : blocks_) std::free(b);
  }
  void* Get(size_t n) {
    n = (n + 15) & ~size_t{15};
    if (next_ == nullptr || next_ + n > end_) {
      next_ = static_cast<char*>(std::malloc(kBlock));
      if (next_ == nullptr) throw std::bad_alloc();
      blocks_.push_back(next_);
      end_ = next_ + kBlock;
    }
    void* p = next_;
    next_ += n;
    return p;
  }

 private:
  static constexpr size_t kBlock = size_t{1} << 20;
  std::vector<void*> blocks_;
  char* next_ = nullptr;
  char* end_ = nullptr;
};

RawNode* NewRaw(Blocks& m, int kind, int64_t value) {
  auto* n = static_cast<RawNode*>(m.Get(sizeof(RawNode)));
  *n = RawNode{kind, 0, value, nullptr, nullptr, nullptr, "t"};
  return n;
}

const RawNode* RawStatement(Blocks& m, int64_t i) {
  RawNode* call = NewRaw(m, 3, 0);
  call->nkids = 3;
  call->kids = static_cast<const RawNode**>(m.Get(3 * sizeof(RawNode*)));
  for (int k = 0; k < 3; ++k) call->kids[k] = NewRaw(m, 1, k);
  RawNode* s = NewRaw(m, 2, 0);
  s->a = NewRaw(m, 1, i);
  s->b = call;
  return s;
}

const RawNode* RawCopy(Blocks& m, const RawNode* n) {
  if (n == nullptr) return nullptr;
  auto* c = static_cast<RawNode*>(m.Get(sizeof(RawNode)));
  *c = *n;
  c->a = RawCopy(m, n->a);
  c->b = RawCopy(m, n->b);
  if (n->nkids > 0) {
    c->kids = static_cast<const RawNode**>(m.Get(sizeof(RawNode*) * n->nkids));
    for (int k = 0; k < n->nkids; ++k) c->kids[k] = RawCopy(m, n->kids[k]);
  }
  return c;
}

void BM_BaselineBumpCopy(benchmark::State& st) {
  Blocks input;
  std::vector<const RawNode*> body;
  for (int64_t i = 0; i < st.range(0); ++i) body.push_back(RawStatement(input, i));
  tilesplit::bench::Counted counted;
  for (auto _ : st) {
    Blocks output;
    std::vector<const RawNode*> out;
    out.reserve(body.size());
    for (const RawNode* s : body) out.push_back(RawCopy(output, s));
    benchmark::DoNotOptimize(out.data());
  }
}

}  // namespace

BENCHMARK(BM_BaselineNodeCopy)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BaselineBumpCopy)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond);
