import pypto.language as pl


# Three independent errors in a program class, found by recovering per statement inside a method
# and per method: two statements of 'main' (the use of 'a' after its failed definition is a
# consequence, not reported) and one in 'helper', which 'main' calls before it is defined. The
# failed call of 'helper' is a consequence too: helper's own error is reported, where it stands.
@pl.program
class ThreeErrors:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        a = x + first_unknown
        b = a + 1
        r: pl.Scalar[pl.INDEX] = self.helper(x)
        c = x // second_unknown
        return b + r + c

    @pl.function(type=pl.FunctionType.Opaque)
    def helper(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i in pl.range(4):
            q = x + third_unknown
        return x
