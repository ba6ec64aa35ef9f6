# tensor.slice with drop_dims and pad_value: a GM window dropping its unit axis is loaded whole
# and reshaped to the tensor's rank-1 shape; a pad_value on a GM window relabels the loaded tile
# by a zero-copy slice (a load has no pad); on a tile, both go to tile.slice, and a dropped axis
# is reshaped away (a tile keeps rank 2 at least).
import pypto.language as pl


@pl.program
class SliceDropPad:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[3, 64], pl.FP32], y: pl.Tensor[[8, 64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        row = pl.slice(x, [1, 64], [1, 0], [1, 64], [0])
        padded = pl.slice(y, [8, 64], [0, 0], [8, 16], pad_value=pl.PadValue.min)
        doubled = pl.add(padded, padded)
        last = pl.slice(doubled, [1, 64], [7, 0], [1, 16], [0])
        total = pl.add(row, last)
        return total

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[3, 64], pl.FP32], y: pl.Tensor[[8, 64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        r = self.kernel(x, y)
        return r
