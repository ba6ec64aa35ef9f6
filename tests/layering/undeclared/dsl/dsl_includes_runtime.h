// Fixture of the test layering.rejects_undeclared_use.dsl_includes_runtime (CMakeLists.txt): a
// header of the dsl layer that includes the runtime values. runtime is declared before dsl in the
// layer graph but dsl does not use it, so the check must refuse it; nothing compiles this file.
#pragma once

#include "tilesplit/runtime/value.h"
