print -D N=128 -D M=20
