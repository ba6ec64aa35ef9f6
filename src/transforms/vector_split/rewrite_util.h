// Small helpers every rewrite of the vector split shares: one definition each, so that the
// halving walk, the region localizer and the checks name operands and rebind variables alike.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::vector_split {

using ir::ExprPtr;
using ir::StmtPtr;
using ir::Var;
using ir::VarPtr;

using ops::Quote;  // 'name', as every diagnostic of the pass quotes a name

// How a diagnostic names an operand: a variable by its name, anything else by its text.
std::string OperandName(const ir::ExprPtr& e);

// The split axis of a data-parallel mode: 0 for UP_DOWN (rows), 1 for LEFT_RIGHT (columns). An
// internal error for NONE, which has no split axis.
int SplitDimension(ir::SplitMode mode);

// A call writing a GM window (a store), and a call reading one into a tile (a load).
bool IsGmWrite(const ir::Call& c);
bool IsGmRead(const ir::Call& c);

// Whether a split code places both lanes' bands of a static box with `valid` valid cells under
// an optional balanced stride (core-group.md 2.1): the lanes' extents are equal, differ by the
// odd cell, or lane 1 holds nothing.
bool PlacesBothLanes(int64_t box, int64_t valid, std::optional<int64_t> lane_stride);

// The variable standing for `old` once its value has type `type`: `old` itself when the type is
// unchanged and `fresh` is not asked for, else a new variable of the same name and span, recorded
// in `repl` so that every later use follows it.
ir::VarPtr Rebind(const ir::VarPtr& old, const ir::TypePtr& type, ir::VarMap& repl,
                  bool fresh = false);
ir::VarPtr Rebind(const ir::VarPtr& old, const ir::TypePtr& type, ir::FlatVarMap& repl,
                  bool fresh = false);

// `v = value`, where a call whose tile type differs from `v`'s only in layout takes `v`'s type:
// a variable keeps its declared layout, and the call it binds states the same type, as the
// parser types a call under an annotation, so the printed form reads back as the same program.
ir::StmtPtr BindAs(const ir::VarPtr& v, ir::ExprPtr value, ir::Span span);

}  // namespace tilesplit::vector_split
