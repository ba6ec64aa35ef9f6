opt -p convert-tensor-to-tile-ops --verify-roundtrip
