"""Property-based robustness of the Python API: random well- and ill-formed IR built from Python
(null nodes, nodes of the wrong kind, enums and dtypes by value, by name and misspelt, huge and
negative shapes and values), then printed, passed through the split passes, compared for
equality and run on the simulator (``sim.run``, ``sim.check``). Every call must end in a result
or a clean Python exception; never a signal (a segfault or an abort) and never a raw pybind11
message.

The cases run in child processes (``run_cases``), so that a crash is seen as a signal by the
parent instead of killing it; each child writes the case it is about to run to a file first, so
the parent can show the case that crashed.

    python3 python/tests/ir_fuzz.py --cases 100000 [--seed S] [--chunk 2000]   (make fuzz-python)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------------------------
# The child: hypothesis strategies and the property, run for --cases examples.

CHILD = r'''
import os, sys, traceback
import numpy as np
from hypothesis import HealthCheck, Phase, given, settings, seed as hseed, strategies as st

import tilesplit
from tilesplit import sim
from pypto import DataType, ir, passes
from pypto.ir.op import tile_ops as T
from pypto.ir.op import tensor_ops as TT
from pypto.runtime import RunConfig, run

CASE_FILE = os.environ["IR_FUZZ_CASE_FILE"]
N = int(os.environ["IR_FUZZ_CASES"])
SEED = int(os.environ["IR_FUZZ_SEED"])
CLEAN = (TypeError, ValueError, KeyError, IndexError, NotImplementedError, RecursionError,
         MemoryError, tilesplit.UserError, tilesplit.InternalError, sim.SimulationError)
# pybind11's own wording: must never reach the user.
RAW = ("incompatible function arguments", "incompatible constructor arguments",
       "Unable to cast", "TypeError: __init__()")
span = ir.Span.unknown()
stats = {"cases": 0, "results": 0, "clean": 0, "internal": 0, "tensor": 0, "tensor_results": 0,
         "differ": 0}

names = st.sampled_from(["x", "y", "a", "out_0", "n", "", "lane"])
dtypes = st.one_of(st.sampled_from([DataType.FP32, DataType.FP16, DataType.INT32,
                                    DataType.INDEX, DataType.BOOL, DataType.BF16]),
                   st.sampled_from(["FP32", "fp16", "INT32", "FP33", "", "Vec"]),
                   st.sampled_from([None, 0, 3.5, object]))
mems = st.one_of(st.sampled_from([ir.MemorySpace.Vec, ir.MemorySpace.Mat, ir.MemorySpace.Acc,
                                  ir.MemorySpace.DDR, None]),
                 st.sampled_from(["Vec", "vec", "Mat", "Vex", "", 1]))
dims = st.one_of(st.sampled_from([16, 32, 64, 128]), st.integers(-5, 300),
                 st.sampled_from([0, -1, 2**31, 2**40, 2**63, -2**70]), st.none(),
                 st.sampled_from(["16", 1.5, True]))
shapes = st.one_of(st.lists(st.sampled_from([16, 32, 64, 128]), min_size=1, max_size=3),
                   st.lists(dims, min_size=0, max_size=4), st.none(), st.just("16"))
splits = st.one_of(st.sampled_from([ir.SplitMode.UP_DOWN, ir.SplitMode.LEFT_RIGHT,
                                    ir.SplitMode.NONE]),
                   st.sampled_from(["UP_DOWN", "up_down", "SIDEWAYS", 1, 7, None]))


def tile_type(shape, dtype, mem):
    return ir.TileType(shape, dtype, memory_space=mem)


@st.composite
def kernels(draw):
    """A kernel in the spec's shape (Mat tile moved to Vec, an op, a store), with any part
    replaced by a random, possibly ill-formed, value."""
    bad = draw(st.sampled_from(["none", "shape", "dtype", "mem", "null", "kind", "split",
                                "store", "seq", "region", "scope", "var", "program", "big",
                                "odd", "odd", "odd"]))
    rows = draw(st.sampled_from([16, 32, 64, 128]))
    cols = draw(st.sampled_from([16, 32, 128]))
    shape = [rows, cols]
    dtype, mem = DataType.FP32, ir.MemorySpace.Mat
    if bad == "shape":
        shape = draw(shapes)
    if bad == "big":
        shape = [draw(st.sampled_from([2**20, 2**30, 2**31 - 1])), cols]
    if bad == "dtype":
        dtype = draw(dtypes)
    if bad == "mem":
        mem = draw(mems)
    qk = ir.Var(draw(names) if bad == "var" else "qk", tile_type(shape, dtype, mem), span)
    out = ir.Var("out_0", ir.TensorType(shape, dtype), span)
    popped = ir.Var("popped", tile_type(shape, dtype, ir.MemorySpace.Vec), span)
    y = ir.Var("y", tile_type(shape, dtype, ir.MemorySpace.Vec), span)
    junk = draw(st.sampled_from([None, 3, "x", ir.ScalarType(DataType.FP32), span, qk]))
    move = T.move(qk, target_memory=ir.MemorySpace.Vec, span=span)
    op = draw(st.sampled_from(["add", "muls", "neg", "row_sum"]))
    if op == "add":
        value = T.add(popped, popped, span=span)
    elif op == "muls":
        value = T.muls(popped, draw(st.sampled_from([2.0, 0.5])), span=span)
    else:
        value = getattr(T, op)(popped, span=span)
    y = ir.Var("y", value.type, span)
    offsets = [0, 0]
    if bad == "store":
        offsets = draw(st.lists(st.one_of(st.integers(-3, 200), st.none(), st.just("0")),
                                max_size=3))
    store = T.store(y, offsets, out, span=span)
    r = ir.Var("r", store.type, span)
    stmts = [ir.AssignStmt(popped, move, span), ir.AssignStmt(y, value, span),
             ir.AssignStmt(r, store, span), ir.ReturnStmt([r], span)]
    if bad == "odd":
        # Well-built nodes put together wrongly: types that disagree, uses before definitions,
        # loops and branches over tiles, calls of missing functions, tuples.
        idx = ir.Var("i", ir.ScalarType(DataType.INDEX), span)
        pool = [
            lambda: ir.AssignStmt(popped, ir.ConstFloat(1.0), span),
            lambda: ir.AssignStmt(y, T.add(popped, popped, span=span), span),
            lambda: ir.ReturnStmt([qk], span),
            lambda: ir.ReturnStmt([], span),
            lambda: ir.EvalStmt(ir.Call(ir.Op("tile.add"), [qk, qk], ir.ScalarType(DataType.FP32),
                                        span), span),
            lambda: ir.EvalStmt(ir.FunctionCall(draw(names), [qk], out.type, span), span),
            lambda: ir.EvalStmt(ir.FunctionCall("k", [qk, out], out.type, span), span),
            lambda: ir.ForStmt(draw(st.sampled_from([idx, popped])), draw(st.integers(-3, 5)),
                               draw(st.integers(-3, 70)), draw(st.sampled_from([1, 2, -1])),
                               draw(st.sampled_from([[], [ir.IterArg("acc", popped.type, qk, span)]])),
                               ir.SeqStmts([ir.YieldStmt(draw(st.sampled_from([[], [qk]])), span)],
                                           span),
                               draw(st.sampled_from([[], [y], [y, y]])), span),
            lambda: ir.WhileStmt(draw(st.sampled_from([qk, ir.ConstBool(False)])), [],
                                 ir.SeqStmts([ir.YieldStmt([], span)], span), [], span),
            lambda: ir.IfStmt(draw(st.sampled_from([qk, ir.ConstBool(True), idx])),
                              ir.SeqStmts([ir.YieldStmt(draw(st.sampled_from([[], [qk]])), span)],
                                          span), None, draw(st.sampled_from([[], [y]])), span),
            lambda: ir.ReturnStmt([ir.TupleGetItem(ir.MakeTuple([qk, out], span), 1, span)], span),
            lambda: ir.ScopeStmt(ir.Level.CORE_GROUP, ir.SeqStmts(list(stmts), span), span),
            lambda: ir.SplitAivScopeStmt(draw(splits), body=ir.SeqStmts(list(stmts), span),
                                         span=span),
        ]
        picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=0, max_size=4))
        for k in picks:
            stmts.insert(draw(st.integers(0, len(stmts))), pool[k]())
    if bad == "null":
        stmts[draw(st.integers(0, 3))] = None
    if bad == "kind":
        stmts[draw(st.integers(0, 3))] = junk
    if bad == "seq":
        body = ir.SeqStmts(draw(st.one_of(st.just(stmts), st.just([None]), st.just(None),
                                          st.just(junk))), span)
    else:
        body = ir.SeqStmts(stmts, span)
    split = ir.SplitMode.UP_DOWN
    if bad == "split":
        split = draw(splits)
    ftype = ir.FunctionType.InCore
    if bad == "region":
        body = ir.SeqStmts([ir.SplitAivScopeStmt(split, body=draw(st.sampled_from(
            [body, None, junk])), span=span)], span)
        split = ir.SplitMode.NONE
    if bad == "scope":
        body = ir.SeqStmts([ir.ScopeStmt(draw(st.sampled_from(
            [ir.Level.CORE_GROUP, "CORE_GROUP", "CORE_GROPU", None])),
            draw(st.sampled_from([body, None, junk])), span)], span)
        ftype = ir.FunctionType.Opaque
    params = [(qk, ir.ParamDirection.In), (out, ir.ParamDirection.Out)]
    if bad == "var":
        params[0] = draw(st.sampled_from([(qk, ir.ParamDirection.In), (qk, "Out"), (qk, "Inn"),
                                          None, junk, (None, ir.ParamDirection.In),
                                          ir.Var("x", None, span) if draw(st.booleans()) else qk]))
    f = ir.Function(draw(names) if bad == "program" else "k", params, [out.type], body, span,
                    type=ftype, attrs={"split": split})
    functions = [f]
    if bad == "program":
        functions = draw(st.sampled_from([[f], [None], [f, None], [junk], [f, f], None]))
    return ir.Program(functions, "", span)


@st.composite
def tensor_programs(draw):
    """A tensor-level program as PyPTO users write it, built through pypto.ir and the tensor_ops
    builders: an Opaque main with tensor parameters and an Out, a CORE_GROUP scope (split UP_DOWN,
    LEFT_RIGHT, NONE or none at all) holding tensor ops (elementwise, scalar forms, unary math, row
    reductions and their [rows, 1] operands, matmul, slices), the last value assembled into the
    Out. One case in three replaces a part with an ill-formed value: operands of other shapes or
    dtypes, matmuls whose contraction extents differ, windows outside the tensor, an assemble into
    a computed tensor, the Out never written, no scope at all."""
    bad = draw(st.sampled_from(["none"] * 6 + ["shape", "dtype", "matmul", "window", "assemble",
                                               "no_out", "no_scope", "ops"]))
    rows = draw(st.sampled_from([1, 2, 4, 8, 16, 32]))
    cols = draw(st.sampled_from([1, 2, 4, 8, 16, 32]))
    other = [draw(st.sampled_from([rows, rows * 2, max(1, rows // 2), 3])), cols]
    tt = lambda shape, dt=DataType.FP32: ir.TensorType(shape, dt)
    a = ir.Var("a", tt([rows, cols]), span)
    b = ir.Var("b", tt(other if bad == "shape" else [rows, cols],
                       draw(dtypes) if bad == "dtype" else DataType.FP32), span)
    out = ir.Var("out", tt([rows, cols]), span)
    pool = [a, b]
    stmts = []
    for k in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["binary", "scalar", "unary", "rowred", "rowexpand", "matmul",
                                     "slice"]))
        x = draw(st.sampled_from(pool))
        shape = [d.value if hasattr(d, "value") else d for d in x.type.shape]
        if kind == "binary":
            y = draw(st.sampled_from([p for p in pool if bad in ("shape", "ops") or
                                      list(p.type.shape) == list(x.type.shape)] or [x]))
            value = getattr(TT, draw(st.sampled_from(["add", "sub", "mul", "maximum"])))(
                x, y, span=span)
        elif kind == "scalar":
            value = getattr(TT, draw(st.sampled_from(["adds", "muls", "subs"])))(
                x, draw(st.sampled_from([2.0, -0.5, 1.0])), span=span)
        elif kind == "unary":
            value = getattr(TT, draw(st.sampled_from(["exp", "neg", "abs", "sqrt", "recip"])))(
                x, span=span)
        elif kind == "rowred":
            value = getattr(TT, draw(st.sampled_from(["row_sum", "row_max", "row_min"])))(
                x, span=span)
        elif kind == "rowexpand":
            red = ir.Var(f"r{k}", TT.row_max(x, span=span).type, span)
            stmts.append(ir.AssignStmt(red, TT.row_max(x, span=span), span))
            value = TT.sub(x, red, span=span)
        elif kind == "matmul":
            inner = shape[1] if bad != "matmul" else shape[1] + 1
            w = ir.Var(f"w{k}", tt([inner, draw(st.sampled_from([cols, 16]))]), span)
            pool.append(w)  # a parameter
            value = TT.matmul(x, w, span=span)
        else:
            r = draw(st.integers(1, shape[0] + (2 if bad == "window" else 0)))
            c = draw(st.integers(1, shape[1]))
            value = TT.slice(x, [r, c], [draw(st.integers(0, max(0, shape[0] - r))), 0],
                             span=span)
        v = ir.Var(f"v{k}", value.type, span)
        stmts.append(ir.AssignStmt(v, value, span))
        pool.append(v)
    last = pool[-1]
    if bad == "assemble" and len(pool) > 2:
        value = TT.assemble(pool[-1], a, [0, 0], span=span)
        last = ir.Var("asm", value.type, span)
        stmts.append(ir.AssignStmt(last, value, span))
    result = out
    if bad != "no_out":
        fits = [p for p in pool if all(
            (d.value if hasattr(d, "value") else d) <= e for d, e in zip(p.type.shape, [rows, cols]))]
        src = last if last in fits or bad in ("ops", "window") else draw(st.sampled_from(fits))
        result = ir.Var("out_1", out.type, span)
        stmts.append(ir.AssignStmt(result, TT.assemble(out, src, [0, 0], span=span), span))
    mode = draw(st.sampled_from([ir.SplitMode.UP_DOWN, ir.SplitMode.LEFT_RIGHT,
                                 ir.SplitMode.NONE, None]))
    opts = [] if mode is None else [ir.ScopeOptimization.make_split(mode)]
    body = ir.SeqStmts(stmts, span)
    if bad != "no_scope":
        body = ir.SeqStmts([ir.ScopeStmt(ir.Level.CORE_GROUP, body, span, optimizations=opts)],
                           span)
    body = ir.SeqStmts(list(body.stmts) + [ir.ReturnStmt([result], span)], span)
    params = [(a, ir.ParamDirection.In), (b, ir.ParamDirection.In)]
    params += [(w, ir.ParamDirection.In) for w in pool if w.name.startswith("w")]
    params.append((out, ir.ParamDirection.Out))
    f = ir.Function("main", params, [out.type], body, span, type=ir.FunctionType.Opaque)
    return ir.Program([f], "", span)


def property_check(case_seed, build, action, scalar):
    stats["cases"] += 1
    try:
        program = build()
        try:  # the program, for the parent to show should this case crash
            text = str(program)
        except CLEAN:
            text = "(not printable)"
        with open(CASE_FILE, "a") as fh:
            fh.write(text + "\n")
        if action == "print":
            str(program)
        elif action == "function":
            program.function("k")
        elif action == "equal":
            ir.structural_equal(program, program)
            ir.structural_equal(program, None)
        elif action == "passes":
            passes.lower_auto_vector_split()(program)
        elif action == "pipeline":
            with passes.PassContext([passes.VerificationInstrument(
                    passes.VerificationMode.BEFORE_AND_AFTER)]):
                tilesplit.passes.pipeline("check-pipeline")(program)
        elif action == "run":
            f = program.functions[0]
            inputs = {f.params[0].name: np.ones((4, 4), np.float32)} if scalar else None
            sim.run(program, inputs)
        elif action == "check":
            sim.check(program)
        elif action == "tensor_pipeline":
            tilesplit.passes.pipeline("default-pipeline")(program)
        elif action == "tensor_run":
            f = program.functions[0]
            arrays = [np.ones([int(str(d)) for d in p.type.shape], np.float32) if scalar else
                      np.random.default_rng(0).standard_normal(
                          [int(str(d)) for d in p.type.shape]).astype(np.float32)
                      for p in f.params]
            try:
                run(program, *arrays, config=RunConfig(platform="a2a3sim", check=True))
            except sim.SimulationError:
                stats["differ"] += 1  # split != unsplit: clean, but counted apart for review
                raise
        stats["results"] += 1
        if action.startswith("tensor_"):
            stats["tensor_results"] += 1
    except tilesplit.InternalError:
        stats["internal"] += 1
    except CLEAN as e:
        msg = str(e)
        if any(r in msg for r in RAW):
            raise AssertionError(f"a raw pybind11 message leaked: {msg}")
        stats["clean"] += 1


ACTIONS = ["print", "function", "equal", "passes", "pipeline", "run", "check",
           "tensor_pipeline", "tensor_run", "tensor_run"]
if os.environ.get("IR_FUZZ_TENSOR_ONLY"):
    ACTIONS = [a for a in ACTIONS if a.startswith("tensor_")]


@settings(max_examples=N, deadline=None, database=None, derandomize=False,
          suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink])
@hseed(SEED)
@given(data=st.data(), action=st.sampled_from(ACTIONS), scalar=st.booleans())
def test_never_crashes(data, action, scalar):
    tensor = action.startswith("tensor_")
    if tensor:
        stats["tensor"] += 1

    def build():
        return data.draw(tensor_programs() if tensor else kernels())
    # The case, written before it runs: what the parent shows if this process dies.
    with open(CASE_FILE, "w") as fh:
        fh.write(f"action={action} scalar={scalar} seed={SEED} case={stats['cases']}\n")
    property_check(SEED, build, action, scalar)


test_never_crashes()
print("IR_FUZZ_STATS " + " ".join(f"{k}={v}" for k, v in stats.items()))
'''


def run_chunk(cases: int, seed: int, timeout: float, tensor_only: bool = False) -> dict:
    """Runs `cases` examples in one child; returns its stats, its return code and, when it was
    killed by a signal, the case it was running. `tensor_only`: only tensor-level programs."""
    with tempfile.TemporaryDirectory() as tmp:
        case_file = os.path.join(tmp, "case")
        env = dict(os.environ, IR_FUZZ_CASE_FILE=case_file, IR_FUZZ_CASES=str(cases),
                   IR_FUZZ_SEED=str(seed))
        if tensor_only:
            env["IR_FUZZ_TENSOR_ONLY"] = "1"
        try:
            proc = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True,
                                  text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"rc": "timeout", "stats": {}, "output": "", "case": _read(case_file)}
        stats = {}
        for line in proc.stdout.splitlines():
            if line.startswith("IR_FUZZ_STATS "):
                stats = dict((k, int(v)) for k, v in
                             (kv.split("=") for kv in line.split()[1:]))
        return {"rc": proc.returncode, "stats": stats,
                "output": (proc.stdout + proc.stderr)[-6000:], "case": _read(case_file)}


def _read(path: str) -> str:
    try:
        with open(path) as fh:
            return fh.read().strip()
    except OSError:
        return ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=100000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chunk", type=int, default=2000)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--tensor-only", action="store_true",
                    help="only tensor-level programs (pypto.ir + default-pipeline + runtime.run)")
    args = ap.parse_args()
    start = time.time()
    total = {"cases": 0, "results": 0, "clean": 0, "internal": 0, "children": 0, "signals": 0,
             "failures": 0}
    done, k = 0, 0
    while done < args.cases:
        n = min(args.chunk, args.cases - done)
        r = run_chunk(n, args.seed + k, timeout=max(600.0, n * 0.5), tensor_only=args.tensor_only)
        k += 1
        total["children"] += 1
        for key, v in r["stats"].items():
            total[key] = total.get(key, 0) + v
        if r["rc"] != 0:
            signal = isinstance(r["rc"], int) and r["rc"] < 0
            total["signals" if signal else "failures"] += 1
            print(f"child {k} (seed {args.seed + k - 1}) ended with {r['rc']}; last case: "
                  f"{r['case']}\n{r['output']}", file=sys.stderr)
        done += n
        print(f"{done}/{args.cases} cases, {time.time() - start:.0f} s: {total}", flush=True)
    total["seconds"] = round(time.time() - start)
    print(json.dumps(total) if args.json else f"done: {total}")
    return 0 if total["signals"] == 0 and total["failures"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
