"""The tutorial projects run as written.

A tutorial that builds a project (``docs/tutorials/fan-expansion.md``) shows each file as a
fenced block with ``title="path"``. This test writes those files into a temporary folder,
installs the project the way pip would for the entry points (a ``.dist-info`` folder with its
``entry_points.txt`` on the path; no network, no change to the project's environment), and
runs the tutorial's own test file with pytest in a subprocess, so the page's plugin, its
effect kind, ``check_card_set`` and the pytest plugin's fixtures are all exercised. The page's
other Python blocks run in tests/test_docs.py.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FAN = ROOT / "docs" / "tutorials" / "fan-expansion.md"
FILE_BLOCK = re.compile(r'^```(?P<lang>\w+) title="(?P<path>[^"]+)"\n(?P<body>.*?)^```$',
                        re.DOTALL | re.MULTILINE)


def _files(page: Path) -> dict[str, str]:
    """The files a tutorial page writes out, by path."""
    return {m.group("path"): m.group("body")
            for m in FILE_BLOCK.finditer(page.read_text(encoding="utf-8"))}


def _install_entry_points(project: Path, site: Path) -> None:
    """What ``pip install`` leaves for importlib.metadata: the distribution's metadata and
    its entry points, from the project's pyproject.toml."""
    meta = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = site / f"{meta['name'].replace('-', '_')}-{meta['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n",
        encoding="utf-8")
    lines = [f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items())
             for group, eps in meta["entry-points"].items()]
    (info / "entry_points.txt").write_text("\n".join(lines), encoding="utf-8")


def test_fan_expansion_page_has_its_files() -> None:
    """Guard: the page writes the distribution, the plugin and its tests."""
    assert set(_files(FAN)) == {
        "forestshuffle-owls/pyproject.toml",
        "forestshuffle-owls/src/forestshuffle_owls/__init__.py",
        "forestshuffle-owls/tests/test_owls.py",
    }


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX paths")
def test_fan_expansion_tutorial_project_passes_its_tests(tmp_path: Path) -> None:
    """docs/tutorials/fan-expansion.md: the owls plugin installs, its ruleset plays, and
    the tutorial's test file (check_card_set, the fs_game fixture, a scenario test of the
    new effect kind, the GameMachine) passes."""
    for rel, body in _files(FAN).items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    project = tmp_path / "forestshuffle-owls"
    (project / "src" / "forestshuffle_owls" / "py.typed").write_text("", encoding="utf-8")
    site = tmp_path / "site"
    _install_entry_points(project, site)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(project / "src")]),
           "HYPOTHESIS_STORAGE_DIRECTORY": str(tmp_path / ".hypothesis")}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=project, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert re.search(r"\b4 passed\b", done.stdout), done.stdout[-2000:]
