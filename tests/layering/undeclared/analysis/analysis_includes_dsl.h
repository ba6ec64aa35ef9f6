// Fixture of the test layering.rejects_undeclared_use.analysis_includes_dsl (CMakeLists.txt): a
// header of the analysis layer that includes the printer. dsl is declared before analysis in the
// layer graph but analysis does not use it (analysis sits on ir and ops alone), so the check must
// refuse it; nothing compiles this file.
#pragma once

#include "tilesplit/dsl/printer.h"
