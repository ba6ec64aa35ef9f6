// convert-tensor-to-tile-ops, the pre-scan (tensor_uses.h).
#include "tensor_uses.h"

#include <vector>

#include "tile_builders.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::pass::to_tile {

using ir::ExprPtr;
using ir::StmtPtr;

TensorUses::TensorUses(const ir::Function& f) {
  for (const ir::Param& p : f.params) params.insert(p.var.get());
  Scan(f.body);
}

void TensorUses::Scan(const StmtPtr& body) {
  std::map<const ir::Var*, const ir::Var*> parent;  // metadata-op result -> its operand
  std::vector<const ir::Var*> mat_operands;
  // A tensor carried through a loop stays a GM tensor when every use of the carried value
  // addresses GM itself (a slice reads a window, an assemble stores one): loading it whole at
  // entry would make the assemble one into a tile, and the result would never reach GM. It is
  // loaded when some use needs a tile (an elementwise op of the carried value).
  // It is also loaded when the body yields a tile back into it (a matmul result): a carry is
  // one value, so a GM initial value and a tile backedge cannot share it.
  struct Carry {
    const ir::Var* iter;     // the carried value in the body
    const ir::Var* result;   // the loop's result it becomes (null if none)
    const ir::Var* yielded;  // the value the body yields back into it (null if not a variable)
    ExprPtr init;
  };
  std::vector<Carry> carries;
  std::set<const ir::Var*> carried_as_tile;
  std::set<const ir::Var*> made_tile;  // results of ops whose tile form always yields a tile
  ir::ForEachStmt(body, ir::kWalkAll, [&](const StmtPtr& s) {
    if (const auto* i = s->As<ir::IfStmt>()) {
      const ir::YieldStmt* ty = ir::TrailingYield(i->then_body);
      const ir::YieldStmt* ey = i->else_body ? ir::TrailingYield(i->else_body) : nullptr;
      for (size_t k = 0; ty && ey && k < i->return_vars.size(); ++k) {
        const ir::Var* t = k < ty->values.size() ? ty->values[k]->As<ir::Var>() : nullptr;
        const ir::Var* e = k < ey->values.size() ? ey->values[k]->As<ir::Var>() : nullptr;
        if (t && e) merged[i->return_vars[k].get()] = {t, e};
      }
    }
    if (auto loop = ir::AsLoop(*s)) {
      const ir::YieldStmt* y = ir::TrailingYield(*loop->body);
      for (size_t k = 0; k < loop->iter_args->size(); ++k) {
        const ir::IterArg& ia = (*loop->iter_args)[k];
        const ir::Var* result =
            k < loop->return_vars->size() ? (*loop->return_vars)[k].get() : nullptr;
        const ir::Var* yielded = y && k < y->values.size() ? y->values[k]->As<ir::Var>() : nullptr;
        carries.push_back({ia.var.get(), result, yielded, ia.init});
      }
    }
    const auto* a = s->As<ir::AssignStmt>();
    const ExprPtr value = a                       ? a->value
                          : s->As<ir::EvalStmt>() ? s->As<ir::EvalStmt>()->expr
                                                  : nullptr;
    const ir::Call* c = AsOpCall(value);
    if (!c) {
      if (a && value && value->As<ir::Var>()) {
        parent[a->var.get()] = value->As<ir::Var>();
        alias_[a->var.get()] = value->As<ir::Var>();
      }
      return;
    }
    const ops::TileForm* form = ops::TileFormOf(*c);
    if (!form) return;  // a tile op: already in tile form
    if (a && form->always_tile()) made_tile.insert(a->var.get());
    if (a && form->kind == ops::TileForm::Kind::Assemble && !c->args.empty())
      if (const auto* target = c->args[0]->As<ir::Var>()) assembled_into_[a->var.get()] = target;
    // A parameter written before anything reads it is not read undefined.
    if ((form->kind == ops::TileForm::Kind::Assemble || form->kind == ops::TileForm::Kind::Write) &&
        !c->args.empty())
      if (const ir::Var* p = ParamOf(c->args[0]); p && !need_load.count(p)) written_first.insert(p);
    const ops::OpDef& def = ops::Def(*c);
    // A Mat demand on a relabelled window reaches the window it relabels.
    if (a && def.has_memory_following_operand() && !c->args.empty())
      if (const auto* src = c->args[0]->As<ir::Var>()) parent[a->var.get()] = src;
    for (size_t i : def.cube_operand_positions())
      if (i < c->args.size())
        if (const auto* v = c->args[i]->As<ir::Var>()) mat_operands.push_back(v);
    for (size_t i = 0; i < c->args.size(); ++i) {
      // The op addresses this operand in GM itself: no tile of it at entry.
      if (def.addresses_gm_operand(i)) continue;
      NeedLoad(c->args[i], s->span);
      if (const auto* v = c->args[i]->As<ir::Var>()) carried_as_tile.insert(v);
    }
  });
  // A value an op reads as a tile makes the value it is a plain alias of one too (`x = y`
  // passes the same tile), so a carry whose alias or whose result is read as a tile is loaded.
  // Each value has one alias chain; a value already marked has its chain marked, so the
  // closure visits each value once per function.
  const std::set<const ir::Var*> read_as_tile = std::move(carried_as_tile);
  carried_as_tile.clear();
  // An assemble's result read as a tile reads the value it assembled into as well.
  auto mark_tile = [&](const ir::Var* v) {
    while (v && carried_as_tile.insert(v).second) {
      auto it = alias_.find(v);
      if (it != alias_.end()) {
        v = it->second;
        continue;
      }
      auto up = assembled_into_.find(v);
      v = up == assembled_into_.end() ? nullptr : up->second;
    }
  };
  for (const ir::Var* v : read_as_tile) mark_tile(v);
  // Inner loops come later in pre-order: walk the carries backwards so that an inner carry
  // needing a tile marks the outer carry (its init) before that one is looked at.
  for (auto it = carries.rbegin(); it != carries.rend(); ++it) {
    const ir::Var* init = it->init ? it->init->As<ir::Var>() : nullptr;
    // A carry the body only assembles into is the value it starts from, updated: carried from
    // a parameter, it is that parameter (its assembles write it).
    if (init && it->yielded && UpdatedBase(it->yielded, it->iter) == it->iter) {
      updated_carry[it->iter] = init;
      if (it->result) updated_carry[it->result] = it->iter;
    }
    const bool tile = carried_as_tile.count(it->iter) ||
                      (it->result && carried_as_tile.count(it->result)) ||
                      (it->yielded && made_tile.count(it->yielded));
    if (!tile) {
      if (init) carried_gm[it->iter] = init;
      continue;
    }
    NeedLoad(it->init, it->init ? it->init->span : ir::Span{});
    mark_tile(init);
  }
  for (const ir::Var* v : mat_operands)
    for (const ir::Var* cur = v; cur;) {
      mat_demand.insert(cur);
      auto it = parent.find(cur);
      cur = it == parent.end() ? nullptr : it->second;
    }
}

void TensorUses::NeedLoad(const ExprPtr& e, ir::Span at) {
  if (!TensorTypeOf(e)) return;
  const ir::Var* v = ParamOf(e);
  if (v && need_load.insert(v).second) first_read[v] = at;
}

const ir::Var* TensorUses::ParamOf(const ExprPtr& e) const {
  const auto* v = e ? e->As<ir::Var>() : nullptr;
  for (int guard = 0; v && !params.count(v) && guard < 64; ++guard) {
    if (auto it = alias_.find(v); it != alias_.end()) {
      v = it->second;
      continue;
    }
    auto up = assembled_into_.find(v);
    v = up == assembled_into_.end() ? nullptr : up->second;
  }
  return v && params.count(v) ? v : nullptr;
}

const ir::Var* TensorUses::UpdatedBase(const ir::Var* v, const ir::Var* stop, int depth) const {
  for (int guard = 0; v && v != stop && guard < 1024 && depth < 64; ++guard) {
    if (auto m = merged.find(v); m != merged.end()) {
      const ir::Var* t = UpdatedBase(m->second.first, stop, depth + 1);
      return t && t == UpdatedBase(m->second.second, stop, depth + 1) ? t : nullptr;
    }
    if (auto al = alias_.find(v); al != alias_.end()) {
      v = al->second;
      continue;
    }
    auto up = assembled_into_.find(v);
    if (up == assembled_into_.end()) return v;
    v = up->second;
  }
  return v;
}

}  // namespace tilesplit::pass::to_tile
