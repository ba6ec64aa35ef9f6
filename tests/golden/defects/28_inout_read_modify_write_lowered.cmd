opt --pipeline default-pipeline --verify-roundtrip
