# tensor row / column expansions with a full-size operand: every call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(t: pl.Tensor[[16, 32], pl.FP32], v: pl.Tensor[[16, 32], pl.FP32]):
    y0 = pl.tensor.row_expand_add(t, v)
    y1 = pl.tensor.row_expand_sub(t, v)
    y2 = pl.tensor.row_expand_mul(t, v)
    y3 = pl.tensor.row_expand_div(t, v)
    y4 = pl.tensor.row_expand_max(t, v)
    y5 = pl.tensor.row_expand_min(t, v)
    y6 = pl.tensor.row_expand_expdif(t, v)
    y7 = pl.tensor.row_expand(t, v)
    y8 = pl.tensor.col_expand_add(t, v)
    y9 = pl.tensor.col_expand_sub(t, v)
    y10 = pl.tensor.col_expand_div(t, v)
    y11 = pl.tensor.col_expand_max(t, v)
    y12 = pl.tensor.col_expand_min(t, v)
    y13 = pl.tensor.col_expand_expdif(t, v)
    y14 = pl.tensor.col_expand(t, v)
    y15 = pl.tensor.col_expand_mul(t, v)
    return y0
