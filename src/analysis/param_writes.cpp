// ParamWrites / RequireWritesKept (include/tilesplit/analysis/param_writes.h).
#include "tilesplit/analysis/param_writes.h"

#include <set>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::analysis {
namespace {

const char* DirectionName(ir::ParamDirection d) {
  switch (d) {
    case ir::ParamDirection::Out:
      return "Out";
    case ir::ParamDirection::InOut:
      return "InOut";
    case ir::ParamDirection::In:
      break;
  }
  return "input";
}

struct Summary {
  std::map<size_t, ir::Span> writes;       // parameter index -> first write
  std::map<size_t, size_t> returns_param;  // result index -> the parameter it is a version of
};

class Writes {
 public:
  explicit Writes(const ir::Program& p) : p_(p) {}

  const Summary& Of(const ir::Function& f) {
    if (auto it = done_.find(&f); it != done_.end()) return it->second;
    Summary& s = done_[&f];
    if (!active_.insert(&f).second || !f.body) return s;  // recursion: what is known so far
    std::map<const ir::Var*, size_t> root;  // a value -> the parameter it is a version of
    for (size_t i = 0; i < f.params.size(); ++i)
      if (f.params[i].var->type->As<ir::TensorType>()) root[f.params[i].var.get()] = i;
    auto root_of = [&](const ir::ExprPtr& e) -> std::optional<size_t> {
      const auto* v = e ? e->As<ir::Var>() : nullptr;
      auto it = v ? root.find(v) : root.end();
      if (it == root.end()) return std::nullopt;
      return it->second;
    };
    auto write = [&](std::optional<size_t> r, ir::Span at) {
      if (r && !s.writes.count(*r)) s.writes[*r] = at;
    };
    ir::ForEachStmt(f.body, ir::kWalkAll, [&](const ir::StmtPtr& st) {
      if (auto loop = ir::AsLoop(*st)) {
        // A value carried from a parameter stays that parameter (an assemble loop writes it).
        for (size_t k = 0; k < loop->iter_args->size(); ++k) {
          const ir::IterArg& ia = (*loop->iter_args)[k];
          if (auto r = root_of(ia.init)) {
            root[ia.var.get()] = *r;
            if (k < loop->return_vars->size()) root[(*loop->return_vars)[k].get()] = *r;
          }
        }
      }
      if (const auto* i = st->As<ir::IfStmt>())
        if (const ir::YieldStmt* y = ir::TrailingYield(i->then_body))
          for (size_t k = 0; k < i->return_vars.size() && k < y->values.size(); ++k)
            if (auto r = root_of(y->values[k])) root[i->return_vars[k].get()] = *r;
      if (const auto* ret = st->As<ir::ReturnStmt>())
        for (size_t k = 0; k < ret->values.size(); ++k)
          if (auto r = root_of(ret->values[k])) s.returns_param.emplace(k, *r);
      const auto* a = st->As<ir::AssignStmt>();
      const auto* ev = st->As<ir::EvalStmt>();
      const ir::ExprPtr value = a ? a->value : ev ? ev->expr : nullptr;
      if (!value) return;
      std::optional<size_t> result;
      if (value->As<ir::Var>()) {
        result = root_of(value);
      } else if (const auto* c = value->As<ir::Call>()) {
        const ops::OpDef& d = ops::Def(*c);
        // A GM tensor the op updates in place (a collective's window, expand_clone's target) is
        // written; the op's result is that tensor when it says so.
        if (!d.in_place_updates().empty()) {
          for (const ops::InPlaceUpdate& u : d.in_place_updates()) {
            if (u.pos >= c->args.size()) continue;
            write(root_of(c->args[u.pos]), st->span);
            if (u.is_result) result = root_of(c->args[u.pos]);
          }
        } else if (const auto& w = d.gm_window();
                   w && w->access == ops::GmWindow::Access::Write && w->tensor < c->args.size()) {
          result = root_of(c->args[w->tensor]);
          write(result, st->span);
        } else if (const ops::TileForm* form = ops::TileFormOf(*c); form && !c->args.empty()) {
          using Kind = ops::TileForm::Kind;
          if (form->kind == Kind::Assemble || form->kind == Kind::Write) {
            result = root_of(c->args[0]);
            write(result, st->span);
          } else if (form->kind == Kind::View || form->kind == Kind::Reinterpret) {
            result = root_of(c->args[0]);
          }
        }
      } else if (const auto* fc = value->As<ir::FunctionCall>()) {
        if (ir::FunctionPtr callee = p_.Find(fc->callee)) {
          const Summary& cs = Of(*callee);
          for (const auto& [k, at] : cs.writes)
            if (k < fc->args.size()) write(root_of(fc->args[k]), at);
          if (auto it = cs.returns_param.find(0);
              it != cs.returns_param.end() && it->second < fc->args.size())
            result = root_of(fc->args[it->second]);
        }
      }
      if (a && result) root[a->var.get()] = *result;
    });
    active_.erase(&f);
    return s;
  }

 private:
  const ir::Program& p_;
  std::map<const ir::Function*, Summary> done_;
  std::set<const ir::Function*> active_;
};

}  // namespace

std::map<size_t, ir::Span> ParamWrites(const ir::Program& p, const ir::Function& f) {
  Writes w(p);
  return w.Of(f).writes;
}

void RequireWritesKept(const ir::Program& source, const ir::Program& lowered,
                       const std::string& entry) {
  ir::FunctionPtr src = source.Find(entry);
  ir::FunctionPtr low = lowered.Find(entry);
  if (!src || !low) return;
  const std::map<size_t, ir::Span> before = ParamWrites(source, *src);
  if (before.empty()) return;
  const std::map<size_t, ir::Span> after = ParamWrites(lowered, *low);
  for (const auto& [k, at] : before) {
    if (after.count(k) || k >= src->params.size()) continue;
    const ir::Param& p = src->params[k];
    ir::ThrowUser(at,
                  "this writes the " + std::string(DirectionName(p.direction)) + " parameter '" +
                      p.var->name + "' of '" + entry +
                      "', but the lowered program never writes it: tilesplit's lowering lost "
                      "the write, and running it would hand back '" +
                      p.var->name + "' unchanged",
                  {{{},
                    "this is a limitation of tilesplit, not a mistake in the program; until it "
                    "is lifted, write the result through a window of the tensor (" +
                        p.var->name + "[0:N, :] = ...) and please report the program"}});
  }
}

}  // namespace tilesplit::analysis
