// convert-tensor-to-tile-ops lowers a tensor op as its record's tile form says, never by its name
// (docs/tensor-lowering.md): ops of a local registry, named against their forms, show it.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ops_test_util.h"
#include "tilesplit/ir/function.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::ops::testing {
namespace {

using ir::StmtPtr;
using ir::VarPtr;

OpDef& Unary(OpRegistry& r, const std::string& name) {
  return r.Register(name).arg("tensor").deduce([](const CallInfo& c) -> TypePtr {
    const ir::TensorType& t = c.tensor_arg(0);
    return ir::MakeTensorType(t.shape, t.dtype);
  });
}

// `def kernel(x: Tensor[[16, 32], FP32]): y = op(x); return y`, an InCore function.
ir::ProgramPtr Kernel(const OpDef& op) {
  VarPtr x = ir::MakeVar("x", ir::MakeTensorType(Dims({16, 32}), DataType::FP32));
  ExprPtr call = Create(op, {x}, {});
  VarPtr y = ir::MakeVar("y", call->type);
  StmtPtr body = ir::MakeSeq({ir::MakeAssign(y, call), ir::MakeReturn({y})});
  auto f = std::make_shared<ir::Function>(
      "kernel", ir::FunctionType::InCore, std::vector<ir::Param>{{x}},
      std::vector<TypePtr>{call->type}, ir::AttrMap{}, body, ir::Span{});
  return std::make_shared<ir::Program>("p", std::vector<ir::FunctionPtr>{f}, ir::Span{});
}

ir::ProgramPtr Convert(const ir::ProgramPtr& p) {
  const pass::PassInfo* info = pass::PassRegistry::Global().Find("convert-tensor-to-tile-ops");
  EXPECT_NE(info, nullptr);
  return info->factory()(p);
}

std::vector<std::string> CalledOps(const ir::ProgramPtr& p) {
  std::vector<std::string> ops;
  ir::ForEachStmt(p->functions.at(0)->body, ir::kWalkAll, [&](const StmtPtr& s) {
    if (const auto* a = s->As<ir::AssignStmt>())
      if (const auto* c = a->value->As<ir::Call>()) ops.push_back(c->op_name());
  });
  return ops;
}

// No tile op is named `tile.negate`: the form says which tile op the call becomes.
TEST(ConvertTensorToTileForms, TheRecordNotTheNameNamesTheTileOp) {
  OpRegistry local;
  const OpDef& op = Unary(local, "tensor.negate").tile_form({TileForm::Kind::Op, "tile.neg"});
  EXPECT_EQ(CalledOps(Convert(Kernel(op))),
            (std::vector<std::string>{"tile.load", "tile.neg", "tile.store"}));
}

// `tile.neg` exists, but a form of kind None is refused at the op, with what to do instead.
TEST(ConvertTensorToTileForms, AFormOfKindNoneIsRefusedAtTheOp) {
  OpRegistry local;
  const OpDef& op = Unary(local, "tensor.neg").tile_form({TileForm::Kind::None});
  try {
    Convert(Kernel(op));
    FAIL() << "converted an op without a tile form";
  } catch (const ir::UserError& e) {
    EXPECT_EQ(std::string(e.what()), "tensor.neg has no tile form inside InCore function 'kernel'");
    ASSERT_EQ(e.notes().size(), 1u);
    EXPECT_NE(e.notes()[0].message.find("orchestration function"), std::string::npos);
  }
}

// A scratch rule adds the scratch tile the form names, shaped like the operand.
TEST(ConvertTensorToTileForms, AScratchRuleAllocatesTheNamedScratch) {
  OpRegistry local;
  TileForm form{TileForm::Kind::Op, "tile.xors"};
  form.scratch = TileForm::Scratch::LikeOperand;
  form.scratch_name = "work";
  OpDef& op = local.Register("tensor.flip")
                  .arg("tensor")
                  .arg("scalar")
                  .tile_form(form)
                  .deduce([](const CallInfo& c) -> TypePtr {
                    const ir::TensorType& t = c.tensor_arg(0);
                    return ir::MakeTensorType(t.shape, t.dtype);
                  });
  VarPtr x = ir::MakeVar("x", ir::MakeTensorType(Dims({16, 32}), DataType::INT32));
  ExprPtr call = Create(op, {x, ir::MakeConstInt(3)}, {});
  VarPtr y = ir::MakeVar("y", call->type);
  auto f = std::make_shared<ir::Function>(
      "kernel", ir::FunctionType::InCore, std::vector<ir::Param>{{x}},
      std::vector<TypePtr>{call->type}, ir::AttrMap{},
      ir::MakeSeq({ir::MakeAssign(y, call), ir::MakeReturn({y})}), ir::Span{});
  ir::ProgramPtr out =
      Convert(std::make_shared<ir::Program>("p", std::vector<ir::FunctionPtr>{f}, ir::Span{}));
  EXPECT_EQ(CalledOps(out),
            (std::vector<std::string>{"tile.load", "tile.create", "tile.xors", "tile.store"}));
  bool named = false;
  ir::ForEachStmt(out->functions.at(0)->body, ir::kWalkAll, [&](const StmtPtr& s) {
    if (const auto* a = s->As<ir::AssignStmt>()) named |= a->var->name == "work";
  });
  EXPECT_TRUE(named);
}

// A scratch that a kwarg selects is given only when the kwarg is set, and the kwarg is not passed
// on (the tile op takes the scratch instead): `tensor.careful(x, slow=True)` -> tile.rsqrt(x, t).
TEST(ConvertTensorToTileForms, AKwargSelectedScratchIsGivenOnlyWhenSet) {
  OpRegistry local;
  TileForm form{TileForm::Kind::Op, "tile.rsqrt"};
  form.scratch = TileForm::Scratch::LikeOperand;
  form.scratch_name = "slow_tmp";
  form.scratch_kwarg = "slow";
  OpDef& op = Unary(local, "tensor.careful").kwarg("slow", KwargKind::Bool, false).tile_form(form);
  for (bool slow : {true, false}) {
    VarPtr x = ir::MakeVar("x", ir::MakeTensorType(Dims({16, 32}), DataType::FP32));
    ExprPtr call = Create(op, {x}, {{"slow", slow}});
    VarPtr y = ir::MakeVar("y", call->type);
    auto f = std::make_shared<ir::Function>(
        "kernel", ir::FunctionType::InCore, std::vector<ir::Param>{{x}},
        std::vector<TypePtr>{call->type}, ir::AttrMap{},
        ir::MakeSeq({ir::MakeAssign(y, call), ir::MakeReturn({y})}), ir::Span{});
    ir::ProgramPtr out =
        Convert(std::make_shared<ir::Program>("p", std::vector<ir::FunctionPtr>{f}, ir::Span{}));
    EXPECT_EQ(
        CalledOps(out),
        slow ? (std::vector<std::string>{"tile.load", "tile.create", "tile.rsqrt", "tile.store"})
             : (std::vector<std::string>{"tile.load", "tile.rsqrt", "tile.store"}));
    ir::ForEachStmt(out->functions.at(0)->body, ir::kWalkAll, [&](const StmtPtr& s) {
      const auto* a = s->As<ir::AssignStmt>();
      const auto* c = a ? a->value->As<ir::Call>() : nullptr;
      if (!c || c->op_name() != "tile.rsqrt") return;
      EXPECT_EQ(c->args.size(), slow ? 2u : 1u);
      EXPECT_TRUE(c->kwargs.empty());
    });
  }
}

// cast_operands casts an operand of another dtype than the result exactly, and only then: an
// INT16 lhs of an FP32 result is cast, an INT32 one (not exact in FP32) is left to the tile op.
TEST(ConvertTensorToTileForms, CastOperandsCastsOnlyExactly) {
  OpRegistry local;
  TileForm form{TileForm::Kind::Op, "tile.add"};
  form.cast_operands = true;
  OpDef& op = local.Register("tensor.plus")
                  .arg("lhs")
                  .arg("rhs")
                  .tile_form(form)
                  .deduce([](const CallInfo& c) -> TypePtr {
                    return ir::MakeTensorType(c.tensor_arg(0).shape, DataType::FP32);
                  });
  for (DataType lhs : {DataType::INT16, DataType::INT32}) {
    VarPtr x = ir::MakeVar("x", ir::MakeTensorType(Dims({16, 32}), lhs));
    VarPtr z = ir::MakeVar("z", ir::MakeTensorType(Dims({16, 32}), DataType::FP32));
    ExprPtr call = Create(op, {x, z}, {});
    VarPtr y = ir::MakeVar("y", call->type);
    auto f = std::make_shared<ir::Function>(
        "kernel", ir::FunctionType::InCore, std::vector<ir::Param>{{x}, {z}},
        std::vector<TypePtr>{call->type}, ir::AttrMap{},
        ir::MakeSeq({ir::MakeAssign(y, call), ir::MakeReturn({y})}), ir::Span{});
    ir::ProgramPtr out =
        Convert(std::make_shared<ir::Program>("p", std::vector<ir::FunctionPtr>{f}, ir::Span{}));
    const std::vector<std::string> cast = {"tile.load", "tile.load", "tile.cast", "tile.add",
                                           "tile.store"};
    const std::vector<std::string> mixed = {"tile.load", "tile.load", "tile.add", "tile.store"};
    EXPECT_EQ(CalledOps(out), lhs == DataType::INT16 ? cast : mixed);
  }
}

}  // namespace
}  // namespace tilesplit::ops::testing
