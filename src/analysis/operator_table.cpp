// Renders the registry as docs/operators.md.
#include "tilesplit/analysis/operator_table.h"

#include <sstream>

#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::analysis {

namespace {

constexpr std::string_view kNone = "—";

// A table cell: pipes would end the cell and newlines the row.
std::string Cell(std::string_view text) {
  if (text.empty()) return std::string(kNone);
  std::string out;
  for (char ch : text) {
    if (ch == '|') {
      out += "\\|";
    } else if (ch == '\n') {
      out += ' ';
    } else {
      out += ch;
    }
  }
  return out;
}

using ir::Join;

std::string Args(const ops::OpDef& op) {
  const auto& specs = op.args();
  std::vector<std::string> parts;
  if (op.is_variadic()) {
    // The leading names up to min - 1 are required, the last name is always the final
    // argument, and the ones between appear only at higher arities.
    size_t lo = op.min_args(), n = specs.size();
    for (size_t i = 0; i < n; ++i) {
      bool optional = i + 1 < n && i + 1 >= lo;
      parts.push_back(specs[i].name + (optional ? "?" : ""));
    }
    return Join(parts, ", ") + " (" + std::to_string(lo) + " to " + std::to_string(op.max_args()) +
           " positional)";
  }
  for (size_t i = 0; i < specs.size(); ++i) {
    std::string a = specs[i].name + (specs[i].optional ? "?" : "");
    if (auto from = op.parser_default_source(i))
      a += " (parser default: " + specs[*from].name + ")";
    parts.push_back(a);
  }
  return Join(parts, ", ");
}

std::string Kwargs(const ops::OpDef& op) {
  std::vector<std::string> parts;
  for (const ops::KwargSpec& k : op.kwargs()) {
    std::string s = k.name + ": " + std::string(ops::KwargKindName(k.kind));
    if (k.required) {
      s += " (req.)";
    } else if (k.default_value) {
      s += " = " + ir::AttrValueToString(*k.default_value);
    } else {
      s += "?";
    }
    parts.push_back(s);
  }
  return Join(parts, "; ");
}

std::string InputMemory(const ops::OpDef& op) {
  std::vector<std::string> parts;
  for (size_t i = 0; i < op.max_args(); ++i) {
    const auto* allowed = op.allowed_input_memory(i);
    if (!allowed) continue;
    std::vector<std::string> spaces;
    for (ir::MemorySpace m : *allowed) spaces.emplace_back(ir::MemorySpaceName(m));
    parts.push_back(std::to_string(i) + ": " + Join(spaces, "/"));
  }
  return Join(parts, "; ");
}

std::string OutputMemory(const ops::OpDef& op) {
  auto space = [](std::optional<ir::MemorySpace> m) {
    return m ? std::string(ir::MemorySpaceName(*m)) : std::string(kNone);
  };
  switch (op.output_memory_rule()) {
    case ops::OutputMemoryRule::Fixed:
      return "Fixed(" + space(op.ResolveOutputMemory({})) + ")";
    case ops::OutputMemoryRule::Kwarg:
      return "Kwarg(" + op.output_memory_kwarg() + ", " + space(op.ResolveOutputMemory({})) + ")";
    case ops::OutputMemoryRule::Inherit:
      return "Inherit";
    case ops::OutputMemoryRule::None:
      break;
  }
  return "None";
}

std::string LaneInvariant(const ops::OpDef& op) {
  std::vector<std::string> parts;
  for (const auto& [pos, kind] : op.lane_invariant_args())
    parts.push_back(std::to_string(pos) + " " + op.args().at(pos).name + ": " +
                    std::string(ops::LaneInvariantKindName(kind)));
  return Join(parts, "; ");
}

std::string PositionList(const std::vector<size_t>& ps) {
  std::vector<std::string> parts;
  for (size_t p : ps) parts.push_back(std::to_string(p));
  return "{" + Join(parts, ", ") + "}";
}

// A tensor op's tile form: the tile op it becomes and how, or that it has none.
std::string TileForm(const ops::TileForm& f) {
  if (f.kind == ops::TileForm::Kind::None) return "no tile form";
  std::string s = "tile form ";
  if (f.kind == ops::TileForm::Kind::Op)
    s += f.op;
  else
    s += std::string(ops::TileFormKindName(f.kind)) + (f.op.empty() ? "" : " (" + f.op + ")");
  if (!f.row_broadcast.empty()) s += ", [M, 1] rhs " + f.row_broadcast;
  if (f.scratch == ops::TileForm::Scratch::LikeOperand) s += " + scratch like arg 0";
  if (f.scratch == ops::TileForm::Scratch::RowPadded128)
    s += " + scratch like arg 0, last axis padded to 128";
  if (f.scratch == ops::TileForm::Scratch::SumOfLastAxes)
    s += " + scratch like arg 0, last axis the sum of every arg's";
  if (!f.scratch_kwarg.empty()) s += " when " + f.scratch_kwarg;
  if (f.cast_operands) s += ", operands cast exactly to the result dtype";
  return s;
}

std::string Flags(const ops::OpDef& op) {
  std::vector<std::string> parts;
  switch (op.cross_core_role()) {
    case ops::CrossCoreRole::TPush:
      parts.emplace_back("TPush");
      break;
    case ops::CrossCoreRole::TPop:
      parts.emplace_back("TPop");
      break;
    case ops::CrossCoreRole::TFree:
      parts.emplace_back("TFree");
      break;
    case ops::CrossCoreRole::None:
      break;
  }
  if (op.is_shard()) parts.emplace_back("boundary shard");
  if (op.is_gather()) parts.emplace_back("boundary gather");
  if (op.rectangle_change() == ops::RectangleChange::OrderKept)
    parts.emplace_back("reshapes (order kept)");
  if (op.rectangle_change() == ops::RectangleChange::OrderPermuted)
    parts.emplace_back("reshapes (order permuted)");
  if (op.is_memory_move()) parts.emplace_back("memory move");
  if (op.is_lane_index()) parts.emplace_back("lane index");
  if (op.is_valid_shape_setter()) parts.emplace_back("sets valid shape");
  if (const auto& w = op.gm_window())
    parts.push_back(std::string("GM ") +
                    (w->access == ops::GmWindow::Access::Read ? "read" : "write") + " of arg " +
                    std::to_string(w->tensor) + " at offsets " + std::to_string(w->offsets));
  if (op.pipe_direction() == ops::PipeDirection::C2V) parts.emplace_back("pipe C2V");
  if (op.pipe_direction() == ops::PipeDirection::V2C) parts.emplace_back("pipe V2C");
  if (op.has_side_effect() && op.has_result()) parts.emplace_back("side effect");
  if (op.is_position_dependent()) parts.emplace_back("position-dependent");
  if (const auto& w = op.tile_window())
    parts.push_back("tile window of arg " + std::to_string(w->source) + " at offsets " +
                    std::to_string(w->offsets));
  if (auto s = op.shape_arg()) parts.push_back("shape arg " + std::to_string(*s));
  if (auto a = op.swapped_axes_args())
    parts.push_back("swaps axes args " + std::to_string(a->first) + ", " +
                    std::to_string(a->second));
  if (op.is_byte_reinterpretation()) parts.emplace_back("reinterprets bytes");
  if (!op.has_result()) parts.emplace_back("no result (statement only)");
  if (op.result_from_annotation()) parts.emplace_back("type from annotation");
  if (auto r = op.reused_input()) parts.push_back("reuses input " + std::to_string(*r));
  if (op.is_generator()) parts.emplace_back("generator");
  if (!op.address_arg_positions().empty())
    parts.push_back("address args " + PositionList(op.address_arg_positions()));
  if (!op.gm_operand_positions().empty())
    parts.push_back("GM operands " + PositionList(op.gm_operand_positions()));
  if (!op.cube_operand_positions().empty())
    parts.push_back("cube operands " + PositionList(op.cube_operand_positions()));
  if (op.has_memory_following_operand()) parts.emplace_back("memory follows operand");
  for (const ops::InPlaceUpdate& u : op.in_place_updates()) {
    using R = ops::InPlaceUpdate::Reads;
    std::string reads = u.reads == R::Always  ? "read and written"
                        : u.reads == R::Never ? "written"
                                              : "written (read too when " + u.when_kwarg + "=" +
                                                    std::to_string(u.when_value) + ")";
    parts.push_back("updates arg " + std::to_string(u.pos) + " in place: " + reads +
                    (u.is_result ? ", the result" : ""));
  }
  if (!op.hardware_only_reason().empty())
    parts.push_back("hardware only (" + op.hardware_only_reason() + ")");
  if (const ops::TileForm* f = op.tile_form()) parts.push_back(TileForm(*f));
  if (op.is_synchronization()) parts.emplace_back("synchronization");
  if (op.is_no_duplicate()) parts.emplace_back("no_duplicate");
  if (op.has_combined_axes()) parts.push_back("combines " + op.CombinedDescription());
  if (auto m = op.bit_mask())
    parts.push_back("bit mask " + std::to_string(m->first) + " over " + std::to_string(m->second));
  return Join(parts, "; ");
}

}  // namespace

std::string OperatorTableMarkdown() {
  std::ostringstream out;
  out << R"(# Operators

<!-- Generated by `tilesplit ops --markdown` from the operator registry. Do not edit by hand:
     regenerate it. A unit test fails while this file differs from the generated text. -->

One row per registered operator. **Args**: `?` marks an optional argument. **Kwargs**: `name:
kind` with `= default`, `(req.)` when required, `?` when optional without a default. **Result**:
the type rule of the deducer. **In-mem**: the spaces an argument position accepts. **Out-mem**:
the rule that fills an unresolved result space (Fixed, Kwarg(name, default), Inherit from the
first tile argument, None). **Affinity**: the declared core affinity, or the classification rule
(ops.md 4.4) that decides it. **Lane-invariant**: positions that may stay full width under a
split, with their kind (docs/blind-operands.md).

| Op | Args | Kwargs | Result | In-mem | Out-mem | Affinity | Lane-invariant | Flags |
|---|---|---|---|---|---|---|---|---|
)";
  for (const ops::OpDef* op : ops::OpRegistry::Global().All()) {
    out << "| `" << op->name() << "` | " << Cell(Args(*op)) << " | " << Cell(Kwargs(*op)) << " | "
        << Cell(op->documentation()) << " | " << Cell(InputMemory(*op)) << " | "
        << Cell(OutputMemory(*op)) << " | " << Cell(DescribeIntrinsicAffinity(*op)) << " | "
        << Cell(LaneInvariant(*op)) << " | " << Cell(Flags(*op)) << " |\n";
  }
  return out.str();
}

}  // namespace tilesplit::analysis
