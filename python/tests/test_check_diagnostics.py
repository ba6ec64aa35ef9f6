"""`tilesplit check` findings as diagnostics, and the SARIF log of every failure class validated
against the SARIF 2.1.0 schema (tests/sarif/sarif-2.1.0-subset.schema.json, a faithful subset of
the official schema: this machine cannot download it) with python3-jsonschema.

A difference, a deadlock, a lane-protocol fault and poison reaching an output are each a located
diagnostic with a rule id and notes: on standard error in text mode (the verdict report stays on
standard output), an entry of the JSON document and a SARIF result otherwise."""

import json
import pathlib
import subprocess

import pytest

import tilesplit

jsonschema = pytest.importorskip("jsonschema")

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = pathlib.Path(tilesplit.__file__).absolute().parents[2] / "bin" / "tilesplit"
SIM = ROOT / "tests" / "golden" / "sim"
SCHEMA = json.loads((ROOT / "tests" / "sarif" / "sarif-2.1.0-subset.schema.json").read_text())

# (name, arguments, exit code, rule of the first diagnostic or None for none)
CASES = [
    ("differ", ["check", "broken_wrong_code.py", "--against", "broken_wrong_code.split.py"], 4,
     "check.differ"),
    ("deadlock", ["check", "broken_too_few_slots.py", "--against",
                  "broken_too_few_slots.split.py"], 4, "check.deadlock"),
    ("fault", ["check", "broken_double_free.py", "--against", "broken_double_free.split.py"], 4,
     "check.fault"),
    ("poison", ["check", "broken_poison_output.py", "--against",
                "broken_poison_output.split.py"], 4, "check.poison"),
    ("equal", ["check", "cube_to_vector_up_down.py"], 0, None),
    ("parse", ["print", "parse_error.py"], 1, "dsl.parse"),
    ("pass", ["opt", "-p", "lower-auto-vector-split", "--split-extensions=off",
              str(ROOT / "tests/golden/lower_auto/bias_left_right_128.py")], 1,
     "pass.lower-auto-vector-split"),
    ("input", ["check", "no_such_file.py"], 1, "input"),
    ("usage", ["check", "--no-such-option", "x.py"], 2, "usage"),
    ("extent", ["check", "runtime_extent_out_of_box.py", "--scalar", "n=20"], 1, "input"),
    ("warning", ["opt", "-p", "lower-auto-vector-split",
                 str(ROOT / "tests/golden/cli/opt_scope_needs_outlining.py")], 0,
     "hint.outline-first"),
]


def _run(args, fmt, cwd):
    return subprocess.run([str(CLI)] + args + [f"--diagnostics-format={fmt}"], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    if not CLI.exists():
        pytest.skip("the CLI is not built")
    d = tmp_path_factory.mktemp("diag")
    for p in SIM.glob("broken_*.py"):
        (d / p.name).write_text(p.read_text())
    for name in ["cube_to_vector_up_down.py", "runtime_extent_out_of_box.py"]:
        (d / name).write_text((SIM / name).read_text())
    (d / "parse_error.py").write_text(
        "import pypto.language as pl\n\n@pl.function\ndef k(a: pl.Tensor[[4], pl.FP32]):\n"
        "    return undefined_thing\n")
    return d


@pytest.mark.parametrize("name,args,code,rule", CASES, ids=[c[0] for c in CASES])
def test_sarif_of_every_failure_class_is_valid(workdir, name, args, code, rule):
    done = _run(args, "sarif", workdir)
    assert done.returncode == code, done.stderr
    log = json.loads(done.stderr)
    jsonschema.validate(log, SCHEMA)
    results = log["runs"][0]["results"]
    if rule is None:
        assert results == []
        return
    assert results and results[0]["ruleId"] == rule, results
    ids = [r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]]
    assert results[0]["ruleIndex"] == ids.index(rule)
    assert results[0]["level"] == ("warning" if name == "warning" else "error")
    if name in ("differ", "deadlock", "fault", "poison", "extent"):
        loc = results[0]["locations"][0]["physicalLocation"]
        assert loc["region"]["startLine"] >= 1 and loc["artifactLocation"]["uri"].endswith(".py")
        assert results[0]["relatedLocations"], "a finding carries notes"


@pytest.mark.parametrize("name,args,code,rule",
                         [c for c in CASES if c[3] and c[3].startswith("check.")],
                         ids=[c[0] for c in CASES if c[3] and c[3].startswith("check.")])
def test_check_findings_are_json_diagnostics_and_located_errors_on_stderr(workdir, name, args,
                                                                         code, rule):
    done = _run(args, "json", workdir)
    assert done.returncode == 4
    doc = json.loads(done.stderr)
    (d,) = doc["diagnostics"]
    assert d["rule"] == rule and d["severity"] == "error"
    assert d["file"].endswith(".py") and d["line"] >= 1 and d["column"] >= 1
    assert any(n["message"].startswith("inputs: seed") for n in d["notes"]), d["notes"]
    text = _run(args, "text", workdir)
    assert text.returncode == 4
    # The verdict is the report (stdout); the located error is a diagnostic (stderr) only.
    assert ": error: the split program of" in text.stderr
    assert "error:" not in text.stdout, text.stdout
