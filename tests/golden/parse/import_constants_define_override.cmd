print -D HIDDEN=16 -D M=8
