opt -p infer-tile-memory-space --verify-roundtrip
