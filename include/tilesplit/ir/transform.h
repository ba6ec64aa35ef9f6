// Shared IR tools every pass uses: substitution, deep clone, free/defined variable collection and
// fresh names. The visitor and mutator are in visitor.h / mutator.h.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "tilesplit/ir/function.h"
#include "tilesplit/ir/ptr_map.h"

namespace tilesplit::ir {

// Replaces uses of variables (and, where the replacement is a Var, their definitions) inside
// expressions, types (shapes, views) and statements. Rebuilds only what changed.
using VarMap = std::unordered_map<const Var*, ExprPtr>;
ExprPtr Substitute(const ExprPtr& e, const VarMap& m);
TypePtr Substitute(const TypePtr& t, const VarMap& m);
StmtPtr Substitute(const StmtPtr& s, const VarMap& m);
FunctionPtr Substitute(const FunctionPtr& f, const VarMap& m);
// The same over a flat map (a walk that records a renaming per statement of a large body).
using FlatVarMap = PtrMap<Var, ExprPtr>;
ExprPtr Substitute(const ExprPtr& e, const FlatVarMap& m);

// The type of a call of `callee` with `args` (one per parameter): its return types with each
// parameter standing for its argument, since a return type may mention a parameter (a valid
// extent `n`).
TypePtr BoundCallResultType(const Function& callee, const std::vector<ExprPtr>& args);

// A copy in which every variable defined inside (parameters, assignment targets, loop vars, iter
// args, return vars) is a fresh Var; free variables are kept. The copy shares no node with the
// original and is structurally equal to it.
FunctionPtr DeepClone(const FunctionPtr& f);
StmtPtr DeepClone(const StmtPtr& s);

// Variables defined anywhere in `s` (assignment targets, loop vars, iter args, return vars).
std::vector<VarPtr> DefinedVars(const StmtPtr& s);
// Variables used in `s` (including inside types) but not defined in it, in first-use order.
std::vector<VarPtr> FreeVars(const StmtPtr& s);
std::vector<VarPtr> FreeVars(const ExprPtr& e);
// Free variables of a function: used but neither parameters nor defined in the body.
std::vector<VarPtr> FreeVars(const Function& f);
bool UsesVar(const StmtPtr& s, const Var* v);
// Whether a pl.split_aiv region's body reads its lane binding (LaneVar), i.e. is written per lane:
// the reference runs such a body once per lane, and the split keeps it as written.
bool RegionReadsLane(const SplitAivStmt& region);

// Produces names not yet taken: Fresh("subblock_idx") returns "subblock_idx" if free, else
// "subblock_idx_1", "subblock_idx_2", ...
class NameGenerator {
 public:
  NameGenerator() = default;
  // Reserves every name used in f, which must outlive the generator. The function is read on
  // the first Fresh of each hint, and only the names that hint could produce are kept: hashing
  // every name of a large function cost more than the rest of some passes.
  explicit NameGenerator(const Function& f) : source_(&f) {}
  void Reserve(const std::string& name) { taken_.insert(name); }
  std::string Fresh(const std::string& hint);

 private:
  const Function* source_ = nullptr;
  std::unordered_set<std::string> scanned_;  // hints whose colliding source names are reserved
  std::unordered_set<std::string> taken_;
  // Next suffix to try per hint, so that many names from one hint cost linear time.
  std::unordered_map<std::string, uint64_t> next_suffix_;
};

}  // namespace tilesplit::ir
