"""The project speaks of what it is, not of how it was made: no file names a work session or
an issue number (STYLE.md; the changelog is by release, the decisions by topic).

Runs ``git grep`` over the checkout's tracked files, so it skips where there is no git
checkout (an unpacked sdist).
"""

from __future__ import annotations

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


def _git_grep(pattern: str, *paths: str) -> list[str]:
    """Lines of tracked files under *paths* matching *pattern* (case-insensitive)."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    inside = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=ROOT,
                            capture_output=True, text=True)
    if inside.returncode != 0 or Path(inside.stdout.strip()).resolve() != ROOT:
        pytest.skip("not a git checkout of the project (an sdist?)")
    done = subprocess.run(["git", "grep", "-n", "-i", "-E", "-I", pattern, "--", *paths,
                           *EXEMPT], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode in (0, 1), done.stderr  # 1: nothing found
    return done.stdout.splitlines()


def test_the_documentation_and_code_name_no_session_or_issue() -> None:
    """Source, plugins, docs, README, CHANGELOG, DECISIONS and benchmarks: not one line."""
    assert _git_grep(HISTORY_WORDS, *SELF_DESCRIPTION) == []


def test_no_tracked_file_names_a_session_or_issue() -> None:
    """The tests, examples and every other tracked file too (a test is named after the
    subsystem it tests)."""
    assert _git_grep(HISTORY_WORDS, ".") == []


def test_the_search_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The pattern matches the phrasings it exists to keep out (so an empty result above
    means something)."""
    import re

    pattern = re.compile(HISTORY_WORDS, re.IGNORECASE)
    for phrase in ("figures of the Eighth session", "as issue 16 asked", "this session's"):
        assert pattern.search(phrase), phrase
    for phrase in ("a terminal play session", 'scope="session"', "PlaySession"):
        assert not pattern.search(phrase), phrase
