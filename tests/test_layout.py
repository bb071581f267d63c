"""The package's layout: subsystems as subpackages, drawn in ``docs/architecture.md``; the
flat paths of earlier releases still import (deprecated); the bundled plugins and the
examples import only documented, public modules."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import sys
from pathlib import Path

import pytest

import forestshuffle as fs
from forestshuffle._moved import MOVED

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(fs.__file__).parent
DOCS = ROOT / "docs"
#: packages named like the flat module they replaced, and that module's place now
RENAMED = {"plugins": "manager", "documents": "score", "search": "copies", "cli": "app",
           "simulate": "runner"}


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_flat_path_imports_the_moved_module_and_warns(
        old: str, monkeypatch: pytest.MonkeyPatch) -> None:
    new = importlib.import_module(f"forestshuffle.{MOVED[old]}")
    if old in ("dsl", "machine"):  # bound in the package itself: fs.dsl, fs.machine
        assert getattr(fs, old) is new
        return
    if old in vars(fs):  # (hasattr would import it through the alias)
        monkeypatch.delattr(fs, old)
    monkeypatch.delitem(sys.modules, f"forestshuffle.{old}", raising=False)
    with pytest.warns(DeprecationWarning, match=f"forestshuffle.{MOVED[old]}"):
        assert importlib.import_module(f"forestshuffle.{old}") is new
    monkeypatch.delattr(fs, old)
    monkeypatch.delitem(sys.modules, f"forestshuffle.{old}")
    with pytest.warns(DeprecationWarning, match=f"forestshuffle.{MOVED[old]}"):
        assert getattr(fs, old) is new


@pytest.mark.parametrize(("package", "main"), sorted(RENAMED.items()))
def test_a_package_named_like_an_old_module_answers_its_names(package: str, main: str) -> None:
    pkg = importlib.import_module(f"forestshuffle.{package}")
    module = importlib.import_module(f"forestshuffle.{package}.{main}")
    names = [n for n, v in vars(module).items()
             if not n.startswith("_") and getattr(v, "__module__", None) == module.__name__]
    assert names, module
    for name in names:
        assert getattr(pkg, name) is getattr(module, name), name
    with pytest.raises(AttributeError, match="no attribute 'not_a_name'"):
        pkg.not_a_name  # noqa: B018


def test_the_architecture_page_names_every_subpackage() -> None:
    page = (DOCS / "architecture.md").read_text(encoding="utf-8")
    packages = sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py"))
    assert {"core", "kinds", "plugins", "records", "search", "cli"} <= set(packages)
    missing = [p for p in packages if f"**`{p}`**" not in page and f"{p}[" not in page]
    assert not missing, f"packages the architecture page does not draw: {missing}"
    assert "decide" in page and "evolve" in page and "sequenceDiagram" in page


def documented_modules() -> set[str]:
    """Every ``forestshuffle...`` module the documentation names (reference pages' ``:::``
    targets and the guides' mentions), with their parent packages."""
    named: set[str] = set()
    for page in DOCS.rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        named.update(re.findall(r"forestshuffle(?:\.[a-z_][a-z0-9_]*)+", text))
    out = set()
    for name in named:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            candidate = ".".join(parts[:i])
            try:
                spec = importlib.util.find_spec(candidate)
            except (ImportError, ValueError):
                spec = None
            old = candidate.count(".") == 1 and candidate.split(".")[1] in MOVED
            if spec is not None and not old:
                out.add(candidate)
    return out


def imported_modules(source: str) -> set[str]:
    """The forestshuffle modules *source* imports from."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m == "forestshuffle" or m.startswith("forestshuffle.")}


def undocumented_imports(source: str, documented: set[str]) -> list[str]:
    """Imports of private or undocumented forestshuffle modules in *source*."""
    return sorted(m for m in imported_modules(source)
                  if any(p.startswith("_") for p in m.split(".")) or m not in documented)


def test_the_bundled_plugins_and_examples_import_only_documented_modules() -> None:
    documented = documented_modules()
    assert {"forestshuffle", "forestshuffle.kinds", "forestshuffle.core.rules"} <= documented
    files = [*ROOT.glob("plugins/*/forestshuffle_*/**/*.py"), *ROOT.glob("examples/**/*.py")]
    assert len(files) > 20
    bad = {str(f.relative_to(ROOT)): got for f in files
           if (got := undocumented_imports(f.read_text(encoding="utf-8"), documented))}
    assert not bad, f"imports of private or undocumented modules: {bad}"


def test_a_private_or_old_import_is_caught() -> None:
    documented = documented_modules()
    assert undocumented_imports("from forestshuffle.core._hidden import thing\n",
                                documented) == ["forestshuffle.core._hidden"]
    assert undocumented_imports("from forestshuffle.rules import deck_take\n",
                                documented) == ["forestshuffle.rules"]
    assert undocumented_imports("from forestshuffle.core.rules import deck_take\n",
                                documented) == []
