// Where each tile variable of a function dies, so that the interpreter can release its storage
// then instead of at the end of the run: the next result takes the storage of a tile just
// released, still in the cache, rather than a cold one (docs/performance.md). Only tiles are
// released; scalars stay bound (error messages name them).
#pragma once

#include <unordered_map>
#include <vector>

#include "tilesplit/ir/stmt.h"

namespace tilesplit::sim {

class TileLiveness {
 public:
  // Counts the definitions and uses of every variable of `body`.
  explicit TileLiveness(const ir::StmtPtr& body);

  // For each statement of `seq`, the tile variables assigned in `seq` whose last use is that
  // statement (or the assignment itself, when nothing reads them). A variable is listed only when
  // it is assigned once in the whole body and every use of it lies in `seq`, so that it cannot be
  // read after it is released, whatever the IR's shape (SSA or hand-built).
  const std::vector<std::vector<const ir::Var*>>& DropsAfter(const ir::SeqStmts& seq);

 private:
  std::unordered_map<const ir::Var*, int> defs_, uses_;
  std::unordered_map<const ir::SeqStmts*, std::vector<std::vector<const ir::Var*>>> drops_;
};

}  // namespace tilesplit::sim
