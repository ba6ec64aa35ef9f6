opt -p simplify --verify-roundtrip
