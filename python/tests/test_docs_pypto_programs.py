"""docs/pypto-programs.md shows real output: every command block is run and every printed form is
compared with what the tool prints now.

The page's conventions, which this test enforces:
  * a fenced block whose first line is `$ build/bin/tilesplit ...` is a command run from the
    repository root; the lines after it are its standard output;
  * a fenced block whose first line is `# ---- IR after pass 'NAME' ----` is the program after pass
    NAME, as the page's one `opt ... --print-after-all` command prints it (on standard error);
  * in both, a line holding only `...` stands for lines left out: the runs of lines between them
    must appear in the output in that order, each run as consecutive lines;
  * each `python` block is run as a script, with docs/examples on the path; one of them is
    docs/examples/matmul_bias.py, the program the commands read.
"""

import os
import pathlib
import shlex
import subprocess
import sys

import pytest

import tilesplit

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "pypto-programs.md"
CLI = pathlib.Path(tilesplit.__file__).absolute().parents[2] / "bin" / "tilesplit"
HEADER = "# ---- IR after pass '"


def fenced_blocks(path):
    """(info string, lines) of every fenced block of `path`."""
    found, current, info = [], None, ""
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            if current is None:
                current, info = [], line[3:].strip()
            else:
                found.append((info, current))
                current = None
        elif current is not None:
            current.append(line)
    return found


def run(command):
    words = shlex.split(command)
    assert words[0] == "build/bin/tilesplit", command
    done = subprocess.run([str(CLI)] + words[1:], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, f"{command}: exit {done.returncode}\n{done.stderr}"
    return done


def runs(shown):
    """The lines of `shown` split at `...` lines, empty runs dropped."""
    out, current = [], []
    for line in shown:
        if line.strip() == "...":
            if current:
                out.append(current)
            current = []
        else:
            current.append(line.rstrip())
    if current:
        out.append(current)
    return out


def assert_shown_in(shown, actual, what):
    """Each run of `shown` appears in `actual` as consecutive lines, the runs in order."""
    lines = [line.rstrip() for line in actual.splitlines()]
    at = 0
    for chunk in runs(shown):
        for start in range(at, len(lines) - len(chunk) + 1):
            if lines[start:start + len(chunk)] == chunk:
                at = start + len(chunk)
                break
        else:
            raise AssertionError(f"{what}: these lines are not in the output (in this order):\n"
                                 + "\n".join(chunk) + "\n--- the output:\n" + actual)


def commands():
    return [lines for _, lines in fenced_blocks(DOC)
            if lines and lines[0].startswith("$ build/bin/tilesplit ")]


def printed_forms():
    return [lines for _, lines in fenced_blocks(DOC) if lines and lines[0].startswith(HEADER)]


def sections(stderr):
    """The program printed after each pass, by pass name."""
    out, name = {}, None
    for line in stderr.splitlines():
        if line.startswith(HEADER):
            name = line[len(HEADER):].split("'")[0]
            out[name] = []
        elif name is not None:
            out[name].append(line)
    return {k: "\n".join(v) for k, v in out.items()}


def test_the_page_has_its_blocks():
    print_all = [c for c in commands() if "--print-after-all" in c[0]]
    assert len(print_all) == 1, "one `opt ... --print-after-all` command"
    assert len(printed_forms()) >= 10, "the printed form after each pass of default-pipeline"
    assert any(c[0].startswith("$ build/bin/tilesplit explain ") for c in commands())
    assert any(c[0].startswith("$ build/bin/tilesplit check ") for c in commands())


@pytest.mark.parametrize("block", commands(), ids=lambda b: b[0][2:80])
def test_command_prints_what_the_page_shows(block):
    done = run(block[0][2:])
    assert_shown_in(block[1:], done.stdout, block[0])


def test_each_pass_prints_what_the_page_shows():
    command = next(c[0] for c in commands() if "--print-after-all" in c[0])
    printed = sections(run(command[2:]).stderr)
    shown = printed_forms()
    passes = [block[0][len(HEADER):].split("'")[0] for block in shown]
    # Every pass of default-pipeline is on the page, in the order it runs.
    assert passes == list(printed), (passes, list(printed))
    for block in shown:
        name = block[0][len(HEADER):].split("'")[0]
        assert_shown_in(block[1:], printed[name], f"after {name}")


def test_the_program_shown_is_the_file():
    program = (ROOT / "docs" / "examples" / "matmul_bias.py").read_text()
    shown = ["\n".join(lines) + "\n" for info, lines in fenced_blocks(DOC) if info == "python"]
    assert program in shown, "docs/examples/matmul_bias.py as a python block"


def test_python_blocks_run(tmp_path):
    code = [lines for info, lines in fenced_blocks(DOC) if info == "python"]
    assert code, "a Python block"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(pathlib.Path(tilesplit.__file__).parent.parent), str(ROOT / "docs" / "examples")]))
    for n, lines in enumerate(code):
        # From a file: @pl.program and @pl.jit read their function's source.
        script = tmp_path / f"block{n}.py"
        script.write_text("\n".join(lines) + "\n")
        done = subprocess.run([sys.executable, str(script)], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, "\n".join(lines) + "\n" + done.stderr
