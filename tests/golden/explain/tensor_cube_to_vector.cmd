explain -D N=64 -D K=32
