print -D N=lots
