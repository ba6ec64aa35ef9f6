// The generator's contract: every kernel it writes is accepted by the front end, and a case is a
// pure function of (seed, index, mode).
#include <gtest/gtest.h>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/fuzz/generator.h"
#include "tilesplit/ir/error.h"

namespace {

using tilesplit::fuzz::GenerateKernel;
using tilesplit::fuzz::ModeFilter;

TEST(FuzzGenerator, EveryKernelParses) {
  for (ModeFilter m :
       {ModeFilter::All, ModeFilter::UpDown, ModeFilter::LeftRight, ModeFilter::Regions}) {
    for (uint64_t i = 0; i < 150; ++i) {
      const auto k = GenerateKernel(3, i, m);
      try {
        tilesplit::dsl::Parse(k.text, "gen.py");
      } catch (const tilesplit::ir::UserError& e) {
        ADD_FAILURE() << "case " << i << " rejected by the front end: " << e.message() << "\n"
                      << k.text;
      }
    }
  }
}

TEST(FuzzGenerator, Deterministic) {
  for (uint64_t i = 0; i < 20; ++i) {
    EXPECT_EQ(GenerateKernel(9, i, ModeFilter::All).text,
              GenerateKernel(9, i, ModeFilter::All).text);
  }
  EXPECT_NE(GenerateKernel(9, 0, ModeFilter::All).text,
            GenerateKernel(10, 0, ModeFilter::All).text);
}

TEST(FuzzGenerator, ModesRestrictTheSplit) {
  for (uint64_t i = 0; i < 40; ++i) {
    const std::string ud = GenerateKernel(5, i, ModeFilter::UpDown).text;
    EXPECT_EQ(ud.find("LEFT_RIGHT"), std::string::npos) << ud;
    const std::string rg = GenerateKernel(5, i, ModeFilter::Regions).text;
    EXPECT_NE(rg.find("pl.split_aiv("), std::string::npos) << rg;
  }
}

TEST(FuzzGenerator, CoversTheFeatureList) {
  std::set<std::string> seen;
  for (uint64_t i = 0; i < 400; ++i)
    for (const std::string& f : GenerateKernel(1, i, ModeFilter::All).features) seen.insert(f);
  for (const char* f : {"cross:acc->vec",   "cross:mat->vec",  "cross:vec->cube",   "matmul",
                        "op:broadcast",     "op:reduction",    "op:slice",          "op:read",
                        "op:reshape",       "op:reinterpret",  "op:gather",         "op:sel",
                        "loop:carry",       "loop:tuple",      "branch:merge",      "ragged:static",
                        "ragged:runtime",   "cross_core_slot", "form:scope",        "region:halved",
                        "region:boundary",  "region:none",     "store:same-tensor", "split:UP_DOWN",
                        "split:LEFT_RIGHT", "split:NONE"})
    EXPECT_TRUE(seen.count(f)) << f;
}

TEST(FuzzGenerator, ModeNames) {
  ModeFilter m;
  EXPECT_TRUE(tilesplit::fuzz::ParseModeFilter("left_right", &m));
  EXPECT_EQ(m, ModeFilter::LeftRight);
  EXPECT_FALSE(tilesplit::fuzz::ParseModeFilter("sideways", &m));
}

}  // namespace

// ---- Tensor-level programs (`tilesplit fuzz --level tensor`).

namespace {

using tilesplit::fuzz::GenerateTensorProgram;
using tilesplit::fuzz::IsTensorCase;
using tilesplit::fuzz::Level;

TEST(FuzzTensorGenerator, EveryProgramParses) {
  for (ModeFilter m : {ModeFilter::All, ModeFilter::UpDown, ModeFilter::LeftRight}) {
    for (uint64_t i = 0; i < 150; ++i) {
      const auto k = GenerateTensorProgram(3, i, m);
      try {
        tilesplit::dsl::Parse(k.text, "gen.py");
      } catch (const tilesplit::ir::UserError& e) {
        ADD_FAILURE() << "case " << i << " rejected by the front end: " << e.message() << "\n"
                      << k.text;
      }
    }
  }
}

TEST(FuzzTensorGenerator, DeterministicAndRestrictedByMode) {
  for (uint64_t i = 0; i < 20; ++i)
    EXPECT_EQ(GenerateTensorProgram(9, i, ModeFilter::All).text,
              GenerateTensorProgram(9, i, ModeFilter::All).text);
  EXPECT_NE(GenerateTensorProgram(9, 0, ModeFilter::All).text,
            GenerateTensorProgram(10, 0, ModeFilter::All).text);
  for (uint64_t i = 0; i < 40; ++i) {
    const std::string ud = GenerateTensorProgram(5, i, ModeFilter::UpDown).text;
    EXPECT_EQ(ud.find("LEFT_RIGHT"), std::string::npos) << ud;
    EXPECT_NE(ud.find("UP_DOWN"), std::string::npos) << ud;
  }
}

TEST(FuzzTensorGenerator, CoversTheFeatureList) {
  std::set<std::string> seen;
  for (uint64_t i = 0; i < 400; ++i)
    for (const std::string& f : GenerateTensorProgram(1, i, ModeFilter::All).features)
      seen.insert(f);
  for (const char* f :
       {"tensor-form:opaque", "tensor-form:orchestration", "tensor-form:incore", "tensor:matmul",
        "tensor:matmul-transposed", "tensor:loop", "tensor:slice-of-param", "tensor:slice-of-value",
        "split:UP_DOWN", "split:LEFT_RIGHT", "split:NONE", "split:absent", "op:tensor.add",
        "op:tensor.row_sum", "op:tensor.exp", "op:tensor.muls"})
    EXPECT_TRUE(seen.count(f)) << f;
}

TEST(FuzzTensorGenerator, LevelsChooseTheCases) {
  int tensor = 0;
  for (uint64_t i = 0; i < 3000; ++i) {
    EXPECT_FALSE(IsTensorCase(4, i, Level::Tile, ModeFilter::All));
    EXPECT_TRUE(IsTensorCase(4, i, Level::Tensor, ModeFilter::All));
    EXPECT_FALSE(IsTensorCase(4, i, Level::All, ModeFilter::Regions));
    tensor += IsTensorCase(4, i, Level::All, ModeFilter::All);
  }
  EXPECT_GT(tensor, 850);  // one case in three
  EXPECT_LT(tensor, 1150);
  Level l;
  EXPECT_TRUE(tilesplit::fuzz::ParseLevel("tensor", &l));
  EXPECT_EQ(l, Level::Tensor);
  EXPECT_FALSE(tilesplit::fuzz::ParseLevel("tiles", &l));
}

}  // namespace
