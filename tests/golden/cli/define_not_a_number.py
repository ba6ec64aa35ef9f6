import pypto.language as pl

# -D with a value that is not a number is an error.

M = 32
N = 512
N_BLOCK = 64
N_BLOCKS = N // N_BLOCK
SCALE = 0.5
ROWS = M - 16


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[M, N], pl.FP32], out: pl.Out[pl.Tensor[[ROWS, N_BLOCK], pl.FP32]]):
        for i in pl.range(N_BLOCKS):
            t = pl.load(a, [0, i * N_BLOCK], [ROWS, N_BLOCK], target_memory=pl.Mem.Vec)
            u = pl.muls(t, SCALE)
            out = pl.store(u, [0, 0], out)
        return out


if __name__ == "__main__":
    import sys
    print({"rows": ROWS}, sys.argv)
    if len(sys.argv) > 1:
        raise SystemExit(1)
