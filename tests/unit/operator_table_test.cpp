// docs/operators.md is generated from the registry (`tilesplit ops --markdown`); the committed
// file must equal the generated text, so a changed op without a regenerated table fails here.
#include "tilesplit/analysis/operator_table.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tilesplit/ops/op_def.h"

namespace tilesplit::analysis {
namespace {

TEST(OperatorTable, CommittedDocMatchesRegistry) {
  const std::string path = std::string(TILESPLIT_SOURCE_DIR) + "/docs/operators.md";
  std::ifstream in(path);
  ASSERT_TRUE(in) << "cannot read " << path;
  std::stringstream committed;
  committed << in.rdbuf();
  EXPECT_TRUE(committed.str() == OperatorTableMarkdown())
      << path << " is stale: regenerate it with `tilesplit ops --markdown -o docs/operators.md`";
}

TEST(OperatorTable, OneRowPerOpWithItsResultRule) {
  const std::string md = OperatorTableMarkdown();
  for (const ops::OpDef* op : ops::OpRegistry::Global().All()) {
    EXPECT_FALSE(op->documentation().empty()) << op->name() << " has no doc string";
    EXPECT_EQ(op->documentation().find('\n'), std::string::npos) << op->name();
    const std::string row = "| `" + op->name() + "` |";
    size_t at = md.find(row);
    ASSERT_NE(at, std::string::npos) << op->name();
    EXPECT_EQ(md.find(row, at + 1), std::string::npos) << op->name() << " has two rows";
  }
}

TEST(OperatorTable, RowSpellsKwargsMemoryAffinityAndDeclarations) {
  const std::string md = OperatorTableMarkdown();
  auto row_of = [&](const std::string& op) {
    size_t at = md.find("| `" + op + "` |");
    return md.substr(at, md.find('\n', at) - at);
  };
  std::string load = row_of("tile.load");
  EXPECT_NE(load.find("valid_shape? (parser default: shapes)"), std::string::npos) << load;
  EXPECT_NE(load.find("target_memory: MemorySpace?; clamp: bool = False"), std::string::npos)
      << load;
  EXPECT_NE(load.find("Kwarg(target_memory, —)"), std::string::npos) << load;
  std::string sum = row_of("tile.row_sum");
  EXPECT_NE(sum.find("1 tmp_tile: Scratch"), std::string::npos) << sum;
  EXPECT_NE(sum.find("0: Vec; 1: Vec"), std::string::npos) << sum;
  EXPECT_NE(sum.find("rule 3: VECTOR"), std::string::npos) << sum;
  EXPECT_NE(row_of("tile.create").find("declared SHARED"), std::string::npos);
  EXPECT_NE(row_of("tile.aiv_shard").find("rule 2c: MIXED"), std::string::npos);
  EXPECT_NE(row_of("tile.slice").find("rule 4"), std::string::npos);
  EXPECT_NE(row_of("tile.mrgsort_format2").find("src2?, src3?, tmp (3 to 5 positional)"),
            std::string::npos);
  EXPECT_NE(row_of("pld.system.notify").find("no_duplicate"), std::string::npos);
  // A literal pipe in a doc string is escaped so it cannot split the cell.
  EXPECT_NE(row_of("tile.abs").find("\\|tile\\|"), std::string::npos);
}

}  // namespace
}  // namespace tilesplit::analysis
