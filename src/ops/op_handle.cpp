// Operator handles (op_handle.h).
#include "tilesplit/ops/op_handle.h"

#include <string>

#include "tilesplit/ir/error.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::ops {

const OpDef& OpHandle::def() const {
  const OpDef* d = FindOp(name);
  if (!d)
    ir::ThrowInternal(
        {}, "the operator handle '" + std::string(name) + "' is registered as no operator");
  return *d;
}

const std::vector<OpHandle>& AllOpHandles() {
  static const std::vector<OpHandle> all = {
#define TILESPLIT_OP(ID, NAME) op::ID,
#include "tilesplit/ops/op_names.def"
#undef TILESPLIT_OP
  };
  return all;
}

}  // namespace tilesplit::ops
