opt -p flatten-call-expr --verify-roundtrip
