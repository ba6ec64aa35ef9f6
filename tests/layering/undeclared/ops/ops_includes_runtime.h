// Fixture of the test layering.rejects_undeclared_use.ops_includes_runtime (CMakeLists.txt): a
// header of the operator registry that includes the simulator's runtime values. runtime is
// declared before ops in the layer graph but the registry does not use it (the execution
// semantics, which do, are the semantics layer above both), so the check must refuse it; nothing
// compiles this file.
#pragma once

#include "tilesplit/runtime/value.h"
