"""The build backend: setuptools', with one addition to editable installs.

setuptools installs a project whose packages live in several folders (``src`` and each
``plugins/*``) in editable mode through an import hook. Python follows it; static type
checkers do not (mypy, pyright), so ``mypy --strict`` of a user's code would not find
``forestshuffle``'s types in an editable install. This backend adds a ``.pth`` file to the
editable wheel naming those folders, which type checkers read. Regular wheels and sdists
are setuptools' own, unchanged.

The optional compiled build (``FORESTSHUFFLE_COMPILE=1 pip install .``, see ``setup.py``)
needs mypy (its mypyc) to build: the wheel hook adds it to the build requirements then. An
editable install is never compiled: the variable is ignored there.

Nothing here is installed: the folder is on the backend's path only (``backend-path``).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the standard PEP 517/660 hooks)

ROOT = Path(__file__).resolve().parent.parent
PTH = "forestshuffle-type-checkers.pth"
#: The environment variable that asks for the compiled build (see setup.py).
COMPILE = "FORESTSHUFFLE_COMPILE"


def _package_roots() -> list[Path]:
    """The folders ``[tool.setuptools.packages.find] where`` lists."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    where = data["tool"]["setuptools"]["packages"]["find"]["where"]
    return [(ROOT / w).resolve() for w in where]


def _compile_requires() -> list[str]:
    """What the compiled build needs besides setuptools: mypy (mypyc), and the libraries whose
    types mypy reads while it compiles: the dependencies, numpy and orjson (imported where an
    extra is installed)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    typed = [d for d in extras["rl"] if d.startswith("numpy")] + extras["fast"]
    return ["mypy>=1.10", *project["dependencies"], *typed]


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _add_pth(wheel: Path) -> None:
    """Rewrite *wheel* with the ``.pth`` file added and listed in its RECORD."""
    pth = "".join(f"{root}\n" for root in _package_roots()).encode()
    tmp = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines()
                lines.insert(len(lines) - 1 if lines and lines[-1].startswith(info.filename)
                             else len(lines), _record_line(PTH, pth))
                data = ("\n".join(lines) + "\n").encode()
                out.writestr(PTH, pth)
            out.writestr(info, data)
    tmp.replace(wheel)


@contextlib.contextmanager
def _pure() -> Iterator[None]:
    """``FORESTSHUFFLE_COMPILE`` unset for the duration (setup.py then builds nothing)."""
    flag = os.environ.pop(COMPILE, None)
    try:
        yield
    finally:
        if flag is not None:
            os.environ[COMPILE] = flag


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements, and mypy for the compiled build (``FORESTSHUFFLE_COMPILE=1``).
    setuptools runs setup.py to find its own; that run must not compile (mypy is not there
    yet)."""
    compiled = os.environ.get(COMPILE, "") == "1"
    with _pure():
        requires: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    return requires + _compile_requires() if compiled else requires


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    """setuptools' editable wheel, plus the ``.pth`` file type checkers read (never compiled:
    ``FORESTSHUFFLE_COMPILE`` is ignored)."""
    with _pure():
        name: str = _setuptools.build_editable(wheel_directory, config_settings,
                                               metadata_directory)
    _add_pth(Path(wheel_directory) / name)
    return name
