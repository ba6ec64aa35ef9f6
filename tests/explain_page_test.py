#!/usr/bin/env python3
"""`tilesplit explain`: its JSON facts, its HTML page, and the page in a real browser.

usage: explain_page_test.py TILESPLIT ROOT facts     the JSON and the page's markup
       explain_page_test.py TILESPLIT ROOT browser   the page in headless Chromium: it loads with
                                                     no console message and shows one picture per
                                                     crossing (exit 77, a skip, without a browser)
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
failures = []
passed = 0


def check(ok, what):
    global passed
    if ok:
        passed += 1
        print(f"PASS {what}")
    else:
        failures.append(what)
        print(f"FAIL {what}")


def explain(tilesplit, kernel, *args):
    r = subprocess.run([tilesplit, "explain", kernel, *args], capture_output=True, text=True,
                       timeout=120)
    if r.returncode != 0:
        raise SystemExit(f"explain {kernel} {' '.join(args)} exited {r.returncode}: {r.stderr}")
    return r.stdout


def facts(tilesplit, kernel, *args):
    return json.loads(explain(tilesplit, kernel, "--json", *args))


def cases(root):
    golden = os.path.join(root, "tests", "golden", "explain")
    return [(os.path.join(root, "examples", "demo.py"), []),
            (os.path.join(golden, "paths.py"), ["--split-extensions=off"]),
            (os.path.join(golden, "bands.py"), ["--scalar", "n=11"]),
            (os.path.join(golden, "carried.py"), ["--scalar", "n=11"]),
            (os.path.join(golden, "tensor_cube_to_vector.py"), ["-D", "N=64", "-D", "K=32"])]


def run_facts(tilesplit, root):
    # Without the split extensions, so that one of its functions is rejected.
    paths = facts(tilesplit, os.path.join(root, "tests", "golden", "explain", "paths.py"),
                  "--split-extensions=off")
    by_name = {f["name"]: f for f in paths["functions"]}
    check({n: f["path"] for n, f in by_name.items()} == {
        "auto_region": "AUTO region", "auto_flat": "AUTO flat", "explicit": "explicit regions",
        "vec_only": "untouched", "rejected": "rejected"}, "json: one path per function")
    rej = by_name["rejected"]["rejection"]
    check(rej and rej["line"] == 50 and rej["statement"].startswith("picked = pl.tile.gather")
          and rej["fixes"], "json: the rejection's statement, rule and fix")
    flat = by_name["auto_flat"]
    check([(c["kind"], c["split"], c["axis"]) for c in flat["crossings"]] == [("shard", 2, 1)],
          "json: a LEFT_RIGHT shard, code 2 on axis 1")
    check([l["col0"] for l in flat["stores"][0]["lanes"]] == [0, 64],
          "json: each lane stores its own columns")
    check(all(v["side"] == "lane-local" and v["axis"] == 1 for v in flat["values"]),
          "json: the halved values are lane-local on axis 1")

    one = facts(tilesplit, os.path.join(root, "tests", "golden", "explain", "paths.py"),
                "--func", "vec_only")
    check([f["name"] for f in one["functions"]] == ["vec_only"], "json: --func keeps one function")

    bands = facts(tilesplit, os.path.join(root, "tests", "golden", "explain", "bands.py"),
                  "--scalar", "n=11")
    fn = {f["name"]: f for f in bands["functions"]}
    check(bands["scalars"] == {"n": 11}, "json: the scalars given")
    runtime = fn["runtime_valid"]["stores"][0]["lanes"]
    check([(l["row0"], l["rows"]) for l in runtime] == [(0, 8), (8, 3)],
          "json: a runtime extent evaluated per lane")
    empty = fn["empty_lane"]["crossings"][0]["lanes"]
    check([l["empty"] for l in empty] == [False, True], "json: an empty lane")
    odd = fn["odd_box"]["crossings"][0]
    check(odd["split"] == 3 and odd["code_from_transport"] and odd["boundary_split"] == 1,
          "json: the odd code comes from the transport")
    without = facts(tilesplit, os.path.join(root, "tests", "golden", "explain", "bands.py"))
    lanes = {f["name"]: f for f in without["functions"]}["runtime_valid"]["stores"][0]["lanes"]
    check(lanes[1]["rows"] is None, "json: without --scalar a runtime extent is unknown")

    carried = facts(tilesplit, os.path.join(root, "tests", "golden", "explain", "carried.py"),
                    "--scalar", "n=11")
    flowing = {v["name"]: v for f in carried["functions"] for v in f["values"]
               if v["role"] != "assignment"}
    check({n: (v["role"], v["construct"]["kind"], v["side"]) for n, v in flowing.items()} == {
        "acc": ("loop carry", "pl.range", "lane-local"),
        "acc_out": ("loop result", "pl.range", "lane-local"),
        "r": ("if result", "if", "lane-local"),
        "row": ("loop carry", "pl.unroll", "shared"),
        "row_out": ("loop result", "pl.unroll", "shared")},
          "json: loop carries, loop results and if results are values with their role")
    check([v["lanes"] for v in flowing["acc"]["valid"]] == [[8, 3], [64, 64]],
          "json: a carry's valid extent per lane, under --scalar")

    regions = facts(tilesplit, os.path.join(root, "tests", "golden", "explain",
                                           "region_lane_facts.py"))
    sides = {(f["name"], v["name"]): (v["side"], v["axis"])
             for f in regions["functions"] for v in f["values"]}
    check({k: sides[k] for k in [("explicit", "h"), ("explicit", "z"), ("explicit", "bias"),
                                 ("explicit", "g"), ("task", "t"), ("task", "e"),
                                 ("auto_gather", "g_lanes")]} == {
        ("explicit", "h"): ("lane-local", 0), ("explicit", "z"): ("shared", None),
        ("explicit", "bias"): ("shared", None), ("explicit", "g"): ("shared", None),
        ("task", "t"): ("shared", None), ("task", "e"): ("lane-local", None),
        ("auto_gather", "g_lanes"): ("lane-local", 0)},
          "json: lane-local or shared as the split's lane facts say, a NONE region with no axis")

    tensor = facts(tilesplit, os.path.join(root, "tests", "golden", "explain",
                                          "tensor_cube_to_vector.py"), "-D", "N=64")
    became = {t["op"]: [(b["op"], b["memory"], b["side"]) for b in t["became"]]
              for f in tensor["functions"] for t in f["tensor_ops"]}
    check(became == {
        "tensor.matmul": [("tile.load", "Mat", "AIC"), ("tile.load", "Mat", "AIC"),
                          ("tile.move", "Left", "AIC"), ("tile.move", "Right", "AIC"),
                          ("tile.matmul", "Acc", "AIC")],
        "tensor.add": [("tile.load", "Vec", "AIV"), ("tile.aiv_shard", "Vec", "AIC -> AIV"),
                       ("tile.add", "Vec", "AIV")],
        "tensor.assemble": [("tile.store", "", "AIV")]},
          "json: each tensor op with the tile ops it became, their memory and core")

    for kernel, args in cases(root):
        page = explain(tilesplit, kernel, "--html", "-", *args)
        data = facts(tilesplit, kernel, *args)
        crossings = sum(len(f["crossings"]) for f in data["functions"])
        stores = sum(len(f["stores"]) for f in data["functions"])
        values = sum(len(f["values"]) for f in data["functions"])
        name = os.path.basename(kernel)
        check(page.count('<svg class="crossing-picture"') == crossings and crossings > 0,
              f"html {name}: one picture per crossing ({crossings})")
        check(page.count('<svg class="store-picture"') == stores,
              f"html {name}: one picture per store ({stores})")
        check(page.count("data-facts=") >= values, f"html {name}: every value has its facts")
        roles = sum(1 for f in data["functions"] for v in f["values"] if v["construct"])
        check(page.count('<td class="role">') == values and
              len(re.findall(r'data-facts="[^"]*(?:loop carry|loop result|if result)', page))
              >= roles, f"html {name}: each value says what defines it ({roles} through control "
              "flow), in its row and its hover")
        # Self-contained: nothing is fetched (the SVG namespace is a name, not a request).
        fetched = re.findall(r'(?:src|href)\s*=\s*"(?!#)[^"]*"|<link\b|@import|url\((?!#)', page)
        check(not fetched, f"html {name}: loads nothing from outside {fetched[:3]}")
        ops = sum(len(f["tensor_ops"]) for f in data["functions"])
        check(page.count('<ul class="became">') == ops,
              f"html {name}: what each tensor op became ({ops}), one list per op")
        lines = len(open(kernel).read().splitlines())
        check(page.count('<span class="line') == lines, f"html {name}: the source, line by line")


def find_browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def run_browser(tilesplit, root):
    browser = find_browser()
    if not browser:
        print("SKIP: no headless browser (chromium) is installed; scripts/bootstrap.sh installs "
              "Debian's chromium")
        return SKIP
    with tempfile.TemporaryDirectory(prefix="explain_page_") as tmp:
        for kernel, args in cases(root):
            name = os.path.basename(kernel)
            page = os.path.join(tmp, name + ".html")
            explain(tilesplit, kernel, "--html", page, *args)
            data = facts(tilesplit, kernel, *args)
            crossings = sum(len(f["crossings"]) for f in data["functions"])
            r = subprocess.run(
                [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--user-data-dir=" + os.path.join(tmp, "profile"), "--enable-logging=stderr",
                 "--v=0", "--virtual-time-budget=2000", "--dump-dom", "file://" + page],
                capture_output=True, text=True, timeout=180)
            check(r.returncode == 0, f"browser {name}: exit {r.returncode}")
            dom = r.stdout
            check('data-ready="ok"' in dom, f"browser {name}: the page's script ran to the end")
            check(f'data-pictures="{crossings}"' in dom,
                  f"browser {name}: {crossings} crossing pictures in the rendered page")
            console = [l for l in r.stderr.splitlines() if "CONSOLE" in l or "Uncaught" in l]
            check(not console, f"browser {name}: no console message {console[:3]}")
    return 0


def main():
    if len(sys.argv) != 4 or sys.argv[3] not in ("facts", "browser"):
        print(__doc__, file=sys.stderr)
        return 2
    tilesplit, root, mode = sys.argv[1:]
    if mode == "facts":
        run_facts(tilesplit, root)
    elif run_browser(tilesplit, root) == SKIP:
        return SKIP
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
