// The split program decoded from a lowered program (split_program.h), and the verifiers of the
// two properties that say a program is one: MixedKernelExpanded (its groups are well formed) and
// AivDispatchStamped (a per-lane AIV body runs on both lanes).
#include "tilesplit/target/split_program.h"

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/function_attrs.h"
#include "tilesplit/ir/stmt.h"
#include "tilesplit/pass/pass.h"

namespace tilesplit::target {
namespace {

// A split_aiv body is written per lane (each lane its band): run on lane 0 alone it would do
// half of the work and leave the other band unwritten, so it is refused, never run half.
void RequireDispatchedToBothLanes(const ir::Function& aiv) {
  if (!aiv.BoolAttr(ir::fattr::kSplitAiv) || aiv.BoolAttr(ir::fattr::kDualAivDispatch)) return;
  ir::ThrowUser(aiv.span,
                "the AIV function '" + aiv.name +
                    "' is split_aiv (its body is written per lane) but not dispatched to both "
                    "lanes (no dual_aiv_dispatch): run on lane 0 alone it would compute only "
                    "lane 0's band",
                {{{},
                  "run split-vector-kernel on the program, which dispatches it to both lanes "
                  "(tilesplit opt FILE -p split-vector-kernel, or run it with --pipeline "
                  "default-pipeline)"}});
}

// A Group's programs are the functions its body calls (as a statement, or bound to a name as
// PyPTO's hand-written Groups do: `result = self.cube(...)`): one AIC and one AIV at most.
void ReadGroupBody(const ir::Program& p, const ir::Function& f, KernelGroup& g) {
  const std::vector<ir::StmtPtr> body = ir::FlattenStmts(f.body);
  for (const ir::StmtPtr& s : body) {
    const ir::EvalStmt* ev = s->As<ir::EvalStmt>();
    const ir::AssignStmt* as = s->As<ir::AssignStmt>();
    const ir::ExprPtr called = ev ? ev->expr : as ? as->value : nullptr;
    const ir::FunctionCall* c = called ? called->As<ir::FunctionCall>() : nullptr;
    if (!c) continue;
    ir::FunctionPtr q = p.Find(c->callee);
    if (!q)
      ir::ThrowUser(c->span, "Group '" + f.name + "' calls '" + c->callee +
                                 "', which the program does not define");
    const bool aic = q->func_type == ir::FunctionType::AIC;
    if (!aic && q->func_type != ir::FunctionType::AIV)
      ir::ThrowUser(c->span, "Group '" + f.name + "' calls '" + c->callee + "', which is " +
                                 std::string(ir::FunctionTypeName(q->func_type)) +
                                 "; a Group calls one AIC and one AIV function");
    const ir::Function*& part = aic ? g.aic : g.aiv;
    if (part)
      ir::ThrowUser(c->span, "Group '" + f.name + "' calls a second " +
                                 std::string(aic ? "AIC" : "AIV") + " function ('" + c->callee +
                                 "' after '" + part->name + "')");
    part = q.get();
    (aic ? g.aic_args : g.aiv_args) = c->args;
    if (aic && as) g.aic_result = as->var;
  }
  if (!body.empty())
    if (const ir::ReturnStmt* ret = body.back()->As<ir::ReturnStmt>()) g.returned = ret->values;
}

}  // namespace

KernelGroup ResolveKernelGroup(const ir::Program& p, const std::string& name, bool runnable) {
  ir::FunctionPtr f = p.Find(name);
  if (!f) ir::ThrowUser(p.span, "no function '" + name + "' in the split program");
  KernelGroup g;
  g.name = name;
  switch (f->func_type) {
    case ir::FunctionType::Group:
      g.group = f.get();
      ReadGroupBody(p, *f, g);
      // A Group of no program is well formed (an author may write one and never call it), but
      // running it would run nothing in place of a kernel.
      if (runnable && !g.aic && !g.aiv)
        ir::ThrowUser(f->span, "Group '" + name +
                                   "' calls no AIC or AIV function (its body should read "
                                   "'self." +
                                   name + "_aic(...)' and 'self." + name + "_aiv(...)')");
      break;
    case ir::FunctionType::AIC:
      g.aic = f.get();
      break;
    case ir::FunctionType::AIV:
      g.aiv = f.get();
      break;
    default:
      ir::ThrowUser(f->span, "function '" + name + "' is " +
                                 std::string(ir::FunctionTypeName(f->func_type)) +
                                 ", not a split (Group, AIC or AIV) function");
  }
  // The attributes a split program's functions carry, held to their declared rules (the
  // parser's rules for what a hand-built program may still hold).
  for (const ir::Function* fn : {f.get(), g.aic, g.aiv})
    if (fn) ir::RequireValidFunctionAttrs(*fn, "the split program");
  if (g.aiv) {
    g.dual_aiv = g.aiv->BoolAttr(ir::fattr::kDualAivDispatch);
    g.split_aiv = g.aiv->BoolAttr(ir::fattr::kSplitAiv);
    g.split = g.aiv->split_mode();
    if (runnable) RequireDispatchedToBothLanes(*g.aiv);
  }
  // Each setting is the Group's, else the AIC program's, else the AIV program's.
  auto first = [&](const auto& key) {
    for (const ir::Function* fn : {f.get(), g.aic, g.aiv})
      if (fn)
        if (auto v = ir::GetAttr(fn->attrs, key)) return v;
    return decltype(ir::GetAttr(f->attrs, key)){};
  };
  if (auto n = first(ir::fattr::kSlotNum)) g.slot_num = *n;
  g.c2v_slot_size = first(ir::fattr::kC2vSlotSize);
  g.v2c_slot_size = first(ir::fattr::kV2cSlotSize);
  return g;
}

std::vector<std::string> DefaultKernels(const ir::Program& p) {
  std::vector<std::string> names;
  for (const ir::FunctionPtr& f : p.functions) {
    if (!f) continue;
    if (f->func_type == ir::FunctionType::Group) return {f->name};
    names.push_back(f->name);
  }
  return names;
}

bool EntersKernelGroup(const ir::Function& f) {
  return f.func_type == ir::FunctionType::Group || f.func_type == ir::FunctionType::AIC ||
         f.func_type == ir::FunctionType::AIV;
}

SplitProgram::SplitProgram(const ir::Program& program, bool runnable) : program_(&program) {
  std::map<std::string, bool, std::less<>> called_by_group;
  for (const ir::FunctionPtr& f : program.functions) {
    if (!f) continue;
    if (!EntersKernelGroup(*f)) continue;
    KernelGroup g;
    try {
      g = ResolveKernelGroup(program, f->name, runnable);
    } catch (const ir::UserError& e) {
      // Kept for the run that enters it: a group nothing runs does not stop the others.
      broken_.emplace(f->name, e);
      continue;
    }
    if (g.group)
      for (const ir::Function* part : {g.aic, g.aiv})
        if (part) called_by_group[part->name] = true;
    groups_.emplace(f->name, std::move(g));
  }
  for (const ir::FunctionPtr& f : program.functions)
    if (f && groups_.count(f->name) && !called_by_group.count(f->name)) kernels_.push_back(f->name);
}

const KernelGroup* SplitProgram::Find(std::string_view name) const {
  auto it = groups_.find(name);
  return it == groups_.end() ? nullptr : &it->second;
}

const KernelGroup& SplitProgram::At(const std::string& name) const {
  if (const KernelGroup* g = Find(name)) return *g;
  if (auto it = broken_.find(name); it != broken_.end()) throw it->second;
  // Not a group: ResolveKernelGroup says why (missing, or not a split function).
  if (program_) ResolveKernelGroup(*program_, name);
  ir::ThrowInternal(ir::Span{}, "no kernel group '" + name + "' in the split program");
}

std::vector<const KernelGroup*> SplitProgram::Kernels() const {
  std::vector<const KernelGroup*> out;
  for (const std::string& n : kernels_) out.push_back(&groups_.at(n));
  return out;
}

namespace {

void VerifyMixedKernelExpanded(const ir::ProgramPtr& p) {
  for (const ir::FunctionPtr& f : p->functions)
    if (f && EntersKernelGroup(*f)) ResolveKernelGroup(*p, f->name, /*runnable=*/false);
}

void VerifyAivDispatchStamped(const ir::ProgramPtr& p) {
  for (const ir::FunctionPtr& f : p->functions) {
    if (!f || f->func_type != ir::FunctionType::AIV) continue;
    RequireDispatchedToBothLanes(*f);
    if (f->BoolAttr(ir::fattr::kSplitAiv) && !f->split_mode())
      ir::ThrowUser(
          f->span,
          "the split_aiv AIV function '" + f->name + "' carries no split mode (attr \"split\")",
          {{{}, "run split-vector-kernel on the program, which stamps it"}});
  }
}

TILESPLIT_REGISTER_VERIFIER(MixedKernelExpanded, VerifyMixedKernelExpanded);
TILESPLIT_REGISTER_VERIFIER(AivDispatchStamped, VerifyAivDispatchStamped);

}  // namespace
}  // namespace tilesplit::target
