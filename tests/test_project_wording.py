"""The project speaks of what it is, not of how it was made: no file names a work session or
an issue number (the changelog is by release, the decisions by topic, the benchmarks'
figures are today's).

Runs ``git grep`` over the checkout's tracked files, so it skips where there is no git
checkout (an unpacked sdist).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: a work session named by its place in a sequence, or an issue by its number
HISTORY_WORDS = (r"(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|this|last"
                 r"|next) session|issue [0-9]+")
#: where the project describes itself
SELF_DESCRIPTION = ("src", "plugins", "docs", "README.md", "CHANGELOG.md", "DECISIONS.md",
                    "benchmarks")
#: the files that may name the pattern: this test
EXEMPT = (f":(exclude){Path(__file__).relative_to(ROOT).as_posix()}",)


def _git(args: list[str], *, found_nothing_ok: bool = False) -> str:
    """Stdout of ``git ARGS`` in the checkout; skips where the project is no git checkout."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    inside = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=ROOT,
                            capture_output=True, text=True)
    if inside.returncode != 0 or Path(inside.stdout.strip()).resolve() != ROOT:
        pytest.skip("not a git checkout of the project (an sdist?)")
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
    ok = (0, 1) if found_nothing_ok else (0,)
    assert done.returncode in ok, done.stderr
    return done.stdout


def _git_grep(pattern: str, *paths: str) -> list[str]:
    """Lines of tracked files under *paths* matching *pattern* (case-insensitive)."""
    out = _git(["grep", "-n", "-i", "-E", "-I", pattern, "--", *paths, *EXEMPT],
               found_nothing_ok=True)  # git grep exits 1 when it finds nothing
    return out.splitlines()


def test_the_documentation_and_code_name_no_session_or_issue() -> None:
    """Source, plugins, docs, README, CHANGELOG, DECISIONS and benchmarks: not one line."""
    assert _git_grep(HISTORY_WORDS, *SELF_DESCRIPTION) == []


def test_no_tracked_file_names_a_session_or_issue() -> None:
    """The tests, examples and every other tracked file too (a test is named after the
    subsystem it tests)."""
    assert _git_grep(HISTORY_WORDS, ".") == []


def test_no_mention_is_split_across_lines() -> None:
    """``git grep`` reads line by line: a wrapped docstring ("issue" at a line's end, its
    number on the next) is found by reading every tracked text file whole."""
    listed = _git(["ls-files", "-z"]).split("\0")
    wrapped = re.compile(HISTORY_WORDS.replace(" ", r"\s+"), re.IGNORECASE)
    exempt = Path(__file__).resolve()
    found = []
    for name in filter(None, listed):
        path = ROOT / name
        if path.resolve() == exempt or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # not text
        found += [f"{name}: {m.group(0)!r}" for m in wrapped.finditer(text)]
    assert found == []


def test_the_search_finds_what_it_looks_for() -> None:
    """The pattern matches the phrasings it exists to keep out (so an empty result above
    means something)."""
    pattern = re.compile(HISTORY_WORDS, re.IGNORECASE)
    for phrase in ("figures of the Eighth session", "as issue 16 asked", "this session's"):
        assert pattern.search(phrase), phrase
    for phrase in ("a terminal play session", 'scope="session"', "PlaySession"):
        assert not pattern.search(phrase), phrase
