// The AivSplitValid property (source authoring of pl.split_aiv regions, checks (a)-(j)) and
// AivSplitLoweredValid (the same region checks after LowerAutoVectorSplit, accepting the flat
// lowered form). Each violation names its check, the statement and the fix.
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "halving.h"
#include "lane_facts.h"
#include "regions.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/lane.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::vector_split {
namespace {

using analysis::CoreAffinity;
using ir::SplitAivStmt;

bool IsCubeMemory(const ir::TileType* t) {
  return t && t->memory && *t->memory != ir::MemorySpace::Vec && *t->memory != ir::MemorySpace::DDR;
}

std::string MemName(const ir::TileType* t) {
  if (!t || !t->memory) return "an unresolved space";
  return "pl.Mem." + std::string(ir::MemorySpaceName(*t->memory));
}

// Where the yields of a body go: loop carries are checked by (j), if merges are not carries.
enum class YieldTo : uint8_t { None, Loop, If };

// Fails check `check` of function `f` at `span`: what broke, and the author's fix.
[[noreturn]] void Fail(const ir::Function& f, char check, ir::Span span, const std::string& what,
                       const std::string& fix) {
  ir::ThrowUser(
      span, std::string("AivSplitValid check (") + check + ") in " + Quote(f.name) + ": " + what,
      {{ir::Span{}, fix}});
}

// What the walk learns about the values of a function: the region each is defined in and which
// are gathered tiles; the region whose per-lane value each is comes from the lane facts.
struct RegionFacts {
  // The function's (LaneFacts::RegionOrigin), shared with the pass through the pass context.
  std::shared_ptr<const LaneFacts> lanes;
  std::unordered_map<const Var*, const SplitAivStmt*> def_region;
  std::unordered_set<const Var*> gathered;  // tile.aic_gather results
  // tile.load results: the compiler hoists a region's loads out of it, so (g) does not count a
  // loaded tile as a cube value crossing into the region (the (e) carve-out, definer side).
  std::unordered_set<const Var*> loaded;

  const SplitAivStmt* LaneLocalOrigin(const ExprPtr& e) const { return lanes->RegionOrigin(e); }

  static const Var* VarOf(const ExprPtr& e) {
    if (!e) return nullptr;
    if (const Var* v = e->As<Var>()) return v;
    if (const ir::TupleGetItem* g = e->As<ir::TupleGetItem>()) return g->tuple->As<Var>();
    return nullptr;
  }

  const SplitAivStmt* DefRegion(const Var* v) const {
    auto it = def_region.find(v);
    return it == def_region.end() ? nullptr : it->second;
  }
};

// The checks of one call: inside a region (a, b, g, i), outside every region (c, e, f), and the
// memory a boundary op moves between (d).
class CallChecks {
 public:
  CallChecks(const ir::Function& f, bool lowered, const RegionFacts& facts, const bool& manual)
      : f_(f), lowered_(lowered), facts_(facts), manual_(manual) {}

  void CheckCall(const ir::Call& c, ir::Span span, const SplitAivStmt* region) {
    const CoreAffinity aff = analysis::ClassifyCallAffinity(c);  // first: it may refuse the call
    // Placement before the memory contract: a boundary op outside every region is reported as
    // misplaced (c), whatever it moves.
    if (!region) CheckOutsideRegions(c, span, aff);
    // The memory contract is a tile's: a tensor-level boundary op has no memory space.
    if (ops::Def(c).is_boundary() && !c.args.empty() && ir::TileTypeOf(c.args[0]))
      CheckBoundaryMemory(c, span);
    if (region) CheckInRegion(c, span, *region, aff);
  }

  // (a), (b), (i), (g): what a call inside a region may compute and read.
  void CheckInRegion(const ir::Call& c, ir::Span span, const SplitAivStmt& r, CoreAffinity aff) {
    const SplitAivStmt* region = &r;
    const std::string& name = c.op_name();
    if (aff == CoreAffinity::CUBE)
      Fail(
          f_, 'a', span,
          "cube operation " + name +
              " inside a pl.split_aiv region; the region body is AIV work: a region holds "
              "only the vector side of the kernel" +
              (region->mode != ir::SplitMode::None ? ", and each lane computes half the tile" : ""),
          "move " + name + " out of the region (before it, or after it on the gathered tile)");
    // In the source every tile of a split region is the lane's half. In the lowered form only a
    // lane's part reduces to a partial: a value both lanes hold whole (a generator, a broadcast
    // read the halving kept whole) reduces exactly on each.
    const int part =
        region->mode == ir::SplitMode::None
            ? -1
            : ReducedPartOnSplitAxis(c, SplitDimension(region->mode), [&](const ExprPtr& e) {
                return !lowered_ || facts_.lanes->IsLaneLocal(e) || facts_.lanes->MayDiffer(e);
              });
    if (part >= 0)
      Fail(f_, 'b', span,
           name + " " + ops::Def(c).combine_verb() + " the split axis of " +
               Quote(ir::ExprToString(c.args[static_cast<size_t>(part)])) +
               ", a per-lane value of a data-parallel region (mode " +
               std::string(ir::SplitModeName(region->mode)) +
               "): each lane would hold only a partial result",
           "split along an axis " + name +
               " does not combine (the other mode), or use pl.split_aiv(2, "
               "mode=pl.SplitMode.NONE) so it runs full width on each lane");
    for (const ExprPtr& arg : c.args) {
      const Var* v = RegionFacts::VarOf(arg);
      if (!v) continue;
      if (const SplitAivStmt* o = facts_.LaneLocalOrigin(arg); o && o != region)
        Fail(f_, 'i', span,
             name + " reads " + Quote(ir::ExprToString(arg)) +
                 ", a per-lane value of the sibling pl.split_aiv region at line " +
                 std::to_string(o->span.line) +
                 "; a region recognises only shard results defined inside it",
             "compute the value in this region (shard it here with tile.aiv_shard), or merge "
             "the two regions");
      if (!ops::IsShardCall(c) && IsCubeMemory(ir::TileTypeOf(arg)) &&
          facts_.DefRegion(v) != region && !facts_.loaded.count(v))
        Fail(f_, 'g', span,
             name + " reads the cube tile " + Quote(ir::ExprToString(arg)) + " (" +
                 MemName(ir::TileTypeOf(arg)) +
                 ") inside a pl.split_aiv region without naming the crossing (pl.aiv_shard)",
             "bring it in through tile.aiv_shard (" + ir::ExprToString(arg) +
                 ") and read the shard result");
    }
  }

  // (c), (e), (f): boundary ops and vector work outside regions, cube reads of region values.
  void CheckOutsideRegions(const ir::Call& c, ir::Span span, CoreAffinity aff) {
    const std::string& name = c.op_name();
    const bool boundary = ops::Def(c).is_boundary();
    if (boundary && (manual_ || !f_.BoolAttr(ir::fattr::kSplitAiv)))
      Fail(f_, 'c', span,
           name + " outside every pl.split_aiv region; " + name +
               " must appear inside a pl.split_aiv region, where the boundary ops belong",
           "move the " + name + " into the region that consumes (or produces) its vector side");
    // GM traffic and the lane index stay outside regions: they are not vector work to place.
    // Nor is an op that states its lane (a barrier's core_type): a region could not place it
    // any more exactly, so (e) is about lanes the compiler infers, not lanes the author states.
    if (manual_ && aff == CoreAffinity::VECTOR && !ops::Def(c).gm_window() &&
        !ops::IsLaneIndexCall(c) && !analysis::IsLaneStated(ops::Def(c)))
      Fail(f_, 'e', span,
           "vector operation " + name +
               " outside every pl.split_aiv region of a function that opens regions; the "
               "regions own vector placement (pl.split_aiv(2, mode=pl.SplitMode.NONE) keeps "
               "work full width on each lane)",
           "wrap it in a region, e.g. `for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):` to "
           "keep it full width on each lane");
    if (aff == CoreAffinity::CUBE || aff == CoreAffinity::MIXED) {
      for (const ExprPtr& arg : c.args) {
        const Var* v = RegionFacts::VarOf(arg);
        if (!v || !ir::IsTileTyped(arg) || !facts_.DefRegion(v) || facts_.gathered.count(v))
          continue;
        Fail(f_, 'f', span,
             name + " on the cube side reads " + Quote(ir::ExprToString(arg)) +
                 ", defined in the pl.split_aiv region at line " +
                 std::to_string(facts_.DefRegion(v)->span.line) +
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
    Fail(f_, 'd', span,
         c.op_name() + " moves " + MemName(in) + " to " + MemName(out) + " (" + why + "); " +
             (shard ? "tile.aiv_shard is the cube->vector crossing: Acc in, Vec out"
                    : "tile.aic_gather is the vector->cube crossing: Vec in, Mat out"),
         shard ? "shard the matmul's Acc result (a vector-produced tile needs no shard: write it "
                 "at the half extent instead)"
               : "gather a Vec tile computed in the region; move it onward on the cube side");
  }

 private:
  const ir::Function& f_;
  const bool lowered_;
  const RegionFacts& facts_;
  const bool& manual_;  // the unit opens at least one region (the walk sets it per unit)
};

class Checker {
 public:
  // A function already in the lowered form (the pass's own flat or region output, or a flat
  // kernel written that way) is held to AivSplitLoweredValid's rules, so a stage's output read
  // back verifies as it did when the pass produced it.
  Checker(const ir::FunctionPtr& fp, bool lowered)
      : fp_(fp), f_(*fp), lowered_(lowered || IsLoweredForm(*fp)) {}

  // split_aiv with no region is the flat lowered form; split_aiv with regions is lowered only
  // when it also carries a function-level split mode (the AUTO path's synthesized region): the
  // outliner stamps split_aiv on the region functions it mints, and never a split mode.
  static bool IsLoweredForm(const ir::Function& f) {
    if (f.func_type != ir::FunctionType::InCore || !f.BoolAttr(ir::fattr::kSplitAiv)) return false;
    if (!HasSplitRegion(f.body)) return true;
    auto mode = f.split_mode();
    return mode && *mode != ir::SplitMode::None;
  }

  void Run() {
    facts_.lanes = pass::AnalysisOf<LaneFacts>(fp_);
    const bool incore = !ir::IsHostFunction(f_.func_type);
    if (incore) {
      manual_ = HasSplitRegion(f_.body);
      Walk(f_.body, nullptr, YieldTo::None);
      if (lowered_) CheckLowered();
    } else {
      OpaqueUnit(f_.body);
    }
  }

 private:
  const ir::FunctionPtr fp_;
  const ir::Function& f_;
  const bool lowered_;
  bool manual_ = false;    // the unit opens at least one region
  bool in_scope_ = false;  // walking a CORE_GROUP scope of an Opaque function
  RegionFacts facts_;
  CallChecks calls_{f_, lowered_, facts_, manual_};

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
      Fail(f_, 'h', s->span,
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
    ir::VisitStmtKind(
        *s, ir::Overloaded{[&](const ir::SeqStmts& q) {
                             for (const StmtPtr& c : q.stmts) Walk(c, region, yt);
                           },
                           [&](const ir::AssignStmt& a) { Assign(a, region); },
                           [&](const ir::EvalStmt& e) {
                             if (const ir::Call* c = e.expr->As<ir::Call>())
                               calls_.CheckCall(*c, s->span, region);
                           },
                           [&](const ir::ReturnStmt& r) {
                             for (const ExprPtr& v : r.values)
                               if (const ir::Call* c = v->As<ir::Call>())
                                 calls_.CheckCall(*c, s->span, region);
                           },
                           [&](const ir::YieldStmt& y) {
                             if (yt == YieldTo::Loop && !region) CheckLoopYield(y);
                           },
                           [&](const ir::ForStmt& f) {
                             Loop(f.iter_args, f.body, f.return_vars, region, s->span);
                             facts_.def_region[f.loop_var.get()] = region;
                           },
                           [&](const ir::WhileStmt& w) {
                             Loop(w.iter_args, w.body, w.return_vars, region, s->span);
                           },
                           [&](const ir::IfStmt& i) { If(i, region); },
                           [&](const ir::ScopeStmt& sc) { Walk(sc.body, region, yt); },
                           [&](const ir::SpmdScopeStmt& sp) { Walk(sp.body, region, yt); },
                           [&](const SplitAivStmt& r) { Region(r, region); }});
  }

  // (j): a loop outside every region must not carry a per-lane value around its backedge.
  void CheckLoopYield(const ir::YieldStmt& y) {
    for (const ExprPtr& v : y.values)
      if (const SplitAivStmt* from = facts_.LaneLocalOrigin(v))
        Fail(f_, 'j', y.span,
             "the loop carries " + Quote(ir::ExprToString(v)) +
                 ", a per-lane value of the pl.split_aiv region at line " +
                 std::to_string(from->span.line) +
                 ", around its backedge into the next iteration's region; a region "
                 "recognises only shard results defined inside it",
             "keep the loop inside the region, or carry a full-width value (gather it "
             "with tile.aic_gather first)");
  }

  void If(const ir::IfStmt& i, const SplitAivStmt* region) {
    Walk(i.then_body, region, YieldTo::If);
    Walk(i.else_body, region, YieldTo::If);
    for (const ir::VarPtr& rv : i.return_vars) facts_.def_region[rv.get()] = region;
  }

  void Region(const SplitAivStmt& r, const SplitAivStmt* outer) {
    if (outer)
      Fail(f_, 'h', r.span, "a pl.split_aiv region nested inside another region",
           "regions do not nest: close the outer region first");
    if (!in_scope_ && f_.func_type == ir::FunctionType::InCore &&
        !f_.BoolAttr(ir::fattr::kSplitAiv))
      Fail(f_, 'h', r.span,
           "a pl.split_aiv region in the InCore function " + Quote(f_.name) +
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
      facts_.def_region[ia.var.get()] = region;
      if (const SplitAivStmt* o = facts_.LaneLocalOrigin(ia.init); o && !region)
        Fail(f_, 'j', span,
             "the loop carry " + Quote(ia.var->name) + " starts from " +
                 Quote(ir::ExprToString(ia.init)) +
                 ", a per-lane value of the pl.split_aiv region at line " +
                 std::to_string(o->span.line) +
                 "; a region reading the carry would not recognise it as a shard result",
             "keep the loop inside the region, or carry a full-width value");
    }
    Walk(body, region, YieldTo::Loop);
    for (const ir::VarPtr& rv : rvs) facts_.def_region[rv.get()] = region;
  }

  void Assign(const ir::AssignStmt& a, const SplitAivStmt* region) {
    const Var* v = a.var.get();
    const ir::Call* c = a.value->As<ir::Call>();
    if (c) calls_.CheckCall(*c, a.span, region);
    facts_.def_region[v] = region;
    if (!c) {
      if (const Var* src = RegionFacts::VarOf(a.value); src && facts_.gathered.count(src))
        facts_.gathered.insert(v);
      return;
    }
    if (ops::IsGatherCall(*c)) facts_.gathered.insert(v);
    if (IsGmRead(*c)) facts_.loaded.insert(v);
  }

  // After lowering: every mixed split function has been rewritten into split_aiv form.
  void CheckLowered() {
    if (f_.func_type != ir::FunctionType::InCore || f_.BoolAttr(ir::fattr::kSplitAiv)) return;
    auto mode = f_.split_mode();
    if (mode && *mode != ir::SplitMode::None && analysis::IsMixed(f_))
      ir::ThrowUser(f_.span,
                    "AivSplitLoweredValid in " + Quote(f_.name) +
                        ": a mixed function with a split mode was not lowered to split_aiv form",
                    {{ir::Span{}, "run lower-auto-vector-split on it"}});
  }
};

void Verify(const ir::ProgramPtr& p, bool lowered) {
  for (const ir::FunctionPtr& f : p->functions) Checker(f, lowered).Run();
}

}  // namespace

void VerifyAivSplitValid(const ir::ProgramPtr& p) {
  Verify(p, false);
}
void VerifyAivSplitLoweredValid(const ir::ProgramPtr& p) {
  Verify(p, true);
}

TILESPLIT_REGISTER_VERIFIER(AivSplitValid, VerifyAivSplitValid);
TILESPLIT_REGISTER_VERIFIER(AivSplitLoweredValid, VerifyAivSplitLoweredValid);

}  // namespace tilesplit::vector_split
