print -D NN=128
