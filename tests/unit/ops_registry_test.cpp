// The registry and call creation (ops.md 1.2, 1.3).
#include "ops_test_util.h"

namespace tilesplit::ops::testing {
namespace {

TEST(OpsRegistry, FindsEveryFoundationOp) {
  for (const char* n : {"tile.load", "tile.store", "tile.move", "tile.add", "tile.exp", "tile.full",
                        "tile.create", "tile.slice", "tile.reshape", "tile.matmul",
                        "tile.aiv_shard", "tile.aic_gather", "tile.get_subblock_idx"})
    EXPECT_NE(FindOp(n), nullptr) << n;
  EXPECT_EQ(FindOp("tile.nope"), nullptr);
}

TEST(OpsRegistry, AllIsSortedByName) {
  auto all = OpRegistry::Global().All();
  ASSERT_FALSE(all.empty());
  for (size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1]->name(), all[i]->name());
}

TEST(OpsRegistry, PropertySetTwiceIsInternalError) {
  OpRegistry r;
  OpDef& d = r.Register("tile.test");
  d.generator();
  EXPECT_THROW(d.generator(), ir::InternalError);
  EXPECT_THROW(d.arg("a").arg("a"), ir::InternalError);
  EXPECT_THROW(r.Register("tile.test"), ir::InternalError);
}

TEST(OpsCreate, UnknownOpIsLocatedError) {
  ExpectCallError("tile.frobnicate", {}, {}, {"tile.frobnicate"});
}

TEST(OpsCreate, WrongArityNamesOp) {
  ExpectCallError("tile.add", {Tile({16, 16})}, {}, {"tile.add", "2", "got 1"});
  ExpectCallError("tile.exp", {Tile({16, 16}), Tile({16, 16})}, {}, {"tile.exp", "got 2"});
}

TEST(OpsCreate, UnknownKwargNamesIt) {
  ExpectCallError("tile.add", {Tile({16, 16}), Tile({16, 16})}, {{"mode", int64_t{1}}},
                  {"tile.add", "unknown kwarg 'mode'"});
}

TEST(OpsCreate, WrongKwargKind) {
  ExpectCallError("tile.full", {Tup({16, 16}), I(0)}, {{"dtype", int64_t{3}}},
                  {"tile.full", "kwarg 'dtype'", "DataType"});
}

TEST(OpsCreate, MissingRequiredKwarg) {
  ExpectCallError("tile.full", {Tup({16, 16}), I(0)}, {}, {"tile.full", "'dtype'"});
}

TEST(OpsCreate, KwargsStoredInDeclaredOrder) {
  auto c =
      Call("tile.create", {Tup({16, 16})},
           {{"transpose", false}, {"target_memory", MemorySpace::Vec}, {"dtype", DataType::FP16}});
  const auto* call = c->As<ir::Call>();
  ASSERT_EQ(call->kwargs.size(), 3u);
  EXPECT_EQ(call->kwargs[0].first, "dtype");
  EXPECT_EQ(call->kwargs[1].first, "target_memory");
  EXPECT_EQ(call->kwargs[2].first, "transpose");
}

TEST(OpsCreate, SplitModeLiteralAcceptedAsInt) {
  auto c = Call("tile.aiv_shard", {Tile({16, 128}, DataType::FP32, MemorySpace::Acc)},
                {{"split", ir::SplitMode::UpDown}});
  EXPECT_EQ(ShapeStr(TileOf(c).shape), "[8, 128]");
}

// `split` means two things: a boundary's split mode and a pipe op's transport code. They are
// distinct kwarg kinds: a pl.SplitMode literal is a split mode only, not a transport code and not
// a plain integer kwarg.
TEST(OpsCreate, SplitModeAndTransportCodeAreDistinctKwargKinds) {
  EXPECT_EQ(FindOp("tile.aiv_shard")->find_kwarg("split")->kind, KwargKind::SplitMode);
  EXPECT_EQ(FindOp("tile.aic_gather")->find_kwarg("split")->kind, KwargKind::SplitMode);
  EXPECT_EQ(FindOp("tile.tpush_to_aiv")->find_kwarg("split")->kind, KwargKind::TransportCode);
  EXPECT_EQ(FindOp("system.tfree_to_aic")->find_kwarg("split")->kind, KwargKind::TransportCode);
  ExpectCallError("tile.tpush_to_aiv", {Tile({64, 128}, DataType::FP32, MemorySpace::Acc)},
                  {{"split", ir::SplitMode::UpDown}},
                  {"tile.tpush_to_aiv", "kwarg 'split' must be a transport code"});
  ExpectCallError("tile.cast", {Tile({16, 16})},
                  {{"target_type", DataType::FP16}, {"mode", ir::SplitMode::UpDown}},
                  {"tile.cast", "kwarg 'mode' must be a int"});
  // The integer spellings of both still build.
  Call("tile.tpush_to_aiv", {Tile({64, 128}, DataType::FP32, MemorySpace::Acc)},
       {{"split", int64_t{3}}});
  auto g = Call("tile.aic_gather", {Tile({8, 128})}, {{"split", int64_t{1}}});
  EXPECT_EQ(ShapeStr(TileOf(g).shape), "[16, 128]");
}

TEST(OpsCreate, DeducerErrorGetsCallSpan) {
  ExpectCallError("tile.add", {Tile({128, 128}), Tile({128, 64})}, {},
                  {"tile.add: argument 'rhs' shape [128, 64] does not broadcast with lhs shape "
                   "[128, 128]"});
}

TEST(OpsCreate, DeduceTypeBuildsNoNode) {
  auto t = DeduceType(*FindOp("tile.exp"), {Tile({16, 16})}, {});
  EXPECT_EQ(ir::TypeToString(t), "pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]");
}

// A caller that only asks whether a call types reads the refusal as a value: the same located
// message and note DeduceType throws, with no exception crossing into the caller.
TEST(OpsCreate, TryDeduceTypeGivesTheTypeOrTheDiagnostic) {
  const Deduced ok = TryDeduceType(*FindOp("tile.exp"), {Tile({16, 16})}, {});
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ir::TypeToString(ok.type), "pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]");
  EXPECT_EQ(ok.TypeOrThrow(), ok.type);

  const ir::Span at{1, 7, 3};
  const Deduced bad =
      TryDeduceType(*FindOp("tile.add"), {Tile({16, 16}), Tile({8, 16}, DataType::FP32)}, {}, at);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.type, nullptr);
  EXPECT_NE(bad.error->message().find("tile.add"), std::string::npos) << bad.error->message();
  EXPECT_EQ(bad.error->span().line, 7u);
  EXPECT_FALSE(bad.error->notes().empty());
  try {
    DeduceType(*FindOp("tile.add"), {Tile({16, 16}), Tile({8, 16}, DataType::FP32)}, {}, at);
    FAIL() << "DeduceType accepted what TryDeduceType refused";
  } catch (const ir::UserError& e) {
    EXPECT_EQ(e.message(), bad.error->message());
  }
  EXPECT_THROW(bad.TypeOrThrow(), ir::UserError);
}

TEST(OpsCreate, CreateWithTypeKeepsGivenType) {
  auto ty = ir::MakeTileType(Dims({8, 128}), DataType::FP32, MemorySpace::Vec);
  auto c = CreateWithType(*FindOp("tile.tpop_from_aic"), {}, {{"split", int64_t{1}}}, ty);
  EXPECT_TRUE(ir::TypeEqual(c->type, ty));
}

TEST(OpsCreate, CreateWithTypeStillValidatesKwargs) {
  auto ty = ir::MakeTileType(Dims({8, 128}), DataType::FP32, MemorySpace::Vec);
  ExpectUserError(
      [&] {
        CreateWithType(*FindOp("tile.tpop_from_aic"), {}, {{"bogus", int64_t{1}}}, ty, Loc());
      },
      {"tile.tpop_from_aic", "bogus"});
}

TEST(OpsMemoryPatch, FixedRuleStampsSpace) {
  auto c = Call("tile.exp", {Tile({16, 16}, DataType::FP32, std::nullopt)});
  EXPECT_EQ(TileOf(c).memory, MemorySpace::Vec);
}

TEST(OpsMemoryPatch, InheritTakesFirstTileArgSpace) {
  auto c = Call("tile.reshape", {Tile({16, 16}, DataType::FP32, MemorySpace::Mat), Tup({256})});
  EXPECT_EQ(TileOf(c).memory, MemorySpace::Mat);
}

TEST(OpsMemoryPatch, UnresolvedStaysUnresolved) {
  auto c = Call("tile.reshape", {Tile({16, 16}, DataType::FP32, std::nullopt), Tup({256})});
  EXPECT_FALSE(TileOf(c).memory.has_value());
}

TEST(OpsMemoryPatch, KwargRuleUsesDefault) {
  auto c = Call("tile.extract", {Tile({32, 32}), I(0), I(0), Tup({16, 16})});
  EXPECT_EQ(TileOf(c).memory, MemorySpace::Vec);
}

TEST(OpsMemoryPatch, PartiallyValidGatherRebasesLayoutToMat) {
  // A stored view (for the valid shape) whose layout was implicit gets Mat's layout.
  auto half = Tile(Dims({8, 128}), DataType::FP16, MemorySpace::Vec, Dims({8, 100}));
  auto c = Call("tile.aic_gather", {half}, {{"split", int64_t{1}}});
  const auto& t = TileOf(c);
  EXPECT_EQ(t.memory, MemorySpace::Mat);
  ASSERT_TRUE(t.view.has_value());
  EXPECT_EQ(t.view->blayout, ir::TileLayout::col_major);
  EXPECT_EQ(t.view->slayout, ir::TileLayout::row_major);
  EXPECT_EQ(ShapeStr(t.shape), "[16, 128]");
  EXPECT_EQ(ShapeStr(t.valid()), "[16, 100]");
}

}  // namespace
}  // namespace tilesplit::ops::testing
