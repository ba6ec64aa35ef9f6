// The refusal of the operators only the hardware runs (ops/hardware_only.h).
#include "tilesplit/ops/hardware_only.h"

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/visitor.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::ops {
namespace {

class Finder : public ir::IRVisitor {
 public:
  const ir::Call* found = nullptr;

 protected:
  void VisitCall(const ir::Call& c) override {
    if (found) return;
    if (const OpDef* d = RegisteredDef(c); d && !d->hardware_only_reason().empty()) {
      found = &c;
      return;
    }
    ir::IRVisitor::VisitCall(c);
  }
};

}  // namespace

const ir::Call* FirstHardwareOnlyCall(const ir::Program& p) {
  Finder f;
  for (const ir::FunctionPtr& fn : p.functions) {
    if (fn) f.VisitFunction(*fn);
    if (f.found) break;
  }
  return f.found;
}

void RefuseHardwareOnly(const ir::Call& call) {
  const OpDef* d = RegisteredDef(call);
  const std::string what = d ? d->hardware_only_reason() : std::string("hardware-only");
  ir::ThrowUser(call.span,
                call.op_name() + ": " + what +
                    " runs only on the hardware: the simulator runs one core group of one rank, "
                    "with no peer to exchange data with",
                {{{},
                  "run the program on the hardware; to check the computation of one rank with "
                  "tilesplit, check a kernel without the communication (move it to a function of "
                  "its own)"}});
}

void RequireSimulatable(const ir::Program& p) {
  if (const ir::Call* c = FirstHardwareOnlyCall(p)) RefuseHardwareOnly(*c);
}

}  // namespace tilesplit::ops
