// The statement interpreter: executes one function on one core (core-group.md 4). The reference
// execution is one Interpreter on a Reference context; the split execution runs one Interpreter
// per core of the group, each with its own context and the executor's pipes.
#pragma once

#include <memory>
#include <unordered_map>
#include <vector>

#include "tilesplit/ir/function.h"
#include "tilesplit/runtime/value.h"
#include "tilesplit/semantics/semantics.h"
#include "tilesplit/sim/schedule.h"
#include "tilesplit/target/split_program.h"

namespace tilesplit::sim {

class TileLiveness;  // src/sim/tile_liveness.h

class Interpreter {
 public:
  // Makes sure the operators' semantics are attached to their records (EvalCall reads them
  // there).
  explicit Interpreter(ops::ExecContext& ctx) : ctx_(ctx) { ops::SemanticsTable::Global(); }

  // Binds the parameters to `args` (one per parameter; a dynamic dimension named in a parameter
  // type is bound to the argument's extent) and executes the body. Returns the returned values.
  std::vector<Value> Run(const ir::Function& f, const std::vector<Value>& args);

  // Where the core is: its function and the statement it is executing (for deadlock reports;
  // read by the scheduler only while this core is blocked).
  const ir::Function* function() const { return func_; }
  const ir::Stmt* statement() const { return stmt_; }

  // Evaluates an expression in the current environment; Define binds a variable for it (used to
  // evaluate parameter types before a run, and by tests).
  Value Eval(const ir::ExprPtr& e);
  void Define(const ir::VarPtr& v, Value value) { Bind(v, std::move(value)); }

  // The program a FunctionCall's callee is looked up in, and the kernel groups a call of a
  // Group, AIC or AIV function runs; without one, a call is an error.
  void SetProgram(const target::SplitProgram* p) {
    split_ = p;
    program_ = p ? &p->program() : nullptr;
  }
  // The schedule a called Group runs under.
  void SetSchedule(const Schedule& s) { schedule_ = s; }

 private:
  enum class Flow { Normal, Return };

  Flow Exec(const ir::StmtPtr& s);
  Flow ExecSeq(const ir::SeqStmts& s);
  Flow ExecFor(const ir::ForStmt& s);
  Flow ExecWhile(const ir::WhileStmt& s);
  Flow ExecIf(const ir::IfStmt& s);
  Flow ExecRegion(const ir::SplitAivStmt& s);
  Flow ExecSpmd(const ir::SpmdScopeStmt& s);
  // Runs a loop or branch body and collects what its Yield passes on.
  Flow ExecBody(const ir::StmtPtr& body, std::vector<Value>* yielded);

  // `release`: tile variables the statement reads for the last time, released once the
  // arguments are evaluated so that the op may reuse a sole operand's storage (OpCall::Reuse).
  Value EvalCall(const ir::Call& c, const std::vector<const ir::Var*>* release = nullptr);
  // Runs the callee on a fresh interpreter with the arguments bound (tensors are shared, so the
  // callee's stores are the caller's); a Group, AIC or AIV callee runs on the core group.
  Value EvalFunctionCall(const ir::FunctionCall& c);
  Value EvalBinary(const ir::Binary& b);
  Scalar EvalScalar(const ir::ExprPtr& e);
  int64_t EvalInt(const ir::ExprPtr& e);
  void GeometryOf(const ir::TypePtr& t, const ir::Call& c, std::vector<ops::TileGeom>* out);
  // A runtime extent outside [0, box] (box < 0: outside [0, 2^31)): a located UserError naming
  // the expression, the scalars it depends on and their values.
  [[noreturn]] void ExtentError(const ir::Call& c, const std::string& what, size_t dim,
                                const ir::ExprPtr& e, int64_t value, int64_t box);
  // "n = 20, m = 4" for the scalar variables `e` reads, each once ("" for a constant).
  std::string VariablesOf(const ir::ExprPtr& e);
  void CheckOffsets(const ir::Call& c, const std::vector<Value>& args,
                    const std::vector<ops::TileGeom>& geoms);
  // In a lane-by-lane region of the reference: re-deduces the result geometry from the operands
  // this lane holds; false (geometry kept) when they match their types or deduction refuses.
  bool LaneGeometry(const ir::Call& c, const std::vector<Value>& args,
                    std::vector<ops::TileGeom>* geoms);
  void Bind(const ir::VarPtr& v, Value value);
  void BindShapeVars(const std::vector<ir::ExprPtr>& shape, const std::vector<int64_t>& actual);

  ops::ExecContext& ctx_;
  std::unordered_map<const ir::Var*, Value> env_;
  std::vector<Value> yielded_;
  std::vector<Value> returned_;
  const ir::Function* func_ = nullptr;
  const ir::Stmt* stmt_ = nullptr;
  const target::SplitProgram* split_ = nullptr;
  const ir::Program* program_ = nullptr;  // split_'s program
  Schedule schedule_;
  int call_depth_ = 0;
  int64_t tasks_ = 0;  // tasks this run submitted: the next task id (EvalFunctionCall)
  // Where the running function's tiles die (Run sets it; ExecSeq releases them there).
  std::shared_ptr<TileLiveness> liveness_;
  // The variables the statement ExecSeq is executing reads for the last time.
  const std::vector<const ir::Var*>* last_uses_ =
      nullptr;  // of the caller chain; cycles are rejected earlier, this is a backstop
};

}  // namespace tilesplit::sim
