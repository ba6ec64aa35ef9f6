"""pypto.ir.instruments: ``make_roundtrip_instrument()``, PyPTO's print -> parse -> compare check
after every pass, as a CallbackInstrument."""

from __future__ import annotations

import tilesplit


def make_roundtrip_instrument():
    """After each pass: print the program, parse the text back and require structural equality.
    A failure raises RuntimeError naming the pass and the first difference."""
    from .. import ir, passes

    def after_pass(pass_, program):
        text = ir.python_print(program, format=False)
        try:
            reparsed = tilesplit.parse(text, filename="<roundtrip>")
        except ValueError as e:
            raise RuntimeError(f"roundtrip after {pass_.get_name()}: the printed program does "
                               f"not parse: {e}") from e
        try:
            ir.assert_structural_equal(program, reparsed, enable_auto_mapping=True)
        except ValueError as e:
            raise RuntimeError(f"roundtrip after {pass_.get_name()}: {e}") from e

    return passes.CallbackInstrument(after_pass=after_pass, name="RoundtripInstrument")
