// Fixture of the test layering.rejects_upward_include (CMakeLists.txt): a header of the ir layer
// that includes the simulator. The layering check must refuse it; nothing compiles this file.
#pragma once

#include "tilesplit/sim/check.h"
