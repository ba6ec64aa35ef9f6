import pypto.language as pl

@pl.function
def main(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    x: pl.Scalar[pl.INT64] = pl.const(0, pl.INT64)
    y: pl.Scalar[pl.INT64] = pl.const(1, pl.INT64)
    for (x_iter, y_iter) in pl.while_(init_values=(x, y)):
        pl.cond(x_iter < n)
        x_next: pl.Scalar[pl.INT64] = x_iter + 1
        y_next: pl.Scalar[pl.INT64] = y_iter * 2
        x_out, y_out = pl.yield_(x_next, y_next)
    return y_out
