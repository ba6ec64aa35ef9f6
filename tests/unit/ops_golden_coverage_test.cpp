// Every registered op appears, valid, in a golden kernel under tests/golden/ops (parsed, deduced,
// printed and round-tripped by the golden driver), and has at least one rejection case under
// tests/golden/ops_errors whose expected message names it. A new op without both fails here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit {
namespace {

namespace fs = std::filesystem;

class OpCollector : public ir::IRVisitor {
 public:
  std::set<std::string> names;

 protected:
  void VisitCall(const ir::Call& c) override {
    names.insert(c.op_name());
    ir::IRVisitor::VisitCall(c);
  }
};

std::vector<fs::path> FilesWithExtension(const std::string& dir, const std::string& ext) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(std::string(TILESPLIT_SOURCE_DIR) + "/" + dir))
    if (e.path().extension() == ext) out.push_back(e.path());
  return out;
}

TEST(OpsGoldenCoverage, EveryOpInAValidGoldenKernel) {
  OpCollector seen;
  for (const fs::path& p : FilesWithExtension("tests/golden/ops", ".py")) {
    if (p.string().find(".expected.") != std::string::npos) continue;
    seen.VisitProgram(*dsl::ParseFile(p.string()));
  }
  for (const ops::OpDef* op : ops::OpRegistry::Global().All())
    EXPECT_TRUE(seen.names.count(op->name()))
        << op->name() << " appears in no kernel under tests/golden/ops";
}

TEST(OpsGoldenCoverage, EveryOpHasARejectionCase) {
  std::set<std::string> named;
  for (const fs::path& p : FilesWithExtension("tests/golden/ops_errors", ".error")) {
    std::ifstream in(p);
    std::string line;
    while (std::getline(in, line)) {
      const std::string key = "contains: ";
      if (line.rfind(key, 0) != 0) continue;
      std::string msg = line.substr(key.size());
      // "OP: ..." or "OP produces no value"
      named.insert(msg.substr(0, msg.find_first_of(": ")));
    }
  }
  for (const ops::OpDef* op : ops::OpRegistry::Global().All())
    EXPECT_TRUE(named.count(op->name()))
        << op->name() << " has no rejection case under tests/golden/ops_errors";
}

}  // namespace
}  // namespace tilesplit
