# tilesplit fuzz --level tensor (seed 7, 2026-12-02, with loop carries allowed to start from a
# parameter): a matmul chain carried from a parameter whose result nothing reads. No op read the
# carry as a tile, so convert-tensor-to-tile-ops kept it a GM tensor while the body yields the
# matmul's Acc tile back into it: the printed loop did not read back (an internal error under
# --verify-roundtrip). A carry the body yields a tile into is now loaded like one read as a
# tile, and the program gets the located refusal of reject_matmul_chain_carried_from_param.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Opaque)
def main(a0: pl.Tensor[[16, 16], pl.FP32], a1: pl.Tensor[[32, 16], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        acc = a0
        for i in pl.range(0, 2):
            x = pl.slice(a1, [16, 16], [i * 16, 0])
            acc = pl.matmul(acc, x)
        out = pl.assemble(out, pl.exp(pl.slice(a1, [16, 16], [0, 0])), [0, 0])
    return out
