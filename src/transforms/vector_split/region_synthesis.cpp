// AUTO region synthesis and region placement (spec: "Shared body admission and AUTO regions",
// "Region placement consumed by ExpandMixedKernel").
#include "regions.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/transform.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/lane.h"
#include "tilesplit/transforms/remarks.h"

namespace tilesplit::vector_split {
namespace {

using analysis::CoreAffinity;
using ir::StmtPtr;

enum class Phase : uint8_t { Shared, Vector, Cube };

// The side a flat lowered statement belongs to. The boundary ops sit on the vector phase: the
// region owns both ends of its crossings.
Phase PhaseOf(const ir::Stmt& s) {
  const ir::Call* c = analysis::TopLevelCall(s);
  if (!c) return Phase::Shared;
  if (ops::Def(*c).is_boundary()) return Phase::Vector;
  switch (analysis::ClassifyCallAffinity(*c)) {
    case CoreAffinity::VECTOR:
      return Phase::Vector;
    case CoreAffinity::CUBE:
      return Phase::Cube;
    case CoreAffinity::MIXED:
      return Phase::Vector;
    case CoreAffinity::SHARED:
      return Phase::Shared;
  }
  return Phase::Shared;
}

bool IsCall(const StmtPtr& s) {
  return analysis::TopLevelCall(*s) != nullptr;
}

}  // namespace

// The function as it was, with the remark saying why no region was made around its phase.
ir::FunctionPtr KeepFlat(const ir::FunctionPtr& lowered, ir::Span at, const char* why) {
  if (!pass::RemarksEnabled()) return lowered;
  pass::EmitRemark(
      pass::RemarkKind::Missed, at.valid() ? at : lowered->span,
      std::string("no pl.split_aiv region is synthesized around the vector phase: ") + why,
      {{"flat_because", why}});
  return lowered;
}

ir::FunctionPtr SynthesizeAutoRegion(const ir::FunctionPtr& lowered) {
  auto mode = lowered->split_mode();
  if (!mode || *mode == ir::SplitMode::None) return lowered;
  std::vector<StmtPtr> body = ir::FlattenStmts(lowered->body);
  if (body.empty()) return lowered;
  const ir::AssignStmt* lane_def = body.front()->As<ir::AssignStmt>();
  if (!lane_def || !ops::IsLaneIndexCall(lane_def->value)) return lowered;
  const ir::VarPtr lane = lane_def->var;
  const int64_t code = static_cast<int64_t>(*mode);

  // Straight-line only; a rebalanced or axis-migrated boundary keeps the flat form.
  int first = -1, last = -1;
  bool cube_after_vector = false;
  for (size_t i = 1; i < body.size(); ++i) {
    const StmtPtr& s = body[i];
    if (!ir::IsLeafStmt(*s) || s->As<ir::YieldStmt>())
      return KeepFlat(lowered, s->span, "the body has control flow");
    if (const ir::Call* c = analysis::TopLevelCall(*s)) {
      if (ops::IsShardCall(*c) && ir::FindAttr(c->kwargs, "lane_stride"))
        return KeepFlat(lowered, s->span, "a crossing is rebalanced (lane_stride)");
      if (ops::Def(*c).is_boundary())
        if (ir::GetAttr<int64_t>(c->kwargs, "split").value_or(code) != code)
          return KeepFlat(lowered, s->span, "a crossing is split on another axis than the mode's");
    }
    if (const ir::ReturnStmt* r = s->As<ir::ReturnStmt>()) {
      // A returned vector call (return pl.store(...)) would be vector work outside the region.
      for (const ir::ExprPtr& v : r->values)
        if (const ir::Call* c = v->As<ir::Call>();
            c && analysis::ClassifyCallAffinity(*c) != CoreAffinity::CUBE &&
            analysis::ClassifyCallAffinity(*c) != CoreAffinity::SHARED)
          return KeepFlat(lowered, s->span,
                          "the return statement holds vector work (return pl.store(...)); bind "
                          "it to a name first");
      continue;
    }
    const Phase p = PhaseOf(*s);
    if (p == Phase::Vector) {
      if (cube_after_vector)
        return KeepFlat(lowered, s->span, "cube work lies between two vector phases");
      if (first < 0) first = static_cast<int>(i);
      last = static_cast<int>(i);
    } else if (p == Phase::Cube && first >= 0) {
      cube_after_vector = true;
    }
  }
  if (first < 0) return lowered;
  // Trailing SHARED calls before the next compute phase or the return join the phase.
  size_t end = static_cast<size_t>(last) + 1;
  while (end < body.size() && !body[end]->As<ir::ReturnStmt>() && IsCall(body[end]) &&
         PhaseOf(*body[end]) == Phase::Shared)
    ++end;

  std::vector<StmtPtr> phase(body.begin() + first, body.begin() + static_cast<long>(end));
  std::vector<StmtPtr> outside(body.begin() + 1, body.begin() + first);
  outside.insert(outside.end(), body.begin() + static_cast<long>(end), body.end());
  bool lane_outside = false;
  for (const StmtPtr& s : outside) lane_outside = lane_outside || ir::UsesVar(s, lane.get());

  std::vector<StmtPtr> region_body;
  if (!lane_outside) region_body.push_back(body.front());
  region_body.insert(region_body.end(), phase.begin(), phase.end());
  StmtPtr region = std::make_shared<ir::SplitAivStmt>(
      *mode, ir::MakeSeq(std::move(region_body), phase.front()->span), phase.front()->span);

  std::vector<StmtPtr> out;
  if (lane_outside) out.push_back(body.front());
  out.insert(out.end(), body.begin() + 1, body.begin() + first);
  out.push_back(region);
  out.insert(out.end(), body.begin() + static_cast<long>(end), body.end());
  ir::FunctionPtr wrapped =
      ir::WithBody(*lowered, ir::MakeSeq(std::move(out), lowered->body->span));
  // Only a form the structural verifier accepts is kept; anything else stays flat.
  try {
    VerifyAivSplitLoweredValid(
        std::make_shared<ir::Program>("", std::vector<ir::FunctionPtr>{wrapped}, wrapped->span));
  } catch (const ir::UserError& e) {
    return KeepFlat(lowered, e.span(), "the region form fails AivSplitLoweredValid");
  }
  return wrapped;
}

analysis::PlacedCalls RegionPlacedCalls(const ir::Function& f) {
  analysis::PlacedCalls placed;
  struct Walker {
    analysis::PlacedCalls& placed;
    void Stmt(const StmtPtr& s, bool in_region) {
      if (!s) return;
      if (!ir::IsLeafStmt(*s)) {
        const bool inner = in_region || s->As<ir::SplitAivStmt>() != nullptr;
        ir::ForEachChild(*s, ir::kWalkAll, [&](const StmtPtr& c) { Stmt(c, inner); });
        return;
      }
      if (!in_region) return;
      const ir::Call* c = analysis::TopLevelCall(*s);
      if (!c) return;
      const ops::OpDef& op = ops::Def(*c);
      // Only a once-only SHARED call moves: duplicate-safe calls keep both lanes, stated lanes
      // keep their declaration, VECTOR work is AIV already and boundary ops keep both ends.
      if (!analysis::IsLaneStated(op) && op.is_no_duplicate() &&
          analysis::ClassifyIntrinsicCallAffinity(*c) == CoreAffinity::SHARED)
        placed.insert(c);
    }
  };
  Walker{placed}.Stmt(f.body, false);
  return placed;
}

}  // namespace tilesplit::vector_split
