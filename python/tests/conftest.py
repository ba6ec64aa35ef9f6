"""Shared helpers of the Python test suite (run: PYTHONPATH=build/python /usr/bin/python3 -m pytest
python/tests, or `make test`)."""

import linecache

import pytest


def marker_line(path: str, tag: str) -> int:
    """The 1-based line of `path` carrying the comment `# <tag>`."""
    for number, text in enumerate(linecache.getlines(path), start=1):
        if text.rstrip().endswith("# " + tag):
            return number
    raise AssertionError(f"no line ending in '# {tag}' in {path}")


def column_of(path: str, line: int, needle: str) -> int:
    """The 1-based column of the first `needle` on `line` of `path`."""
    text = linecache.getline(path, line)
    index = text.find(needle)
    assert index >= 0, f"'{needle}' not on line {line} of {path}: {text!r}"
    return index + 1


@pytest.fixture
def here():
    return __file__
