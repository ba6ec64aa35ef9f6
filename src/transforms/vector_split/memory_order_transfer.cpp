// The split extension that orders two cores' accesses to one tensor by a pipe transfer
// (lane_memory_order.h, OrderByTransfer). Nothing but the pipes orders the AIC and the two lanes;
// where the kernel as written stores on one core and then touches the same elements on another,
// a small token crosses between them right before the later access, so the later core waits for
// the earlier one exactly where the sequential order says. The token is dead on arrival: its only
// effect is the wait, and the transfers are the spec's own (a split=0 shard, a split=0 gather).
#include <optional>

#include "lane_memory_order.h"
#include "tilesplit/ir/mutator.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/pass/remarks.h"

namespace tilesplit::vector_split {
namespace {

using ir::ExprPtr;
using ir::StmtPtr;
using ir::VarPtr;

constexpr int kAic = 0;

bool Holds(const StmtPtr& s, const ir::Stmt* target) {
  if (s.get() == target) return true;
  bool found = false;
  ir::ForEachStmt(s, ir::kWalkAll, [&](const StmtPtr& c) {
    if (c.get() == target) found = true;
    return found ? ir::WalkStep::Stop : ir::WalkStep::Descend;
  });
  return found;
}

// The token transfers for an order from core `from` to core `to`: a cube tile sent to the lanes
// (the AIC first), a lane tile sent to the cube (a lane first), or both (one lane waits for the
// other: both lanes push, the cube pops both and pushes back). A split function sends them with
// the boundary ops (split=0: whole, the same on both lanes), an unsplit one with tile.move, its
// crossings.
std::vector<StmtPtr> Token(int from, int to, bool split, ir::NameGenerator& names, ir::Span span) {
  std::vector<StmtPtr> out;
  auto bind = [&](const std::string& hint, ExprPtr e) {
    VarPtr v = ir::MakeVar(names.Fresh(hint), e->type, span);
    out.push_back(ir::MakeAssign(v, std::move(e), span));
    return v;
  };
  auto alloc = [&](ir::MemorySpace m) {
    return ops::Create(ops::AllocationOp(), {ir::MakeTupleExpr({ir::Index(1), ir::Index(8)})},
                       {{"dtype", ir::DataType::FP32}, {"target_memory", m}}, span);
  };
  auto send = [&](const VarPtr& v, ir::MemorySpace to_memory) {
    if (!split) return ops::Create(ops::MemoryMoveOp(), {v}, {{"target_memory", to_memory}}, span);
    const ops::OpDef& op = to_memory == ir::MemorySpace::Mat ? ops::GatherOp() : ops::ShardOp();
    return ops::Create(op, {v}, {{"split", int64_t{0}}}, span);
  };
  VarPtr cube;
  if (from == kAic) {
    cube = bind("order_token_mat", alloc(ir::MemorySpace::Mat));
  } else {
    VarPtr lane = bind("order_token", alloc(ir::MemorySpace::Vec));
    cube = bind("order_token_mat", send(lane, ir::MemorySpace::Mat));
  }
  if (to != kAic) bind("order_token", send(cube, ir::MemorySpace::Vec));
  return out;
}

// Inserts the token right before the child of the innermost statement list that holds `second`,
// when an earlier child of that list holds `first`.
class Inserter : public ir::IRMutator {
 public:
  Inserter(const MemoryDisorder& d, ir::NameGenerator& names, bool has_regions, bool split)
      : d_(d), names_(names), outside_ok_(!has_regions), split_(split) {}
  bool done = false;

 protected:
  // Boundary ops of a function with regions belong inside one (AivSplitValid check (c)).
  StmtPtr MutateSplitAiv(const ir::SplitAivStmtPtr& op) override {
    ++in_region_;
    StmtPtr r = ir::IRMutator::MutateSplitAiv(op);
    --in_region_;
    return r;
  }
  StmtPtr MutateSeq(const ir::SeqStmtsPtr& op) override {
    if (done) return op;
    std::optional<size_t> i, j;
    for (size_t k = 0; k < op->stmts.size(); ++k) {
      if (!i && !after_first_ && Holds(op->stmts[k], d_.first)) i = k;
      if (!j && Holds(op->stmts[k], d_.second)) j = k;
    }
    if (!j) return op;
    if (!after_first_) {
      if (!i) return op;
      if (*i == *j) return ir::IRMutator::MutateSeq(op);
      if (*i > *j) return op;  // the later access comes first: an order across iterations
    }
    std::vector<StmtPtr> stmts = op->stmts;
    if (in_region_ || outside_ok_) {
      std::vector<StmtPtr> token =
          Token(d_.first_core, d_.second_core, split_, names_, stmts[*j]->span);
      stmts.insert(stmts.begin() + static_cast<long>(*j), token.begin(), token.end());
      done = true;
      return ir::MakeSeq(std::move(stmts), op->span);
    }
    // `first` lies before stmts[j], outside every region of a function with regions: the token
    // goes into the region (or the loop around one) that holds `second`, before it.
    const bool outer = after_first_;
    after_first_ = true;
    stmts[*j] = MutateStmt(stmts[*j]);
    after_first_ = outer;
    return done ? ir::MakeSeq(std::move(stmts), op->span) : op;
  }

 private:
  const MemoryDisorder& d_;
  ir::NameGenerator& names_;
  const bool outside_ok_;
  const bool split_;
  int in_region_ = 0;
  bool after_first_ = false;  // `first` precedes the statement being mutated
};

}  // namespace

ir::FunctionPtr OrderByTransfer(const ir::FunctionPtr& lowered, const MemoryDisorder& d) {
  if (!d.first || !d.second || d.first == d.second || d.first_core == d.second_core) return nullptr;
  ir::NameGenerator names(*lowered);
  const bool regions = ir::FirstOfKind<ir::SplitAivStmt>(lowered->body, ir::kWalkAll) != nullptr;
  Inserter ins(d, names, regions, regions || lowered->BoolAttr(ir::fattr::kSplitAiv));
  StmtPtr body = ins.MutateStmt(lowered->body);
  if (!ins.done) return nullptr;
  static const char* const kCore[] = {"the AIC", "AIV lane 0", "AIV lane 1"};
  const std::string how = d.first_core == kAic    ? "a token shard from the cube (split=0)"
                          : d.second_core == kAic ? "a token gather to the cube (split=0)"
                                                  : "a token gather to the cube and back (split=0)";
  pass::EmitRemark(pass::RemarkKind::Passed, d.second->span,
                   "split extension (memory order): " + std::string(kCore[d.second_core]) +
                       " waits here for " + kCore[d.first_core] + "'s access at line " +
                       std::to_string(d.first->span.line) + " through " + how +
                       ", so the two keep the kernel's order; cost: one transfer of 32 bytes "
                       "each way it crosses (--split-extensions=off refuses it, as the spec does)",
                   {{"extension", "memory order"}, {"cost", how}});
  return std::make_shared<ir::Function>(lowered->name, lowered->func_type, lowered->params,
                                        lowered->return_types, lowered->attrs, std::move(body),
                                        lowered->span);
}

}  // namespace tilesplit::vector_split
