"""The optional compiled build: ``FORESTSHUFFLE_COMPILE=1 pip install .`` (not editable).

Everything else about the project is in ``pyproject.toml``; this file only adds the hot
modules compiled by mypyc as extension modules when FORESTSHUFFLE_COMPILE is ``1``. Without
it (the default) the wheel is pure Python, exactly as before, and no compiler is needed.
The build backend (``build_backend/typed_editable.py``) adds mypy to the build requirements
when the variable is set, and never compiles an editable install. The compiled wheel still
holds every ``.py`` file; Python imports the extension module in their place.
"""

from __future__ import annotations

import os

from setuptools import setup

#: The modules compiled, as paths from the project root. Left out, and why: DECISIONS.md
#: ("Optional compiled build"). The order does not matter.
COMPILED_MODULES = [
    "src/forestshuffle/bots/uniform.py",
    "src/forestshuffle/core/compiled.py",
    "src/forestshuffle/core/decision.py",
    "src/forestshuffle/core/draws.py",
    "src/forestshuffle/core/fastevents.py",
    "src/forestshuffle/core/forest.py",
    "src/forestshuffle/kinds/__init__.py",
    "src/forestshuffle/kinds/effects.py",
    "src/forestshuffle/kinds/play.py",
    "src/forestshuffle/kinds/scoring.py",
    "src/forestshuffle/kinds/setup.py",
    "src/forestshuffle/kinds/triggers.py",
    "src/forestshuffle/kinds/turn.py",
    "src/forestshuffle/core/machine.py",
    "src/forestshuffle/core/rules.py",
    "src/forestshuffle/core/ruleset.py",
    "src/forestshuffle/core/scoring.py",
    "src/forestshuffle/core/state.py",
    "src/forestshuffle/core/steps.py",
]


COMPILE = os.environ.get("FORESTSHUFFLE_COMPILE", "") == "1"


def _ext_modules() -> list[object]:
    if not COMPILE:
        return []
    from mypyc.build import mypycify

    # group_name: the shared runtime library is forestshuffle__mypyc, beside the packages
    # (not a hash-named top-level module)
    return list(mypycify(COMPILED_MODULES, opt_level="3", group_name="forestshuffle"))


# The compiled build stages its files apart (build/compiled), so that a later pure build in
# the same checkout never packs a stale extension module from build/lib.
setup(ext_modules=_ext_modules(),
      options={"build": {"build_base": "build/compiled"}} if COMPILE else {})
