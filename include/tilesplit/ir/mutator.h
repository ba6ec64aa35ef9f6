// Rewriting of the IR in the style of Halide's IRMutator: one virtual per node kind, dispatched on
// the kind enums. Every default rebuilds its node only when a child (or the node's type) came back
// as a different pointer and otherwise returns the original shared_ptr, so untouched subtrees keep
// their identity and a no-op mutation allocates nothing.
//
// Variables have identity, so they are not rebuilt per occurrence: the mutator keeps a memo from
// old Var to new Var, and every definition (MutateVarDef) and every use (MutateVar) of a variable
// resolves through it. A variable whose type changed (say, a shape mentions a substituted
// dimension) is rebuilt once and all its uses follow. Subclasses that introduce new variables for
// a definition (renaming, cloning) override MutateVarDef and record the choice with SetVarMapping;
// the IR is SSA and definitions precede uses in traversal order, so uses then find it.
//
// Expressions are rebuilt through the Make* builders (so a substituted constant folds and types
// are re-derived); a Call keeps its (mutated) result type, since only the op's deducer could
// recompute it. Statements are rebuilt directly. In a SeqStmts a child mutated to null is dropped.
#pragma once

#include <utility>
#include <vector>

#include "tilesplit/ir/function.h"
#include "tilesplit/ir/ptr_map.h"

namespace tilesplit::ir {

using ConstIntPtr = std::shared_ptr<const ConstInt>;
using ConstFloatPtr = std::shared_ptr<const ConstFloat>;
using ConstBoolPtr = std::shared_ptr<const ConstBool>;
using BinaryPtr = std::shared_ptr<const Binary>;
using UnaryPtr = std::shared_ptr<const Unary>;
using CastPtr = std::shared_ptr<const Cast>;
using CallPtr = std::shared_ptr<const Call>;
using MakeTuplePtr = std::shared_ptr<const MakeTuple>;
using TupleGetItemPtr = std::shared_ptr<const TupleGetItem>;
using FunctionCallPtr = std::shared_ptr<const FunctionCall>;
// <Class>Ptr for each statement kind of node_kinds.h (AssignStmtPtr, ForStmtPtr, ...).
#define TILESPLIT_X(Kind, Class, Shape, Gate, py_name, py_fields) \
  using Class##Ptr = std::shared_ptr<const Class>;
TILESPLIT_STMT_KINDS(TILESPLIT_X)
#undef TILESPLIT_X

class IRMutator {
 public:
  virtual ~IRMutator() = default;

  // Entry points. Null in, null out.
  virtual ExprPtr MutateExpr(const ExprPtr& e);
  virtual StmtPtr MutateStmt(const StmtPtr& s);
  virtual TypePtr MutateType(const TypePtr& t);
  virtual FunctionPtr MutateFunction(const FunctionPtr& f);
  virtual ProgramPtr MutateProgram(const ProgramPtr& p);

 protected:
  // `always_rebuild` makes every default rebuild its node even when nothing changed (DeepClone).
  explicit IRMutator(bool always_rebuild = false) : always_rebuild_(always_rebuild) {}

  // A use of a variable. The default returns RemapVar(v).
  virtual ExprPtr MutateVar(const VarPtr& v);
  // A definition (parameter, assignment target, loop var, iter arg, return var). Must return a
  // Var. The default returns RemapVar(v).
  virtual VarPtr MutateVarDef(const VarPtr& v);

  // The memoised identity-preserving remap: the recorded mapping if any, else `v` with its type
  // mutated (a new Var with the same name and span when the type changed), recorded for later.
  VarPtr RemapVar(const VarPtr& v);
  void SetVarMapping(const VarPtr& old_var, VarPtr new_var) {
    var_memo_.InsertOrAssign(old_var.get(), {old_var, std::move(new_var)});
  }
  // The recorded mapping of `v`, or null; valid until the next SetVarMapping.
  const VarPtr* FindVarMapping(const Var* v) const {
    const auto* entry = var_memo_.Find(v);
    return entry ? &entry->second : nullptr;
  }

  virtual ExprPtr MutateConstInt(const ConstIntPtr& op);
  virtual ExprPtr MutateConstFloat(const ConstFloatPtr& op);
  virtual ExprPtr MutateConstBool(const ConstBoolPtr& op);
  virtual ExprPtr MutateBinary(const BinaryPtr& op);
  virtual ExprPtr MutateUnary(const UnaryPtr& op);
  virtual ExprPtr MutateCast(const CastPtr& op);
  virtual ExprPtr MutateCall(const CallPtr& op);
  virtual ExprPtr MutateMakeTuple(const MakeTuplePtr& op);
  virtual ExprPtr MutateTupleGetItem(const TupleGetItemPtr& op);
  virtual ExprPtr MutateFunctionCall(const FunctionCallPtr& op);

  // One per statement kind of node_kinds.h: Mutate<Kind>(const <Class>Ptr&) (MutateAssign,
  // MutateFor, ...).
#define TILESPLIT_X(Kind, Class, Shape, Gate, py_name, py_fields) \
  virtual StmtPtr Mutate##Kind(const Class##Ptr& op);
  TILESPLIT_STMT_KINDS(TILESPLIT_X)
#undef TILESPLIT_X

  // Shared by the defaults: mutate each element, set *changed when any pointer differs.
  std::vector<ExprPtr> MutateExprs(const std::vector<ExprPtr>& es, bool* changed);
  std::vector<VarPtr> MutateVarDefs(const std::vector<VarPtr>& vs, bool* changed);
  // Init values first, then the iter-arg definitions.
  std::vector<IterArg> MutateIterArgInits(const std::vector<IterArg>& ias, bool* changed);
  void MutateIterArgVars(std::vector<IterArg>* ias, const std::vector<IterArg>& original,
                         bool* changed);

  bool always_rebuild() const {
    return always_rebuild_;
  }

 private:
  TypePtr MutateTensorType(const TypePtr& t, const TensorType& tt);
  TypePtr MutateTileType(const TypePtr& t, const TileType& tt);
  TypePtr MutateTupleType(const TypePtr& t, const TupleType& tt);

  bool always_rebuild_;
  // Keyed by the old Var's address; the entry also holds the old Var so that the address cannot
  // be reused by another variable while the mutator lives.
  PtrMap<Var, std::pair<VarPtr, VarPtr>> var_memo_;
};

}  // namespace tilesplit::ir
