// The split program: what expand-mixed-kernel and split-vector-kernel leave for the machine, as a
// typed value. The passes write it as functions and attributes (a Group function calling
// `self.F_aic(...)` and `self.F_aiv(...)`, `slot_num`, `split`, `dual_aiv_dispatch`); this is
// the one place that reads that form back. The simulator, `check`, the Python runtime and any
// later consumer (a code generator, a cost model, an explain view of the expansion) take a
// SplitProgram instead of decoding the functions themselves (docs/architecture.md, "The split
// program").
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/function.h"

namespace tilesplit::target {

// One core group's programs: a Group function and the AIC and AIV functions its body calls, or
// a lone AIC or AIV function (a group of one program).
struct KernelGroup {
  std::string name;                     // the function the group is entered by
  const ir::Function* group = nullptr;  // the Group function; null for a lone AIC or AIV
  const ir::Function* aic = nullptr;    // null: a pure-vector group
  const ir::Function* aiv = nullptr;    // null: a pure-cube group
  // What the Group's calls pass to each program: expressions of the Group's parameters. Without
  // a Group, each program binds the entry's arguments by parameter name.
  std::vector<ir::ExprPtr> aic_args, aiv_args;
  // `r = self.F_aic(...)` in a hand-written Group: the variable bound to what the AIC program
  // returns (null when the Group calls it as a statement), and what the Group returns
  // (expressions of its parameters and of that variable).
  ir::VarPtr aic_result;
  std::vector<ir::ExprPtr> returned;
  std::optional<ir::SplitMode> split;  // the AIV program's split mode (attr "split")
  bool split_aiv = false;              // the AIV body is written per lane
  bool dual_aiv = false;               // the AIV program runs on both lanes
  int64_t slot_num = 2;                // slots per pipe direction (Group, else AIC, else AIV)
  std::optional<int64_t> c2v_slot_size, v2c_slot_size;  // bytes per slot, when declared
  // How many AIV lanes run the vector program: 0 (no AIV program), 1 or 2.
  int Lanes() const { return aiv ? (dual_aiv ? 2 : 1) : 0; }
};

// Whether a run entering `f` runs a core group: `f` is a Group, or an AIC or AIV program (the
// parts the expansion makes). The one answer to "is this part of a split program" for every
// consumer: the interpreter's call, check's choice of kernels, explain.
bool EntersKernelGroup(const ir::Function& f);

// Decodes the group entered by function `name` of `p` and verifies it: a UserError, located in
// the program, when `name` is missing or is not a Group, AIC or AIV function, when a Group calls
// anything but at most one AIC and one AIV function, or when a function's attributes break their
// declared rules (ir/function_attrs.def). `runnable` also refuses a Group that calls no program
// and a split_aiv AIV program that is not dispatched to both lanes (run on lane 0 alone it would
// compute half of its output).
KernelGroup ResolveKernelGroup(const ir::Program& p, const std::string& name, bool runnable = true);

// The kernels a run of `p` may start at when the caller names none: a split program's first
// Group (its AIC and AIV parts are not kernels of their own), else every function of `p`. One
// name is the kernel; more are the choices the caller must pick from (the CLI's --func, Python's
// function=).
std::vector<std::string> DefaultKernels(const ir::Program& p);

class SplitProgram {
 public:
  SplitProgram() = default;
  // Every Group, AIC and AIV function of `program` decoded and verified once, as
  // ResolveKernelGroup does (each AIC and AIV function also as a group of its own, so a kernel
  // can be entered at either part). A group that fails keeps its error, which At() throws: a
  // broken group that nothing runs does not stop the others. The program must outlive the
  // SplitProgram.
  explicit SplitProgram(const ir::Program& program, bool runnable = true);

  const ir::Program& program() const { return *program_; }
  // The group entered by function `name`, or null when `name` is no Group, AIC or AIV function
  // or its group failed verification.
  const KernelGroup* Find(std::string_view name) const;
  // The group entered by function `name`; the UserError that says why when there is none.
  const KernelGroup& At(const std::string& name) const;
  // The groups entered by a Group function, or by an AIC or AIV function no Group calls, in the
  // program's order: the kernels the program runs.
  std::vector<const KernelGroup*> Kernels() const;

 private:
  const ir::Program* program_ = nullptr;
  std::map<std::string, KernelGroup, std::less<>> groups_;
  std::map<std::string, ir::UserError, std::less<>> broken_;
  std::vector<std::string> kernels_;
};

}  // namespace tilesplit::target
