opt -p infer-tile-memory-space --remarks=passed
