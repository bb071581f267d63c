"""The build backend: setuptools', with one addition to editable installs.

setuptools installs a project whose packages live in several folders (``src`` and each
``plugins/*``) in editable mode through an import hook. Python follows it; static type
checkers do not (mypy, pyright), so ``mypy --strict`` of a user's code would not find
``forestshuffle``'s types in an editable install. This backend adds a ``.pth`` file to the
editable wheel naming those folders, which type checkers read. Regular wheels and sdists
are setuptools' own, unchanged.

Nothing here is installed: the folder is on the backend's path only (``backend-path``).
"""

from __future__ import annotations

import base64
import hashlib
import tomllib
import zipfile
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the standard PEP 517/660 hooks)

ROOT = Path(__file__).resolve().parent.parent
PTH = "forestshuffle-type-checkers.pth"


def _package_roots() -> list[Path]:
    """The folders ``[tool.setuptools.packages.find] where`` lists."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    where = data["tool"]["setuptools"]["packages"]["find"]["where"]
    return [(ROOT / w).resolve() for w in where]


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


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    """setuptools' editable wheel, plus the ``.pth`` file type checkers read."""
    name: str = _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
    _add_pth(Path(wheel_directory) / name)
    return name
