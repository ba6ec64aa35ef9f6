# Tensor-level ops (tensor_ops.cpp): the pl.* short forms on a Tensor, and the tensor.* names.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def arithmetic(a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
               r: pl.Tensor[[1, 32], pl.FP32]):
    s0 = pl.add(a, b)
    s1 = pl.sub(a, b)
    s2 = pl.mul(a, r)
    s3 = pl.div(a, b)
    s4 = pl.maximum(a, b)
    s5 = pl.minimum(a, b)
    c0 = pl.add(a, 1.0)
    c1 = pl.sub(a, 1.0)
    c2 = pl.mul(a, 2.0)
    c3 = pl.div(a, 2.0)
    c4 = pl.maximums(a, 0.0)
    c5 = pl.tensor.minimums(a, 0.0)
    u0 = pl.exp(a)
    u1 = pl.neg(a)
    u2 = pl.abs(a)
    u3 = pl.sqrt(a)
    u4 = pl.rsqrt(a)
    u5 = pl.log(a)
    u6 = pl.recip(a)
    h = pl.cast(a, pl.FP16)
    h2 = pl.tensor.cast(a, target_type=pl.BF16, mode=1)
    return s0, s1, s2, s3, s4, s5, c0, c1, c2, c3, c4, c5, u0, u1, u2, u3, u4, u5, u6, h, h2


@pl.function(type=pl.FunctionType.Orchestration)
def structure(a: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[32, 16], pl.FP32]):
    t = pl.create_tensor([16, 32], dtype=pl.FP32)
    f = pl.tensor.full([16, 32], 0.5, dtype=pl.FP32)
    top = pl.slice(a, [8, 32], [0, 0])
    part = pl.tensor.slice(a, [8, 32], [8, 0], [5, 32])
    whole = pl.assemble(t, top, [8, 0])
    flat = pl.reshape(a, [32, 16])
    m = pl.matmul(a, w)
    mt = pl.tensor.matmul(w, a, out_dtype=pl.FP32, a_trans=True, b_trans=True)
    rs = pl.row_sum(a)
    rx = pl.row_max(a)
    rn = pl.row_min(a)
    cs = pl.col_sum(a)
    cx = pl.col_max(a)
    cn = pl.tensor.col_min(a)
    g = pl.full([16, 32], dtype=pl.FP32, value=0.0)
    wr = pl.tensor.write(f, [1, 2], 3.0)
    n = pl.tensor.dim(a, 1)
    blk = pl.tile.get_block_idx()
    nblk = pl.tile.get_block_num()
    tblk = pl.tensor.get_block_idx()
    tnblk = pl.tensor.get_block_num()
    tsub = pl.tensor.get_subblock_idx()
    tr = pl.tensor.transpose(a, 0, 1)
    tr2 = pl.tensor.transpose(a, -1, -2)
    cat = pl.concat(a, a)
    sv = pl.tensor.set_validshape(a, 8, 24)
    cat2 = pl.tensor.concat(a, sv)
    zero = pl.tensor.full([16, 16], 0.0, dtype=pl.FP32)
    ma = pl.tensor.matmul_acc(zero, a, w)
    bits = pl.tensor.reinterpret_view(a, dtype=pl.INT16)
    bits2 = pl.tensor.reinterpret_view(a, [32, 32], dtype=pl.INT16)
    line = pl.tensor.view(a, [512])
    return (part, whole, flat, m, mt, rs, rx, rn, cs, cx, cn, g, wr, n, blk, nblk, tblk, tnblk, tsub, tr, tr2, sv, ma,
            bits, bits2, line, cat, cat2)


# PyPTO writes the data type of an op with one dtype keyword positionally; it binds to it.
@pl.function(type=pl.FunctionType.Orchestration)
def positional_dtype(a: pl.Tensor[[16, 32], pl.FP32]):
    bits = pl.tensor.reinterpret_view(a, pl.INT16)
    t = pl.tensor.create([4, 4], pl.FP16)
    return bits, t
