opt -p default-pipeline --verify-roundtrip
