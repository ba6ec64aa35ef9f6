// The named pipelines (pass.h: TILESPLIT_REGISTER_PIPELINE).
#include "tilesplit/pass/pass.h"
#include "tilesplit/transforms/passes.h"

namespace tilesplit::pass {

// The split itself: scopes to functions, the vector split, then the expansion of each mixed
// kernel into its AIC/AIV/Group parts and of each split_aiv kernel into its two lanes. It starts
// from the tile form (memory spaces resolved).
TILESPLIT_REGISTER_PIPELINE(kCheckPipeline,
                            "lowers a mixed tile-level program into its split program",
                            {"outline-incore-scopes", "lower-auto-vector-split",
                             "expand-mixed-kernel", "split-vector-kernel"});

// What `run`, `check`, pypto.runtime.run, a @pl.jit call and pypto's PassManager (strategy
// Default) lower a program with: PyPTO's passes before the split, in PyPTO's order, then the
// split. Each pass leaves alone what is already in the form it produces, so a tile-level program
// goes through it unchanged up to the split (docs/pypto-programs.md).
//
// PyPTO's Default order: 01 inline-functions, 04 convert-to-ssa, 05 simplify, 06 flatten-call-expr,
// 08 outline-incore-scopes, 10 convert-tensor-to-tile-ops, 17 infer-tile-memory-space, 20 the
// split, 21 expand-mixed-kernel, 23 split-vector-kernel (the numbers of PyPTO's pass pages; the
// passes between them have no counterpart here).
TILESPLIT_REGISTER_PIPELINE(kDefaultPipeline,
                            "lowers a PyPTO program (tensor or tile level) into its split program",
                            {"inline-functions", "convert-to-ssa", "simplify", "flatten-call-expr",
                             "outline-incore-scopes", "convert-tensor-to-tile-ops",
                             "infer-tile-memory-space", "lower-auto-vector-split",
                             "expand-mixed-kernel", "split-vector-kernel"});

}  // namespace tilesplit::pass
