opt -p convert-tensor-to-tile-ops -p infer-tile-memory-space --verify-roundtrip
