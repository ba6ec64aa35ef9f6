// Operator handles (ops/op_handle.h): op_names.def and the registry name the same operators, so
// that every operator can be given an attribute by handle and no handle names a removed one.
#include "tilesplit/ops/op_handle.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tilesplit/ir/error.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {
namespace {

TEST(OpHandles, EveryRegisteredOpHasAHandle) {
  std::set<std::string> handles;
  for (const OpHandle& h : AllOpHandles()) {
    EXPECT_TRUE(handles.insert(std::string(h.name)).second) << h.name << " is listed twice";
    EXPECT_NE(FindOp(h.name), nullptr)
        << h.name << " is in op_names.def but no operator: remove its line";
  }
  for (const OpDef* d : OpRegistry::Global().All())
    EXPECT_TRUE(handles.count(d->name()))
        << d->name() << " has no handle: add TILESPLIT_OP(" << d->name() << " with '_' for '.', \""
        << d->name() << "\") to include/tilesplit/ops/op_names.def";
}

TEST(OpHandles, AHandleReachesItsRecordAndItsSemantics) {
  EXPECT_EQ(op::tile_exp.def().name(), "tile.exp");
  EXPECT_EQ(&op::tile_exp.def(), FindOp("tile.exp"));
  const SemanticsTable& table = SemanticsTable::Global();
  ASSERT_NE(table.Find(op::tile_exp), nullptr);
  EXPECT_EQ(&SemanticsOf(op::tile_exp.def())->fn, table.Find(op::tile_exp));
  EXPECT_THROW(OpHandle{"tile.no_such_op"}.def(), ir::InternalError);
}

}  // namespace
}  // namespace tilesplit::ops
