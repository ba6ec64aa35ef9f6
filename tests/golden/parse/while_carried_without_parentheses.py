# PyPTO's spelling of a carried while loop names the carried values without parentheses (a while
# has no loop variable); it is the same loop as `for (x_iter, y_iter) in pl.while_(...)`.
import pypto.language as pl


@pl.function
def main(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    x: pl.Scalar[pl.INT64] = 0
    y: pl.Scalar[pl.INT64] = 1
    for x_iter, y_iter in pl.while_(init_values=(x, y)):
        pl.cond(x_iter < n)
        x_next = x_iter + 1
        y_next = y_iter * 2
        x_out, y_out = pl.yield_(x_next, y_next)
    return y_out
