// convert-tensor-to-tile-ops, the pre-scan: what the conversion must know about a kernel's
// tensors before it rewrites the first statement (which parameters are read as tiles and so are
// loaded once at entry, which windows feed a matmul and so load to Mat, which loop carries stay
// GM tensors, and which values are only assembled updates of another).
#pragma once

#include <map>
#include <set>
#include <utility>

#include "tilesplit/ir/function.h"

namespace tilesplit::pass::to_tile {

class TensorUses {
 public:
  // Scans `f`'s body.
  explicit TensorUses(const ir::Function& f);

  // The parameter `e` is, or is a plain alias or an assembled update of (an assemble's result
  // read as a tile reads the tensor it assembled into, updated: that parameter is loaded too, and
  // its assembles then update the tile and store through); null when none.
  const ir::Var* ParamOf(const ir::ExprPtr& e) const;
  // The value `v` is made from by assembles alone, through if merges whose branches both do
  // (stopping at `stop`); null when some path computes it otherwise.
  const ir::Var* UpdatedBase(const ir::Var* v, const ir::Var* stop, int depth = 0) const;

  std::set<const ir::Var*> params;
  // Parameters some converted op reads as a tile (loaded once at entry), and the first read.
  std::set<const ir::Var*> need_load;
  std::map<const ir::Var*, ir::Span> first_read;
  std::set<const ir::Var*> written_first;  // parameters written before any read
  // Values a matmul reads, and the windows they relabel: loaded to Mat.
  std::set<const ir::Var*> mat_demand;
  std::map<const ir::Var*, const ir::Var*> carried_gm;  // a GM-carried iter var -> its init
  // A carry the body only assembles into -> its init; the loop's result -> the carry.
  std::map<const ir::Var*, const ir::Var*> updated_carry;
  // An if's result -> the values its two branches yield into it.
  std::map<const ir::Var*, std::pair<const ir::Var*, const ir::Var*>> merged;

 private:
  void Scan(const ir::StmtPtr& body);
  // Marks the parameter `e` is (through aliases and assembles) as read as a tile at `at`.
  void NeedLoad(const ir::ExprPtr& e, ir::Span at);

  std::map<const ir::Var*, const ir::Var*> alias_;           // `a = b` of two variables: a -> b
  std::map<const ir::Var*, const ir::Var*> assembled_into_;  // an assemble's result -> its target
};

}  // namespace tilesplit::pass::to_tile
