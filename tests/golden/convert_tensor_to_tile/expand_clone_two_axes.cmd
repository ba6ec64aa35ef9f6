opt -p convert-tensor-to-tile-ops
