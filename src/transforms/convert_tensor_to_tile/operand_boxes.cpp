// convert-tensor-to-tile-ops: operands read over one box (operand_boxes.h).
#include "operand_boxes.h"

#include "tile_builders.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"

namespace tilesplit::pass::to_tile {

namespace {

// Both static with a >= b, or one expression: a runtime extent the program shares is covered.
bool ProvablyCovers(const ir::ExprPtr& a, const ir::ExprPtr& b) {
  if (ops::ProvablyEqual(a, b)) return true;
  const auto x = ops::Static(a), y = ops::Static(b);
  return x && y && *x >= *y;
}

struct Box {
  std::vector<ir::ExprPtr> shape, valid;
};

Box BoxOf(const ir::ExprPtr& tensor_operand, const ir::ExprPtr& converted) {
  if (const ir::TensorType* t = TensorTypeOf(tensor_operand)) return {t->shape, t->valid()};
  if (const ir::TileType* t = ir::TileTypeOf(converted)) return {t->shape, t->valid()};
  return {};
}

}  // namespace

void RequireOneOperandBox(const ir::Call& c, const ops::TileForm& form,
                          const std::vector<ir::ExprPtr>& args, bool row_broadcast,
                          const std::string& kernel) {
  const auto& roles = form.one_box_roles;
  if (roles[0].empty() || args.size() != 2) return;
  // The boxes as the tensor op's operands declare them: a runtime valid extent of a parameter is
  // the tensor's (an entry load reads the whole window).
  const Box l = BoxOf(c.args[0], args[0]);
  const Box r = BoxOf(c.args[1], args[1]);
  if (l.shape.empty() || l.shape.size() != r.shape.size()) return;  // the tile op's rank message
  const std::vector<ops::ArgSpec>& names = ops::Def(c).args();
  // "the divisor 'rhs' (row)": the role, the tensor op's argument, the value written there.
  auto who = [&](size_t i) {
    return "the " + roles[i] + " '" + names[i].name + "' (" + ir::ExprToString(c.args[i]) + ")";
  };
  const std::string where = " inside InCore function '" + kernel + "'";
  const std::string tile_op = row_broadcast ? form.row_broadcast : form.op;
  if (row_broadcast) {
    const ir::ExprPtr lv = l.valid[0];
    const ir::ExprPtr rv = r.valid[0];
    if (!ProvablyCovers(rv, lv))
      ir::ThrowUser(
          c.span,
          c.op_name() + ": " + who(1) + " has " + ir::ExprToString(rv) + " valid rows and " +
              who(0) + " " + ir::ExprToString(lv) + "; row broadcasting (" + tile_op +
              ") needs the " + roles[1] + " valid rows to cover the " + roles[0] +
              "'s, or a valid row would be divided by an undefined value" + where,
          {{ir::Span{},
            "give the " + roles[1] + " at least the " + roles[0] +
                "'s valid rows (the same runtime extent, or a static one no smaller), or slice "
                "the " +
                roles[0] + " to the " + roles[1] + "'s valid rows first"}});
    return;
  }
  if (!ops::ShapesProvablyEqual(l.shape, r.shape))
    ir::ThrowUser(
        c.span,
        c.op_name() + ": " + who(0) + " has shape " + ops::Str(l.shape) + " and " + who(1) + " " +
            ops::Str(r.shape) + "; " + tile_op +
            " requires src0, src1, and dst to have the same physical shape (only an [M, 1] " +
            roles[1] + " is broadcast along the rows)" + where,
        {{ir::Span{},
          "give both operands one shape: expand the smaller first (pl.row_expand, "
          "pl.col_expand), or slice the larger"}});
  if (!ops::ShapesProvablyEqual(l.valid, r.valid))
    ir::ThrowUser(c.span,
                  c.op_name() + ": " + who(0) + " has valid shape " + ops::Str(l.valid) + " and " +
                      who(1) + " " + ops::Str(r.valid) + "; " + tile_op +
                      " requires src0, src1, and dst to have the same valid_shape" + where,
                  {{ir::Span{},
                    "give both operands one valid shape (pl.tensor.set_validshape), "
                    "or slice both to the window valid in each"}});
}

}  // namespace tilesplit::pass::to_tile
