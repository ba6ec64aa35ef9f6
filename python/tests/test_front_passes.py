"""The passes before the split through the pypto package: inline_functions(), simplify(), the
SplitIncoreOrch verifier and passes.verify_properties / run_verifier (docs/passes-front.md)."""

import pytest

import pypto
import pypto.language as pl
from pypto import ir, passes


@pl.program
class WithHelper:
    @pl.function(type=pl.FunctionType.Inline)
    def square(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.mul(x, x)
        return y

    @pl.function
    def main(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
          z: pl.Tensor[[64], pl.FP32] = self.square(a)
          return z


@pl.program
class Inlined:
    @pl.function
    def main(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
          y_inline0: pl.Tensor[[64], pl.FP32] = pl.mul(a, a)
          z: pl.Tensor[[64], pl.FP32] = y_inline0
          return z


def test_inline_functions_splices_and_drops_the_helper():
    p = passes.inline_functions()
    assert p.get_name() == "inline-functions"
    assert p.get_required_properties().empty()
    assert p.get_produced_properties().contains(passes.IRProperty.InlineFunctionsEliminated)
    out = p(WithHelper)
    assert [f.name for f in out.functions] == ["main"]
    ir.assert_structural_equal(out, Inlined)


def test_inline_functions_eliminated_is_verified():
    assert passes.PropertyVerifierRegistry.has_verifier(
          passes.IRProperty.InlineFunctionsEliminated)
    with pytest.raises(pypto.Error, match="InlineFunctionsEliminated"):
          passes.verify_properties([passes.IRProperty.InlineFunctionsEliminated], WithHelper, "t")
    passes.verify_properties([passes.IRProperty.InlineFunctionsEliminated],
                               passes.inline_functions()(WithHelper), "t")


def _folds():
    @pl.function
    def main(x: pl.Tensor[[64, 128], pl.FP32], k: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 128], pl.FP32]:
        rows: pl.Scalar[pl.INDEX] = 8 * 2
        off: pl.Scalar[pl.INDEX] = k * 1 + 0
        t = pl.slice(x, [rows, 128], [off, 0])
        u = t
        if rows > 4:
            u = pl.muls(t, 2.0)
        return u
    return main


def _folded():
    @pl.function
    def main(x: pl.Tensor[[64, 128], pl.FP32], k: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 128], pl.FP32]:
        t = pl.slice(x, [16, 128], [k, 0])
        u0 = t
        u = pl.muls(t, 2.0)
        return u
    return main


def test_simplify_folds_propagates_and_drops_the_dead_branch():
    p = passes.simplify()
    assert p.get_name() == "simplify"
    assert p.get_required_properties().empty()
    assert p.get_produced_properties().empty()
    assert p.get_invalidated_properties().empty()
    ir.assert_structural_equal(p(_folds()), _folded())
    # Idempotent: a second run changes nothing.
    once = p(_folds())
    ir.assert_structural_equal(p(once), once)


@pl.program
class Scoped:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
          with pl.at(level=pl.Level.CORE_GROUP):
              y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
          return y


def test_split_incore_orch_is_verified_and_produced_by_outlining():
    props = passes.IRPropertySet([passes.IRProperty.SplitIncoreOrch])
    with pytest.raises(pypto.Error, match="InCore ScopeStmt"):
          passes.verify_properties(props, Scoped, "test")
    outline = passes.outline_incore_scopes()
    assert outline.get_produced_properties().contains(passes.IRProperty.SplitIncoreOrch)
    passes.verify_properties(props, outline(Scoped), "test")
    # run_verifier is a callable that verifies and hands the program back.
    out = outline(Scoped)
    assert passes.run_verifier(props)(out) is out
    with pytest.raises(ValueError, match="SplitIncoreOrch"):
          passes.run_verifier(props)(Scoped)
