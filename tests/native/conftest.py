"""The native core's tests need its extension (``pip install ./native``): without it they
skip, unless ``FORESTSHUFFLE_EXPECT_NATIVE=1`` (set by ``.ci/run``) makes that a failure."""

from __future__ import annotations

import os

import pytest

from forestshuffle import native


@pytest.fixture(autouse=True)
def _needs_extension(request: pytest.FixtureRequest) -> None:
    if request.node.get_closest_marker("no_extension_needed") or native.available():
        return
    if os.environ.get("FORESTSHUFFLE_EXPECT_NATIVE") == "1":
        pytest.fail(f"FORESTSHUFFLE_EXPECT_NATIVE=1 but {native.INSTALL_HINT}")
    pytest.skip(native.INSTALL_HINT)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "no_extension_needed: runs without the native extension")
