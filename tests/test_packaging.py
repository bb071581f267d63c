"""The package metadata a registry and a user's type checker need.

The wheel itself is built and installed in a fresh environment by ``.ci/smoke-install``
(CI); these checks read pyproject.toml and the source tree, and fail fast on a package
without ``py.typed``, an extra ``[dev]`` forgot, or a relative link in the README (the
README is the package index's project page, where relative links break).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
FIND = PYPROJECT["tool"]["setuptools"]["packages"]["find"]


def _top_packages() -> dict[str, Path]:
    """Every top-level package folder under the ``where`` roots, by name."""
    out = {}
    for root in FIND["where"]:
        for init in (ROOT / root).glob("*/__init__.py"):
            out[init.parent.name] = init.parent
    return out


def test_licence_is_an_spdx_expression_with_its_file() -> None:
    """PEP 639: ``license`` is an SPDX expression and the licence text ships."""
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert not any(c.startswith("License ::") for c in PROJECT["classifiers"]), \
        "PEP 639 forbids licence classifiers beside an SPDX expression"


def test_project_urls_and_classifiers() -> None:
    """A registry page links the source, the docs and the issues, and says it is typed."""
    assert {"Homepage", "Documentation", "Repository", "Issues", "Changelog"} <= set(
        PROJECT["urls"])
    assert all(u.startswith("https://") for u in PROJECT["urls"].values())
    assert "Typing :: Typed" in PROJECT["classifiers"]
    assert "Programming Language :: Python :: 3.11" in PROJECT["classifiers"]


def test_extras_and_dev_takes_them_all() -> None:
    """``[testing]``, ``[rl]`` and ``[docs]`` exist and ``[dev]`` installs each of them."""
    extras = PROJECT["optional-dependencies"]
    assert {"testing", "rl", "docs", "dev"} <= set(extras)
    own = [re.fullmatch(r"forestshuffle\[([a-z,]+)\]", d) for d in extras["dev"]]
    pulled = {x for m in own if m for x in m.group(1).split(",")}
    assert pulled == set(extras) - {"dev"}, extras["dev"]
    assert any(d.startswith("mkdocs-material") for d in extras["docs"])
    assert any(d.startswith("hypothesis") for d in extras["testing"])


def test_only_forestshuffle_packages_are_found() -> None:
    """The wheel holds the forestshuffle* packages only (``plugins/smoky/tools`` stays out)."""
    from setuptools import find_namespace_packages  # pyproject's find: namespaces = true

    assert FIND["include"] == ["forestshuffle*"]
    found = {p for root in FIND["where"]
             for p in find_namespace_packages(str(ROOT / root), include=FIND["include"])}
    assert found, "no package found"
    assert all(p.startswith("forestshuffle") for p in found), sorted(found)
    assert {p.split(".")[0] for p in found} == {
        n for n in _top_packages() if n.startswith("forestshuffle")}
    assert "tools" in find_namespace_packages(str(ROOT / "plugins" / "smoky")), \
        "guard: without the include, the folder beside a plugin would be packaged"


def test_every_package_is_typed() -> None:
    """Each top-level package (the core and every plugin) has ``py.typed`` and ships it, so
    ``mypy --strict`` of a user's code finds its types."""
    package_data = PYPROJECT["tool"]["setuptools"]["package-data"]
    packages = {n: p for n, p in _top_packages().items() if n.startswith("forestshuffle")}
    assert len(packages) >= 7
    for name, folder in packages.items():
        assert (folder / "py.typed").is_file(), name
        assert "py.typed" in package_data.get(name, ()), name
    assert set(packages) == set(PYPROJECT["tool"]["mypy"]["packages"])


def test_readme_links_are_absolute() -> None:
    """The README renders on a package index: every markdown link is absolute."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)]+)\)", text) + re.findall(r"<(https?://[^>]+)>", text)
    assert links, "guard: the README has links"
    relative = [u for u in links if not re.match(r"https?://", u)]
    assert not relative, relative
