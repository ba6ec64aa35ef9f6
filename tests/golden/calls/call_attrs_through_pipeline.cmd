opt -p check-pipeline --verify-roundtrip
