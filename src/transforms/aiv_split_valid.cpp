// The AivSplitValid property (source authoring of pl.split_aiv regions, checks (a)-(j)) and
// AivSplitLoweredValid (the same region checks after LowerAutoVectorSplit, accepting the flat
// lowered form). Each violation names its check, the statement and the fix.
#include <unordered_map>
#include <unordered_set>

#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/transforms/pass.h"
#include "tilesplit/transforms/split_axis.h"
#include "tilesplit/transforms/split_regions.h"

namespace tilesplit::split_regions {
namespace {

using analysis::CoreAffinity;
using ir::ExprPtr;
using ir::SplitAivStmt;
using ir::StmtPtr;
using ir::Var;

std::string Q(const std::string& s) {
  return "'" + s + "'";
}

bool IsCubeMemory(const ir::TileType* t) {
  return t && t->memory && *t->memory != ir::MemorySpace::Vec && *t->memory != ir::MemorySpace::DDR;
}

std::string MemName(const ir::TileType* t) {
  if (!t || !t->memory) return "an unresolved space";
  return "pl.Mem." + std::string(ir::MemorySpaceName(*t->memory));
}

// Where the yields of a body go: loop carries are checked by (j), if merges are not carries.
enum class YieldTo : uint8_t { None, Loop, If };

class Checker {
 public:
  Checker(const ir::Function& f, bool lowered) : f_(f), lowered_(lowered) {}

  void Run() {
    const bool incore =
        f_.func_type != ir::FunctionType::Opaque && f_.func_type != ir::FunctionType::Orchestration;
    if (incore) {
      manual_ = HasSplitRegion(f_.body);
      Walk(f_.body, nullptr, YieldTo::None);
      if (lowered_) CheckLowered();
    } else {
      OpaqueUnit(f_.body);
    }
  }

 private:
  const ir::Function& f_;
  const bool lowered_;
  bool manual_ = false;    // the unit opens at least one region
  bool in_scope_ = false;  // walking a CORE_GROUP scope of an Opaque function
  std::unordered_map<const Var*, const SplitAivStmt*> def_region_;
  std::unordered_map<const Var*, const SplitAivStmt*> lane_local_;  // per-lane values by region
  std::unordered_set<const Var*> gathered_;                         // tile.aic_gather results

  [[noreturn]] void Fail(char check, ir::Span span, const std::string& what,
                         const std::string& fix) const {
    ir::ThrowUser(span,
                  std::string("AivSplitValid check (") + check + ") in " + Q(f_.name) + ": " + what,
                  {{ir::Span{}, fix}});
  }

  // Opaque / Orchestration functions: regions belong inside the CORE_GROUP scopes the outliner
  // will lift; each scope is checked like a function body.
  void OpaqueUnit(const StmtPtr& s) {
    if (!s) return;
    if (const ir::ScopeStmt* sc = s->As<ir::ScopeStmt>()) {
      manual_ = HasSplitRegion(sc->body);
      in_scope_ = true;
      Walk(sc->body, nullptr, YieldTo::None);
      in_scope_ = false;
      manual_ = false;
      return;
    }
    if (s->As<SplitAivStmt>())
      Fail('h', s->span,
           "a pl.split_aiv region outside any CORE_GROUP-level region (a "
           "pl.at(level=pl.Level.CORE_GROUP) scope) of a " +
               std::string(ir::FunctionTypeName(f_.func_type)) +
               " function; only the outliner may place a region in a function",
           "wrap the region in `with pl.at(level=pl.Level.CORE_GROUP):` so OutlineIncoreScopes "
           "lifts it into an InCore function");
    ir::ForEachChild(*s, ir::kWalkOutsideScopes, [&](const StmtPtr& c) { OpaqueUnit(c); });
  }

  void Walk(const StmtPtr& s, const SplitAivStmt* region, YieldTo yt) {
    if (!s) return;
    switch (s->kind) {
      case ir::StmtKind::Seq:
        for (const StmtPtr& c : s->As<ir::SeqStmts>()->stmts) Walk(c, region, yt);
        return;
      case ir::StmtKind::Assign:
        return Assign(*s->As<ir::AssignStmt>(), region);
      case ir::StmtKind::Eval:
        if (const ir::Call* c = s->As<ir::EvalStmt>()->expr->As<ir::Call>())
          CheckCall(*c, s->span, region);
        return;
      case ir::StmtKind::Return:
        for (const ExprPtr& v : s->As<ir::ReturnStmt>()->values)
          if (const ir::Call* c = v->As<ir::Call>()) CheckCall(*c, s->span, region);
        return;
      case ir::StmtKind::Yield:
        if (yt == YieldTo::Loop && !region)
          for (const ExprPtr& v : s->As<ir::YieldStmt>()->values)
            if (const SplitAivStmt* from = LaneLocalOrigin(v))
              Fail('j', s->span,
                   "the loop carries " + Q(ir::ExprToString(v)) +
                       ", a per-lane value of the pl.split_aiv region at line " +
                       std::to_string(from->span.line) +
                       ", around its backedge into the next iteration's region; a region "
                       "recognises only shard results defined inside it",
                   "keep the loop inside the region, or carry a full-width value (gather it "
                   "with tile.aic_gather first)");
        return;
      case ir::StmtKind::For: {
        const ir::ForStmt* f = s->As<ir::ForStmt>();
        Loop(f->iter_args, f->body, f->return_vars, region, s->span);
        def_region_[f->loop_var.get()] = region;
        return;
      }
      case ir::StmtKind::While: {
        const ir::WhileStmt* w = s->As<ir::WhileStmt>();
        return Loop(w->iter_args, w->body, w->return_vars, region, s->span);
      }
      case ir::StmtKind::If: {
        const ir::IfStmt* i = s->As<ir::IfStmt>();
        Walk(i->then_body, region, YieldTo::If);
        Walk(i->else_body, region, YieldTo::If);
        for (size_t k = 0; k < i->return_vars.size(); ++k) {
          const Var* rv = i->return_vars[k].get();
          def_region_[rv] = region;
          for (const StmtPtr& b : {i->then_body, i->else_body}) {
            std::vector<StmtPtr> st = ir::FlattenStmts(b);
            const ir::YieldStmt* y = st.empty() ? nullptr : st.back()->As<ir::YieldStmt>();
            if (y && k < y->values.size())
              if (const SplitAivStmt* o = LaneLocalOrigin(y->values[k])) lane_local_[rv] = o;
          }
        }
        return;
      }
      case ir::StmtKind::Scope:
        return Walk(s->As<ir::ScopeStmt>()->body, region, yt);
      case ir::StmtKind::SplitAiv:
        return Region(*s->As<SplitAivStmt>(), region);
    }
  }

  void Region(const SplitAivStmt& r, const SplitAivStmt* outer) {
    if (outer)
      Fail('h', r.span, "a pl.split_aiv region nested inside another region",
           "regions do not nest: close the outer region first");
    if (!in_scope_ && f_.func_type == ir::FunctionType::InCore && !f_.BoolAttr("split_aiv"))
      Fail('h', r.span,
           "a pl.split_aiv region in the InCore function " + Q(f_.name) +
               ", which the outliner did not produce (it is not stamped split_aiv); a region "
               "belongs inside a CORE_GROUP-level region that the outliner lifts",
           "write the kernel as a plain @pl.function (Opaque) with `with "
           "pl.at(level=pl.Level.CORE_GROUP):` around the region, so OutlineIncoreScopes "
           "outlines it");
    Walk(r.body, &r, YieldTo::None);
  }

  void Loop(const std::vector<ir::IterArg>& ias, const StmtPtr& body,
            const std::vector<ir::VarPtr>& rvs, const SplitAivStmt* region, ir::Span span) {
    for (const ir::IterArg& ia : ias) {
      def_region_[ia.var.get()] = region;
      if (const SplitAivStmt* o = LaneLocalOrigin(ia.init)) {
        if (!region)
          Fail('j', span,
               "the loop carry " + Q(ia.var->name) + " starts from " +
                   Q(ir::ExprToString(ia.init)) +
                   ", a per-lane value of the pl.split_aiv region at line " +
                   std::to_string(o->span.line) +
                   "; a region reading the carry would not recognise it as a shard result",
               "keep the loop inside the region, or carry a full-width value");
        lane_local_[ia.var.get()] = o;
      }
    }
    Walk(body, region, YieldTo::Loop);
    for (size_t i = 0; i < rvs.size(); ++i) {
      def_region_[rvs[i].get()] = region;
      if (i < ias.size())
        if (auto it = lane_local_.find(ias[i].var.get()); it != lane_local_.end())
          lane_local_[rvs[i].get()] = it->second;
    }
  }

  const SplitAivStmt* LaneLocalOrigin(const ExprPtr& e) const {
    const Var* v = e ? e->As<Var>() : nullptr;
    if (!v)
      if (const ir::TupleGetItem* g = e ? e->As<ir::TupleGetItem>() : nullptr)
        v = g->tuple->As<Var>();
    if (!v) return nullptr;
    auto it = lane_local_.find(v);
    return it == lane_local_.end() ? nullptr : it->second;
  }

  static const Var* VarOf(const ExprPtr& e) {
    if (!e) return nullptr;
    if (const Var* v = e->As<Var>()) return v;
    if (const ir::TupleGetItem* g = e->As<ir::TupleGetItem>()) return g->tuple->As<Var>();
    return nullptr;
  }

  const SplitAivStmt* DefRegion(const Var* v) const {
    auto it = def_region_.find(v);
    return it == def_region_.end() ? nullptr : it->second;
  }

  void Assign(const ir::AssignStmt& a, const SplitAivStmt* region) {
    const Var* v = a.var.get();
    const ir::Call* c = a.value->As<ir::Call>();
    if (c) CheckCall(*c, a.span, region);
    def_region_[v] = region;
    if (!c) {
      if (const SplitAivStmt* o = LaneLocalOrigin(a.value)) lane_local_[v] = o;
      if (const Var* src = VarOf(a.value); src && gathered_.count(src)) gathered_.insert(v);
      return;
    }
    if (ops::IsGatherCall(*c)) gathered_.insert(v);
    if (!region) return;
    bool local = false;
    if (ops::IsShardCall(*c)) {
      auto split = ir::GetAttr<int64_t>(c->kwargs, "split");
      local = !split || *split != 0;
    } else if (!ops::IsGatherCall(*c)) {
      for (const ExprPtr& arg : c->args)
        if (LaneLocalOrigin(arg) == region) local = true;
    }
    if (local) lane_local_[v] = region;
  }

  void CheckCall(const ir::Call& c, ir::Span span, const SplitAivStmt* region) {
    const std::string& name = c.op_name();
    const bool boundary = ops::Def(c).is_boundary();
    const CoreAffinity aff = analysis::ClassifyCallAffinity(c);
    if (boundary) CheckBoundaryMemory(c, span);
    if (region) {
      if (aff == CoreAffinity::CUBE)
        Fail('a', span,
             "cube operation " + name +
                 " inside a pl.split_aiv region; the region body is AIV work: a region holds "
                 "only the vector side of the kernel" +
                 (region->mode != ir::SplitMode::None ? ", and each lane computes half the tile"
                                                      : ""),
             "move " + name + " out of the region (before it, or after it on the gathered tile)");
      if (region->mode != ir::SplitMode::None &&
          split_axis::IsReduceOnSplitAxis(c, split_axis::SplitDimension(region->mode)))
        Fail('b', span,
             name + " " + ops::Def(c).combine_verb() +
                 " the split axis of a data-parallel region (mode " +
                 std::string(ir::SplitModeName(region->mode)) +
                 "): each lane would hold only a partial result",
             "split along an axis " + name +
                 " does not combine (the other mode), or use pl.split_aiv(2, "
                 "mode=pl.SplitMode.NONE) so it runs full width on each lane");
      for (const ExprPtr& arg : c.args) {
        const Var* v = VarOf(arg);
        if (!v) continue;
        if (const SplitAivStmt* o = LaneLocalOrigin(arg); o && o != region)
          Fail('i', span,
               name + " reads " + Q(ir::ExprToString(arg)) +
                   ", a per-lane value of the sibling pl.split_aiv region at line " +
                   std::to_string(o->span.line) +
                   "; a region recognises only shard results defined inside it",
               "compute the value in this region (shard it here with tile.aiv_shard), or merge "
               "the two regions");
        if (!ops::IsShardCall(c) && IsCubeMemory(ir::TileTypeOf(arg)) && DefRegion(v) != region)
          Fail('g', span,
               name + " reads the cube tile " + Q(ir::ExprToString(arg)) + " (" +
                   MemName(ir::TileTypeOf(arg)) +
                   ") inside a pl.split_aiv region without naming the crossing (pl.aiv_shard)",
               "bring it in through tile.aiv_shard (" + ir::ExprToString(arg) +
                   ") and read the shard result");
      }
      return;
    }
    if (boundary && (manual_ || !f_.BoolAttr("split_aiv")))
      Fail('c', span,
           name + " outside every pl.split_aiv region; " + name +
               " must appear inside a pl.split_aiv region, where the boundary ops belong",
           "move the " + name + " into the region that consumes (or produces) its vector side");
    // GM traffic and the lane index stay outside regions: they are not vector work to place.
    if (manual_ && aff == CoreAffinity::VECTOR && !ops::Def(c).gm_window() &&
        !ops::Def(c).is_lane_index())
      Fail('e', span,
           "vector operation " + name +
               " outside every pl.split_aiv region of a function that opens regions; the "
               "regions own vector placement (pl.split_aiv(2, mode=pl.SplitMode.NONE) keeps "
               "work full width on each lane)",
           "wrap it in a region, e.g. `for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):` to "
           "keep it full width on each lane");
    if (aff == CoreAffinity::CUBE || aff == CoreAffinity::MIXED) {
      for (const ExprPtr& arg : c.args) {
        const Var* v = VarOf(arg);
        if (!v || !ir::IsTileTyped(arg) || !DefRegion(v) || gathered_.count(v)) continue;
        Fail('f', span,
             name + " on the cube side reads " + Q(ir::ExprToString(arg)) +
                 ", defined in the pl.split_aiv region at line " +
                 std::to_string(DefRegion(v)->span.line) +
                 " without a tile.aic_gather (pl.aic_gather)",
             "gather it in the region (g = pl.aic_gather(" + ir::ExprToString(arg) +
                 ")) and read the gathered tile");
      }
    }
  }

  // (d): the shard carries an Acc tile to Vec, the gather a Vec tile to Mat.
  void CheckBoundaryMemory(const ir::Call& c, ir::Span span) {
    const ir::TileType* in = c.args.empty() ? nullptr : ir::TileTypeOf(c.args[0]);
    const ir::TileType* out = ir::AsTileType(c.type);
    const bool shard = ops::IsShardCall(c);
    auto is = [](const ir::TileType* t, ir::MemorySpace m) { return t && t->memory == m; };
    const bool in_ok = shard ? (lowered_ ? IsCubeMemory(in) : is(in, ir::MemorySpace::Acc))
                             : is(in, ir::MemorySpace::Vec);
    const bool out_ok = is(out, shard ? ir::MemorySpace::Vec : ir::MemorySpace::Mat);
    if (in_ok && out_ok) return;
    auto bare = [](const ir::TileType* t) {
      return t && t->memory ? std::string(ir::MemorySpaceName(*t->memory))
                            : std::string("no space");
    };
    const std::string why =
        !in_ok ? "its operand is in " + bare(in) + ", but " + c.op_name() + " requires " +
                     (shard ? (lowered_ ? "a cube space (Acc or Mat)" : "Acc") : "Vec")
               : "its result is in " + bare(out) + ", but it must be " + (shard ? "Vec" : "Mat");
    Fail('d', span,
         c.op_name() + " moves " + MemName(in) + " to " + MemName(out) + " (" + why + "); " +
             (shard ? "tile.aiv_shard is the cube->vector crossing: Acc in, Vec out"
                    : "tile.aic_gather is the vector->cube crossing: Vec in, Mat out"),
         shard ? "shard the matmul's Acc result (a vector-produced tile needs no shard: write it "
                 "at the half extent instead)"
               : "gather a Vec tile computed in the region; move it onward on the cube side");
  }

  // After lowering: every mixed split function has been rewritten into split_aiv form.
  void CheckLowered() {
    if (f_.func_type != ir::FunctionType::InCore || f_.BoolAttr("split_aiv")) return;
    auto mode = f_.split_mode();
    if (mode && *mode != ir::SplitMode::None && analysis::IsMixed(f_))
      ir::ThrowUser(f_.span,
                    "AivSplitLoweredValid in " + Q(f_.name) +
                        ": a mixed function with a split mode was not lowered to split_aiv form",
                    {{ir::Span{}, "run lower-auto-vector-split on it"}});
  }
};

void Verify(const ir::ProgramPtr& p, bool lowered) {
  for (const ir::FunctionPtr& f : p->functions) Checker(*f, lowered).Run();
}

}  // namespace

void VerifyAivSplitValid(const ir::ProgramPtr& p) {
  Verify(p, false);
}
void VerifyAivSplitLoweredValid(const ir::ProgramPtr& p) {
  Verify(p, true);
}

TILESPLIT_REGISTER_VERIFIER("AivSplitValid", VerifyAivSplitValid);
TILESPLIT_REGISTER_VERIFIER("AivSplitLoweredValid", VerifyAivSplitLoweredValid);

}  // namespace tilesplit::split_regions
