# The second run names the outlined kernel by its name_hint (--func columns).
explain -D N=64 -D K=32
explain -D N=64 -D K=32 --func columns
