// IR statements and functions. Bodies are statements (usually a SeqStmts). SSA discipline: every
// Var is defined exactly once (assignment target, loop var, iter arg, return var, parameter).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/node_kinds.h"

namespace tilesplit::ir {

// One enumerator per kind of node_kinds.h, in its order.
enum class StmtKind : uint8_t {
#define TILESPLIT_X(Kind, Class, Shape, Gate, py_name, py_fields) Kind,
  TILESPLIT_STMT_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
};

// Which statements a kind holds, and under which walk option a walk enters them (node_kinds.h).
enum class StmtShape : uint8_t { Leaf, Sequence, OneBody, Branches };
enum class StmtGate : uint8_t { Always, IntoScopes, IntoRegions };

// What node_kinds.h says of one kind, for code that reads the list at run time (the bindings'
// kind table, tests that check a generated artefact against it).
struct StmtKindFacts {
  StmtKind kind;
  const char* name;        // the enumerator's spelling
  const char* class_name;  // the node class
  StmtShape shape;
  StmtGate gate;
  const char* py_name;    // PyPTO's node name; its visitor method is visit_<py_name>
  const char* py_fields;  // space-separated Python attributes, in evaluation order
};
inline constexpr StmtKindFacts kStmtKinds[] = {
#define TILESPLIT_X(Kind, Class, Shape, Gate, py_name, py_fields) \
  {StmtKind::Kind, #Kind, #Class, StmtShape::Shape, StmtGate::Gate, py_name, py_fields},
    TILESPLIT_STMT_KINDS(TILESPLIT_X)
#undef TILESPLIT_X
};
inline constexpr size_t kNumStmtKinds = sizeof(kStmtKinds) / sizeof(kStmtKinds[0]);
constexpr const StmtKindFacts& FactsOf(StmtKind k) {
  return kStmtKinds[static_cast<size_t>(k)];
}

class Stmt {
 public:
  Stmt(StmtKind k, Span s) : kind(k), span(s) {}
  virtual ~Stmt() = default;
  const StmtKind kind;
  const Span span;

  template <typename T>
  const T* As() const {
    return kind == T::kKind ? static_cast<const T*>(this) : nullptr;
  }
};
using StmtPtr = std::shared_ptr<const Stmt>;

class AssignStmt : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Assign;
  AssignStmt(VarPtr v, ExprPtr e, Span s)
      : Stmt(kKind, s), var(std::move(v)), value(std::move(e)) {}
  const VarPtr var;
  const ExprPtr value;
};

// A call evaluated for its effect (tpush, tfree, notify, a store whose result is unused).
class EvalStmt : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Eval;
  EvalStmt(ExprPtr e, Span s) : Stmt(kKind, s), expr(std::move(e)) {}
  const ExprPtr expr;
};

class ReturnStmt : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Return;
  ReturnStmt(std::vector<ExprPtr> v, Span s) : Stmt(kKind, s), values(std::move(v)) {}
  const std::vector<ExprPtr> values;
};

class SeqStmts : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Seq;
  SeqStmts(std::vector<StmtPtr> v, Span s) : Stmt(kKind, s), stmts(std::move(v)) {}
  const std::vector<StmtPtr> stmts;
};

// Ends a loop body (values flow to the iter args and, after the last iteration, to the return
// vars) or an if branch (values flow to the if's return vars).
class YieldStmt : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Yield;
  YieldStmt(std::vector<ExprPtr> v, Span s) : Stmt(kKind, s), values(std::move(v)) {}
  const std::vector<ExprPtr> values;
};

struct IterArg {
  VarPtr var;
  ExprPtr init;
};

class ForStmt : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::For;
  ForStmt(VarPtr lv, ExprPtr start, ExprPtr stop, ExprPtr step, ForKind k, int64_t stage,
          std::vector<IterArg> ia, StmtPtr body, std::vector<VarPtr> rv, Span s)
      : Stmt(kKind, s),
        loop_var(std::move(lv)),
        start(std::move(start)),
        stop(std::move(stop)),
        step(std::move(step)),
        for_kind(k),
        stage(stage),
        iter_args(std::move(ia)),
        body(std::move(body)),
        return_vars(std::move(rv)) {}
  const VarPtr loop_var;
  const ExprPtr start, stop, step;
  const ForKind for_kind;
  const int64_t stage;  // pipeline stage count; 0 for other kinds
  const std::vector<IterArg> iter_args;
  const StmtPtr body;
  const std::vector<VarPtr> return_vars;  // one per iter arg
};

// `while cond:` (no iter args) or the carried `pl.while_` form, whose condition is evaluated over
// the iter args before each iteration.
class WhileStmt : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::While;
  WhileStmt(ExprPtr c, std::vector<IterArg> ia, StmtPtr body, std::vector<VarPtr> rv, Span s)
      : Stmt(kKind, s),
        cond(std::move(c)),
        iter_args(std::move(ia)),
        body(std::move(body)),
        return_vars(std::move(rv)) {}
  const ExprPtr cond;
  const std::vector<IterArg> iter_args;
  const StmtPtr body;
  const std::vector<VarPtr> return_vars;
};

class IfStmt : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::If;
  IfStmt(ExprPtr c, StmtPtr t, StmtPtr e, std::vector<VarPtr> rv, Span s)
      : Stmt(kKind, s),
        cond(std::move(c)),
        then_body(std::move(t)),
        else_body(std::move(e)),
        return_vars(std::move(rv)) {}
  const ExprPtr cond;
  const StmtPtr then_body;
  const StmtPtr else_body;  // may be null when there are no return vars
  const std::vector<VarPtr> return_vars;
};

// One entry of `optimizations=[...]` on a scope.
struct ScopeOptimization {
  enum class Kind : uint8_t { Split, CrossCoreSlot } kind;
  SplitMode split = SplitMode::None;  // Kind::Split
  int64_t slot_num = 0;               // Kind::CrossCoreSlot
  bool operator==(const ScopeOptimization& o) const {
    return kind == o.kind && split == o.split && slot_num == o.slot_num;
  }
};

// `with pl.at(level=..., optimizations=[...], name_hint="...", allow_early_resolve=...,
// deps=[...]) as tid`. The task id variable is defined by the scope (after its body runs); the
// deps are task id values bound before it. A scope with either is outlined to a submitted call
// (FunctionCall::task, docs/task-model.md).
class ScopeStmt : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Scope;
  ScopeStmt(Level l, std::vector<ScopeOptimization> o, std::string n, bool early, StmtPtr b, Span s,
            VarPtr tid = nullptr, std::vector<ExprPtr> d = {})
      : Stmt(kKind, s),
        level(l),
        optimizations(std::move(o)),
        name_hint(std::move(n)),
        allow_early_resolve(early),
        body(std::move(b)),
        task_id(std::move(tid)),
        deps(std::move(d)) {}
  const Level level;
  const std::vector<ScopeOptimization> optimizations;
  const std::string name_hint;  // empty = none
  const bool allow_early_resolve;
  const StmtPtr body;
  const VarPtr task_id;             // `as tid` (Scalar[TASK_ID]); null when not named
  const std::vector<ExprPtr> deps;  // task ids this task waits for
};

// `for v in pl.split_aiv(2, mode=...)`: a region whose vector work is split across the two AIV
// lanes. The lane variable is the target of the body's leading `v = tile.get_subblock_idx()`
// binding, when there is one (see LaneVar).
class SplitAivStmt : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::SplitAiv;
  SplitAivStmt(SplitMode m, StmtPtr b, Span s) : Stmt(kKind, s), mode(m), body(std::move(b)) {}
  const SplitMode mode;
  const StmtPtr body;
};

// `with pl.spmd(core_num, ...):`: one launch of `core_num` blocks, each running the body with its
// own block index (`tile.get_block_idx()`; `tile.get_block_num()` is core_num). The body is a
// dispatch (it calls kernels, which read the block index) or one CORE_GROUP scope (the loop form
// `for i in pl.spmd(n):`, whose scope binds `i` to the block index first). A host construct: it
// stands in Opaque and Orchestration functions only. `allow_early_resolve` is the runtime's
// scheduling hint, which changes nothing a program computes (docs/task-model.md). The blocks run
// in block order on the simulator; values the body defines are visible after it (those of the
// last block), as a scope's are.
class SpmdScopeStmt : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Spmd;
  SpmdScopeStmt(ExprPtr n, std::string hint, bool early, StmtPtr b, Span s)
      : Stmt(kKind, s),
        core_num(std::move(n)),
        name_hint(std::move(hint)),
        allow_early_resolve(early),
        body(std::move(b)) {}
  const ExprPtr core_num;
  const std::string name_hint;  // empty = none
  const bool allow_early_resolve;
  const StmtPtr body;
};

// Each node class is the one its line of node_kinds.h names, and the facts table is in enum order
// (FactsOf indexes it by the enumerator).
#define TILESPLIT_X(Kind, Class, Shape, Gate, py_name, py_fields)                     \
  static_assert(Class::kKind == StmtKind::Kind, #Class " is not the node of " #Kind); \
  static_assert(FactsOf(StmtKind::Kind).kind == StmtKind::Kind);
TILESPLIT_STMT_KINDS(TILESPLIT_X)
#undef TILESPLIT_X

StmtPtr MakeAssign(VarPtr var, ExprPtr value, Span span = {});
StmtPtr MakeEval(ExprPtr e, Span span = {});
StmtPtr MakeReturn(std::vector<ExprPtr> values, Span span = {});
StmtPtr MakeSeq(std::vector<StmtPtr> stmts, Span span = {});
StmtPtr MakeYield(std::vector<ExprPtr> values, Span span = {});

// The statements of a body with nested SeqStmts flattened.
std::vector<StmtPtr> FlattenStmts(const StmtPtr& body);
// The yield a body ends with (its last statement, through nested sequences), or null: what a
// loop body carries back or an if branch merges.
const YieldStmt* TrailingYield(const StmtPtr& body);
// The lane variable of a region: the target of a leading `v = tile.get_subblock_idx()`.
VarPtr LaneVar(const SplitAivStmt& region);
bool IsGetSubblockIdxCall(const ExprPtr& e);

}  // namespace tilesplit::ir
