// The generator draws its operators from the registry (fuzz/op_catalog.h): the ops it draws are
// exactly the registry's fuzzable set, each within a few hundred kernels; every registered op left
// out has a stated reason; and a new operator is drawn with no change to the fuzzer.
#include <gtest/gtest.h>

#include <set>

#include "tilesplit/fuzz/generator.h"
#include "tilesplit/fuzz/op_catalog.h"
#include "tilesplit/semantics/semantics.h"

namespace {

using namespace tilesplit;

std::set<std::string> FuzzableNames() {
  std::set<std::string> names;
  for (const fuzz::FuzzOp& f : fuzz::FuzzableOps()) names.insert(f.op->name());
  return names;
}

TEST(FuzzOpCatalog, EveryFuzzableOpIsGeneratedWithin600Kernels) {
  std::set<std::string> drawn;
  for (uint64_t i = 0; i < 600; ++i)
    for (const std::string& f : fuzz::GenerateKernel(1, i, fuzz::ModeFilter::All).features)
      if (f.rfind("op:", 0) == 0 && ops::FindOp(f.substr(3))) drawn.insert(f.substr(3));
  // The generator's registry-drawn op set is the registry's fuzzable set.
  EXPECT_EQ(drawn, FuzzableNames());
}

TEST(FuzzOpCatalog, EveryRegisteredOpIsDrawnOrSaysWhyNot) {
  const std::set<std::string> fuzzable = FuzzableNames();
  for (const ops::OpDef* d : ops::OpRegistry::Global().All()) {
    const std::string why = fuzz::WhyNotFuzzable(*d);
    EXPECT_NE(fuzzable.count(d->name()) > 0, !why.empty()) << d->name() << ": " << why;
  }
  // The plain vector computations are among them, in every role the registry types.
  for (const char* op :
       {"tile.add", "tile.exp", "tile.muls", "tile.row_sum", "tile.col_max", "tile.concat"})
    EXPECT_TRUE(fuzzable.count(op)) << op;
  // Structure the generator writes itself stays out, by trait.
  EXPECT_NE(fuzz::WhyNotFuzzable(*ops::FindOp("tile.store")), "");
  EXPECT_NE(fuzz::WhyNotFuzzable(*ops::FindOp("tile.aiv_shard")), "");
  EXPECT_NE(fuzz::WhyNotFuzzable(*ops::FindOp("tile.move")), "");
}

ir::TypePtr SameAsFirst(const ops::CallInfo& c) {
  return c.arg(0)->type;
}

TEST(FuzzOpCatalog, ANewOperatorIsDrawnWithNoFuzzerChange) {
  // An operator the registry has never seen: one tile operand, its result of the operand's type.
  ops::OpDef twice("tile.fuzz_catalog_twice");
  twice.arg("tile").deduce(SameAsFirst).doc("2 * tile");
  ops::OpSemantics sem{[](ops::OpCall& c) {
    const sim::TileValue& in = c.tile(0);
    sim::MutTilePtr out = c.NewResult(0, sim::BufferInit::Unspecified);
    for (size_t k = 0; k < in.data.size(); ++k) out->data.f[k] = 2 * in.data.f[k];
    return sim::Value(out);
  }};
  ops::AttachSemantics(twice, &sem);
  fuzz::OpClassification c = fuzz::ClassifyOp(twice);
  ASSERT_EQ(c.typings.size(), 1u) << c.reason;
  EXPECT_EQ(c.typings[0].args, std::vector<fuzz::ArgRole>{fuzz::ArgRole::Tile});

  // The same with a second operand: a covering partner, a broadcast vector or a scalar, as its
  // deducer admits (this one takes any second tile of the same box, or a scalar).
  ops::OpDef pair("tile.fuzz_catalog_pair");
  pair.arg("lhs").arg("rhs").deduce(SameAsFirst);
  ops::AttachSemantics(pair, &sem);
  c = fuzz::ClassifyOp(pair);
  std::set<fuzz::ArgRole> second;
  for (const fuzz::OpTyping& t : c.typings) second.insert(t.args.at(1));
  EXPECT_TRUE(second.count(fuzz::ArgRole::Partner));
  EXPECT_TRUE(second.count(fuzz::ArgRole::Scalar));

  // An operator whose semantics need something of the data (sorted input, say) is left out: the
  // generator does not establish it, so a generated call would fail in the reference run.
  ops::OpDef picky("tile.fuzz_catalog_picky");
  picky.arg("tile").deduce(SameAsFirst);
  ops::OpSemantics fails{[](ops::OpCall& c) -> sim::Value { c.Fail("needs sorted input"); }};
  ops::AttachSemantics(picky, &fails);
  c = fuzz::ClassifyOp(picky);
  EXPECT_TRUE(c.typings.empty());
  EXPECT_NE(c.reason.find("faults on arbitrary data"), std::string::npos) << c.reason;

  // One that acts beyond its result is structure, not a computation.
  ops::OpDef effect("tile.fuzz_catalog_effect");
  effect.arg("tile").deduce(SameAsFirst).side_effect();
  ops::AttachSemantics(effect, &sem);
  EXPECT_NE(fuzz::ClassifyOp(effect).reason.find("side effect"), std::string::npos);
}

}  // namespace

// ---- The tensor-level catalog (`tilesplit fuzz --level tensor`).

namespace {

std::set<std::string> TensorFuzzableNames() {
  std::set<std::string> names;
  for (const fuzz::FuzzOp& f : fuzz::TensorFuzzableOps()) names.insert(f.op->name());
  return names;
}

TEST(FuzzTensorCatalog, EveryTensorFuzzableOpIsGeneratedWithin400Programs) {
  std::set<std::string> drawn;
  for (uint64_t i = 0; i < 400; ++i)
    for (const std::string& f : fuzz::GenerateTensorProgram(1, i, fuzz::ModeFilter::All).features)
      if (f.rfind("op:", 0) == 0) drawn.insert(f.substr(3));
  EXPECT_EQ(drawn, TensorFuzzableNames());
}

TEST(FuzzTensorCatalog, EveryRegisteredOpIsDrawnOrSaysWhyNot) {
  const std::set<std::string> fuzzable = TensorFuzzableNames();
  for (const ops::OpDef* d : ops::OpRegistry::Global().All()) {
    const std::string why = fuzz::WhyNotTensorFuzzable(*d);
    EXPECT_NE(fuzzable.count(d->name()) > 0, !why.empty()) << d->name() << ": " << why;
  }
  // Elementwise, scalar, unary math, row reductions, matmul, and the ops added after the
  // fuzzer was written (sin, cos: no change here drew them).
  for (const char* op :
       {"tensor.add", "tensor.muls", "tensor.exp", "tensor.sqrt", "tensor.row_sum",
        "tensor.row_max", "tensor.matmul", "tensor.sin", "tensor.cos", "tensor.concat"})
    EXPECT_TRUE(fuzzable.count(op)) << op;
  // Tile ops do not type from tensors; structure the generator writes itself stays out.
  EXPECT_NE(fuzz::WhyNotTensorFuzzable(*ops::FindOp("tile.add")), "");
  EXPECT_NE(fuzz::WhyNotTensorFuzzable(*ops::FindOp("tensor.read")), "");
  EXPECT_NE(fuzz::WhyNotTensorFuzzable(*ops::FindOp("tensor.aiv_shard")), "");
}

TEST(FuzzTensorCatalog, RowVectorOperandsAndShortFormsAreTyped) {
  // tensor.add with a [rows, 1] operand is drawn: convert-tensor-to-tile-ops gives it the tile
  // form tile.row_expand_add, and pl.add reaches it.
  const fuzz::FuzzOp* add = nullptr;
  for (const fuzz::FuzzOp& f : fuzz::TensorFuzzableOps())
    if (f.op->name() == "tensor.add") add = &f;
  ASSERT_NE(add, nullptr);
  bool row = false, short_form = false;
  for (const fuzz::OpTyping& t : add->typings) {
    row = row || t.args == std::vector<fuzz::ArgRole>{fuzz::ArgRole::Tile, fuzz::ArgRole::RowVec};
    short_form = short_form || t.short_form;
  }
  EXPECT_TRUE(row);
  EXPECT_TRUE(short_form);
}

}  // namespace
