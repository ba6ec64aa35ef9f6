"""The Python snippets of README.md and docs/python.md run as shown."""

import os
import pathlib
import subprocess
import sys

import pytest

import tilesplit

ROOT = pathlib.Path(__file__).resolve().parents[2]


def blocks(path: pathlib.Path, lang: str):
    """The fenced code blocks of `path` whose info string is `lang`."""
    found, current, info = [], None, None
    for line in path.read_text().splitlines(keepends=True):
        if line.startswith("```"):
            if current is None:
                current, info = [], line[3:].strip()
            else:
                if info == lang:
                    found.append("".join(current))
                current = None
        elif current is not None:
            current.append(line)
    return found


def run_snippet(code: str, tmp_path) -> str:
    script = tmp_path / "snippet.py"
    script.write_text(code)
    env = dict(os.environ, PYTHONPATH=str(pathlib.Path(tilesplit.__file__).parent.parent))
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_docs_lowering_snippet_prints_what_the_docs_show(tmp_path):
    doc = ROOT / "docs" / "python.md"
    code = blocks(doc, "python")[0]
    shown = blocks(doc, "")
    out = run_snippet(code, tmp_path)
    assert out.strip() in [b.strip() for b in shown], out


@pytest.mark.skipif(not (ROOT / "README.md").exists(), reason="no README.md")
def test_readme_snippet_runs(tmp_path):
    code = blocks(ROOT / "README.md", "python")[0]
    out = run_snippet(code, tmp_path)
    assert "pl.tile.aiv_shard(qk, split=1)" in out
    assert "pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major" in out
