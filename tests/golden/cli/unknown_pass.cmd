opt -p no-such-pass
