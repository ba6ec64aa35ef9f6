// Read-only traversal of the IR in the style of Halide's IRVisitor: one virtual per node kind,
// dispatched on the kind enums (no RTTI). The default of every method visits the node's children,
// so a subclass overrides only the kinds it cares about and calls the base to keep descending.
//
// Types are part of the tree: shapes and views of tensors and tiles hold expressions (dynamic
// dimensions, lane-dependent valid shapes), so a visitor that looks for variable uses must see
// them. VisitType is reached from every variable definition (its declared type) and from every
// Call (its result type); the other expression kinds have scalar or derived types.
//
// Traversal order is evaluation order: an assignment visits its value before its target; a loop
// visits its bounds and init values, then its loop var and iter args, its body, its return vars.
#pragma once

#include "tilesplit/ir/function.h"

namespace tilesplit::ir {

class IRVisitor {
 public:
  virtual ~IRVisitor() = default;

  // Entry points. Null pointers are ignored (an absent else branch, an absent start_offset).
  virtual void VisitExpr(const ExprPtr& e);
  virtual void VisitStmt(const StmtPtr& s);
  virtual void VisitType(const TypePtr& t);
  // Parameters (as definitions), return types, body.
  virtual void VisitFunction(const Function& f);
  virtual void VisitProgram(const Program& p);

 protected:
  // A use of a variable. The default does nothing: the variable's type was visited where it was
  // defined (FreeVars visits the types of variables it finds without a definition itself).
  virtual void VisitVar(const VarPtr& v);
  // A definition: parameter, assignment target, loop var, iter arg, return var. The default
  // visits the declared type.
  virtual void VisitVarDef(const VarPtr& v);

  virtual void VisitConstInt(const ConstInt& op);
  virtual void VisitConstFloat(const ConstFloat& op);
  virtual void VisitConstBool(const ConstBool& op);
  virtual void VisitBinary(const Binary& op);
  virtual void VisitUnary(const Unary& op);
  virtual void VisitCast(const Cast& op);
  virtual void VisitCall(const Call& op);  // arguments, then the result type
  virtual void VisitMakeTuple(const MakeTuple& op);
  virtual void VisitTupleGetItem(const TupleGetItem& op);
  virtual void VisitFunctionCall(const FunctionCall& op);  // arguments, then the result type

  // One per statement kind of node_kinds.h: Visit<Kind>(const <Class>&) (VisitAssign,
  // VisitFor, ...). The defaults visit the node's expressions and bodies in evaluation order.
#define TILESPLIT_X(Kind, Class, Shape, Gate, py_name, py_fields) \
  virtual void Visit##Kind(const Class& op);
  TILESPLIT_STMT_KINDS(TILESPLIT_X)
#undef TILESPLIT_X

  virtual void VisitTensorType(const TensorType& t);  // shape, then the view's expressions
  virtual void VisitTileType(const TileType& t);      // shape, valid_shape, stride, start_offset
  virtual void VisitTupleType(const TupleType& t);

  void VisitExprs(const std::vector<ExprPtr>& es) {
    for (const ExprPtr& e : es) VisitExpr(e);
  }
};

}  // namespace tilesplit::ir
