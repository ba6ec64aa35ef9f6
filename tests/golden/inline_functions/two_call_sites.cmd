opt -p inline-functions --verify-roundtrip
