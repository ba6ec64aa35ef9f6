// The named pipelines (pass.h: TILESPLIT_REGISTER_PIPELINE).
#include "tilesplit/transforms/pass.h"

namespace tilesplit::pass {

// What `tilesplit check` runs: scopes to functions, the vector split, then the expansion of each
// mixed kernel into its AIC/AIV/Group parts and of each split_aiv kernel into its two lanes.
TILESPLIT_REGISTER_PIPELINE(kCheckPipeline,
                            "lowers a mixed program into the split program `check` runs",
                            {"outline-incore-scopes", "lower-auto-vector-split",
                             "expand-mixed-kernel", "split-vector-kernel"});

}  // namespace tilesplit::pass
