"""Markers for the optional compiled build (mypyc); no-ops in the pure-Python package.

``mypyc_attr`` is mypy_extensions' decorator when mypy reads the code (which is when mypyc
compiles it) and an identity decorator at run time, so the pure package does not need
mypy_extensions. This module itself is never compiled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    def mypyc_attr(*args: Any, **kwargs: Any) -> Any:
        """Identity class decorator (the compiled build reads the real one's arguments)."""
        return lambda cls: cls

__all__ = ["mypyc_attr"]
